package org.marsonspark.learn.linearmodel;

import org.marsonspark.learn.base.LocalModel;
import org.marsonspark.tensor.DType;
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
    double[] xv = x.astype(DType.FLOAT64).doubles();
    int n = (int) x.shape(0);
    int d = coef[0].length;
    int t = coef.length;
    double[] out = new double[n * t];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < t; j++) {
        double v = 0;
        for (int f = 0; f < d; f++) {
          v += xv[i * d + f] * coef[j][f];
        }
        out[i * t + j] = v + intercept[j];
      }
    }
    return multiOutput ? NDArray.of(out, n, t) : NDArray.of(out, n);
  }
}
