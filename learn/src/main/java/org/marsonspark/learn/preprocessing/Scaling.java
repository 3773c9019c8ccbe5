package org.marsonspark.learn.preprocessing;

import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.HeldData;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.kernel.ColumnExtremes;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/** What the scalers share: per-feature vectors as tensors, sklearn's zero-scale rule, extremes, ranges. */
final class Scaling {
  private Scaling() {}

  /** A per-feature vector as a 1-D tensor of {@code dtype} (broadcast against the rows of X). */
  static Tensor vector(double[] v, DType dtype) {
    Tensor t = Mt.tensor(NDArray.of(v.clone()));
    return dtype == DType.FLOAT64 ? t : t.astype(dtype);
  }

  /** A fitted attribute: a small float64 tensor. */
  static Tensor attribute(double[] v) {
    return Mt.tensor(NDArray.of(v.clone()));
  }

  /**
   * sklearn's {@code _handle_zeros_in_scale}: scales below ten machine epsilons of the data's
   * dtype (a constant feature) become one, so the feature is left as it is.
   */
  static double[] handleZeros(double[] scale, DType dtype) {
    double eps = dtype == DType.FLOAT32 ? Math.ulp(1.0f) : Math.ulp(1.0);
    double[] out = scale.clone();
    for (int i = 0; i < out.length; i++) {
      if (out[i] < 10 * eps) {
        out[i] = 1.0;
      }
    }
    return out;
  }

  /** sklearn's checks for a dense X allowing NaN, then one pass for each column's NaN-ignoring min, max and count. */
  static NDArray extremes(Features f, String estimator) {
    requireDense(f, estimator);
    try (HeldData held = HeldData.of(f.x())) {
      Inputs.requireFinite(f.x(), "X", estimator, true);
      int d = f.nFeatures();
      return Blocks.evaluate(List.of(f.x()), new ColumnExtremes(d), 3, d);
    }
  }

  static void requireDense(Features f, String estimator) {
    if (f.x().isSparse()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, estimator + " on a sparse X is not supported yet: "
          + "call toDense() first");
    }
  }

  /** numpy's {@code fmin}: the smaller, ignoring a NaN. */
  static double fmin(double a, double b) {
    return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.min(a, b);
  }

  /** numpy's {@code fmax}: the larger, ignoring a NaN. */
  static double fmax(double a, double b) {
    return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
  }

  /** Row {@code r} of a {@code (rows, d)} partial. */
  static double[] row(NDArray a, int r, int d) {
    double[] out = new double[d];
    System.arraycopy(a.doubles(), r * d, out, 0, d);
    return out;
  }

  /** A pair of reals ({@code featureRange}, {@code quantileRange}), stored as a {@code List<Double>}. */
  static Constraint pair() {
    return new Constraint("an instance of 'tuple' (two floats)", v -> v instanceof List<?> l && l.size() == 2
        && l.stream().allMatch(e -> e instanceof Number n && !Double.isNaN(n.doubleValue())));
  }

  static List<Double> pair(double a, double b) {
    return List.of(a, b);
  }

  static double first(List<?> pair) {
    return ((Number) pair.get(0)).doubleValue();
  }

  static double second(List<?> pair) {
    return ((Number) pair.get(1)).doubleValue();
  }
}
