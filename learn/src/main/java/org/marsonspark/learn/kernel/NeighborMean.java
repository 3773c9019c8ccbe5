package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockMap;
import org.marsonspark.tensor.NDArray;

/**
 * sklearn's {@code KNeighborsRegressor.predict} for a block of query rows: inputs the targets of
 * each row's neighbours ({@code rows × k}) and their distances; per row the mean of the targets
 * weighted as {@link NeighborVotes#weights}.
 */
public record NeighborMean(boolean byDistance) implements BlockMap.Fn {
  @Override
  public NDArray apply(NDArray[] blocks) {
    double[] y = blocks[0].doubles();
    double[] dist = blocks[1].astype(org.marsonspark.tensor.DType.FLOAT64).doubles();
    int rows = (int) blocks[0].shape(0);
    int k = (int) blocks[0].shape(1);
    double[] w = new double[k];
    double[] out = new double[rows];
    for (int r = 0; r < rows; r++) {
      NeighborVotes.weights(dist, r * k, k, byDistance, w);
      double sum = 0;
      double total = 0;
      for (int j = 0; j < k; j++) {
        sum += y[r * k + j] * w[j];
        total += w[j];
      }
      out[r] = sum / total;
    }
    return NDArray.of(out);
  }

  @Override
  public String name() {
    return "NeighborMean";
  }
}
