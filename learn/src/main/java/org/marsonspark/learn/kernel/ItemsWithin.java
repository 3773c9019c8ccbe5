package org.marsonspark.learn.kernel;

import java.io.Serializable;
import org.marsonspark.tensor.CsrMatrix;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/**
 * The items of one block within a radius of each query row (sklearn's {@code radius_neighbors}:
 * reduced distance at most the reduced radius), as two CSR blocks {@code rows × items}: 1.0 at
 * each neighbour (the pattern, which keeps neighbours at distance 0) and the reduced distances
 * (a zero is not stored). Distances tile by tile ({@link PairDistances}).
 *
 * @param excludeSelf whether an item whose global index is the query row's own is skipped
 */
public record ItemsWithin(PairDistances distances, double reducedRadius, boolean excludeSelf) implements Serializable {
  /** {@code [connectivity (float64), reduced distances (the blocks' dtype)]}. */
  public CsrMatrix[] block(NDArray queries, long queryOffset, NDArray items, long itemOffset) {
    int rows = (int) queries.shape(0);
    int n = (int) items.shape(0);
    // per query row, the neighbours in item order: filled tile by tile, rows of a tile in order
    IntList[] cols = new IntList[rows];
    DoubleList[] vals = new DoubleList[rows];
    distances.eachTile(queries, items, (q0, tq, i0, ti, tile) -> {
      for (int r = 0; r < tq; r++) {
        int q = q0 + r;
        if (cols[q] == null) {
          cols[q] = new IntList();
          vals[q] = new DoubleList();
        }
        long self = excludeSelf ? queryOffset + q - itemOffset - i0 : -1;
        for (int j = 0; j < ti; j++) {
          double v = tile.at(r, j);
          if (v <= reducedRadius && j != self) {
            cols[q].add(i0 + j);
            vals[q].add(v);
          }
        }
      }
    });
    int[] indptr = new int[rows + 1];
    for (int q = 0; q < rows; q++) {
      indptr[q + 1] = indptr[q] + (cols[q] == null ? 0 : cols[q].size);
    }
    int nnz = indptr[rows];
    int[] indices = new int[nnz];
    double[] d = new double[nnz];
    for (int q = 0; q < rows; q++) {
      if (cols[q] != null) {
        System.arraycopy(cols[q].values, 0, indices, indptr[q], cols[q].size);
        System.arraycopy(vals[q].values, 0, d, indptr[q], vals[q].size);
      }
    }
    double[] ones = new double[nnz];
    java.util.Arrays.fill(ones, 1.0);
    NDArray dist = NDArray.of(d);
    DType dt = queries.dtype();
    return new CsrMatrix[] {CsrMatrix.of(rows, n, indptr, indices, NDArray.of(ones)),
        CsrMatrix.of(rows, n, indptr.clone(), indices.clone(), dt == DType.FLOAT64 ? dist : dist.astype(dt))};
  }

  private static final class IntList {
    int[] values = new int[8];
    int size;

    void add(int v) {
      if (size == values.length) {
        values = java.util.Arrays.copyOf(values, size * 2);
      }
      values[size++] = v;
    }
  }

  private static final class DoubleList {
    double[] values = new double[8];
    int size;

    void add(double v) {
      if (size == values.length) {
        values = java.util.Arrays.copyOf(values, size * 2);
      }
      values[size++] = v;
    }
  }
}
