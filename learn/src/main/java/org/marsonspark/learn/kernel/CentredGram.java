package org.marsonspark.learn.kernel;

import dev.ludovic.netlib.blas.BLAS;
import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.kernel.Blas;

/**
 * The row count n, the mean μ and the scatter matrix {@code S = Σ (x_i − μ)(x_i − μ)ᵀ} of X's
 * rows — {@code (X − μ)ᵀ(X − μ)}, what every step of the randomized range finder depends on.
 * A block is centred on its own mean (a first pass over it), then its rows are taken
 * {@link #STEP} at a time into a symmetric rank-k update (BLAS {@code dsyrk}: about d² flops a
 * row, half those of a Householder QR). Partials merge exactly (Chan et al.):
 * {@code S = Σ S_g + Σ n_g (μ_g − μ)(μ_g − μ)ᵀ}.
 *
 * <p>The partial is {@code (d + 2) × d}: row 0 holds n (in its first cell), row 1 μ, the rest
 * S (both triangles). Input: X.
 */
public record CentredGram(int features) implements BlockAggregate.Fn {
  static final int STEP = 1024;

  @Override
  public NDArray map(NDArray[] blocks) {
    int d = features;
    double[] x = blocks[0].astype(DType.FLOAT64).doubles();
    int rows = (int) blocks[0].shape(0);
    double[] mean = new double[d];
    for (int i = 0; i < rows; i++) {
      int at = i * d;
      for (int j = 0; j < d; j++) {
        mean[j] += x[at + j];
      }
    }
    for (int j = 0; j < d; j++) {
      mean[j] = rows == 0 ? 0 : mean[j] / rows;
    }
    double[] s = new double[d * d];
    double[] a = new double[Math.min(STEP, Math.max(rows, 1)) * d];
    BLAS blas = Blas.get();
    for (int start = 0; start < rows; start += STEP) {
      int b = Math.min(STEP, rows - start);
      CentredRows.copy(x, d, start, b, mean, a);
      // row-major A_b (b×d) is column-major A_bᵀ (d×b): S += A_bᵀ·A_b, column-major upper triangle
      blas.dsyrk("U", "N", d, b, 1.0, a, 0, d, 1.0, s, 0, d);
    }
    return partial(rows, mean, symmetric(s, d), d);
  }

  @Override
  public NDArray combine(NDArray[] partials) {
    int d = features;
    double n = 0;
    double[] mean = new double[d];
    for (NDArray p : partials) {
      double[] v = p.doubles();
      n += v[0];
      for (int j = 0; j < d; j++) {
        mean[j] += v[0] * v[d + j];
      }
    }
    for (int j = 0; j < d; j++) {
      mean[j] = n == 0 ? 0 : mean[j] / n;
    }
    double[] s = new double[d * d];
    double[] delta = new double[d];
    BLAS blas = Blas.get();
    for (NDArray p : partials) {
      double[] v = p.doubles();
      for (int i = 0; i < d * d; i++) {
        s[i] += v[2 * d + i];
      }
      for (int j = 0; j < d; j++) {
        delta[j] = v[d + j] - mean[j];
      }
      // S += n_g·δδᵀ
      blas.dsyr("U", d, v[0], delta, 0, 1, s, 0, d);
    }
    return partial(n, mean, symmetric(s, d), d);
  }

  /** The matrix from its column-major upper triangle (row-major lower), both triangles filled. */
  private static double[] symmetric(double[] s, int d) {
    for (int i = 0; i < d; i++) {
      for (int j = 0; j < i; j++) {
        s[j * d + i] = s[i * d + j];
      }
    }
    return s;
  }

  private static NDArray partial(double n, double[] mean, double[] s, int d) {
    double[] out = new double[(d + 2) * d];
    out[0] = n;
    System.arraycopy(mean, 0, out, d, d);
    System.arraycopy(s, 0, out, 2 * d, d * d);
    return NDArray.of(out, d + 2, d);
  }
}
