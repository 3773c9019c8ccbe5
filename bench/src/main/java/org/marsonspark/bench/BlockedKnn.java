package org.marsonspark.bench;

import dev.ludovic.netlib.blas.BLAS;

/**
 * The hand-written reference of W6: exact k nearest neighbours of float32 query rows by blocked
 * sgemm ({@code ‖i‖² − 2·q·i}, 256 queries × 4096 items per product) and, per query row, a sorted
 * array of its k best kept by insertion. No Mars code: the loop a careful engineer writes.
 */
final class BlockedKnn {
  private static final int QUERY_TILE = 256;
  private static final int ITEM_TILE = 4096;

  private BlockedKnn() {}

  /**
   * The sum of the k nearest squared-root distances of query rows [from, to) of {@code queries}
   * (row-major, {@code d} wide) among all {@code n} items.
   */
  static double sumOfDistances(float[] queries, int from, int to, float[] items, int n, int d, int k) {
    BLAS blas = BLAS.getInstance();
    float[] itemNorms = new float[n];
    for (int i = 0; i < n; i++) {
      float s = 0;
      for (int c = 0; c < d; c++) {
        s += items[i * d + c] * items[i * d + c];
      }
      itemNorms[i] = s;
    }
    float[] scores = new float[QUERY_TILE * ITEM_TILE];
    float[] best = new float[QUERY_TILE * k];
    double total = 0;
    for (int q0 = from; q0 < to; q0 += QUERY_TILE) {
      int tq = Math.min(QUERY_TILE, to - q0);
      java.util.Arrays.fill(best, Float.POSITIVE_INFINITY);
      for (int i0 = 0; i0 < n; i0 += ITEM_TILE) {
        int ti = Math.min(ITEM_TILE, n - i0);
        for (int r = 0; r < tq; r++) {
          System.arraycopy(itemNorms, i0, scores, r * ti, ti);
        }
        blas.sgemm("T", "N", ti, tq, d, -2f, items, i0 * d, d, queries, q0 * d, d, 1f, scores, 0, ti);
        for (int r = 0; r < tq; r++) {
          int b = r * k;
          for (int j = 0; j < ti; j++) {
            float v = scores[r * ti + j];
            if (v < best[b + k - 1]) {
              int p = k - 1;
              while (p > 0 && best[b + p - 1] > v) {
                best[b + p] = best[b + p - 1];
                p--;
              }
              best[b + p] = v;
            }
          }
        }
      }
      for (int r = 0; r < tq; r++) {
        float qq = 0;
        for (int c = 0; c < d; c++) {
          qq += queries[(q0 + r) * d + c] * queries[(q0 + r) * d + c];
        }
        for (int j = 0; j < k; j++) {
          total += Math.sqrt(Math.max(0f, best[r * k + j] + qq));
        }
      }
    }
    return total;
  }
}
