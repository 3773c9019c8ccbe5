package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockMap;
import org.marsonspark.tensor.CsrMatrix;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/**
 * Rows of sklearn's {@code kneighbors_graph} from a block of neighbours ({@code [distances,
 * indices]}, each {@code rows × k}): a CSR block {@code rows × columns} with 1.0 at each
 * neighbour, or its distance ({@code distance}; a zero distance is not stored).
 */
public record NeighborGraphRows(boolean distance, long columns) implements BlockMap.SparseFn {
  @Override
  public CsrMatrix apply(NDArray[] blocks) {
    NDArray dist = blocks[0];
    long[] ind = blocks[1].longs();
    int rows = (int) blocks[1].shape(0);
    int k = (int) blocks[1].shape(1);
    int[] r = new int[rows * k];
    int[] c = new int[rows * k];
    for (int i = 0; i < r.length; i++) {
      r[i] = i / k;
      c[i] = (int) ind[i];
    }
    NDArray values = distance ? dist.reshape(rows * k) : NDArray.full(DType.FLOAT64, new long[] {rows * k}, 1.0);
    return CsrMatrix.fromCoo(rows, (int) columns, r, c, values);
  }

  @Override
  public String name() {
    return distance ? "kneighbors_graph.distance" : "kneighbors_graph.connectivity";
  }
}
