package org.marsonspark.learn.modelselection;

import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/** Rows of a local array by position, as float64 (what the local fits and scorers read). */
public final class LocalRows {
  private LocalRows() {}

  /** {@code a[rows]} along the first axis (1-D or 2-D), as float64. */
  public static NDArray take(NDArray a, long[] rows) {
    double[] v = a.astype(DType.FLOAT64).doubles();
    int width = a.ndim() == 1 ? 1 : (int) a.shape(1);
    double[] out = new double[rows.length * width];
    for (int i = 0; i < rows.length; i++) {
      System.arraycopy(v, (int) rows[i] * width, out, i * width, width);
    }
    return a.ndim() == 1 ? NDArray.of(out, rows.length) : NDArray.of(out, rows.length, width);
  }
}
