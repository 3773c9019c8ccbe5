package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.NDArray;

/**
 * Per column of a float block, the (weighted) count, mean and sum of squared deviations of its
 * non-NaN values — partial {@code (3, d)}: rows count, mean, M2 — merged with Chan's formula.
 * The inputs are X and, when {@code weighted}, the sample weights.
 */
public record ColumnMoments(int columns, boolean weighted) implements BlockAggregate.Fn {
  @Override
  public NDArray map(NDArray[] blocks) {
    NDArray x = blocks[0];
    double[] w = weighted ? blocks[1].doubles() : null;
    int d = columns;
    int rows = d == 0 ? 0 : x.size() / d;
    double[] count = new double[d];
    double[] sum = new double[d];
    for (int r = 0; r < rows; r++) {
      double wr = w == null ? 1 : w[r];
      for (int c = 0; c < d; c++) {
        double v = x.getDouble(r * d + c);
        if (!Double.isNaN(v)) {
          count[c] += wr;
          sum[c] += wr * v;
        }
      }
    }
    double[] out = new double[3 * d];
    for (int c = 0; c < d; c++) {
      out[c] = count[c];
      out[d + c] = count[c] == 0 ? 0 : sum[c] / count[c];
    }
    for (int r = 0; r < rows; r++) {
      double wr = w == null ? 1 : w[r];
      for (int c = 0; c < d; c++) {
        double v = x.getDouble(r * d + c);
        if (!Double.isNaN(v)) {
          double dev = v - out[d + c];
          out[2 * d + c] += wr * dev * dev;
        }
      }
    }
    return NDArray.of(out, 3, d);
  }

  @Override
  public NDArray combine(NDArray[] partials) {
    double[] acc = partials[0].doubles().clone();
    for (int p = 1; p < partials.length; p++) {
      merge(acc, partials[p].doubles(), columns);
    }
    return NDArray.of(acc, 3, columns);
  }

  /** Chan et al.'s pairwise update of {@code acc} with {@code other}, column by column. */
  public static void merge(double[] acc, double[] other, int d) {
    for (int c = 0; c < d; c++) {
      double na = acc[c];
      double nb = other[c];
      double n = na + nb;
      if (nb == 0) {
        continue;
      }
      if (na == 0) {
        acc[c] = nb;
        acc[d + c] = other[d + c];
        acc[2 * d + c] = other[2 * d + c];
        continue;
      }
      double delta = other[d + c] - acc[d + c];
      acc[d + c] += delta * nb / n;
      acc[2 * d + c] += other[2 * d + c] + delta * delta * na * nb / n;
      acc[c] = n;
    }
  }
}
