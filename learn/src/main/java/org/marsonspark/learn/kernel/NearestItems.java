package org.marsonspark.learn.kernel;

import java.io.Serializable;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.kernel.KBest;

/**
 * The k nearest items of each query row within one block of items: the block's reduced
 * distances tile by tile ({@link PairDistances}), each query row keeping its k best in a
 * {@link KBest} (equal distances: the lower item index first).
 *
 * @param distances how distances are computed
 * @param k the neighbours kept per query row
 * @param excludeSelf whether an item whose global index is the query row's own is skipped (the
 *     queries are the fitted items: sklearn's {@code kneighbors(X=None)})
 */
public record NearestItems(PairDistances distances, int k, boolean excludeSelf) implements Serializable {
  /** The index of a padding entry (a query row that had fewer than k items in the block, its own skipped). */
  public static final long NO_ITEM = Long.MAX_VALUE;

  /**
   * The candidates of query rows {@code queries} (whose first row is row {@code queryOffset} of
   * all queries) among {@code items} (first item {@code itemOffset}): {@code [distances,
   * indices]}, each {@code rows × min(k, items)}, best first; distances in the blocks' dtype
   * (reduced: squared for Euclidean, p-th powers for Minkowski; +∞ with {@link #NO_ITEM} for
   * padding), indices int64 global.
   */
  public NDArray[] candidates(NDArray queries, long queryOffset, NDArray items, long itemOffset) {
    int rows = (int) queries.shape(0);
    int m = (int) Math.min(k, items.shape(0));
    KBest[] best = new KBest[Math.min(PairDistances.QUERY_TILE, Math.max(rows, 1))];
    for (int i = 0; i < best.length; i++) {
      best[i] = new KBest(Math.max(m, 1));
    }
    long[] index = new long[rows * m];
    double[] dist = new double[rows * m];
    long[] picked = new long[m];
    long[] keys = new long[m];
    int[] slot = new int[m];
    long lastItem = itemOffset + items.shape(0) - 1;
    distances.eachTile(queries, items, (q0, tq, i0, ti, tile) -> {
      for (int r = 0; r < tq; r++) {
        long self = excludeSelf ? queryOffset + q0 + r - itemOffset - i0 : -1;
        KBest b = best[r];
        // items come by increasing index, so an equal distance never displaces a kept one: a
        // strictly smaller distance than the worst kept is what enters (distances are >= 0, so
        // their keys are their bits)
        double worst = b.worstKey() == Long.MAX_VALUE ? Double.POSITIVE_INFINITY
            : Double.longBitsToDouble(b.worstKey());
        for (int j = tile.nextBelow(r, 0, worst); j < ti; j = tile.nextBelow(r, j + 1, worst)) {
          if (j != self) {
            b.offer(KBest.key(tile.at(r, j)), itemOffset + i0 + j, 0);
            long w = b.worstKey();
            worst = w == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : Double.longBitsToDouble(w);
          }
        }
      }
      if (itemOffset + i0 + ti - 1 < lastItem) {
        return;
      }
      // the last tile of items for these query rows: their selections are complete
      for (int r = 0; r < tq; r++) {
        int at = (q0 + r) * m;
        int got = best[r].drain(picked, slot, keys, 0, false);
        for (int j = 0; j < m; j++) {
          // a distance is never negative: its key is its bits
          index[at + j] = j < got ? picked[j] : NO_ITEM;
          dist[at + j] = j < got ? Double.longBitsToDouble(keys[j]) : Double.POSITIVE_INFINITY;
        }
      }
    });
    NDArray out = NDArray.of(dist, rows, m);
    return new NDArray[] {queries.dtype() == DType.FLOAT32 ? out.astype(DType.FLOAT32) : out,
        NDArray.of(index, rows, m)};
  }
}
