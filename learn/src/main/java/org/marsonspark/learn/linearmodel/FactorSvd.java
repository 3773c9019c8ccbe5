package org.marsonspark.learn.linearmodel;

import org.marsonspark.tensor.kernel.Lapack;

/**
 * The SVD {@code Rxx = Ur·S·Vᵀ} of the R factor of X (whose singular values are X's), and the
 * least-squares solutions it gives: {@code coef = V·diag(f(s))·Urᵀ·Rxy} for a filter f — 1/s
 * above a cut-off for the minimum-norm solution, {@code s/(s² + α)} for ridge.
 */
record FactorSvd(int d, double[] u, double[] s, double[] vt) {
  /** A filter factor of singular value s for target j. */
  interface Filter {
    double apply(int target, double s);
  }

  static FactorSvd of(double[] rxx, int d) {
    double[][] usv = Lapack.svd(rxx, d, d);
    return new FactorSvd(d, usv[0], usv[1], usv[2]);
  }

  /** The coefficients, {@code [target][feature]}, of {@code Rxy} (d×t). */
  double[][] solve(double[] rxy, int t, Filter f) {
    double[][] coef = new double[t][d];
    for (int j = 0; j < t; j++) {
      for (int k = 0; k < d; k++) {
        double fk = f.apply(j, s[k]);
        if (fk == 0) {
          continue;
        }
        double utb = 0;
        for (int l = 0; l < d; l++) {
          utb += u[l * d + k] * rxy[l * t + j];
        }
        double scale = fk * utb;
        for (int i = 0; i < d; i++) {
          coef[j][i] += vt[k * d + i] * scale;
        }
      }
    }
    return coef;
  }
}
