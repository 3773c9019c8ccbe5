package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.MergeOptions.Strategy;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.ops.Merge;
import org.marsonspark.session.LocalSession;

/**
 * Which merge strategy is chosen (and that the choice does not change the result) on frames of
 * many chunks, drop_duplicates on many chunks against a plain Java reference, and bad input to
 * merge, join, concat, drop_duplicates, set_index, reset_index and rename.
 */
class DfMerge_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  /** Keys 0..k-1 as float with some NaN, a string key, an int payload. */
  static LocalFrame randomFrame(long seed, int n, int k, String payload) {
    Random r = new Random(seed);
    double[] fk = new double[n];
    Object[] sk = new Object[n];
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      fk[i] = r.nextInt(12) == 0 ? Double.NaN : r.nextInt(k);
      sk[i] = r.nextInt(15) == 0 ? null : "s" + r.nextInt(k / 2 + 1);
      v[i] = r.nextInt(1000);
    }
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("fk", Column.ofDoubles(fk));
    cols.put("sk", Column.ofObjects(sk));
    cols.put(payload, Column.ofLongs(v));
    return LocalFrame.of(cols);
  }

  static LocalFrame run(DataFrame df) {
    df.execute(spark.session());
    try {
      return df.fetch();
    } finally {
      df.release();
    }
  }

  static void assertSameFrame(LocalFrame e, LocalFrame a, String what) {
    assertEquals(e.columnNames(), a.columnNames(), what + ": columns");
    assertEquals(e.dtypes(), a.dtypes(), what + ": dtypes");
    assertEquals(e.nrows(), a.nrows(), what + ": rows");
    assertEquals(e.index().kind(), a.index().kind(), what + ": index kind");
    for (int i = 0; i < e.nrows(); i++) {
      assertEquals(e.index().label(i), a.index().label(i), what + ": label " + i);
      for (int j = 0; j < e.ncols(); j++) {
        Object x = e.column(j).isNA(i) ? "NA" : e.column(j).get(i);
        Object y = a.column(j).isNA(i) ? "NA" : a.column(j).get(i);
        assertEquals(x, y, what + ": row " + i + " column " + e.columnNames().get(j));
      }
    }
  }

  /** Rows an inner merge on fk must give, counted pair by pair (NaN meets NaN). */
  static long innerCount(LocalFrame l, LocalFrame r) {
    Map<Object, Long> counts = new HashMap<>();
    for (int j = 0; j < r.nrows(); j++) {
      counts.merge(key(r, j), 1L, Long::sum);
    }
    long n = 0;
    for (int i = 0; i < l.nrows(); i++) {
      n += counts.getOrDefault(key(l, i), 0L);
    }
    return n;
  }

  private static Object key(LocalFrame f, int i) {
    double d = (Double) f.column("fk").get(i);
    return Double.isNaN(d) ? "NaN" : (Object) d;
  }

  @Test
  void autoBroadcastsASmallSideAndShufflesOtherwise() {
    LocalFrame l = randomFrame(1, 300, 40, "a");
    LocalFrame r = randomFrame(2, 60, 40, "b");
    DataFrame left = Md.dataFrame(l, 50);
    DataFrame right = Md.dataFrame(r, 25);
    DataFrame auto = Md.merge(left, right, MergeOptions.on("fk").how("left"));
    DataFrame shuffled = Md.merge(left, right, MergeOptions.on("fk").how("left").broadcastThreshold(0));
    LocalFrame a = run(auto);
    LocalFrame s = run(shuffled);
    assertEquals(Strategy.BROADCAST, Merge.chosenStrategy(auto), "60 rows are under the 16 MiB default");
    assertEquals(Strategy.SHUFFLE, Merge.chosenStrategy(shuffled), "nothing is under a threshold of 0 bytes");
    assertSameFrame(a, s, "left merge, broadcast vs shuffle");
    assertTrue(a.nrows() >= l.nrows(), "a left merge keeps every left row");

    DataFrame outer = Md.merge(left, right, MergeOptions.on("fk").how("outer"));
    LocalFrame o = run(outer);
    assertEquals(Strategy.SHUFFLE, Merge.chosenStrategy(outer), "an outer merge always shuffles");
    assertTrue(o.nrows() >= a.nrows(), "outer has the left merge's rows and more");

    DataFrame rightHow = Md.merge(right, left, MergeOptions.on("fk").how("right"));
    LocalFrame rr = run(rightHow);
    assertEquals(Strategy.BROADCAST, Merge.chosenStrategy(rightHow), "a right merge broadcasts the small left side");
    assertEquals(a.nrows(), rr.nrows(), "merge(r, l, right) has the rows of merge(l, r, left)");
  }

  @Test
  void autoMeasuresASideOfUnknownSizeFirst() {
    LocalFrame l = randomFrame(3, 200, 30, "a");
    LocalFrame r = randomFrame(4, 200, 30, "b");
    DataFrame left = Md.dataFrame(l, 40);
    DataFrame right = Md.dataFrame(r, 40);
    DataFrame small = right.filter(right.col("b").lt(100L)); // about 20 rows, size unknown until it runs
    long perRow = 8 + 8 + 32 + 8;
    DataFrame m = Md.merge(left, small, MergeOptions.on("fk").broadcastThreshold(60 * perRow));
    LocalFrame got = run(m);
    assertEquals(Strategy.BROADCAST, Merge.chosenStrategy(m), "the filtered side measured under 60 rows");
    LocalFrame rs = run(right.filter(right.col("b").lt(100L)));
    assertTrue(rs.nrows() < 60, "fixture: the filter keeps fewer than 60 rows, kept " + rs.nrows());
    assertEquals(innerCount(l, rs), got.nrows(), "inner merge rows");
    DataFrame big = Md.merge(left, right.filter(right.col("b").lt(900L)),
        MergeOptions.on("fk").broadcastThreshold(60 * perRow));
    LocalFrame got2 = run(big);
    assertEquals(Strategy.SHUFFLE, Merge.chosenStrategy(big), "the filtered side measured over 60 rows");
    assertEquals(innerCount(l, run(right.filter(right.col("b").lt(900L)))), got2.nrows(), "inner merge rows");
  }

  @Test
  void broadcastAndShuffleGiveTheSameFrameForEveryHowAndBucketCount() {
    LocalFrame l = randomFrame(5, 400, 25, "a");
    LocalFrame r = randomFrame(6, 150, 25, "b");
    for (long lc : new long[] {67, 400}) {
      DataFrame left = Md.dataFrame(l, lc);
      DataFrame right = Md.dataFrame(r, 31);
      for (String how : List.of("inner", "left", "right")) {
        MergeOptions o = MergeOptions.on("fk", "sk").how(how);
        LocalFrame b = run(Md.merge(left, right, o.strategy(Strategy.BROADCAST)));
        for (int p : new int[] {0, 1, 5}) {
          LocalFrame s = run(Md.merge(left, right, o.strategy(Strategy.SHUFFLE).partitions(p)));
          assertSameFrame(b, s, how + " merge, left chunks of " + lc + ", " + p + " buckets");
        }
      }
      LocalFrame inner = run(Md.merge(left, right, MergeOptions.on("fk").strategy(Strategy.SHUFFLE).partitions(4)));
      assertEquals(innerCount(l, r), inner.nrows(), "inner merge on fk: rows counted pair by pair");
    }
  }

  /**
   * One int64 key on both sides takes a primitive hash path (MergePlan.longPairs): it gives the
   * frame the general path gives for the same keys as float64, for every how and both strategies;
   * keys in a dense range (a table indexed by key) and spread out (a hash table).
   */
  @Test
  void int64KeysMergeAsTheGeneralPathDoes() {
    for (long scale : new long[] {1, 1_000_003}) {
      int64KeysMerge(scale);
    }
  }

  private void int64KeysMerge(long scale) {
    Random rnd = new Random(9);
    long[] lk = new long[500];
    long[] lv = new long[500];
    for (int i = 0; i < lk.length; i++) {
      lk[i] = (rnd.nextInt(60) - 10) * scale;
      lv[i] = i;
    }
    long[] rk = new long[90];
    Object[] rv = new Object[90];
    for (int i = 0; i < rk.length; i++) {
      rk[i] = (rnd.nextInt(80) - 10) * scale;
      rv[i] = "r" + i;
    }
    Map<String, Column> lcols = new LinkedHashMap<>();
    lcols.put("k", Column.ofLongs(lk));
    lcols.put("a", Column.ofLongs(lv));
    Map<String, Column> rcols = new LinkedHashMap<>();
    rcols.put("key", Column.ofLongs(rk));
    rcols.put("b", Column.ofObjects(rv));
    DataFrame left = Md.dataFrame(LocalFrame.of(lcols), 70);
    DataFrame right = Md.dataFrame(LocalFrame.of(rcols), 40);
    DataFrame leftF = left.astype(Map.of("k", "float64"));
    DataFrame rightF = right.astype(Map.of("key", "float64"));
    for (String how : List.of("inner", "left", "right", "outer")) {
      for (Strategy st : how.equals("outer") ? List.of(Strategy.SHUFFLE) : List.of(Strategy.BROADCAST, Strategy.SHUFFLE)) {
        MergeOptions o = MergeOptions.leftOn("k").rightOn("key").how(how).strategy(st);
        LocalFrame general = run(Md.merge(leftF, rightF, o));
        LocalFrame got = run(Md.merge(left, right, o).astype(Map.of("k", "float64", "key", "float64")));
        assertSameFrame(general, got, how + " merge on int64 keys x " + scale + ", " + st);
        assertTrue(got.nrows() > 0, how);
      }
    }
  }

  @Test
  void dropDuplicatesOnManyChunksKeepsPandasOccurrences() {
    LocalFrame f = randomFrame(7, 500, 20, "a");
    DataFrame df = Md.dataFrame(f, 90);
    for (String keep : List.of("first", "last", "false")) {
      LocalFrame got = run(df.dropDuplicates(keep, "fk", "sk"));
      Map<List<Object>, List<Integer>> rows = new LinkedHashMap<>();
      for (int i = 0; i < f.nrows(); i++) {
        rows.computeIfAbsent(List.of(key(f, i), Objects.toString(f.column("sk").get(i))), x -> new ArrayList<>()).add(i);
      }
      List<Long> expected = new ArrayList<>();
      for (List<Integer> at : rows.values()) {
        if (keep.equals("first")) {
          expected.add((long) at.get(0));
        } else if (keep.equals("last")) {
          expected.add((long) at.get(at.size() - 1));
        } else if (at.size() == 1) {
          expected.add((long) at.get(0));
        }
      }
      expected.sort(null);
      List<Object> labels = new ArrayList<>();
      for (int i = 0; i < got.nrows(); i++) {
        labels.add(got.index().label(i));
      }
      assertEquals(new ArrayList<Object>(expected), labels, "keep=" + keep + ": surviving labels in order");
    }
  }

  // ---- bad input ----------------------------------------------------------------------------

  private static DataFrame small() {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("k", Column.ofStrings("a", "b", "c"));
    cols.put("n", Column.ofLongs(1, 2, 3));
    cols.put("c", Column.categoricalOf("u", "v", "u"));
    return Md.dataFrame(LocalFrame.of(cols), 2);
  }


  @Test
  void badMergeInputIsRejectedBeforeAnythingRuns() {
    DataFrame a = small();
    DataFrame b = small();
    assertError(ErrorClass.COLUMN_NOT_FOUND, () -> Md.merge(a, b, "inner", "zz"), "key column 'zz'", "left");
    assertError(ErrorClass.COLUMN_NOT_FOUND, () -> Md.merge(a, b, MergeOptions.leftOn("k").rightOn("zz")),
        "key column 'zz'", "right");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> Md.merge(a, b, MergeOptions.leftOn("k", "n").rightOn("k")),
        "len(right_on) must equal len(left_on)");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> Md.merge(a, b, MergeOptions.leftOn("k")), "right_on");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> Md.merge(a, b, MergeOptions.leftOn("k", "n").withRightIndex(true)),
        "number of levels");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> Md.merge(a, b, MergeOptions.on("k").how("sideways")),
        "how must be one of inner, left, right, outer", "sideways");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> Md.merge(a, b, MergeOptions.on("k").how("cross")), "cross");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> Md.merge(a, b, MergeOptions.on("k").rightOn("k")),
        "\"on\" OR \"left_on\"");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> Md.merge(a.select("k"), b.select("n"), MergeOptions.defaults()),
        "no common columns");
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> Md.merge(a, b, MergeOptions.leftOn("n").rightOn("k")),
        "int64 and object");
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> Md.merge(a, b, "inner", "c"), "category");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> Md.merge(a, b, MergeOptions.on("k").how("outer")
        .strategy(Strategy.BROADCAST)), "BROADCAST cannot compute an outer merge");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> Md.merge(a, b, MergeOptions.on("k").suffixes("", "")),
        "columns overlap but no suffix specified", "[c, n]");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> a.join(b, null, "left"), "columns overlap but no suffix");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> a.join(b.setIndex("k"), "k", "outer", "_l", "_r"),
        "left_on with right_index=True", "outer");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> MergeOptions.on("k").partitions(-1), "partitions");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> MergeOptions.on("k").broadcastThreshold(-5), "broadcastThreshold");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> Md.merge(a.rename(Map.of("n", "c_x")), b, MergeOptions.on("k")),
        "two columns named 'c_x'");
  }

  @Test
  void badRowSetInputIsRejected() {
    DataFrame a = small();
    assertError(ErrorClass.INVALID_ARGUMENT, () -> a.dropDuplicates("middle"), "keep must be", "middle");
    assertError(ErrorClass.COLUMN_NOT_FOUND, () -> a.dropDuplicates("first", "zz"), "'zz'");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> Md.concat(List.of()), "No objects to concatenate");
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, () -> Md.concat(List.of(a, a), 2, false), "axis");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> Md.concat(List.of(a, a), 1, false), "two columns named 'k'");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> Md.concat(List.of(a, a), 1, true), "ignoreIndex");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> Md.concat(List.of(a.col("k"), a.col("n").rename(null)), 1, false),
        "named Series");
    assertError(ErrorClass.COLUMN_NOT_FOUND, () -> a.setIndex("zz"), "set_index", "'zz'");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> a.setIndex("k", false).resetIndex(), "cannot insert k");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> a.rename(Map.of("n", "k")), "two columns would be named 'k'");
    // axis=1 of frames with different row counts (known sizes): raised at once
    DataFrame b = Md.dataFrame(LocalFrame.of(Map.of("z", Column.ofLongs(1, 2))), 1);
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> Md.concat(List.of(a, b), 1, false), "3 and 2 rows");
    // axis=1 of frames with as many rows but other labels: raised by the chunk task
    DataFrame c = Md.dataFrame(LocalFrame.of(LocalIndex.of(Column.ofStrings("x", "y", "z"), null),
        Map.of("z", Column.ofLongs(1, 2, 3))), 3);
    DataFrame side2 = (DataFrame) Md.concat(List.of(a, c), 1, false);
    MarsException e = assertThrows(MarsException.class, () -> side2.execute(spark.session()));
    assertTrue(e.getMessage().contains("row labels"), e.getMessage());
    // the session stays usable
    assertEquals(3, run((DataFrame) Md.concat(List.of(a, a.select("k").rename(Map.of("k", "k2"))), 1, false)).nrows());
  }
}
