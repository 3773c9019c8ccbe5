package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockMap;
import org.marsonspark.tensor.CsrMatrix;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/**
 * Rows of category codes ({@code (rows, features)} int64, -1 for an ignored unknown) as one-hot
 * rows: feature j's code c sets column {@code offsets[j] + c} (one less past a dropped code, none
 * for the dropped code or an unknown) to {@code on}; every other entry is {@code off}. As CSR
 * blocks ({@code off} must be 0) or dense.
 *
 * @param offsets the first output column of each feature
 * @param drop per feature the code that has no column, or -1
 * @param width the number of output columns
 */
public record OneHot(int[] offsets, int[] drop, int width, double on, double off, DType dtype)
    implements BlockMap.SparseFn {
  private int column(int feature, long code) {
    int dropped = drop[feature];
    if (code < 0 || code == dropped) {
      return -1;
    }
    return offsets[feature] + (int) (dropped >= 0 && code > dropped ? code - 1 : code);
  }

  @Override
  public CsrMatrix apply(NDArray[] blocks) {
    long[] codes = blocks[0].longs();
    int d = offsets.length;
    int rows = d == 0 ? 0 : codes.length / d;
    int[] indptr = new int[rows + 1];
    int[] indices = new int[codes.length];
    int nnz = 0;
    for (int r = 0; r < rows; r++) {
      for (int j = 0; j < d; j++) {
        int col = column(j, codes[r * d + j]);
        if (col >= 0) {
          indices[nnz++] = col;
        }
      }
      indptr[r + 1] = nnz;
    }
    double[] values = new double[nnz];
    java.util.Arrays.fill(values, on);
    return CsrMatrix.of(rows, width, indptr, java.util.Arrays.copyOf(indices, nnz), NDArray.of(values).astype(dtype));
  }

  /** The same rows dense. */
  public BlockMap.Fn dense() {
    return new Dense(this);
  }

  record Dense(OneHot hot) implements BlockMap.Fn {
    @Override
    public NDArray apply(NDArray[] blocks) {
      return hot.denseRows(blocks[0]);
    }

    @Override
    public String name() {
      return "OneHot";
    }
  }

  private NDArray denseRows(NDArray block) {
    long[] codes = block.longs();
    int d = offsets.length;
    int rows = d == 0 ? 0 : codes.length / d;
    double[] out = new double[rows * width];
    java.util.Arrays.fill(out, off);
    for (int r = 0; r < rows; r++) {
      for (int j = 0; j < d; j++) {
        int col = column(j, codes[r * d + j]);
        if (col >= 0) {
          out[r * width + col] = on;
        }
      }
    }
    return NDArray.of(out, rows, width).astype(dtype);
  }
}
