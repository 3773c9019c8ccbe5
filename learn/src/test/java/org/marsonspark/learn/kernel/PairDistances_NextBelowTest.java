package org.marsonspark.learn.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.marsonspark.learn.kernel.PairDistances.Metric;
import org.marsonspark.tensor.NDArray;

/**
 * {@link PairDistances.Tile#nextBelow} (the selection's scan over a tile's own array) against the
 * definition, a scan of {@link PairDistances.Tile#at}: for every metric and float dtype, from
 * several starts, with bounds +∞, 0 and distances of the tile itself (rounded or not to a float).
 */
class PairDistances_NextBelowTest {
  @Test
  void theFirstDistanceBelowTheBoundIsTheOneAtFinds() {
    SplittableRandom r = new SplittableRandom(3);
    int queries = 300;
    int items = 2100; // two tiles of items, the second short
    int d = 5;
    double[] q = new double[queries * d];
    double[] it = new double[items * d];
    for (int i = 0; i < q.length; i++) {
      q[i] = r.nextGaussian();
    }
    for (int i = 0; i < it.length; i++) {
      it[i] = r.nextGaussian();
    }
    System.arraycopy(q, 0, it, 7 * d, d); // an item equal to query 0: distance 0 (or clamped to it)
    int checked = 0;
    for (Metric metric : Metric.values()) {
      for (boolean float32 : new boolean[] {false, true}) {
        NDArray qa = float32 ? NDArray.of(q, queries, d).astype(org.marsonspark.tensor.DType.FLOAT32)
            : NDArray.of(q, queries, d);
        NDArray ia = float32 ? NDArray.of(it, items, d).astype(org.marsonspark.tensor.DType.FLOAT32)
            : NDArray.of(it, items, d);
        int[] count = {0};
        new PairDistances(metric, 3).eachTile(qa, ia, (q0, tq, i0, ti, tile) -> {
          for (int row = 0; row < tq; row += 7) {
            double[] bounds = {Double.POSITIVE_INFINITY, 0.0, tile.at(row, 0), tile.at(row, ti / 2),
                Math.nextUp(tile.at(row, ti - 1)), tile.at(row, 3) * (1 + 1e-9)};
            for (double bound : bounds) {
              for (int from : new int[] {0, 1, ti / 3, ti - 1, ti}) {
                int expected = from;
                while (expected < ti && !(tile.at(row, expected) < bound)) {
                  expected++;
                }
                assertEquals(expected, tile.nextBelow(row, from, bound),
                    metric + (float32 ? " float32" : " float64") + " row " + (q0 + row) + " bound " + bound);
                count[0]++;
              }
            }
          }
        });
        checked += count[0];
      }
    }
    assertEquals(true, checked > 1000, checked + " scans checked");
  }
}
