package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/**
 * Per column of a float block, the minimum and maximum of its non-NaN values and how many there
 * are — partial {@code (3, d)}: rows min, max, count. A column without values has min +inf and
 * max -inf until {@link #finish} makes them NaN, as numpy's {@code nanmin} of an all-NaN slice.
 */
public record ColumnExtremes(int columns) implements BlockAggregate.Fn {
  @Override
  public NDArray map(NDArray[] blocks) {
    double[] x = blocks[0].astype(DType.FLOAT64).doubles();
    int d = columns;
    double[] out = new double[3 * d];
    java.util.Arrays.fill(out, 0, d, Double.POSITIVE_INFINITY);
    java.util.Arrays.fill(out, d, 2 * d, Double.NEGATIVE_INFINITY);
    for (int i = 0; i < x.length; i++) {
      double v = x[i];
      int c = i % d;
      if (!Double.isNaN(v)) {
        out[c] = Math.min(out[c], v);
        out[d + c] = Math.max(out[d + c], v);
        out[2 * d + c]++;
      }
    }
    return NDArray.of(out, 3, d);
  }

  @Override
  public NDArray combine(NDArray[] partials) {
    int d = columns;
    double[] acc = partials[0].doubles().clone();
    for (int p = 1; p < partials.length; p++) {
      double[] v = partials[p].doubles();
      for (int c = 0; c < d; c++) {
        acc[c] = Math.min(acc[c], v[c]);
        acc[d + c] = Math.max(acc[d + c], v[d + c]);
        acc[2 * d + c] += v[2 * d + c];
      }
    }
    return NDArray.of(acc, 3, d);
  }

  @Override
  public NDArray finish(NDArray merged) {
    int d = columns;
    double[] out = merged.doubles().clone();
    for (int c = 0; c < d; c++) {
      if (out[2 * d + c] == 0) {
        out[c] = Double.NaN;
        out[d + c] = Double.NaN;
      }
    }
    return NDArray.of(out, 3, d);
  }
}
