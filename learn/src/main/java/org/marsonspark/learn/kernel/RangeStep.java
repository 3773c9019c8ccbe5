package org.marsonspark.learn.kernel;

import dev.ludovic.netlib.blas.BLAS;
import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.kernel.Blas;
import org.marsonspark.tensor.kernel.Lapack;

/**
 * One step of the randomized range finder over the rows of {@code A = X − mean}: with the
 * current basis {@code Q} (d×k), {@code Y = A·Q} is formed block by block and never stored; the
 * partial is {@code G = Aᵀ·Y} (d×k, summed) and, with {@code factorY}, the R factor of Y (k×k,
 * merged by a TSQR tree) — so that the driver gets {@code Aᵀ·Y·R⁻¹ = Aᵀ·Q_Y} for the
 * orthonormal basis {@code Q_Y} of Y's range without it ever leaving the executors. Rows are taken
 * {@link #STEP} at a time, each step's two GEMMs on rows still in cache.
 *
 * <p>The partial is {@code (d + k) × k}: G, then R (zeros without {@code factorY}). Input: X.
 */
public record RangeStep(int features, int k, double[] mean, double[] q, boolean factorY) implements BlockAggregate.Fn {
  static final int STEP = 1024;

  @Override
  public NDArray map(NDArray[] blocks) {
    int d = features;
    double[] x = blocks[0].astype(DType.FLOAT64).doubles();
    int rows = (int) blocks[0].shape(0);
    double[] out = new double[(d + k) * k];
    double[] a = new double[Math.min(STEP, Math.max(rows, 1)) * d];
    double[] y = new double[Math.min(STEP, Math.max(rows, 1)) * k];
    double[] r = new double[0];
    int have = 0;
    BLAS blas = Blas.get();
    for (int start = 0; start < rows; start += STEP) {
      int b = Math.min(STEP, rows - start);
      CentredRows.copy(x, d, start, b, mean, a);
      // Y (b×k) = A_b (b×d) · Q (d×k), row-major: column-major Yᵀ = Qᵀ·A_bᵀ
      blas.dgemm("N", "N", k, b, d, 1.0, q, 0, k, a, 0, d, 0.0, y, 0, k);
      // G (d×k) += A_bᵀ · Y, row-major: column-major Gᵀ += Yᵀ·A_b
      blas.dgemm("N", "T", k, d, b, 1.0, y, 0, k, a, 0, d, 1.0, out, 0, k);
      if (factorY) {
        double[] stacked = new double[(have + b) * k];
        System.arraycopy(r, 0, stacked, 0, have * k);
        System.arraycopy(y, 0, stacked, have * k, b * k);
        r = Lapack.rFactor(stacked, have + b, k);
        have = Math.min(have + b, k);
      }
    }
    System.arraycopy(r, 0, out, d * k, have * k);
    return NDArray.of(out, d + k, k);
  }

  @Override
  public NDArray combine(NDArray[] partials) {
    int d = features;
    double[] out = new double[(d + k) * k];
    double[] stacked = new double[partials.length * k * k];
    for (int p = 0; p < partials.length; p++) {
      double[] v = partials[p].doubles();
      for (int i = 0; i < d * k; i++) {
        out[i] += v[i];
      }
      System.arraycopy(v, d * k, stacked, p * k * k, k * k);
    }
    if (factorY) {
      double[] r = Lapack.rFactor(stacked, partials.length * k, k);
      System.arraycopy(r, 0, out, d * k, Math.min(partials.length * k, k) * k);
    }
    return NDArray.of(out, d + k, k);
  }
}
