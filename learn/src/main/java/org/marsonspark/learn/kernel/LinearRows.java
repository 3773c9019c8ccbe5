package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockMap;
import org.marsonspark.tensor.NDArray;

/**
 * {@code X · coef + bias} row by row, summed left to right in Java (so a row's value does not
 * depend on the block it is in): the targets of {@code make_regression}. {@code coef} is
 * {@code features × targets}, row-major; one target gives a 1-D result.
 */
public record LinearRows(double[] coef, int features, int targets, double bias) implements BlockMap.Fn {
  @Override
  public NDArray apply(NDArray[] blocks) {
    double[] x = blocks[0].doubles();
    int d = features;
    int rows = d == 0 ? (int) blocks[0].shape()[0] : x.length / d;
    double[] out = new double[rows * targets];
    for (int r = 0; r < rows; r++) {
      for (int t = 0; t < targets; t++) {
        double v = 0;
        for (int j = 0; j < d; j++) {
          v += x[r * d + j] * coef[j * targets + t];
        }
        out[r * targets + t] = v + bias;
      }
    }
    return targets == 1 ? NDArray.of(out, rows) : NDArray.of(out, rows, targets);
  }
}
