package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockMap;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/**
 * The monomials of each row (PolynomialFeatures): output column k is the product of the input
 * columns listed in {@code terms[k]} (repeated for powers; empty for the bias), multiplied left
 * to right as sklearn builds them, in the input's float dtype.
 */
public record Monomials(int[][] terms, int features, DType dtype) implements BlockMap.Fn {
  @Override
  public NDArray apply(NDArray[] blocks) {
    double[] x = blocks[0].astype(DType.FLOAT64).doubles();
    int d = features;
    int rows = d == 0 ? (int) blocks[0].shape()[0] : x.length / d;
    int w = terms.length;
    double[] out = new double[rows * w];
    for (int r = 0; r < rows; r++) {
      for (int k = 0; k < w; k++) {
        double v = 1;
        for (int f : terms[k]) {
          v *= x[r * d + f];
        }
        out[r * w + k] = v;
      }
    }
    return NDArray.of(out, rows, w).astype(dtype);
  }
}
