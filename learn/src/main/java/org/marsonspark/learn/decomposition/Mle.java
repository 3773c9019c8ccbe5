package org.marsonspark.learn.decomposition;

/**
 * Minka's MLE of the PCA dimension, as sklearn's {@code _infer_dimension} and
 * {@code _assess_dimension}: the rank in {@code [1, n_features)} of greatest log-likelihood of
 * the spectrum (the explained variances, all of them).
 */
final class Mle {
  private Mle() {}

  static int infer(double[] spectrum, long samples) {
    int best = 0;
    double bestLl = Double.NEGATIVE_INFINITY;
    for (int rank = 1; rank < spectrum.length; rank++) {
      double ll = assess(spectrum, rank, samples);
      if (ll > bestLl) {
        bestLl = ll;
        best = rank;
      }
    }
    return best;
  }

  static double assess(double[] spectrum, int rank, long samples) {
    int d = spectrum.length;
    double n = samples;
    double eps = 1e-15;
    if (spectrum[rank - 1] < eps) {
      return Double.NEGATIVE_INFINITY;
    }
    double pu = -rank * Math.log(2.0);
    for (int i = 1; i <= rank; i++) {
      pu += logGammaHalf(d - i + 1) - Math.log(Math.PI) * (d - i + 1) / 2.0;
    }
    double pl = 0;
    for (int i = 0; i < rank; i++) {
      pl += Math.log(spectrum[i]);
    }
    pl = -pl * n / 2.0;
    double rest = 0;
    for (int i = rank; i < d; i++) {
      rest += spectrum[i];
    }
    double v = Math.max(eps, rest / (d - rank));
    double pv = -Math.log(v) * n * (d - rank) / 2.0;
    double m = d * rank - rank * (rank + 1.0) / 2.0;
    double pp = Math.log(2.0 * Math.PI) * (m + rank) / 2.0;
    double pa = 0;
    for (int i = 0; i < rank; i++) {
      double si = spectrum[i];
      for (int j = i + 1; j < d; j++) {
        double sj = j < rank ? spectrum[j] : v;
        pa += Math.log((spectrum[i] - spectrum[j]) * (1.0 / sj - 1.0 / si)) + Math.log(n);
      }
    }
    return pu + pl + pv + pp - pa / 2.0 - rank * Math.log(n) / 2.0;
  }

  /** {@code log Γ(twice/2)} for a positive integer {@code twice}: sums of logs from Γ(1) = 1 and Γ(1/2) = √π. */
  static double logGammaHalf(int twice) {
    double x = twice % 2 == 0 ? 1.0 : 0.5;
    double lg = twice % 2 == 0 ? 0.0 : 0.5 * Math.log(Math.PI);
    for (; 2 * x < twice; x += 1) {
      lg += Math.log(x);
    }
    return lg;
  }
}
