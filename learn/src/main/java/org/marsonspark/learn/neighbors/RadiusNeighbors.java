package org.marsonspark.learn.neighbors;

import org.marsonspark.tensor.CsrMatrix;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * The result of {@link NearestNeighbors#radiusNeighbors}: per query row, a varying number of
 * neighbours, kept lazily as two sparse CSR tensors {@code (n_queries, n_samples_fit)} tiled by
 * query and item blocks — {@link #connectivity()} (1.0 at each neighbour) and
 * {@link #distances()} (their distances; CSR tensors hold no zeros, so a neighbour at distance 0
 * is in the pattern only). {@link #fetch()} brings sklearn's ragged arrays to the driver.
 *
 * @param sortResults whether {@link #fetch()} orders each row's neighbours by distance (equal
 *     distances by index), as sklearn's {@code sort_results}; otherwise by index
 */
public record RadiusNeighbors(Tensor connectivity, Tensor distances, boolean sortResults) {
  /** Each query row's neighbours: indices and distances, row by row (sklearn's arrays of arrays). */
  public record Ragged(long[][] indices, double[][] distances) {}

  /** Runs both graphs and returns the neighbours of every query row. */
  public Ragged fetch() {
    Mt.execute(connectivity, distances);
    try {
      CsrMatrix pattern = connectivity.fetchSparse();
      CsrMatrix dist = distances.fetchSparse();
      int rows = pattern.rows();
      long[][] ind = new long[rows][];
      double[][] d = new double[rows][];
      int[] ptr = pattern.indptr();
      int[] cols = pattern.indices();
      for (int r = 0; r < rows; r++) {
        int n = ptr[r + 1] - ptr[r];
        Integer[] order = new Integer[n];
        double[] rowDist = new double[n];
        for (int j = 0; j < n; j++) {
          order[j] = j;
          rowDist[j] = dist.getDouble(r, cols[ptr[r] + j]);
        }
        if (sortResults) {
          java.util.Arrays.sort(order, (a, b) -> Double.compare(rowDist[a], rowDist[b])); // stable: by index on ties
        }
        ind[r] = new long[n];
        d[r] = new double[n];
        for (int j = 0; j < n; j++) {
          ind[r][j] = cols[ptr[r] + order[j]];
          d[r][j] = rowDist[order[j]];
        }
      }
      return new Ragged(ind, d);
    } finally {
      connectivity.release();
      distances.release();
    }
  }
}
