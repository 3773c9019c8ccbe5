package org.marsonspark.tensor.kernel;

import org.marsonspark.tensor.NDArray;

/**
 * A chunk seen as {@code outer x inner}: the kept axes outside, the reduced axes inside and
 * contiguous (transposing a copy when the reduced axes are not already the trailing ones).
 */
public final class ReduceLayout {
  public final NDArray data;
  public final int outer;
  public final int inner;
  public final long[] partialShape;
  /** Permutation applied (kept axes then reduced axes); null when none was needed. */
  public final int[] perm;

  public ReduceLayout(NDArray chunk, int[] axes) {
    int nd = chunk.ndim();
    long[] shape = chunk.shape();
    int[] p = new int[nd];
    int k = 0;
    long outerL = 1;
    long innerL = 1;
    for (int i = 0; i < nd; i++) {
      if (!contains(axes, i)) {
        p[k++] = i;
        outerL *= shape[i];
      }
    }
    for (int a : axes) {
      p[k++] = a;
      innerL *= shape[a];
    }
    boolean identity = true;
    for (int i = 0; i < nd; i++) {
      identity &= p[i] == i;
    }
    this.perm = identity ? null : p;
    this.data = identity ? chunk : chunk.transpose(p);
    this.outer = (int) outerL;
    this.inner = (int) innerL;
    this.partialShape = shape.clone();
    for (int a : axes) {
      partialShape[a] = 1;
    }
  }

  private static boolean contains(int[] axes, int axis) {
    for (int a : axes) {
      if (a == axis) {
        return true;
      }
    }
    return false;
  }
}
