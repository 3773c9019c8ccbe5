package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Exchange;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.OpNode;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.MergeOptions;
import org.marsonspark.dataframe.MergeOptions.Strategy;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;

/**
 * pandas's {@code merge}, tiled two ways (chosen in {@link #tile} when the strategy is AUTO):
 *
 * <ul>
 *   <li><b>broadcast</b> — inner and left merges send the whole right frame to every left chunk
 *       (right merges the left frame to every right chunk): one task per chunk of the large side,
 *       no shuffle, rows already in order. Chosen when the side to send is estimated (rows ×
 *       dtype sizes; a side of unknown size runs first) at most {@code broadcastThreshold}.
 *   <li><b>shuffle</b> — every chunk of both sides is split by a hash of its key into P pieces
 *       (rows tagged with their position {@code chunk << 32 | row}), exchanged through Spark's
 *       shuffle ({@link Exchange}); bucket j of the left and of the right are merged by one task,
 *       which splits its rows again by the chunk their leading row came from; a second exchange
 *       brings each output chunk its pieces from the P buckets, which it sorts by position. The result has the broadcast's rows in the
 *       broadcast's order, one chunk per chunk of the leading side (outer: left chunks, then right
 *       chunks for right-only rows). Works on inputs of unknown size without running them first.
 * </ul>
 *
 * A merge on columns gives a new RangeIndex ({@link ContinuousIndex} after the merged chunks
 * have run and their sizes are known).
 */
public final class Merge extends DfOp {
  private final MergePlan plan;
  private final MergeOptions options;

  private Merge(DataFrameData left, DataFrameData right, MergePlan plan, MergeOptions options) {
    super(List.of(left, right));
    this.plan = plan;
    this.options = options;
  }

  /** {@code pd.merge(left, right, ...)}: checks everything on the driver, runs nothing. */
  public static DataFrame of(DataFrameData left, DataFrameData right, MergeOptions o) {
    MergePlan plan = MergePlan.of(left, right, o);
    if (o.strategy() == Strategy.BROADCAST && plan.how == MergePlan.How.OUTER) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "merge: strategy BROADCAST cannot compute an outer merge "
          + "(right-only rows need every left chunk); use SHUFFLE or AUTO");
    }
    DataFrame merged = new Merge(left, right, plan, o).newFrame(new DataFrameData(-1, plan.columns(), plan.dtypes(),
        plan.index, DfData.newAlignKey()));
    return plan.indexFrom == MergePlan.IndexFrom.RANGE ? DataFrame.ofOutput(ContinuousIndex.of(merged.data())) : merged;
  }

  @Override
  public String name() {
    return "merge";
  }

  /**
   * The strategy a merge result was computed with, read from its chunk graph (so after it has
   * been executed or tiled): BROADCAST or SHUFFLE; null when {@code df} is not a merge result.
   */
  public static Strategy chosenStrategy(DataFrame df) {
    List<Chunk> todo = new ArrayList<>(df.data().chunks());
    java.util.Set<Long> seen = new java.util.HashSet<>();
    while (!todo.isEmpty()) {
      Chunk c = todo.remove(todo.size() - 1);
      OpNode n = c.producer();
      if (n == null || !seen.add(c.key())) {
        continue;
      }
      if (n.op() instanceof BroadcastJoin) {
        return Strategy.BROADCAST;
      }
      if (n.op() instanceof Gather) {
        return Strategy.SHUFFLE;
      }
      if (n.op() instanceof ContinuousIndex.Shift) {
        todo.addAll(n.inputs());
      }
    }
    return null;
  }

  /** Bytes of a frame estimated from its rows and dtypes (index 8 bytes a row). */
  static long estimateBytes(DataFrameData d) {
    long per = 8;
    for (DfType t : d.dtypes()) {
      per += t.itemSize();
    }
    return d.nrows() * per;
  }

  @Override
  public void tile(TileContext ctx) {
    DataFrameData left = (DataFrameData) in(0);
    DataFrameData right = (DataFrameData) in(1);
    Strategy s = options.strategy();
    if (s == Strategy.AUTO) {
      if (plan.how == MergePlan.How.OUTER) {
        s = Strategy.SHUFFLE;
      } else {
        DataFrameData small = plan.rightMajor() ? left : right;
        ctx.requireKnownShapes(small);
        s = estimateBytes(small) <= options.broadcastThreshold() ? Strategy.BROADCAST : Strategy.SHUFFLE;
      }
    }
    DataFrameData out = (DataFrameData) out();
    List<Chunk> chunks = s == Strategy.BROADCAST ? broadcast(ctx, left, right, out) : shuffle(ctx, left, right, out);
    long[] splits = unknownSplits(chunks.size());
    out.setChunks(chunks, nsplitsOf(out, splits));
  }

  private List<Chunk> broadcast(TileContext ctx, DataFrameData left, DataFrameData right, DataFrameData out) {
    boolean rm = plan.rightMajor();
    List<Chunk> big = rm ? right.chunks() : left.chunks();
    List<Chunk> small = rm ? left.chunks() : right.chunks();
    List<Chunk> chunks = new ArrayList<>();
    for (int r = 0; r < big.size(); r++) {
      List<Chunk> ins = new ArrayList<>();
      ins.add(big.get(r));
      ins.addAll(small);
      chunks.add(ctx.newChunk(new BroadcastJoin(plan), ins, rowIndex(out, r), rowShape(out, -1), out.chunkMeta()));
    }
    return chunks;
  }

  private List<Chunk> shuffle(TileContext ctx, DataFrameData left, DataFrameData right, DataFrameData out) {
    int nl = left.chunks().size();
    int nr = right.chunks().size();
    int p = options.partitions() > 0 ? options.partitions() : Math.max(nl, nr);
    List<Chunk> lb = split(ctx, left, plan.leftKeys, plan.asDouble, p, "merge.left");
    List<Chunk> rb = split(ctx, right, plan.rightKeys, plan.asDouble, p, "merge.right");
    int dests = switch (plan.how) {
      case OUTER -> nl + nr;
      case RIGHT -> nr;
      default -> nl;
    };
    List<Chunk> joined = new ArrayList<>();
    for (int j = 0; j < p; j++) {
      joined.add(ctx.newChunk(new BucketJoin(plan, nl, dests), List.of(lb.get(j), rb.get(j)), new int[] {j},
          new long[] {dests}, Exchange.PIECES));
    }
    List<Chunk> pieces = ctx.newExchange("merge.rows", joined, dests);
    List<Chunk> chunks = new ArrayList<>();
    for (int d = 0; d < dests; d++) {
      chunks.add(ctx.newChunk(new Gather(plan.indexFrom == MergePlan.IndexFrom.RANGE), List.of(pieces.get(d)),
          rowIndex(out, d), rowShape(out, -1), out.chunkMeta()));
    }
    return chunks;
  }

  /** The p buckets of {@code d}'s rows by the hash of their key (positions appended), through an exchange. */
  static List<Chunk> split(TileContext ctx, DataFrameData d, List<String> keys, boolean[] asDouble, int p,
      String name) {
    List<Chunk> maps = new ArrayList<>();
    for (int i = 0; i < d.chunks().size(); i++) {
      maps.add(ctx.newChunk(new HashSplit(keys, asDouble, i, p), List.of(d.chunks().get(i)), new int[] {i},
          new long[] {p}, Exchange.PIECES));
    }
    return ctx.newExchange(name, maps, p);
  }

  // ---- chunk ops ------------------------------------------------------------------------------

  /** One chunk of the large side merged with every chunk of the small side. */
  record BroadcastJoin(MergePlan plan) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame big = (LocalFrame) inputs[0];
      List<LocalFrame> rest = new ArrayList<>();
      for (int i = 1; i < inputs.length; i++) {
        rest.add((LocalFrame) inputs[i]);
      }
      LocalFrame small = LocalFrame.concat(rest);
      return plan.rightMajor() ? plan.join(small, big) : plan.join(big, small);
    }

    @Override
    public String name() {
      return "merge.broadcast";
    }
  }

  /** A chunk's rows split into p frames by the bucket of their key, each with its position column. */
  record HashSplit(List<String> keys, boolean[] asDouble, int chunk, int p) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame f = (LocalFrame) inputs[0];
      return new Exchange.Pieces(RowKeys.split(RowKeys.withPositions(f, chunk),
          RowKeys.of(RowKeys.columns(f, keys), asDouble), p));
    }

    @Override
    public String name() {
      return "merge.hash_split";
    }
  }

  /** Bucket j of every left and right chunk merged; rows split by the chunk of their leading row. */
  record BucketJoin(MergePlan plan, int nl, int dests) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame lf = LocalFrame.concat(((Exchange.Bucket) inputs[0]).as(LocalFrame.class));
      LocalFrame rf = LocalFrame.concat(((Exchange.Bucket) inputs[1]).as(LocalFrame.class));
      long[] lpos = RowKeys.longs(lf, RowKeys.POS);
      long[] rpos = RowKeys.longs(rf, RowKeys.POS);
      LocalFrame l = RowKeys.dropLast(lf, 1);
      LocalFrame r = RowKeys.dropLast(rf, 1);
      int[][] pairs = plan.pairs(l, r);
      int[] li = pairs[0];
      int[] ri = pairs[1];
      LocalFrame m = plan.build(l, r, li, ri);
      int n = li.length;
      long[] p1 = new long[n];
      long[] p2 = new long[n];
      int[] dest = new int[n];
      int[] counts = new int[dests];
      boolean rm = plan.rightMajor();
      for (int t = 0; t < n; t++) {
        long lp = li[t] >= 0 ? lpos[li[t]] : -1;
        long rp = ri[t] >= 0 ? rpos[ri[t]] : -1;
        if (rm) {
          p1[t] = rp;
          p2[t] = lp;
          dest[t] = RowKeys.chunkOf(rp);
        } else if (lp >= 0) {
          p1[t] = lp;
          p2[t] = rp;
          dest[t] = RowKeys.chunkOf(lp);
        } else {
          p1[t] = rp;
          p2[t] = lp;
          dest[t] = nl + RowKeys.chunkOf(rp);
        }
        counts[dest[t]]++;
      }
      m = m.withColumn("__mars_p1", Column.ofLongs(p1)).withColumn("__mars_p2", Column.ofLongs(p2));
      return new Exchange.Pieces(RowKeys.scatter(m, dest, counts));
    }

    @Override
    public String name() {
      return "merge.bucket_join";
    }
  }

  /** One output chunk: its pieces from every bucket, in position order, without the position columns. */
  record Gather(boolean rangeIndex) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame all = LocalFrame.concat(((Exchange.Bucket) inputs[0]).as(LocalFrame.class));
      long[] p1 = RowKeys.longs(all, "__mars_p1");
      long[] p2 = RowKeys.longs(all, "__mars_p2");
      Integer[] order = new Integer[all.nrows()];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      Arrays.sort(order, Comparator.<Integer>comparingLong(i -> p1[i]).thenComparingLong(i -> p2[i]));
      int[] at = new int[order.length];
      for (int i = 0; i < at.length; i++) {
        at[i] = order[i];
      }
      LocalFrame sorted = RowKeys.dropLast(all, 2).take(at);
      return rangeIndex ? sorted.withIndex(LocalIndex.range(sorted.nrows())) : sorted;
    }

    @Override
    public String name() {
      return "merge.gather";
    }
  }
}
