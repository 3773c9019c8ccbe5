package org.marsonspark.learn.datasets;

import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/** Rows laid out in consecutive groups of given sizes (blob centres, classification clusters). */
final class Groups {
  private Groups() {}

  /**
   * The group (int64) of each of the given row positions, groups taking {@code sizes[0]}, then
   * {@code sizes[1]}, ... consecutive positions: the number of group ends at or before it.
   */
  static Tensor of(long[] sizes, Tensor position) {
    long[] ends = new long[Math.max(0, sizes.length - 1)];
    long acc = 0;
    for (int i = 0; i < ends.length; i++) {
      acc += sizes[i];
      ends[i] = acc;
    }
    if (ends.length == 0) {
      return Mt.zerosLike(position).astype(DType.INT64);
    }
    return Mt.searchsorted(Mt.tensor(NDArray.of(ends)), position, "right");
  }
}
