package org.marsonspark.examples;

/**
 * The two models of the hyper-parameter search, in plain single-threaded Java over row-major
 * arrays ({@code x} is n × d, labels in [0, k)). A model is {@code d × k} weights followed by
 * {@code k} intercepts.
 */
final class LinearModels {
  private LinearModels() {}

  /** Softmax regression by full-batch gradient descent with an L2 penalty. */
  static double[] softmax(double[] x, long[] y, int d, int k, double learningRate, double l2, int epochs) {
    int n = y.length;
    double[] wb = new double[d * k + k];
    double[] grad = new double[d * k + k];
    double[] p = new double[k];
    for (int epoch = 0; epoch < epochs; epoch++) {
      java.util.Arrays.fill(grad, 0);
      for (int i = 0; i < n; i++) {
        scores(wb, x, i, d, k, p);
        double max = Double.NEGATIVE_INFINITY;
        for (int j = 0; j < k; j++) {
          max = Math.max(max, p[j]);
        }
        double sum = 0;
        for (int j = 0; j < k; j++) {
          p[j] = Math.exp(p[j] - max);
          sum += p[j];
        }
        for (int j = 0; j < k; j++) {
          p[j] /= sum;
        }
        p[(int) y[i]] -= 1;
        int row = i * d;
        for (int f = 0; f < d; f++) {
          double xf = x[row + f];
          int at = f * k;
          for (int j = 0; j < k; j++) {
            grad[at + j] += xf * p[j];
          }
        }
        for (int j = 0; j < k; j++) {
          grad[d * k + j] += p[j];
        }
      }
      for (int q = 0; q < d * k; q++) {
        wb[q] -= learningRate * (grad[q] / n + l2 * wb[q]);
      }
      for (int j = 0; j < k; j++) {
        wb[d * k + j] -= learningRate * grad[d * k + j] / n;
      }
    }
    return wb;
  }

  /** Ridge regression on centred one-hot targets: (XᵀX + αI) W = XᵀY, solved by Cholesky. */
  static double[] ridge(double[] x, long[] y, int d, int k, double alpha) {
    int n = y.length;
    double[] mx = new double[d];
    double[] my = new double[k];
    for (int i = 0; i < n; i++) {
      for (int f = 0; f < d; f++) {
        mx[f] += x[i * d + f];
      }
      my[(int) y[i]] += 1;
    }
    for (int f = 0; f < d; f++) {
      mx[f] /= n;
    }
    for (int j = 0; j < k; j++) {
      my[j] /= n;
    }
    double[] a = new double[d * d];
    double[] b = new double[d * k];
    double[] xc = new double[d];
    for (int i = 0; i < n; i++) {
      for (int f = 0; f < d; f++) {
        xc[f] = x[i * d + f] - mx[f];
      }
      for (int f = 0; f < d; f++) {
        double v = xc[f];
        int at = f * d;
        for (int g = 0; g <= f; g++) {
          a[at + g] += v * xc[g];
        }
        int label = (int) y[i];
        for (int j = 0; j < k; j++) {
          b[f * k + j] += v * ((j == label ? 1 : 0) - my[j]);
        }
      }
    }
    for (int f = 0; f < d; f++) {
      a[f * d + f] += alpha;
    }
    double[] w = Cholesky.solve(a, d, b, k);
    double[] wb = new double[d * k + k];
    System.arraycopy(w, 0, wb, 0, d * k);
    for (int j = 0; j < k; j++) {
      double s = my[j];
      for (int f = 0; f < d; f++) {
        s -= mx[f] * w[f * k + j];
      }
      wb[d * k + j] = s;
    }
    return wb;
  }

  /** Share of rows whose highest score is their label. */
  static double accuracy(double[] wb, double[] x, long[] y, int d, int k) {
    double[] s = new double[k];
    int right = 0;
    for (int i = 0; i < y.length; i++) {
      scores(wb, x, i, d, k, s);
      int best = 0;
      for (int j = 1; j < k; j++) {
        if (s[j] > s[best]) {
          best = j;
        }
      }
      if (best == y[i]) {
        right++;
      }
    }
    return (double) right / y.length;
  }

  /** {@code out = x[i] · W + b}. */
  private static void scores(double[] wb, double[] x, int i, int d, int k, double[] out) {
    System.arraycopy(wb, d * k, out, 0, k);
    int row = i * d;
    for (int f = 0; f < d; f++) {
      double xf = x[row + f];
      int at = f * k;
      for (int j = 0; j < k; j++) {
        out[j] += xf * wb[at + j];
      }
    }
  }

  /** Solves A X = B for a symmetric positive definite A (lower triangle given, row-major). */
  static final class Cholesky {
    private Cholesky() {}

    static double[] solve(double[] a, int d, double[] b, int k) {
      double[] l = new double[d * d];
      for (int i = 0; i < d; i++) {
        for (int j = 0; j <= i; j++) {
          double s = a[i * d + j];
          for (int q = 0; q < j; q++) {
            s -= l[i * d + q] * l[j * d + q];
          }
          l[i * d + j] = i == j ? Math.sqrt(s) : s / l[j * d + j];
        }
      }
      double[] z = new double[d * k];
      for (int i = 0; i < d; i++) { // L z = b
        for (int j = 0; j < k; j++) {
          double s = b[i * k + j];
          for (int q = 0; q < i; q++) {
            s -= l[i * d + q] * z[q * k + j];
          }
          z[i * k + j] = s / l[i * d + i];
        }
      }
      double[] out = new double[d * k];
      for (int i = d - 1; i >= 0; i--) { // Lᵀ x = z
        for (int j = 0; j < k; j++) {
          double s = z[i * k + j];
          for (int q = i + 1; q < d; q++) {
            s -= l[q * d + i] * out[q * k + j];
          }
          out[i * k + j] = s / l[i * d + i];
        }
      }
      return out;
    }
  }
}
