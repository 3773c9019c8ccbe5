package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * Sorting, top-k, value_counts, transform and apply beyond the pandas fixtures: many chunks
 * (PSRS with many buckets, many duplicate keys) against a Java reference, value_counts through
 * the shuffle combination, and bad input (clear MarsExceptions before anything runs).
 */
class DfSort_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static final int N = 3000;

  private static LocalFrame data() {
    Random r = new Random(7);
    long[] k = new long[N];
    double[] v = new double[N];
    String[] s = new String[N];
    for (int i = 0; i < N; i++) {
      k[i] = r.nextInt(40);
      v[i] = r.nextInt(10) == 0 ? Double.NaN : Math.round(r.nextGaussian() * 100) / 10.0;
      s[i] = r.nextInt(15) == 0 ? null : "s" + r.nextInt(200);
    }
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("k", Column.ofLongs(k));
    cols.put("v", Column.ofDoubles(v));
    cols.put("s", Column.ofStrings(s));
    return LocalFrame.of(cols);
  }

  /** The reference order: k descending, then v ascending NaN first, then input order. */
  private static List<Integer> reference(LocalFrame f) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < f.nrows(); i++) {
      order.add(i);
    }
    long[] k = ((org.marsonspark.dataframe.local.LongColumn) f.column("k")).values();
    double[] v = ((org.marsonspark.dataframe.local.DoubleColumn) f.column("v")).values();
    Comparator<Integer> byV = (a, b) -> {
      boolean na = Double.isNaN(v[a]);
      boolean nb = Double.isNaN(v[b]);
      return na || nb ? Boolean.compare(nb, na) : Double.compare(v[a], v[b]);
    };
    order.sort(Comparator.<Integer>comparingLong(i -> -k[i]).thenComparing(byV));
    return order;
  }

  @Test
  void psrsOverManyChunksIsStableAndKeepsLabels() {
    LocalFrame local = data();
    DataFrame df = Md.dataFrame(local, 250);
    DataFrame sorted = df.sortValues(new String[] {"k", "v"}, new boolean[] {false, true}, "first")
        .execute(spark.session());
    assertEquals(12, sorted.nsplits()[0].length, "one bucket per input chunk");
    long total = 0;
    for (long n : sorted.nsplits()[0]) {
      total += n;
      assertTrue(n < N, "a bucket holding everything means the pivots failed: " + n);
    }
    assertEquals(N, total);
    LocalFrame got = sorted.fetch();
    List<Integer> ref = reference(local);
    for (int i = 0; i < N; i++) {
      assertEquals((long) ref.get(i), got.index().label(i), "row " + i + " (labels travel with rows)");
      assertEquals(local.column("s").get(ref.get(i)), got.column("s").get(i));
    }
  }

  @Test
  void sortAfterFilterAndTopNOverManyChunks() {
    LocalFrame local = data();
    DataFrame df = Md.dataFrame(local, 200);
    DataFrame big = df.filter(df.col("k").ge(20L));
    LocalFrame sorted = big.sortValues(new String[] {"k", "v"}, new boolean[] {false, true}, "first")
        .execute(spark.session()).fetch();
    List<Integer> ref = new ArrayList<>(reference(local));
    long[] k = ((org.marsonspark.dataframe.local.LongColumn) local.column("k")).values();
    ref.removeIf(i -> k[i] < 20);
    assertEquals(ref.size(), sorted.nrows());
    for (int i = 0; i < ref.size(); i++) {
      assertEquals((long) ref.get(i), sorted.index().label(i));
    }
    // nlargest(25, "k") keeps the first rows of the largest keys: the stable descending order
    LocalFrame top = df.nlargest(25, "k").execute(spark.session()).fetch();
    List<Integer> byK = new ArrayList<>();
    for (int i = 0; i < N; i++) {
      byK.add(i);
    }
    byK.sort(Comparator.comparingLong(i -> -k[i]));
    assertEquals(25, top.nrows());
    for (int i = 0; i < 25; i++) {
      assertEquals((long) byK.get(i), top.index().label(i));
    }
  }

  @Test
  void valueCountsThroughTheShuffle() {
    LocalFrame local = data();
    TreeMap<String, Long> counts = new TreeMap<>();
    for (int i = 0; i < N; i++) {
      Object s = local.column("s").get(i);
      if (s != null) {
        counts.merge((String) s, 1L, Long::sum);
      }
    }
    List<Map.Entry<String, Long>> ref = new ArrayList<>(counts.entrySet());
    ref.sort(Map.Entry.<String, Long>comparingByValue().reversed()); // stable: ties stay by value
    try (MarsSession small = MarsSession.attach(spark.session().spark(),
        spark.session().options().withChunkStoreLimit(4 << 10))) {
      Series vc = Md.dataFrame(local, 300).col("s").valueCounts().execute(small);
      assertTrue(vc.nsplits()[0].length > 1, "the counts should come from several key-range buckets");
      LocalSeries got = vc.fetch();
      assertEquals(ref.size(), got.size());
      for (int i = 0; i < ref.size(); i++) {
        assertEquals(ref.get(i).getKey(), got.index().label(i), "position " + i);
        assertEquals(ref.get(i).getValue(), got.get(i));
      }
    } finally {
      spark.session().asDefault();
    }
  }

  @Test
  void groupTransformWithManyChunksMatchesAReference() {
    LocalFrame local = data();
    DataFrame df = Md.dataFrame(local, 300);
    LocalFrame sums = df.groupby("k").transform("sum", "v").execute(spark.session()).fetch();
    LocalFrame demeaned = df.select("k", "v").groupby("k").method("shuffle")
        .transform(DfGroupApply_FixtureTest::demean).execute(spark.session()).fetch();
    double[] total = new double[40];
    double[] cnt = new double[40];
    long[] k = ((org.marsonspark.dataframe.local.LongColumn) local.column("k")).values();
    double[] v = ((org.marsonspark.dataframe.local.DoubleColumn) local.column("v")).values();
    for (int i = 0; i < N; i++) {
      if (!Double.isNaN(v[i])) {
        total[(int) k[i]] += v[i];
        cnt[(int) k[i]]++;
      }
    }
    assertEquals(N, sums.nrows());
    assertEquals(N, demeaned.nrows());
    for (int i = 0; i < N; i++) {
      assertEquals((long) i, sums.index().label(i));
      assertEquals(total[(int) k[i]], (Double) sums.column("v").get(i), 1e-9);
      double want = v[i] - total[(int) k[i]] / cnt[(int) k[i]];
      double gotD = (Double) demeaned.column("v").get(i);
      assertTrue(Double.isNaN(want) ? Double.isNaN(gotD) : Math.abs(want - gotD) < 1e-9, "row " + i);
    }
  }

  private static DataFrame frame() {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofLongs(3, 1, 2));
    cols.put("s", Column.ofStrings("x", "y", null));
    cols.put("k", Column.categoricalOf("u", "v", "u"));
    cols.put("m", Column.ofObjects("x", 1L, "z"));
    return Md.dataFrame(LocalFrame.of(cols), 2);
  }


  @Test
  void badArgumentsFailBeforeRunning() {
    DataFrame df = frame();
    assertError(ErrorClass.COLUMN_NOT_FOUND, () -> df.sortValues("nope"), "sort_values", "'nope'");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.sortValues(new String[0], new boolean[] {true}, "last"),
        "at least one column");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.sortValues(new String[] {"a", "s"},
        new boolean[] {true, false, true}, "last"), "Length of ascending (3) != length of by (2)");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.sortValues(new String[] {"a"}, new boolean[] {true}, "middle"),
        "na_position", "'middle'");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.col("a").sortValues(true, "top"), "na_position");
    assertError(ErrorClass.COLUMN_NOT_FOUND, () -> df.nlargest(2, "zz"), "nlargest", "'zz'");
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.nlargest(2, "s"), "nlargest", "'s'", "object");
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.col("s").nsmallest(2), "nsmallest", "object");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.nlargest(2, "last", new String[] {"a"}), "keep='last'");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.col("a").nsmallest(2, "all"), "keep='all'");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.col("k").valueCounts(), "value_counts", "category");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.groupby("s").transform("median"), "unknown aggregation",
        "'median'");
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.groupby("a").transform("mean", "s"), "mean", "object");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.groupby("a").transform("sum", "zz"), "transform", "'zz'");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.groupby("a").transform("sum", "a"), "groupby key");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.groupby("a").transform("size"), "size");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.groupby("a").apply(g -> {
      if (g.nrows() == 0) {
        throw new IllegalStateException("needs a row");
      }
      return g;
    }),
        "apply", "empty group", "pass them explicitly");
  }

  @Test
  void badDataFailsAtRunWithTheCause() {
    DataFrame df = frame();
    MarsException e = assertThrows(MarsException.class, () -> df.sortValues("m").execute(spark.session()));
    assertTrue(e.getMessage().contains("'<' not supported between instances of"), e.getMessage());
    // a function whose output differs from the inferred columns is named with its group
    Map<String, DfType> dt = new LinkedHashMap<>();
    dt.put("a", DfType.FLOAT64);
    MarsException f = assertThrows(MarsException.class, () -> df.groupby("a").apply(g -> g.select(List.of("a")), dt)
        .execute(spark.session()));
    assertTrue(f.getMessage().contains("with dtypes [int64]") && f.getMessage().contains("for the group"),
        f.getMessage());
    MarsException t = assertThrows(MarsException.class, () -> df.select("a", "s").groupby("a")
        .transform(g -> g.slice(0, Math.min(g.nrows(), 0))).execute(spark.session()));
    assertTrue(t.getMessage().contains("one row per row of its group"), t.getMessage());
    // the session is still usable
    assertEquals(3, df.sortValues("a").execute(spark.session()).fetch().nrows());
  }
}
