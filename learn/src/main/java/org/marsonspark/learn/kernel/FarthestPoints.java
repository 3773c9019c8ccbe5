package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.NDArray;

/**
 * The {@code n} rows farthest from their nearest centre — where sklearn's
 * {@code _relocate_empty_clusters_dense} moves the centres of empty clusters. Distances are the
 * exact {@code Σ (x − c_label)²}, labels those of the Lloyd step (GEMM per tile). The partial is
 * a {@link TopRows} list whose payload is each row's weight, label and coordinates; farthest
 * first, the earlier row first on equal distances. Inputs: X and, when {@code weighted}, the
 * sample weights.
 */
public record FarthestPoints(double[] centres, int k, int d, boolean weighted, int n) implements BlockAggregate.Fn {
  /** The payload of an entry: weight, label, then the d coordinates. */
  public int payload() {
    return d + 2;
  }

  /** The length of the (1-D) partial. */
  public int length() {
    return TopRows.length(n, payload());
  }

  @Override
  public NDArray map(NDArray[] blocks) {
    double[] x = blocks[0].doubles();
    double[] w = weighted ? blocks[1].doubles() : null;
    int rows = (int) blocks[0].shape(0);
    CentreScores scores = new CentreScores(centres, k, d);
    int[] labels = scores.labels(x, rows);
    double[] top = new double[TopRows.length(n, payload())];
    for (int r = 0; r < rows; r++) {
      double dist = scores.exactDistance(x, r, labels[r]);
      if (TopRows.accepts(top, 0, n, payload(), dist)) {
        int p = TopRows.insert(top, 0, n, payload(), dist);
        top[p] = w == null ? 1.0 : w[r];
        top[p + 1] = labels[r];
        System.arraycopy(x, r * d, top, p + 2, d);
      }
    }
    return NDArray.of(top);
  }

  @Override
  public NDArray combine(NDArray[] partials) {
    double[] acc = partials[0].doubles().clone();
    for (int p = 1; p < partials.length; p++) {
      TopRows.merge(acc, partials[p].doubles(), 0, n, payload());
    }
    return NDArray.of(acc);
  }

  /** The number of rows in a merged partial (fewer than {@code n} when the data has fewer). */
  public static int size(double[] merged) {
    return TopRows.size(merged, 0);
  }

  /** Where the payload of entry {@code i} of a merged partial starts (its distance is just before). */
  public int at(int i) {
    return TopRows.entry(0, i, payload()) + 1;
  }

  @Override
  public String name() {
    return "FarthestPoints";
  }
}
