package org.marsonspark.learn.metrics;

import java.util.List;
import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.kernel.LogLoss;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code sklearn.metrics}: scores of predictions against true values. Every metric is
 * lazy — a tensor (0-d for a score) built of tree reductions over the inputs' chunks, which runs
 * on {@code execute()}. Classification metrics first find the labels that occur (one small job
 * when the metric is built, as sklearn checks its targets first: a bad target fails here, not at
 * {@code execute()}); {@link #classificationReport} returns text, so it runs at once.
 *
 * <p>Class labels are numbers (integers, floats or booleans); 2-D (multilabel) targets are not
 * supported yet. sklearn's warnings (an ill-defined precision, a one-sample R²) are logged; a
 * score whose denominator is zero takes {@code zeroDivision} ("warn" scores 0).
 */
public final class Metrics {
  private Metrics() {}

  // ---- classification ----------------------------------------------------------------

  /** The fraction (or, without {@code normalize}, the weighted number) of exact matches. */
  public static Tensor accuracyScore(TileableHandle yTrue, TileableHandle yPred, boolean normalize,
      TileableHandle sampleWeight) {
    Tensor t = Inputs.target(yTrue, "accuracy_score");
    Tensor p = Inputs.target(yPred, "accuracy_score");
    Tensor w = Inputs.sampleWeight(sampleWeight, "accuracy_score");
    Inputs.consistentLength(t, p, w);
    Tensor hit = t.eq(p).astype(DType.FLOAT64);
    if (w == null) {
      return normalize ? hit.mean() : hit.sum();
    }
    Tensor weighted = hit.mul(w).sum();
    return normalize ? weighted.div(w.sum()) : weighted;
  }

  public static Tensor accuracyScore(TileableHandle yTrue, TileableHandle yPred) {
    return accuracyScore(yTrue, yPred, true, null);
  }

  /**
   * sklearn's {@code precision_recall_fscore_support}: precision, recall, F-beta and support.
   * Averaged: three 0-d tensors and a null support; with {@code average(null)}: four tensors of one
   * value per label (the support int64 without sample weights).
   */
  public static Tensor[] precisionRecallFscoreSupport(TileableHandle yTrue, TileableHandle yPred, double beta,
      ScoreOptions options) {
    Tensor prf = Classification.prf(yTrue, yPred, beta, options, "precision_recall_fscore_support");
    Tensor support = null;
    if (options.average() == null) {
      support = prf.index(3L);
      support = options.sampleWeight() == null ? support.astype(DType.INT64) : support;
    }
    return new Tensor[] {prf.index(0L), prf.index(1L), prf.index(2L), support};
  }

  /** The fraction of predicted positives that are true: {@code tp / (tp + fp)}. */
  public static Tensor precisionScore(TileableHandle yTrue, TileableHandle yPred, ScoreOptions options) {
    return Classification.prf(yTrue, yPred, 1.0, options, "precision_score").index(0L);
  }

  public static Tensor precisionScore(TileableHandle yTrue, TileableHandle yPred) {
    return precisionScore(yTrue, yPred, ScoreOptions.defaults());
  }

  /** The fraction of true positives found: {@code tp / (tp + fn)}. */
  public static Tensor recallScore(TileableHandle yTrue, TileableHandle yPred, ScoreOptions options) {
    return Classification.prf(yTrue, yPred, 1.0, options, "recall_score").index(1L);
  }

  public static Tensor recallScore(TileableHandle yTrue, TileableHandle yPred) {
    return recallScore(yTrue, yPred, ScoreOptions.defaults());
  }

  /** The harmonic mean of precision and recall. */
  public static Tensor f1Score(TileableHandle yTrue, TileableHandle yPred, ScoreOptions options) {
    return Classification.prf(yTrue, yPred, 1.0, options, "f1_score").index(2L);
  }

  public static Tensor f1Score(TileableHandle yTrue, TileableHandle yPred) {
    return f1Score(yTrue, yPred, ScoreOptions.defaults());
  }

  /** The F-beta score: recall weighs {@code beta} times as much as precision. */
  public static Tensor fbetaScore(TileableHandle yTrue, TileableHandle yPred, double beta, ScoreOptions options) {
    return Classification.prf(yTrue, yPred, beta, options, "fbeta_score").index(2L);
  }

  /**
   * The confusion matrix: entry (i, j) counts (or weighs) the rows of true label i predicted as
   * label j, labels in {@code labels} order (null: sorted labels of both). {@code normalize}
   * "true", "pred" or "all" divides by the row sums, column sums or total; int64 counts without
   * it (and without float weights).
   */
  public static Tensor confusionMatrix(TileableHandle yTrue, TileableHandle yPred, double[] labels,
      TileableHandle sampleWeight, String normalize) {
    return Classification.confusionMatrix(yTrue, yPred, labels, sampleWeight, normalize);
  }

  public static Tensor confusionMatrix(TileableHandle yTrue, TileableHandle yPred) {
    return confusionMatrix(yTrue, yPred, null, null, null);
  }

  /**
   * The text report sklearn's {@code classification_report} prints: precision, recall, F1 and
   * support per label, then accuracy (or the micro average when only some labels are asked for)
   * and the macro and weighted averages. {@code options} gives the labels, sample weights and
   * zero division (its {@code average} is not used); {@code targetNames} (or null) names the
   * rows. Runs now (one job for the labels, one for the counts).
   */
  public static String classificationReport(TileableHandle yTrue, TileableHandle yPred, ScoreOptions options,
      List<String> targetNames, int digits) {
    return Classification.Report.of(yTrue, yPred, options, targetNames).text(digits);
  }

  public static String classificationReport(TileableHandle yTrue, TileableHandle yPred) {
    return classificationReport(yTrue, yPred, ScoreOptions.defaults(), null, 2);
  }

  /**
   * The report as sklearn's {@code output_dict=True}: per row name a map of "precision",
   * "recall", "f1-score" and "support" (a Long without sample weights), and "accuracy" a Double.
   */
  public static Map<String, Object> classificationReportDict(TileableHandle yTrue, TileableHandle yPred,
      ScoreOptions options, List<String> targetNames) {
    return Classification.Report.of(yTrue, yPred, options, targetNames).asMap();
  }

  /**
   * The cross-entropy loss of predicted probabilities: {@code yPred} of shape (n, classes) in the
   * sorted order of the classes (of {@code labels}, or of those in {@code yTrue}), or 1-D, the
   * probability of the second of two classes. Clipped to {@code [eps, 1 − eps]} (null: the
   * machine epsilon of {@code yPred}'s dtype, sklearn's "auto") and renormalised per row. The mean
   * when {@code normalize}, else the (weighted) sum.
   */
  public static Tensor logLoss(TileableHandle yTrue, TileableHandle yPred, Double eps, boolean normalize,
      TileableHandle sampleWeight, double[] labels) {
    String fn = "log_loss";
    Tensor t = ClassTargets.labels(yTrue, fn, "y_true");
    Tensor p = yPred instanceof Tensor x && x.ndim() == 2 ? x : Inputs.target(yPred, fn);
    Tensor w = Inputs.sampleWeight(sampleWeight, fn);
    Inputs.consistentLength(t, p, w);
    double[] classes = labels != null ? ClassTargets.union(labels, new double[0])
        : ClassTargets.of(fn, new String[] {"y_true"}, t)[0].values();
    if (classes.length == 1) {
      String c = ClassTargets.format(classes[0], !t.dtype().isFloat());
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, labels == null
          ? fn + ": y_true contains only one label (" + c + "). Please provide the true labels explicitly through "
              + "the labels argument."
          : fn + ": The labels array needs to contain at least two labels for log_loss, got [" + c + "].");
    }
    int columns = p.ndim() == 1 ? 1 : Math.toIntExact(p.shape(1));
    int predicted = Math.max(2, columns);
    if (classes.length != predicted) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, labels == null
          ? fn + ": y_true and y_pred contain different number of classes " + classes.length + ", " + predicted
              + ". Please provide the true labels explicitly through the labels argument."
          : fn + ": The number of classes in labels is different from that in y_pred.");
    }
    double e = eps != null ? eps : p.dtype() == DType.FLOAT32 ? Math.ulp(1.0f) : Math.ulp(1.0);
    List<Tensor> inputs = w == null ? List.of(t, p) : List.of(t, p, w);
    return Blocks.aggregate(inputs, new LogLoss(classes, columns, e, normalize, w != null), new long[0],
        DType.FLOAT64);
  }

  public static Tensor logLoss(TileableHandle yTrue, TileableHandle yPred) {
    return logLoss(yTrue, yPred, null, true, null, null);
  }

  // ---- ranking -----------------------------------------------------------------------

  /**
   * The ROC curve of a binary problem, exact (every distinct score a threshold, as sklearn):
   * {fpr, tpr, thresholds}, thresholds decreasing with a first one above every score. With
   * {@code dropIntermediate}, points on a straight segment are dropped as sklearn drops them.
   * {@code posLabel} null: 1, for labels in {0, 1} or {−1, 1}. Lazy; the lengths are known after
   * it runs.
   */
  public static Tensor[] rocCurve(TileableHandle yTrue, TileableHandle yScore, Double posLabel,
      TileableHandle sampleWeight, boolean dropIntermediate) {
    return Ranking.rocCurve(yTrue, yScore, posLabel, sampleWeight, dropIntermediate);
  }

  public static Tensor[] rocCurve(TileableHandle yTrue, TileableHandle yScore) {
    return rocCurve(yTrue, yScore, null, null, true);
  }

  /**
   * The exact area under the ROC curve. Binary: {@code yScore} 1-D, the score of the greater
   * label. Multiclass: {@code yScore} (n, classes) probabilities, {@code multiClass} "ovr"
   * (one-vs-rest; {@code average} "macro", "weighted", "micro" or null per class) or "ovo"
   * (one-vs-one, Hand &amp; Till; "macro" or "weighted"); {@code labels} (or null: those of
   * {@code yTrue}) name the columns.
   */
  public static Tensor rocAucScore(TileableHandle yTrue, TileableHandle yScore, String average,
      TileableHandle sampleWeight, String multiClass, double[] labels) {
    return Ranking.rocAucScore(yTrue, yScore, average, sampleWeight, multiClass, labels);
  }

  public static Tensor rocAucScore(TileableHandle yTrue, TileableHandle yScore) {
    return rocAucScore(yTrue, yScore, "macro", null, "raise", null);
  }

  // ---- regression --------------------------------------------------------------------

  /**
   * The mean squared error (with {@code squared} false, its root, per output) of 1-D or (n,
   * outputs) targets; {@code multioutput} "uniform_average", "raw_values" or a double[] of output
   * weights.
   */
  public static Tensor meanSquaredError(TileableHandle yTrue, TileableHandle yPred, TileableHandle sampleWeight,
      Object multioutput, boolean squared) {
    return Regression.meanSquaredError(yTrue, yPred, sampleWeight, multioutput, squared);
  }

  public static Tensor meanSquaredError(TileableHandle yTrue, TileableHandle yPred) {
    return meanSquaredError(yTrue, yPred, null, "uniform_average", true);
  }

  /** The mean absolute error; {@code multioutput} as for {@link #meanSquaredError}. */
  public static Tensor meanAbsoluteError(TileableHandle yTrue, TileableHandle yPred, TileableHandle sampleWeight,
      Object multioutput) {
    return Regression.meanAbsoluteError(yTrue, yPred, sampleWeight, multioutput);
  }

  public static Tensor meanAbsoluteError(TileableHandle yTrue, TileableHandle yPred) {
    return meanAbsoluteError(yTrue, yPred, null, "uniform_average");
  }

  /**
   * The coefficient of determination R² (sklearn 1.2, {@code force_finite=True}): 1 for a perfect
   * prediction; where {@code y} is constant, 1 if predicted exactly and 0 otherwise; NaN with
   * fewer than two samples. {@code multioutput} "uniform_average", "raw_values",
   * "variance_weighted" or a double[] of output weights.
   */
  public static Tensor r2Score(TileableHandle yTrue, TileableHandle yPred, TileableHandle sampleWeight,
      Object multioutput) {
    return Regression.r2Score(yTrue, yPred, sampleWeight, multioutput);
  }

  public static Tensor r2Score(TileableHandle yTrue, TileableHandle yPred, TileableHandle sampleWeight) {
    return r2Score(yTrue, yPred, sampleWeight, "uniform_average");
  }

  public static Tensor r2Score(TileableHandle yTrue, TileableHandle yPred) {
    return r2Score(yTrue, yPred, null);
  }
}
