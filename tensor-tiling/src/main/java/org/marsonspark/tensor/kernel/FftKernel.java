package org.marsonspark.tensor.kernel;

/**
 * In-place complex discrete Fourier transforms of any length on split re/im arrays: iterative
 * radix-2 for powers of two, Bluestein's chirp-z (through a power-of-two convolution) otherwise.
 * Forward sign {@code exp(-2πi jk/n)}, unnormalized, as numpy's "backward" norm.
 */
public final class FftKernel {
  private FftKernel() {}

  /** The forward (inverse = false) or unnormalized inverse transform of (re, im). */
  public static void transform(double[] re, double[] im, boolean inverse) {
    int n = re.length;
    if (n <= 1) {
      return;
    }
    if ((n & (n - 1)) == 0) {
      radix2(re, im, inverse);
    } else {
      bluestein(re, im, inverse);
    }
  }

  static void radix2(double[] re, double[] im, boolean inverse) {
    int n = re.length;
    int levels = Integer.numberOfTrailingZeros(n);
    for (int i = 0; i < n; i++) {
      int j = Integer.reverse(i) >>> (32 - levels);
      if (j > i) {
        double t = re[i];
        re[i] = re[j];
        re[j] = t;
        t = im[i];
        im[i] = im[j];
        im[j] = t;
      }
    }
    double sign = inverse ? 1 : -1;
    for (int size = 2; size <= n; size <<= 1) {
      int half = size >> 1;
      double step = sign * 2 * Math.PI / size;
      for (int k = 0; k < half; k++) {
        double wr = Math.cos(step * k);
        double wi = Math.sin(step * k);
        for (int start = 0; start < n; start += size) {
          int a = start + k;
          int b = a + half;
          double tr = re[b] * wr - im[b] * wi;
          double ti = re[b] * wi + im[b] * wr;
          re[b] = re[a] - tr;
          im[b] = im[a] - ti;
          re[a] += tr;
          im[a] += ti;
        }
      }
    }
  }

  static void bluestein(double[] re, double[] im, boolean inverse) {
    int n = re.length;
    int m = Integer.highestOneBit(2 * n - 1) << 1;
    double sign = inverse ? 1 : -1;
    // chirp w[k] = exp(sign·πi k²/n), k² taken mod 2n for accuracy
    double[] cr = new double[n];
    double[] ci = new double[n];
    for (int k = 0; k < n; k++) {
      long k2 = ((long) k * k) % (2L * n);
      double ang = sign * Math.PI * k2 / n;
      cr[k] = Math.cos(ang);
      ci[k] = Math.sin(ang);
    }
    double[] ar = new double[m];
    double[] ai = new double[m];
    for (int k = 0; k < n; k++) {
      ar[k] = re[k] * cr[k] - im[k] * ci[k];
      ai[k] = re[k] * ci[k] + im[k] * cr[k];
    }
    double[] br = new double[m];
    double[] bi = new double[m];
    br[0] = cr[0];
    bi[0] = -ci[0];
    for (int k = 1; k < n; k++) {
      br[k] = br[m - k] = cr[k];
      bi[k] = bi[m - k] = -ci[k];
    }
    radix2(ar, ai, false);
    radix2(br, bi, false);
    for (int k = 0; k < m; k++) {
      double r = ar[k] * br[k] - ai[k] * bi[k];
      double i = ar[k] * bi[k] + ai[k] * br[k];
      ar[k] = r;
      ai[k] = i;
    }
    radix2(ar, ai, true);
    for (int k = 0; k < n; k++) {
      double r = ar[k] / m;
      double i = ai[k] / m;
      re[k] = r * cr[k] - i * ci[k];
      im[k] = r * ci[k] + i * cr[k];
    }
  }
}
