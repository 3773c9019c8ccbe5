package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * permutation, shuffle and choice: bijections and samples that depend on the seed, the draw and
 * the position only (identical for every chunking and with fusion off), with the distributions
 * numpy's have. Statistical checks use bounds far in the tails (well beyond 4 standard
 * deviations), so they fail for a wrong law, not by chance.
 */
class Random_SamplingTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static long[] longs(Tensor t) {
    return t.execute(spark.session()).fetch().longs();
  }

  @Test
  void permutationIsABijectionIdenticalForEveryChunking() {
    int n = 1000;
    long[] first = null;
    for (long chunk : new long[] {n, 333, 64, 150}) {
      long[] p = longs(new RandomState(42).permutation(n, ChunkSize.of(chunk)));
      long[] sorted = p.clone();
      Arrays.sort(sorted);
      for (int i = 0; i < n; i++) {
        assertEquals(i, sorted[i], "permutation(" + n + ") with chunks of " + chunk + " is not a bijection");
      }
      if (first == null) {
        first = p;
      } else {
        assertArrayEquals(first, p, "chunks of " + chunk + " changed the permutation");
      }
    }
    MarsSession unfused = MarsSession.attach(spark.session().spark(), spark.session().options().withFusion(false));
    try {
      long[] noFusion = new RandomState(42).permutation(n, ChunkSize.of(64)).execute(unfused).fetch().longs();
      assertArrayEquals(first, noFusion, "fusion off changed the permutation");
    } finally {
      unfused.close();
      spark.session().asDefault();
    }
    assertTrue(!Arrays.equals(first, longs(new RandomState(43).permutation(n))), "another seed, another order");
  }

  @Test
  void permutationIsUniform() {
    // (position decile, value decile): 100 cells of n/100 expected each; chi-square with 81 dof
    int n = 200_000;
    long[] p = longs(new RandomState(7).permutation(n, ChunkSize.of(30_000)));
    long[][] cells = new long[10][10];
    double sumXY = 0;
    for (int i = 0; i < n; i++) {
      cells[i * 10 / n][(int) (p[i] * 10 / n)]++;
      sumXY += (double) i * p[i];
    }
    double expected = n / 100.0;
    double chi2 = 0;
    for (long[] row : cells) {
      for (long c : row) {
        chi2 += (c - expected) * (c - expected) / expected;
      }
    }
    assertTrue(chi2 < 160, "positions and values are not independent: chi2 = " + chi2 + " (81 dof)");
    // Pearson correlation of position and value (both uniform on 0..n-1): sd 1/sqrt(n)
    double mean = (n - 1) / 2.0;
    double var = ((double) n * n - 1) / 12;
    double rho = (sumXY / n - mean * mean) / var;
    assertTrue(Math.abs(rho) < 6 / Math.sqrt(n), "correlation of position and value " + rho);
  }

  @Test
  void shuffleAndPermutationOfATensorMoveWholeRows() {
    Tensor x = Mt.arange(0, 40, 1).reshape(10, 4).rechunk(ChunkSize.of(3, 2));
    NDArray shuffled = new RandomState(5).shuffle(x).execute(spark.session()).fetch();
    long[] order = longs(new RandomState(5).permutation(10));
    NDArray viaPermutation = new RandomState(5).permutation(x).execute(spark.session()).fetch();
    assertArrayEquals(new long[] {10, 4}, shuffled.shape());
    for (int r = 0; r < 10; r++) {
      for (int c = 0; c < 4; c++) {
        assertEquals(order[r] * 4 + c, shuffled.getLong(r * 4 + c), "row " + r + " is row " + order[r] + " of x");
        assertEquals(shuffled.getLong(r * 4 + c), viaPermutation.getLong(r * 4 + c));
      }
    }
    MarsException e = assertThrows(MarsException.class, () -> new RandomState(1).permutation(Mt.array(new long[] {3})
        .reshape()));
    assertEquals(ErrorClass.INVALID_ARGUMENT, e.errorClass());
  }

  @Test
  void choiceWithReplacementIsUniformOrFollowsP() {
    int k = 100_000;
    long[] uniform = longs(new RandomState(3).choice(10, new long[] {k}, true, (double[]) null));
    assertFrequencies(uniform, new double[] {.1, .1, .1, .1, .1, .1, .1, .1, .1, .1}, "uniform choice");
    double[] p = {0.5, 0.0, 0.2, 0.25, 0.05};
    long[] weighted = longs(new RandomState(3).choice(5, new long[] {k}, true, p));
    assertFrequencies(weighted, p, "choice with p");
    long[] again = new RandomState(3).choice(5, new long[] {k}, true, Mt.tensor(NDArray.of(p), ChunkSize.of(2)),
        ChunkSize.of(7_000)).execute(spark.session()).fetch().longs();
    assertArrayEquals(weighted, again, "the chunking of p and of the draws changed the sample");
    NDArray shaped = new RandomState(3).choice(5, new long[] {4, 3}, true, p).execute(spark.session()).fetch();
    assertArrayEquals(new long[] {4, 3}, shaped.shape());
  }

  private static void assertFrequencies(long[] draws, double[] p, String what) {
    long[] counts = new long[p.length];
    for (long d : draws) {
      counts[(int) d]++;
    }
    for (int i = 0; i < p.length; i++) {
      double sd = Math.sqrt(draws.length * p[i] * (1 - p[i]));
      assertTrue(Math.abs(counts[i] - draws.length * p[i]) <= 6 * sd, what + ": value " + i + " drawn " + counts[i]
          + " times of " + draws.length + ", expected p = " + p[i]);
    }
  }

  @Test
  void choiceWithoutReplacementDrawsDistinctValues() {
    long[] s = longs(new RandomState(11).choice(1000, new long[] {600}, false, (double[]) null));
    assertEquals(600, s.length);
    Set<Long> seen = new HashSet<>();
    for (long v : s) {
      assertTrue(v >= 0 && v < 1000 && seen.add(v), "draw " + v + " repeated or out of range");
    }
    long[] prefix = longs(new RandomState(11).permutation(1000));
    assertArrayEquals(Arrays.copyOf(prefix, 600), s, "uniform choice without replacement is a permutation's head");
    // only four values have a positive weight: four draws without replacement take all of them
    long[] all = longs(new RandomState(2).choice(5, new long[] {4}, false, new double[] {.4, .3, 0, .2, .1}));
    long[] sorted = all.clone();
    Arrays.sort(sorted);
    assertArrayEquals(new long[] {0, 1, 3, 4}, sorted);
  }

  @Test
  void weightedChoiceWithoutReplacementFavoursHeavyValues() {
    // 100 000 values, the upper half three times as likely: a small sample is 3/4 from the upper half
    int n = 100_000;
    double[] w = new double[n];
    for (int i = 0; i < n; i++) {
      w[i] = (i < n / 2 ? 1.0 : 3.0) / (2.0 * n);
    }
    Tensor p = Mt.tensor(NDArray.of(w), ChunkSize.of(30_000));
    long[] s = new RandomState(9).choice(n, new long[] {1000}, false, p, ChunkSize.of(25_000))
        .execute(spark.session()).fetch().longs();
    Set<Long> seen = new HashSet<>();
    long upper = 0;
    for (long v : s) {
      assertTrue(seen.add(v), "value " + v + " drawn twice");
      upper += v >= n / 2 ? 1 : 0;
    }
    assertEquals(0.75, upper / 1000.0, 0.08, "share of the heavier half");
    long[] other = new RandomState(9).choice(n, new long[] {1000}, false, p.rechunk(ChunkSize.of(n)),
        ChunkSize.of(n)).execute(spark.session()).fetch().longs();
    assertArrayEquals(s, other, "the chunking changed the sample");
  }

  @Test
  void choiceFromATensorAndBadInput() {
    Tensor a = Mt.array(new double[] {10, 20, 30});
    double[] v = new RandomState(4).choice(a, new long[] {50}, true, null, ChunkSize.auto())
        .execute(spark.session()).fetch().doubles();
    for (double x : v) {
      assertTrue(x == 10 || x == 20 || x == 30, "drew " + x);
    }
    RandomState rs = new RandomState(1);
    assertError(ErrorClass.INVALID_ARGUMENT, "larger sample", () -> rs.choice(3, new long[] {4}, false, (double[]) null));
    assertError(ErrorClass.SHAPE_MISMATCH, "same size", () -> rs.choice(3, new long[] {2}, true, new double[] {1}));
    assertError(ErrorClass.INVALID_ARGUMENT, "greater than 0", () -> rs.choice(0, 2));
    assertError(ErrorClass.INVALID_ARGUMENT, "1-dimensional", () -> rs.choice(Mt.ones(2, 2), new long[] {1}, true,
        null, ChunkSize.auto()));
    Tensor negative = rs.choice(3, new long[] {2}, true, new double[] {1.2, -0.2, 0});
    assertError(ErrorClass.INVALID_ARGUMENT, "not non-negative", () -> negative.execute(spark.session()));
    Tensor notOne = rs.choice(3, new long[] {2}, true, new double[] {0.5, 0.2, 0});
    assertError(ErrorClass.INVALID_ARGUMENT, "do not sum to 1", () -> notOne.execute(spark.session()));
    Tensor tooFew = rs.choice(3, new long[] {2}, false, new double[] {1, 0, 0});
    assertError(ErrorClass.INVALID_ARGUMENT, "Fewer non-zero entries", () -> tooFew.execute(spark.session()));
    assertEquals(3, longs(Mt.arange(3)).length, "the session still runs work");
  }
}
