package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.NDArray;

/**
 * How many rows change their nearest centre between two sets of centres of the same shape: the
 * test of sklearn's strict convergence (labels unchanged) where the centres alone cannot tell.
 * Partial {@code (1)}.
 */
public record LabelChanges(double[] before, double[] after, int k, int d) implements BlockAggregate.Fn {
  @Override
  public NDArray map(NDArray[] blocks) {
    double[] x = blocks[0].doubles();
    int rows = (int) blocks[0].shape(0);
    int[] a = new CentreScores(before, k, d).labels(x, rows);
    int[] b = new CentreScores(after, k, d).labels(x, rows);
    long changed = 0;
    for (int r = 0; r < rows; r++) {
      changed += a[r] != b[r] ? 1 : 0;
    }
    return NDArray.of(new double[] {changed}, 1);
  }

  @Override
  public String name() {
    return "LabelChanges";
  }
}
