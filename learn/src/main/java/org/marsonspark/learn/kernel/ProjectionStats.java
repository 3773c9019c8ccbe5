package org.marsonspark.learn.kernel;

import dev.ludovic.netlib.blas.BLAS;
import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.kernel.Blas;

/**
 * Statistics of the columns of {@code P = (X − mean)·M} (M is d×a), formed block by block and
 * never stored: per column the value of largest magnitude (the first such row, as
 * {@code np.argmax(np.abs(P), axis=0)} — what {@code svd_flip} takes the sign of) and the count,
 * mean and sum of squared deviations (merged as {@link ColumnMoments} does). With M null, P is X
 * itself (a columns).
 *
 * <p>The partial is {@code 4 × a}: the largest-magnitude values, counts, means, M2. Input: X.
 */
public record ProjectionStats(int features, int columns, double[] mean, double[] m) implements BlockAggregate.Fn {
  static final int STEP = 1024;

  @Override
  public NDArray map(NDArray[] blocks) {
    int d = features;
    int a = columns;
    double[] x = blocks[0].astype(DType.FLOAT64).doubles();
    int rows = (int) blocks[0].shape(0);
    double[] out = new double[4 * a];
    double[] moments = new double[3 * a];
    double[] step = new double[3 * a];
    double[] buf = new double[Math.min(STEP, Math.max(rows, 1)) * d];
    double[] p = new double[Math.min(STEP, Math.max(rows, 1)) * a];
    BLAS blas = Blas.get();
    for (int start = 0; start < rows; start += STEP) {
      int b = Math.min(STEP, rows - start);
      CentredRows.copy(x, d, start, b, mean, buf);
      if (m == null) {
        System.arraycopy(buf, 0, p, 0, b * a);
      } else {
        // P (b×a) = A_b (b×d) · M (d×a), row-major: column-major Pᵀ = Mᵀ·A_bᵀ
        blas.dgemm("N", "N", a, b, d, 1.0, m, 0, a, buf, 0, d, 0.0, p, 0, a);
      }
      java.util.Arrays.fill(step, 0);
      for (int i = 0; i < b; i++) {
        for (int c = 0; c < a; c++) {
          double v = p[i * a + c];
          if (Math.abs(v) > Math.abs(out[c])) {
            out[c] = v;
          }
          step[a + c] += v;
        }
      }
      for (int c = 0; c < a; c++) {
        step[c] = b;
        step[a + c] /= b;
      }
      for (int i = 0; i < b; i++) {
        for (int c = 0; c < a; c++) {
          double dev = p[i * a + c] - step[a + c];
          step[2 * a + c] += dev * dev;
        }
      }
      ColumnMoments.merge(moments, step, a);
    }
    System.arraycopy(moments, 0, out, a, 3 * a);
    return NDArray.of(out, 4, a);
  }

  @Override
  public NDArray combine(NDArray[] partials) {
    int a = columns;
    double[] acc = partials[0].doubles().clone();
    double[] moments = new double[3 * a];
    System.arraycopy(acc, a, moments, 0, 3 * a);
    for (int p = 1; p < partials.length; p++) {
      double[] v = partials[p].doubles();
      for (int c = 0; c < a; c++) {
        if (Math.abs(v[c]) > Math.abs(acc[c])) {
          acc[c] = v[c];
        }
      }
      double[] other = new double[3 * a];
      System.arraycopy(v, a, other, 0, 3 * a);
      ColumnMoments.merge(moments, other, a);
    }
    System.arraycopy(moments, 0, acc, a, 3 * a);
    return NDArray.of(acc, 4, a);
  }
}
