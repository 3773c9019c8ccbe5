package org.marsonspark.tensor.kernel;

/** Small shape helpers for kernels. */
final class NDArrayShapes {
  private NDArrayShapes() {}

  static int size(long[] shape) {
    long n = 1;
    for (long d : shape) {
      n *= d;
    }
    return (int) n;
  }
}
