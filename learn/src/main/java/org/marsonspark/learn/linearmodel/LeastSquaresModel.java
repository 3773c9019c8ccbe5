package org.marsonspark.learn.linearmodel;

import org.marsonspark.learn.base.LocalModel;
import org.marsonspark.tensor.NDArray;

/**
 * A {@link LeastSquaresRegressor} fitted inside one task: {@code X·coefᵀ + intercept} of local
 * rows, (n) for one target, (n, targets) for several.
 *
 * @param coef {@code [target][feature]}
 */
record LeastSquaresModel(double[][] coef, double[] intercept, boolean multiOutput) implements LocalModel {
  @Override
  public NDArray predict(NDArray x) {
    int n = (int) x.shape(0);
    double[] out = LinearScores.of(x, coef[0].length, coef, intercept);
    return multiOutput ? NDArray.of(out, n, coef.length) : NDArray.of(out, n);
  }
}
