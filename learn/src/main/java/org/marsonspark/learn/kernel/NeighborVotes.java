package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockMap;
import org.marsonspark.tensor.NDArray;

/**
 * sklearn's {@code KNeighborsClassifier.predict_proba} for a block of query rows: inputs the
 * class codes of each row's neighbours ({@code rows × k}, int64) and their distances; per row
 * the weighted votes of each class divided by their sum ({@link #weights}: uniform, or
 * {@code 1 / distance}).
 */
public record NeighborVotes(int classes, boolean byDistance) implements BlockMap.Fn {
  @Override
  public NDArray apply(NDArray[] blocks) {
    long[] codes = blocks[0].longs();
    double[] dist = blocks[1].astype(org.marsonspark.tensor.DType.FLOAT64).doubles();
    int rows = (int) blocks[0].shape(0);
    int k = (int) blocks[0].shape(1);
    double[] w = new double[k];
    double[] out = new double[rows * classes];
    for (int r = 0; r < rows; r++) {
      weights(dist, r * k, k, byDistance, w);
      double total = 0;
      for (int j = 0; j < k; j++) {
        out[r * classes + (int) codes[r * k + j]] += w[j];
        total += w[j];
      }
      double norm = total == 0 ? 1 : total;
      for (int c = 0; c < classes; c++) {
        out[r * classes + c] /= norm;
      }
    }
    return NDArray.of(out, rows, classes);
  }

  /**
   * sklearn's {@code _get_weights} for one row's k distances {@code dist[at, at + k)}: all 1
   * (uniform), or {@code 1 / d} — where the row has a zero distance, 1 for those and 0 for the
   * others.
   */
  public static void weights(double[] dist, int at, int k, boolean byDistance, double[] out) {
    boolean zero = false;
    for (int j = 0; j < k; j++) {
      zero |= dist[at + j] == 0;
    }
    for (int j = 0; j < k; j++) {
      double d = dist[at + j];
      out[j] = !byDistance ? 1 : zero ? (d == 0 ? 1 : 0) : 1 / d;
    }
  }

  @Override
  public String name() {
    return "NeighborVotes";
  }
}
