package org.marsonspark.learn.linearmodel;

import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/** {@code x·Wᵀ + b} of local rows for the models fitted inside a task: row-major (n, outputs). */
final class LinearScores {
  private LinearScores() {}

  /**
   * {@code coef[o]} holds output o's {@code features} coefficients (anything after them is
   * ignored), {@code bias[o]} its intercept.
   */
  static double[] of(NDArray x, int features, double[][] coef, double[] bias) {
    double[] xv = x.astype(DType.FLOAT64).doubles();
    int n = (int) x.shape(0);
    int k = coef.length;
    double[] z = new double[n * k];
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < k; c++) {
        double v = 0;
        for (int j = 0; j < features; j++) {
          v += xv[i * features + j] * coef[c][j];
        }
        z[i * k + c] = v + bias[c];
      }
    }
    return z;
  }
}
