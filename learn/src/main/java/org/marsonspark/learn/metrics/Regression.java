package org.marsonspark.learn.metrics;

import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;
import org.slf4j.LoggerFactory;

/**
 * The regression metrics behind {@link Metrics}: per-output errors as weighted means over the
 * rows (tree reductions), then sklearn's {@code multioutput} averaging — "raw_values" (one per
 * output), "uniform_average", "variance_weighted" (R² only) or given output weights.
 */
final class Regression {
  private Regression() {}

  /** sklearn's {@code _check_reg_targets}: y_true and y_pred as 2-D (n, outputs) float64, checked alike. */
  record Targets(Tensor yTrue, Tensor yPred, Tensor weights) {
    static Targets of(TileableHandle yTrue, TileableHandle yPred, TileableHandle sampleWeight, String fn) {
      Tensor t = matrix(yTrue, fn, "y_true");
      Tensor p = matrix(yPred, fn, "y_pred");
      Tensor w = Inputs.sampleWeight(sampleWeight, fn);
      Inputs.consistentLength(t, p, w);
      if (t.shape(1) != p.shape(1)) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, fn + ": y_true and y_pred have different number of output ("
            + t.shape(1) + "!=" + p.shape(1) + ")");
      }
      return new Targets(t, p, w);
    }

    int outputs() {
      return Math.toIntExact(yTrue.shape(1));
    }

    /** np.average over the rows, with the sample weights if any: one value per output. */
    Tensor rowMean(Tensor perRow) {
      return weights == null ? perRow.mean(0) : perRow.mul(weights.reshape(-1, 1)).sum(0).div(weights.sum());
    }
  }

  private static Tensor matrix(TileableHandle y, String fn, String what) {
    Tensor t;
    if (y instanceof Tensor x && x.ndim() == 2) {
      t = x;
    } else if (y instanceof DataFrame df && df.columns().size() > 1) {
      t = df.toTensor();
    } else {
      t = Inputs.target(y, fn).reshape(-1, 1);
    }
    if (t.ndim() != 2) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, fn + ": " + what + " must be 1-D or 2-D, got " + t.ndim()
          + "-D");
    }
    return t.dtype() == DType.FLOAT64 ? t : t.astype(DType.FLOAT64);
  }

  /** Output weights or an averaging name, checked as sklearn checks {@code multioutput}. */
  static Object multioutput(Object m, int outputs, boolean r2, String fn) {
    List<String> names = r2 ? List.of("raw_values", "uniform_average", "variance_weighted")
        : List.of("raw_values", "uniform_average");
    if (m instanceof String s) {
      if (!names.contains(s)) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, fn + ": Allowed 'multioutput' string values are "
            + names.stream().map(n -> "'" + n + "'").toList() + ". You provided multioutput='" + s + "'");
      }
      return s;
    }
    if (m instanceof double[] w) {
      if (outputs == 1) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": Custom weights are useful only in multi-output "
            + "cases.");
      }
      if (w.length != outputs) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, fn + ": There must be equally many custom weights ("
            + w.length + ") as outputs (" + outputs + ").");
      }
      return w;
    }
    throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, fn + ": multioutput must be a string or an array of "
        + "output weights, got " + m);
  }

  /** The per-output values averaged as {@code multioutput} says. */
  static Tensor average(Tensor perOutput, Object multioutput) {
    if (multioutput.equals("raw_values")) {
      return perOutput;
    }
    if (multioutput instanceof double[] w) {
      return perOutput.mul(Mt.tensor(NDArray.of(w))).sum().div(sum(w));
    }
    return perOutput.mean();
  }

  private static double sum(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s;
  }

  static Tensor meanSquaredError(TileableHandle yTrue, TileableHandle yPred, TileableHandle sampleWeight,
      Object multioutput, boolean squared) {
    String fn = "mean_squared_error";
    Targets t = Targets.of(yTrue, yPred, sampleWeight, fn);
    Object m = multioutput(multioutput, t.outputs(), false, fn);
    Tensor diff = t.yTrue().sub(t.yPred());
    Tensor errors = t.rowMean(diff.mul(diff));
    return average(squared ? errors : Mt.sqrt(errors), m);
  }

  static Tensor meanAbsoluteError(TileableHandle yTrue, TileableHandle yPred, TileableHandle sampleWeight,
      Object multioutput) {
    String fn = "mean_absolute_error";
    Targets t = Targets.of(yTrue, yPred, sampleWeight, fn);
    Object m = multioutput(multioutput, t.outputs(), false, fn);
    return average(t.rowMean(t.yTrue().sub(t.yPred()).abs()), m);
  }

  /**
   * R² per output (sklearn 1.2, {@code force_finite=True}): {@code 1 − Σw(y − ŷ)² / Σw(y − ȳ)²};
   * a constant output scores 1 if predicted exactly, else 0.
   */
  static Tensor r2Score(TileableHandle yTrue, TileableHandle yPred, TileableHandle sampleWeight, Object multioutput) {
    String fn = "r2_score";
    Targets t = Targets.of(yTrue, yPred, sampleWeight, fn);
    Object m = multioutput(multioutput, t.outputs(), true, fn);
    if (t.yTrue().shape(0) < 2) {
      LoggerFactory.getLogger(Metrics.class).warn("R^2 score is not well-defined with less than two samples.");
      return Mt.tensor(NDArray.scalar(DType.FLOAT64, Double.NaN));
    }
    Tensor w = t.weights() == null ? null : t.weights().reshape(-1, 1);
    Tensor residual = t.yTrue().sub(t.yPred());
    Tensor numerator = weighted(residual.mul(residual), w).sum(0);
    Tensor centred = t.yTrue().sub(t.rowMean(t.yTrue()));
    Tensor denominator = weighted(centred.mul(centred), w).sum(0);
    Tensor ratio = Mt.subtract(1.0, numerator.div(Mt.where(denominator.eq(0), 1.0, denominator)));
    Tensor scores = Mt.where(denominator.eq(0), Mt.where(numerator.eq(0), 1.0, 0.0), ratio);
    if (m.equals("variance_weighted")) {
      // all outputs constant: sklearn falls back to uniform weights
      Tensor weights = Mt.where(denominator.eq(0).all(), Mt.onesLike(denominator), denominator);
      return scores.mul(weights).sum().div(weights.sum());
    }
    return average(scores, m);
  }

  private static Tensor weighted(Tensor v, Tensor w) {
    return w == null ? v : v.mul(w);
  }
}
