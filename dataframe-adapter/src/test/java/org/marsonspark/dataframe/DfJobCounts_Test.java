package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DoubleColumn;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LongColumn;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.JobProbe;

/**
 * An operation's Spark jobs and stages do not grow with its chunks: the same data in 4, 24 and
 * 96 chunks runs the shuffles (groupby, merge, sort, drop_duplicates), the scans across chunk
 * edges (shift, rolling, a shift after a filter) as the same few jobs — and gives the same values, checked against plain Java references. (A tree reduction
 * grows by its tree's depth: one more level, at most one more job, for four times the chunks.)
 */
class DfJobCounts_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static final int N = 9600;
  private static final int KEYS = 200;
  private static final int[] CHUNKS = {4, 24, 96};

  private static final long[] K = new long[N];
  private static final double[] V = new double[N];

  static {
    Random r = new Random(5);
    for (int i = 0; i < N; i++) {
      K[i] = r.nextInt(KEYS);
      V[i] = r.nextDouble();
    }
  }

  private static DataFrame frame(int chunks) {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("k", Column.ofLongs(K));
    cols.put("v", Column.ofDoubles(V));
    return Md.dataFrame(cols, N / chunks);
  }

  private record Run(JobProbe.Counts counts, java.util.List<String> descriptions, LocalFrame result) {}

  /** The operation on the data in each of {@link #CHUNKS} chunkings: its counts and its fetched result. */
  private static Run[] runs(Function<DataFrame, DataFrame> op) {
    Run[] out = new Run[CHUNKS.length];
    try (JobProbe probe = new JobProbe(spark.session().sparkContext())) {
      for (int i = 0; i < CHUNKS.length; i++) {
        DataFrame result = op.apply(frame(CHUNKS[i]));
        probe.reset();
        result.execute(spark.session());
        JobProbe.Counts counts = probe.counts();
        out[i] = new Run(counts, probe.descriptions(), result.fetch());
        result.release();
      }
    }
    return out;
  }

  private static void assertFlat(String op, Run[] runs) {
    Run at24 = runs[1];
    Run at96 = runs[2];
    String counts = op + ": " + runs[0].counts() + ", " + at24.counts() + ", " + at96.counts();
    assertEquals(at24.counts().jobs(), at96.counts().jobs(), "jobs at 24 and 96 chunks, " + counts);
    assertEquals(at24.counts().stages(), at96.counts().stages(), "stages at 24 and 96 chunks, " + counts);
    assertTrue(at96.counts().jobs() <= runs[0].counts().jobs() + 1, "jobs at 4 and 96 chunks, " + counts);
  }

  private static void assertSameAcrossChunkings(String op, Run[] runs, String... columns) {
    for (String c : columns) {
      for (int i = 1; i < runs.length; i++) {
        DfAssert.assertSameColumn(runs[0].result().column(c), runs[i].result().column(c), op + " column " + c + " on "
            + CHUNKS[i] + " chunks");
      }
    }
  }

  private static double[] doubles(LocalFrame f, String c) {
    return ((DoubleColumn) f.column(c)).values();
  }

  private static long[] longs(LocalFrame f, String c) {
    return ((LongColumn) f.column(c)).values();
  }

  @Test
  void groupbyShuffleIsFlatAndSumsEveryKey() {
    Run[] runs = runs(df -> df.groupby("k").method("shuffle").agg("sum"));
    assertFlat("groupby(k).method(shuffle).agg(sum)", runs);
    assertSameAcrossChunkings("groupby shuffle", runs, "v");
    assertEquals(KEYS, runs[0].result().nrows());
    assertEquals(Arrays.stream(V).sum(), Arrays.stream(doubles(runs[0].result(), "v")).sum(), 1e-9);
  }

  @Test
  void groupbyTreeGrowsByItsDepthOnly() {
    Run[] runs = runs(df -> df.groupby("k").agg("sum"));
    String counts = runs[0].counts() + ", " + runs[1].counts() + ", " + runs[2].counts();
    assertTrue(runs[2].counts().jobs() <= runs[1].counts().jobs() + 1, "jobs at 24 and 96 chunks: " + counts);
    assertSameAcrossChunkings("groupby tree", runs, "v");
    assertEquals(Arrays.stream(V).sum(), Arrays.stream(doubles(runs[2].result(), "v")).sum(), 1e-9);
  }

  @Test
  void dropDuplicatesIsFlatAndKeepsFirstOccurrences() {
    Run[] runs = runs(df -> df.dropDuplicates("first", "k"));
    assertFlat("drop_duplicates", runs);
    // the Spark UI names each job by its operation and task count
    java.util.List<String> jobs = runs[1].descriptions();
    assertTrue(jobs.stream().allMatch(d -> d.matches("mars: \\S.* · \\d+ tasks?")), "job descriptions: " + jobs);
    // the splits' pieces go through Spark's shuffle, written by the map stage of the job reading them
    assertTrue(jobs.stream().anyMatch(d -> d.startsWith("mars: drop_duplicates.decide · ")), "job descriptions: " + jobs);
    LinkedHashSet<Long> first = new LinkedHashSet<>();
    for (long k : K) {
      first.add(k);
    }
    long[] expected = first.stream().mapToLong(Long::longValue).toArray();
    for (Run r : runs) {
      assertArrayEquals(expected, longs(r.result(), "k"));
    }
    assertSameAcrossChunkings("drop_duplicates", runs, "v");
  }

  @Test
  void sortValuesIsFlatAndSorted() {
    Run[] runs = runs(df -> df.sortValues("v"));
    assertFlat("sort_values", runs);
    double[] sorted = V.clone();
    Arrays.sort(sorted);
    for (Run r : runs) {
      assertArrayEquals(sorted, doubles(r.result(), "v"));
    }
    assertSameAcrossChunkings("sort_values", runs, "k");
  }

  @Test
  void mergeIsFlatAndMatchesEveryRow() {
    long[] rk = new long[KEYS];
    double[] rw = new double[KEYS];
    for (int i = 0; i < KEYS; i++) {
      rk[i] = i;
      rw[i] = i * 0.5;
    }
    Map<String, Column> right = new LinkedHashMap<>();
    right.put("k", Column.ofLongs(rk));
    right.put("w", Column.ofDoubles(rw));
    Run[] runs = runs(df -> df.merge(Md.dataFrame(right, KEYS / 4), "inner", "k"));
    assertFlat("merge", runs);
    for (Run r : runs) {
      assertEquals(N, r.result().nrows());
      long[] k = longs(r.result(), "k");
      double[] w = doubles(r.result(), "w");
      for (int i = 0; i < N; i++) {
        assertEquals(k[i] * 0.5, w[i], "row " + i + " took its key's value");
      }
    }
    assertSameAcrossChunkings("merge", runs, "k", "v", "w");
  }

  @Test
  void shiftAfterAFilterIsFlat() {
    Run[] runs = runs(df -> df.filter(df.col("v").gt(0.5)).shift(1));
    assertFlat("filter then shift", runs);
    double[] kept = Arrays.stream(V).filter(x -> x > 0.5).toArray();
    double[] expected = new double[kept.length];
    expected[0] = Double.NaN;
    System.arraycopy(kept, 0, expected, 1, kept.length - 1);
    for (Run r : runs) {
      assertArrayEquals(expected, doubles(r.result(), "v"));
    }
  }

  @Test
  void rollingAndShiftAreFlat() {
    Run[] rolling = runs(df -> df.rolling(5).mean());
    assertFlat("rolling(5).mean()", rolling);
    for (Run r : rolling) {
      double[] got = doubles(r.result(), "v");
      for (int i = 0; i < N; i++) {
        if (i < 4) {
          assertTrue(Double.isNaN(got[i]), "rolling row " + i);
        } else {
          double s = 0;
          for (int j = i - 4; j <= i; j++) {
            s += V[j];
          }
          assertEquals(s / 5, got[i], 1e-12, "rolling row " + i);
        }
      }
    }
    assertSameAcrossChunkings("rolling", rolling, "v");
    Run[] shift = runs(df -> df.shift(1));
    assertFlat("shift(1)", shift);
    double[] expected = new double[N];
    expected[0] = Double.NaN;
    System.arraycopy(V, 0, expected, 1, N - 1);
    for (Run r : shift) {
      assertArrayEquals(expected, doubles(r.result(), "v"));
    }
  }
}
