package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockMap;
import org.marsonspark.tensor.NDArray;

/** The index of each row's nearest centre, int32 as sklearn's labels (GEMM per tile, {@link CentreScores}). */
public record NearestCentre(double[] centres, int k, int d) implements BlockMap.Fn {
  @Override
  public NDArray apply(NDArray[] blocks) {
    double[] x = blocks[0].doubles();
    int rows = (int) blocks[0].shape(0);
    return NDArray.of(new CentreScores(centres, k, d).labels(x, rows));
  }

  @Override
  public String name() {
    return "NearestCentre";
  }
}
