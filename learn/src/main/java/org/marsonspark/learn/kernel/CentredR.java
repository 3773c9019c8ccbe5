package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.kernel.Lapack;

/**
 * A TSQR step with centring: for the rows {@code z_i = [x_i, y_i]} of X (and the targets, if
 * any) with weights {@code w_i}, the weight sum W, the weighted mean μ and the R factor of the
 * centred, weighted rows {@code sqrt(w_i)·(z_i − μ)} — sklearn's {@code _preprocess_data} and
 * {@code _rescale_data}, then the QR its least squares starts with. Without {@code centre}, μ is
 * zero and R is the factor of {@code sqrt(w_i)·z_i}.
 *
 * <p>The partial is {@code (c + 2, c)}, c = features + targets: row 0 holds W, row 1 μ, the rest
 * R (upper triangular; rows beyond the block's row count are zero). A block is factored in steps
 * of {@link #STEP} rows, each stacked under the R so far. Partials merge exactly, the centred
 * scatter being the sum of the blocks' scatters and of their means' spread: the merged R is the
 * R factor of {@code [R_1; …; R_g; sqrt(W_1)·(μ_1 − μ); …; sqrt(W_g)·(μ_g − μ)]}.
 *
 * <p>Inputs: X, then y when {@code targets > 0} (1-D or rows × targets), then the weights when
 * {@code weighted}.
 */
public record CentredR(int features, int targets, boolean weighted, boolean centre) implements BlockAggregate.Fn {
  /** Rows factored at a time: a step's buffer stays in cache. */
  static final int STEP = 1024;

  private int columns() {
    return features + targets;
  }

  @Override
  public NDArray map(NDArray[] blocks) {
    int c = columns();
    double[] x = blocks[0].astype(DType.FLOAT64).doubles();
    double[] y = targets > 0 ? blocks[1].astype(DType.FLOAT64).doubles() : null;
    double[] w = weighted ? blocks[targets > 0 ? 2 : 1].astype(DType.FLOAT64).doubles() : null;
    int rows = (int) blocks[0].shape(0);
    double total = 0;
    double[] mean = new double[c];
    for (int i = 0; i < rows; i++) {
      double wi = w == null ? 1 : w[i];
      total += wi;
      if (centre) {
        for (int j = 0; j < c; j++) {
          mean[j] += wi * value(x, y, i, j);
        }
      }
    }
    if (centre && total > 0) {
      for (int j = 0; j < c; j++) {
        mean[j] /= total;
      }
    }
    double[] r = new double[0];
    int have = 0;
    for (int start = 0; start < rows; start += STEP) {
      int step = Math.min(STEP, rows - start);
      double[] buf = new double[(have + step) * c];
      System.arraycopy(r, 0, buf, 0, have * c);
      for (int i = 0; i < step; i++) {
        int row = start + i;
        double s = Math.sqrt(w == null ? 1 : w[row]);
        int at = (have + i) * c;
        for (int j = 0; j < c; j++) {
          buf[at + j] = s * (value(x, y, row, j) - mean[j]);
        }
      }
      r = Lapack.rFactor(buf, have + step, c);
      have = Math.min(have + step, c);
    }
    return partial(total, mean, r, have, c);
  }

  private double value(double[] x, double[] y, int row, int j) {
    return j < features ? x[row * features + j] : y[row * targets + j - features];
  }

  /** The partial: W, μ, then R padded with zero rows to c×c. */
  private static NDArray partial(double total, double[] mean, double[] r, int rRows, int c) {
    double[] out = new double[(c + 2) * c];
    out[0] = total;
    System.arraycopy(mean, 0, out, c, c);
    System.arraycopy(r, 0, out, 2 * c, rRows * c);
    return NDArray.of(out, c + 2, c);
  }

  @Override
  public NDArray combine(NDArray[] partials) {
    int c = columns();
    int g = partials.length;
    double total = 0;
    double[] mean = new double[c];
    for (NDArray p : partials) {
      double wp = p.doubles()[0];
      total += wp;
      for (int j = 0; j < c; j++) {
        mean[j] += wp * p.doubles()[c + j];
      }
    }
    if (total > 0) {
      for (int j = 0; j < c; j++) {
        mean[j] /= total;
      }
    }
    int stackRows = g * c + (centre ? g : 0);
    double[] stack = new double[stackRows * c];
    for (int i = 0; i < g; i++) {
      double[] p = partials[i].doubles();
      System.arraycopy(p, 2 * c, stack, i * c * c, c * c);
      if (centre) {
        double s = Math.sqrt(p[0]);
        int at = (g * c + i) * c;
        for (int j = 0; j < c; j++) {
          stack[at + j] = s * (p[c + j] - mean[j]);
        }
      }
    }
    double[] r = Lapack.rFactor(stack, stackRows, c);
    return partial(total, mean, r, Math.min(stackRows, c), c);
  }
}
