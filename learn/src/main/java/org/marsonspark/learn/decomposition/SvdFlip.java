package org.marsonspark.learn.decomposition;

import java.util.List;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.kernel.ProjectionStats;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code svd_flip} with {@code u_based_decision=True}, without forming U: U's columns
 * are those of {@code (X − mean)·M} up to positive scales, so one pass ({@link ProjectionStats})
 * finds each column's entry of largest magnitude, whose sign flips the component. The same pass
 * gives the columns' moments (TruncatedSVD's explained variance). For a sparse X (not centred)
 * the projection is the sparse product, its statistics the same kernel's.
 *
 * @param signs +1 or −1 per column of M (+1 where the column is all zero)
 * @param variances the population variance of each column of {@code (X − mean)·M}
 */
record SvdFlip(double[] signs, double[] variances) {
  static SvdFlip of(Tensor x, double[] mean, double[] m, int columns) {
    int d = Math.toIntExact(x.shape(1));
    double[] p = x.isSparse()
        ? Blocks.evaluate(List.of(x.dot(Mt.tensor(NDArray.of(m, d, columns)))),
            new ProjectionStats(columns, columns, null, null), 4, columns).doubles()
        : Blocks.evaluate(List.of(x), new ProjectionStats(d, columns, mean, m), 4, columns).doubles();
    double[] signs = new double[columns];
    double[] variances = new double[columns];
    for (int c = 0; c < columns; c++) {
      signs[c] = p[c] < 0 ? -1 : 1;
      variances[c] = p[columns + c] == 0 ? Double.NaN : p[3 * columns + c] / p[columns + c];
    }
    return new SvdFlip(signs, variances);
  }

  /** The rows of {@code vt} (c×d) times their signs. */
  static double[] apply(double[] vt, double[] signs, int d) {
    double[] out = vt.clone();
    for (int c = 0; c < signs.length; c++) {
      for (int j = 0; j < d; j++) {
        out[c * d + j] *= signs[c];
      }
    }
    return out;
  }
}
