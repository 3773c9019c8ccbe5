package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockMap;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/**
 * The aligned row blocks of several tensors side by side, as float64: a 2-D block keeps its
 * columns, a 1-D one becomes one column. Output {@code rows × columns}, the sum of the inputs'.
 */
public record ConcatColumns(int columns) implements BlockMap.Fn {
  @Override
  public NDArray apply(NDArray[] blocks) {
    int rows = (int) blocks[0].shape(0);
    double[] out = new double[rows * columns];
    int at = 0;
    for (NDArray b : blocks) {
      double[] v = b.astype(DType.FLOAT64).doubles();
      int w = b.ndim() == 1 ? 1 : (int) b.shape(1);
      for (int r = 0; r < rows; r++) {
        System.arraycopy(v, r * w, out, r * columns + at, w);
      }
      at += w;
    }
    return NDArray.of(out, rows, columns);
  }
}
