package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.NDArray;

/**
 * sklearn's {@code _inertia_dense} with the cluster sizes: inputs X, each row's label and, when
 * {@code weighted}, the sample weights; partial {@code (k + 1)}: the weighted sum of exact squared
 * distances {@code Σ (x − c_label)²} first, then the number of rows in each cluster.
 */
public record Inertia(double[] centres, int k, int d, boolean weighted) implements BlockAggregate.Fn {
  @Override
  public NDArray map(NDArray[] blocks) {
    double[] x = blocks[0].doubles();
    int[] labels = blocks[1].ints();
    double[] w = weighted ? blocks[2].doubles() : null;
    CentreScores distances = new CentreScores(centres, k, d);
    double[] out = new double[k + 1];
    for (int r = 0; r < labels.length; r++) {
      int j = labels[r];
      out[0] += distances.exactDistance(x, r, j) * (w == null ? 1.0 : w[r]);
      out[1 + j] += 1;
    }
    return NDArray.of(out, k + 1);
  }

  @Override
  public String name() {
    return "Inertia";
  }
}
