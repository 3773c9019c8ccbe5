package org.marsonspark.learn.metrics;

import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;

/**
 * The keyword arguments of sklearn's precision, recall and F scores (and
 * {@code classification_report}), with sklearn's defaults: {@code average} "binary",
 * {@code posLabel} 1, {@code labels} none (all that occur), no sample weights,
 * {@code zeroDivision} "warn" (which scores 0, as sklearn does after its warning). Immutable:
 * each setter returns a copy.
 *
 * <pre>{@code
 * Metrics.f1Score(yTrue, yPred, ScoreOptions.defaults().average("macro"));
 * }</pre>
 */
public final class ScoreOptions {
  private static final List<String> AVERAGES = Arrays.asList(null, "binary", "micro", "macro", "weighted");

  private final String average;
  private final double posLabel;
  private final double[] labels;
  private final TileableHandle sampleWeight;
  private final Object zeroDivision;

  private ScoreOptions(String average, double posLabel, double[] labels, TileableHandle sampleWeight,
      Object zeroDivision) {
    this.average = average;
    this.posLabel = posLabel;
    this.labels = labels;
    this.sampleWeight = sampleWeight;
    this.zeroDivision = zeroDivision;
  }

  public static ScoreOptions defaults() {
    return new ScoreOptions("binary", 1, null, null, "warn");
  }

  /** "binary", "micro", "macro", "weighted", or null for one score per label. */
  public ScoreOptions average(String a) {
    if (!AVERAGES.contains(a)) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "average has to be one of (None, 'micro', "
          + "'macro', 'weighted', 'samples'), got '" + a + "' ('samples' needs multilabel targets: not supported "
          + "yet)");
    }
    return new ScoreOptions(a, posLabel, labels, sampleWeight, zeroDivision);
  }

  /** The positive class of {@code average="binary"}. */
  public ScoreOptions posLabel(double label) {
    return new ScoreOptions(average, label, labels, sampleWeight, zeroDivision);
  }

  /** The labels to score, in this order (and, for the averages, the only ones counted). */
  public ScoreOptions labels(double... l) {
    return new ScoreOptions(average, posLabel, l == null ? null : l.clone(), sampleWeight, zeroDivision);
  }

  public ScoreOptions labels(long... l) {
    return labels(l == null ? null : Arrays.stream(l).asDoubleStream().toArray());
  }

  public ScoreOptions sampleWeight(TileableHandle w) {
    return new ScoreOptions(average, posLabel, labels, w, zeroDivision);
  }

  /** "warn" (0), 0 or 1: the score where its denominator is 0. */
  public ScoreOptions zeroDivision(Object z) {
    boolean ok = "warn".equals(z) || (z instanceof Number n && (n.doubleValue() == 0 || n.doubleValue() == 1));
    if (!ok) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Got zero_division=" + z
          + ". Must be one of [\"warn\", 0, 1]");
    }
    return new ScoreOptions(average, posLabel, labels, sampleWeight, z);
  }

  public String average() {
    return average;
  }

  public double posLabel() {
    return posLabel;
  }

  /** The labels asked for, or null. */
  public double[] labels() {
    return labels == null ? null : labels.clone();
  }

  public TileableHandle sampleWeight() {
    return sampleWeight;
  }

  public Object zeroDivision() {
    return zeroDivision;
  }

  /** The value a zero division gives. */
  double zeroDivisionValue() {
    return zeroDivision instanceof Number n ? n.doubleValue() : 0.0;
  }
}
