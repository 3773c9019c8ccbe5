package org.marsonspark.learn.modelselection;

import java.util.Arrays;
import java.util.stream.DoubleStream;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.kernel.LogLoss;
import org.marsonspark.learn.kernel.PrfScores;
import org.marsonspark.learn.kernel.RocAuc;
import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.NDArray;

/**
 * The metrics of the built-in scorers on local rows inside one task, as {@code Metrics} computes
 * them on tensors: the same kernels run on the rows as one block where the metric has one
 * (precision / recall / F, ROC AUC, log loss), the same formulas otherwise; sklearn's checks of
 * the targets with its messages.
 */
final class LocalScores {
  private LocalScores() {}

  private static double[] once(BlockAggregate.Fn fn, NDArray... blocks) {
    return fn.finish(fn.map(blocks, 0)).doubles();
  }

  static double accuracy(double[] t, double[] p) {
    long hits = 0;
    for (int i = 0; i < t.length; i++) {
      hits += t[i] == p[i] ? 1 : 0;
    }
    return (double) hits / t.length;
  }

  /** Precision, recall or F1 (by {@code metric}) with sklearn's {@code average}; binary scores the label 1. */
  static double prf(double[] t, double[] p, String average, String metric) {
    double[] union = DoubleStream.concat(Arrays.stream(t), Arrays.stream(p)).distinct().sorted().toArray();
    double[] labels = union;
    if ("binary".equals(average)) {
      if (union.length > 2) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, metric + "_score: Target is multiclass but "
            + "average='binary'. Please choose another average setting, one of [None, 'micro', 'macro', 'weighted'].");
      }
      if (union.length == 2 && Arrays.binarySearch(union, 1.0) < 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, metric + "_score: pos_label=1 is not a valid label. It "
            + "should be one of " + Arrays.toString(union));
      }
      labels = new double[] {1.0};
    }
    double[] s = once(new PrfScores(labels, false, 1.0, average, 0.0), NDArray.of(t), NDArray.of(p));
    return s[switch (metric) {
      case "precision" -> 0;
      case "recall" -> 1;
      default -> 2;
    }];
  }

  /** Binary ROC AUC of the scores (the larger label positive): {@link RocAuc} over the rows by decreasing score. */
  static double rocAuc(double[] t, NDArray score) {
    double[] classes = Arrays.stream(t).distinct().sorted().toArray();
    if (classes.length != 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, classes.length < 2
          ? "roc_auc_score: Only one class present in y_true. ROC AUC score is not defined in that case."
          : "roc_auc_score: y_true has " + classes.length + " classes: the scorer 'roc_auc' is binary (sklearn: "
              + "multi_class must be in ('ovo', 'ovr'))");
    }
    if (score.ndim() != 1) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "roc_auc_score: binary y_true needs a 1-D y_score, got "
          + Arrays.toString(score.shape()));
    }
    double[] s = score.astype(org.marsonspark.tensor.DType.FLOAT64).doubles();
    Integer[] order = new Integer[s.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Double.compare(s[b], s[a]));
    double[] sorted = new double[s.length];
    double[] positive = new double[s.length];
    for (int i = 0; i < order.length; i++) {
      sorted[i] = s[order[i]];
      positive[i] = t[order[i]] == classes[1] ? 1 : 0;
    }
    return once(new RocAuc(false), NDArray.of(sorted), NDArray.of(positive))[0];
  }

  /** The mean log loss of the probabilities, the classes those of y_true ({@link LogLoss}). */
  static double logLoss(double[] t, NDArray proba) {
    double[] classes = Arrays.stream(t).distinct().sorted().toArray();
    int columns = proba.ndim() == 1 ? 1 : (int) proba.shape(1);
    if (classes.length == 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "log_loss: y_true contains only one label (" + classes[0]
          + "). Please provide the true labels explicitly through the labels argument.");
    }
    if (classes.length != Math.max(2, columns)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "log_loss: y_true and y_pred contain different number of "
          + "classes " + classes.length + ", " + Math.max(2, columns) + ". Please provide the true labels explicitly "
          + "through the labels argument.");
    }
    return once(new LogLoss(classes, columns, Math.ulp(1.0), true, false), NDArray.of(t), proba)[0];
  }

  /** R² (sklearn 1.2, {@code force_finite}): a constant target scores 1 when predicted exactly, else 0. */
  static double r2(double[] t, double[] p) {
    if (t.length < 2) {
      return Double.NaN;
    }
    double mean = Arrays.stream(t).average().orElse(0);
    double numerator = 0;
    double denominator = 0;
    for (int i = 0; i < t.length; i++) {
      numerator += (t[i] - p[i]) * (t[i] - p[i]);
      denominator += (t[i] - mean) * (t[i] - mean);
    }
    if (denominator == 0) {
      return numerator == 0 ? 1 : 0;
    }
    return 1 - numerator / denominator;
  }

  static double meanSquaredError(double[] t, double[] p) {
    double s = 0;
    for (int i = 0; i < t.length; i++) {
      s += (t[i] - p[i]) * (t[i] - p[i]);
    }
    return s / t.length;
  }

  static double meanAbsoluteError(double[] t, double[] p) {
    double s = 0;
    for (int i = 0; i < t.length; i++) {
      s += Math.abs(t[i] - p[i]);
    }
    return s / t.length;
  }
}
