package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.kernel.CounterRandom;

/**
 * One round of k-means|| (Bahmani et al.) over a row block: the cost {@code φ = Σ D²(x)} of the
 * candidates so far (D² the squared distance to the nearest candidate, GEMM form, clamped at 0)
 * and the rows the round samples, each independently with probability {@code min(1, l·D²/φ)}.
 * Since φ is known only once every block is summed, a row is kept by its key {@code D²/u} (u
 * uniform on (0, 1] from the counter-based generator at the row's global index): it is sampled
 * exactly when its key exceeds {@code φ/l}. The partial keeps the {@code capacity} largest keys
 * ({@link TopRows}, payload: global row index and coordinates), so the driver selects exactly;
 * when all kept rows are selected it must run the round again with a larger capacity (same
 * keys, same sample). Partial: φ, then the list.
 */
public record ParallelInitStep(double[] candidates, int nCandidates, int d, long key, int capacity)
    implements BlockAggregate.Fn {
  private int payload() {
    return d + 1;
  }

  /** The length of the (1-D) partial. */
  public int length() {
    return 1 + TopRows.length(capacity, payload());
  }

  @Override
  public NDArray map(NDArray[] blocks) {
    return map(blocks, 0);
  }

  @Override
  public NDArray map(NDArray[] blocks, long firstRow) {
    double[] x = blocks[0].doubles();
    int rows = (int) blocks[0].shape(0);
    double[] out = new double[length()];
    new CentreScores(candidates, nCandidates, d).eachRow(x, rows, (r, dist, at) -> {
      double nearest = Double.POSITIVE_INFINITY;
      for (int j = 0; j < nCandidates; j++) {
        nearest = Math.min(nearest, dist[at + j]);
      }
      out[0] += nearest;
      if (nearest <= 0) {
        return; // a candidate already: never sampled
      }
      long row = firstRow + r;
      double rowKey = nearest / (1.0 - CounterRandom.unit(CounterRandom.word(key, row)));
      TopRows.offerRow(out, 1, capacity, rowKey, row, x, r * d, d);
    });
    return NDArray.of(out);
  }

  @Override
  public NDArray combine(NDArray[] partials) {
    double[] acc = partials[0].doubles().clone();
    for (int p = 1; p < partials.length; p++) {
      double[] other = partials[p].doubles();
      acc[0] += other[0];
      TopRows.merge(acc, other, 1, capacity, payload());
    }
    return NDArray.of(acc);
  }

  /** The number of rows a merged partial holds. */
  public static int size(double[] merged) {
    return TopRows.size(merged, 1);
  }

  /** The key of entry {@code i} of a merged partial (largest first). */
  public double keyOf(double[] merged, int i) {
    return TopRows.key(merged, 1, i, payload());
  }

  /** The coordinates of entry {@code i} of a merged partial. */
  public double[] pointOf(double[] merged, int i) {
    int at = TopRows.entry(1, i, payload()) + 2;
    return java.util.Arrays.copyOfRange(merged, at, at + d);
  }

  @Override
  public String name() {
    return "ParallelInitStep";
  }
}
