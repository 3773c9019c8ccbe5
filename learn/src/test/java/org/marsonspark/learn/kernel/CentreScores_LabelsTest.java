package org.marsonspark.learn.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link CentreScores#labelTile} (the minimum across rows, the label by bit arithmetic) against a
 * plain scan along each row of {@link CentreScores#tile}'s scores, the first of equal minima —
 * and, where the nearest centre is clear, against the exact squared distances.
 */
class CentreScores_LabelsTest {
  private static final int D = 16;
  private static final int K = 8;

  @Test
  void labelsAreTheFirstLeastScoreOfEachRowIncludingTiesAndOverflow() {
    SplittableRandom r = new SplittableRandom(11);
    double[] centres = new double[K * D];
    for (int i = 0; i < centres.length; i++) {
      centres[i] = r.nextDouble(-10, 10);
    }
    // exact ties: centres 3 and 5 repeat centre 1, centres 2 and 6 are the origin (one as -0.0)
    System.arraycopy(centres, D, centres, 3 * D, D);
    System.arraycopy(centres, D, centres, 5 * D, D);
    for (int c = 0; c < D; c++) {
      centres[2 * D + c] = 0.0;
      centres[6 * D + c] = -0.0;
    }
    int rows = 3 * CentreScores.TILE + 17;
    double[] x = new double[rows * D];
    for (int i = 0; i < rows; i++) {
      int near = r.nextInt(K);
      for (int c = 0; c < D; c++) {
        x[i * D + c] = centres[near * D + c] + r.nextGaussian() * 3;
      }
    }
    for (int c = 0; c < D; c++) {
      x[5 * D + c] = 0.0; // a tie at score 0 between centres 2 and 6
      x[300 * D + c] = 1e300; // scores overflow: the row is scanned
      x[301 * D + c] = c % 2 == 0 ? 1e300 : -1e300;
    }
    CentreScores scores = new CentreScores(centres, K, D);
    int[] labels = scores.labels(x, rows);
    int[] scanned = new int[rows];
    for (int start = 0; start < rows; start += CentreScores.TILE) {
      int m = Math.min(CentreScores.TILE, rows - start);
      double[] s = scores.tile(x, start, m);
      for (int i = 0; i < m; i++) {
        int label = 0;
        for (int j = 1; j < K; j++) {
          if (s[i * K + j] < s[i * K + label]) {
            label = j;
          }
        }
        scanned[start + i] = label;
      }
    }
    assertArrayEquals(scanned, labels);
    assertEquals(2, labels[5]);
    int clear = 0;
    for (int i = 0; i < rows; i++) {
      if (i == 300 || i == 301) {
        continue;
      }
      double best = Double.POSITIVE_INFINITY;
      double second = Double.POSITIVE_INFINITY;
      int label = -1;
      for (int j = 0; j < K; j++) {
        double dist = scores.exactDistance(x, i, j);
        if (dist < best) {
          second = best;
          best = dist;
          label = j;
        } else if (dist < second && dist > best) {
          second = dist;
        }
      }
      if (second - best > 1e-6 * (1 + best)) {
        assertEquals(label, labels[i], "row " + i);
        clear++;
      }
    }
    assertEquals(true, clear > rows / 2, clear + " rows with a clear nearest centre");
  }
}
