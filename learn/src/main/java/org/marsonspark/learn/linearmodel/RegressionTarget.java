package org.marsonspark.learn.linearmodel;

import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Tensor;

/**
 * The {@code y} of a regressor as float64: one target (a 1-D tensor, a Series, a one-column
 * DataFrame) or several (a 2-D tensor, a DataFrame) — sklearn's {@code multi_output=True}. A 2-D
 * y of one column stays multi-output, as in sklearn (its {@code coef_} is then {@code (1, d)}).
 *
 * @param y the targets, {@code (n, t)} when {@code multiOutput}, else {@code (n)}
 */
record RegressionTarget(Tensor y, boolean multiOutput) {
  static RegressionTarget of(TileableHandle y, String estimator) {
    if (y instanceof Tensor t && t.ndim() == 2) {
      return new RegressionTarget(asFloat(t), true);
    }
    if (y instanceof DataFrame df && df.columns().size() > 1) {
      return new RegressionTarget(asFloat(df.toTensor()), true);
    }
    return new RegressionTarget(asFloat(Inputs.target(y, estimator)), false);
  }

  private static Tensor asFloat(Tensor t) {
    return t.dtype() == DType.FLOAT64 ? t : t.astype(DType.FLOAT64);
  }

  int targets() {
    return multiOutput ? Math.toIntExact(y.shape(1)) : 1;
  }
}
