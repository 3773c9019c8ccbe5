package org.marsonspark.dataframe;

import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * The parameters of {@link Md#merge}: pandas's {@code how}, {@code on} / {@code left_on} +
 * {@code right_on} / {@code left_index} + {@code right_index}, {@code suffixes}, and how the merge
 * is distributed: {@link Strategy#AUTO} (the default) sends the smaller side whole to every chunk of
 * the other when it holds at most {@link #broadcastThreshold()} bytes (estimated from its row count
 * and dtypes; a side of unknown size runs first to learn it) and hash-shuffles both sides into
 * {@link #partitions()} buckets otherwise. Immutable: every {@code with…} returns a copy.
 *
 * <pre>{@code
 * Md.merge(left, right, MergeOptions.on("k").how("left"));
 * Md.merge(left, right, MergeOptions.leftOn("a").rightOn("b").suffixes("_l", "_r"));
 * }</pre>
 */
public final class MergeOptions {
  /** How a merge is distributed. */
  public enum Strategy {
    /** Broadcast when the side to send is under the threshold, else shuffle. */
    AUTO,
    /** The small side (right for inner/left, left for right) goes whole to every chunk of the other. */
    BROADCAST,
    /** Both sides are split by a hash of the key into buckets; bucket j of each side is joined. */
    SHUFFLE
  }

  /** The default broadcast threshold: 16 MiB. */
  public static final long DEFAULT_BROADCAST_THRESHOLD = 16L << 20;

  private final String how;
  private final List<String> on;
  private final List<String> leftOn;
  private final List<String> rightOn;
  private final boolean leftIndex;
  private final boolean rightIndex;
  private final String leftSuffix;
  private final String rightSuffix;
  private final Strategy strategy;
  private final long broadcastThreshold;
  private final int partitions;

  private MergeOptions(String how, List<String> on, List<String> leftOn, List<String> rightOn, boolean leftIndex,
      boolean rightIndex, String leftSuffix, String rightSuffix, Strategy strategy, long broadcastThreshold,
      int partitions) {
    this.how = how;
    this.on = on == null ? null : List.copyOf(on);
    this.leftOn = leftOn == null ? null : List.copyOf(leftOn);
    this.rightOn = rightOn == null ? null : List.copyOf(rightOn);
    this.leftIndex = leftIndex;
    this.rightIndex = rightIndex;
    this.leftSuffix = leftSuffix;
    this.rightSuffix = rightSuffix;
    this.strategy = strategy;
    this.broadcastThreshold = broadcastThreshold;
    this.partitions = partitions;
  }

  /** Inner merge on the columns both frames have, suffixes {@code _x} / {@code _y}, strategy AUTO. */
  public static MergeOptions defaults() {
    return new MergeOptions("inner", null, null, null, false, false, "_x", "_y", Strategy.AUTO,
        DEFAULT_BROADCAST_THRESHOLD, 0);
  }

  /** Merge on these columns of both frames. */
  public static MergeOptions on(String... columns) {
    return defaults().withOn(columns);
  }

  /** Merge on these columns of the left frame (give the right's with {@link #rightOn} or {@link #withRightIndex}). */
  public static MergeOptions leftOn(String... columns) {
    return defaults().withLeftOn(columns);
  }

  /** Merge on both frames' indexes. */
  public static MergeOptions onIndex() {
    return defaults().withLeftIndex(true).withRightIndex(true);
  }

  private MergeOptions copy(String how, List<String> on, List<String> leftOn, List<String> rightOn, boolean li,
      boolean ri, String ls, String rs, Strategy st, long th, int p) {
    return new MergeOptions(how, on, leftOn, rightOn, li, ri, ls, rs, st, th, p);
  }

  /** {@code how}: inner, left, right or outer. */
  public MergeOptions how(String h) {
    return copy(h, on, leftOn, rightOn, leftIndex, rightIndex, leftSuffix, rightSuffix, strategy,
        broadcastThreshold, partitions);
  }

  public MergeOptions withOn(String... columns) {
    return copy(how, List.of(columns), leftOn, rightOn, leftIndex, rightIndex, leftSuffix, rightSuffix, strategy,
        broadcastThreshold, partitions);
  }

  public MergeOptions withLeftOn(String... columns) {
    return copy(how, on, List.of(columns), rightOn, leftIndex, rightIndex, leftSuffix, rightSuffix, strategy,
        broadcastThreshold, partitions);
  }

  public MergeOptions rightOn(String... columns) {
    return copy(how, on, leftOn, List.of(columns), leftIndex, rightIndex, leftSuffix, rightSuffix, strategy,
        broadcastThreshold, partitions);
  }

  public MergeOptions withLeftIndex(boolean b) {
    return copy(how, on, leftOn, rightOn, b, rightIndex, leftSuffix, rightSuffix, strategy, broadcastThreshold,
        partitions);
  }

  public MergeOptions withRightIndex(boolean b) {
    return copy(how, on, leftOn, rightOn, leftIndex, b, leftSuffix, rightSuffix, strategy, broadcastThreshold,
        partitions);
  }

  /** Suffixes for overlapping column names (pandas default {@code ("_x", "_y")}); "" leaves a side's names. */
  public MergeOptions suffixes(String left, String right) {
    return copy(how, on, leftOn, rightOn, leftIndex, rightIndex, left == null ? "" : left,
        right == null ? "" : right, strategy, broadcastThreshold, partitions);
  }

  public MergeOptions strategy(Strategy s) {
    return copy(how, on, leftOn, rightOn, leftIndex, rightIndex, leftSuffix, rightSuffix, s, broadcastThreshold,
        partitions);
  }

  /** The most bytes AUTO broadcasts. */
  public MergeOptions broadcastThreshold(long bytes) {
    if (bytes < 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "merge: broadcastThreshold must be >= 0, got " + bytes);
    }
    return copy(how, on, leftOn, rightOn, leftIndex, rightIndex, leftSuffix, rightSuffix, strategy, bytes,
        partitions);
  }

  /** Buckets of a shuffle merge (0: as many as the larger side has chunks). */
  public MergeOptions partitions(int p) {
    if (p < 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "merge: partitions must be >= 0, got " + p);
    }
    return copy(how, on, leftOn, rightOn, leftIndex, rightIndex, leftSuffix, rightSuffix, strategy,
        broadcastThreshold, p);
  }

  public String how() {
    return how;
  }

  /** The {@code on} columns, or null. */
  public List<String> on() {
    return on;
  }

  public List<String> leftOnColumns() {
    return leftOn;
  }

  public List<String> rightOnColumns() {
    return rightOn;
  }

  public boolean leftIndex() {
    return leftIndex;
  }

  public boolean rightIndex() {
    return rightIndex;
  }

  public String leftSuffix() {
    return leftSuffix;
  }

  public String rightSuffix() {
    return rightSuffix;
  }

  public Strategy strategy() {
    return strategy;
  }

  public long broadcastThreshold() {
    return broadcastThreshold;
  }

  public int partitions() {
    return partitions;
  }

  @Override
  public String toString() {
    return "MergeOptions(how=" + how + ", on=" + on + ", leftOn=" + leftOn + ", rightOn=" + rightOn + ", leftIndex="
        + leftIndex + ", rightIndex=" + rightIndex + ", suffixes=(" + leftSuffix + ", " + rightSuffix + "), strategy="
        + strategy + ", broadcastThreshold=" + broadcastThreshold + ", partitions=" + partitions + ")";
  }
}
