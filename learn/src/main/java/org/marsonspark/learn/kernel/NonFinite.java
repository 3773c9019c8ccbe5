package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/** Counts NaNs and infinities of a float block: the partial is {@code [nan, inf]}. */
public record NonFinite() implements BlockAggregate.Fn {
  @Override
  public NDArray map(NDArray[] blocks) {
    NDArray x = blocks[0];
    long nan = 0;
    long inf = 0;
    if (x.dtype() == DType.FLOAT32) {
      for (float v : x.floats()) {
        nan += Float.isNaN(v) ? 1 : 0;
        inf += Float.isInfinite(v) ? 1 : 0;
      }
    } else {
      for (double v : x.doubles()) {
        nan += Double.isNaN(v) ? 1 : 0;
        inf += Double.isInfinite(v) ? 1 : 0;
      }
    }
    return NDArray.of(new double[] {nan, inf}, 2);
  }
}
