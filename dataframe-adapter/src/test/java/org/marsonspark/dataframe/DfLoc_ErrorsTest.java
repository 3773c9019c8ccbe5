package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.session.LocalSession;

/**
 * Errors of label loc, positional take and whole-frame operations: pandas's KeyError / IndexError
 * / TypeError as a MarsException with a stable class and a message naming the label, position,
 * column or parameter — before anything runs where metadata tells, else from the task (or from
 * tiling, for positions) — and results that are not fixtures (the one-row rule, lazy operands).
 */
class DfLoc_ErrorsTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  /** Labels d, b, a, a, e, c (unordered, a repeated in one run) in chunks of 2. */
  private static DataFrame unordered() {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("v", Column.ofLongs(1, 2, 3, 4, 5, 6));
    cols.put("s", Column.ofStrings("p", "q", null, "r", "s", "t"));
    return Md.dataFrame(LocalFrame.of(LocalIndex.of(Column.ofStrings("d", "b", "a", "a", "e", "c"), "row"), cols), 2);
  }

  private static DataFrame numbers() {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofLongs(1, -2, 3, 4));
    cols.put("b", Column.ofDoubles(1.5, Double.NaN, -2.5, 3.5));
    cols.put("c", Column.ofStrings("x", "y", null, "z"));
    cols.put("k", Column.categoricalOf("u", "v", null, "u"));
    return Md.dataFrame(LocalFrame.of(cols), 3);
  }

  private static void assertBefore(ErrorClass expected, Runnable r, String... fragments) {
    MarsException e = assertThrows(MarsException.class, r::run);
    assertEquals(expected, e.errorClass(), e.getMessage());
    for (String f : fragments) {
      assertTrue(e.getMessage().contains(f), "message '" + e.getMessage() + "' should mention '" + f + "'");
    }
  }

  /** Runs x; the MarsException raised (itself or along its causes) has this class and mentions the fragments. */
  private static void assertFailsAtRun(ErrorClass expected, Executable x, String... fragments) {
    MarsException e = assertThrows(MarsException.class, () -> x.execute(spark.session()));
    MarsException found = null;
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof MarsException m && m.errorClass() == expected) {
        found = m;
      }
    }
    assertTrue(found != null, "expected a " + expected + " in the causes of " + e);
    for (String f : fragments) {
      assertTrue(found.getMessage().contains(f), "message '" + found.getMessage() + "' should mention '" + f + "'");
    }
  }

  @Test
  void missingLabelsAreKeyErrors() {
    DataFrame df = unordered();
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, df.loc(List.of("a", "zz", "yy")), "KeyError", "zz", "yy");
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, df.loc("nope"), "KeyError", "nope");
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, df.col("v").loc("nope"), "KeyError", "nope");
    // a label of another type than the index's cannot be one
    DataFrame n = numbers();
    assertBefore(ErrorClass.INVALID_ARGUMENT, () -> n.loc("x"), "KeyError", "x", "int64");
    assertBefore(ErrorClass.INVALID_ARGUMENT, () -> n.loc(List.of(1L, 2.5)), "2.5");
    assertBefore(ErrorClass.INVALID_ARGUMENT, () -> n.loc(null, LocalDateTime.of(2020, 1, 1, 0, 0)), "int64");
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, df.loc(List.of("c", "zz"), List.of("v")), "KeyError", "zz");
  }

  @Test
  void aSingleSeriesLabelMustBeUnique() {
    DataFrame df = unordered();
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, df.col("v").loc("a"), "occurs 2 times", "loc(List.of(label))");
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, df.at("a", "s"), "occurs 2 times");
    assertEquals(5L, df.col("v").loc("e").execute(spark.session()).fetch());
    // the frame rule: one label gives every row with it, as a frame
    LocalFrame rows = df.loc("a").execute(spark.session()).fetch();
    assertEquals(2, rows.nrows());
    assertEquals(List.of(3L, 4L), List.of(rows.column("v").get(0), rows.column("v").get(1)));
    LocalSeries vs = df.col("v").loc(List.of("a")).execute(spark.session()).fetch();
    assertEquals(2, vs.size());
  }

  @Test
  void slicesOfAnUnorderedIndexNeedExistingLabels() {
    DataFrame df = unordered();
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, df.loc("b", "zz"), "KeyError", "zz", "monotonic");
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, df.loc("x", null), "KeyError", "x");
    // a repeated label in one contiguous run is a bound (pandas too); elsewhere it is not
    LocalFrame f = df.loc("a", "c").execute(spark.session()).fetch();
    assertEquals(4, f.nrows());
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("v", Column.ofLongs(1, 2, 3));
    DataFrame split = Md.dataFrame(LocalFrame.of(LocalIndex.of(Column.ofStrings("a", "b", "a"), null), cols), 1);
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, split.loc("a", "b"), "Cannot get left slice bound",
        "non-unique label: a");
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, split.loc("b", "a"), "Cannot get right slice bound");
    // category and bool indexes are refused for slices
    DataFrame byCat = Md.dataFrame(LocalFrame.of(LocalIndex.of(Column.categoricalOf("u", "v", "w"), null), cols), 2);
    assertBefore(ErrorClass.UNSUPPORTED_OPERATION, () -> byCat.loc("u", "v"), "CategoricalIndex", "slices");
  }

  @Test
  void positionsOutOfRangeAreIndexErrors() {
    DataFrame df = numbers();
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, df.iloc(4), "IndexError", "position 4", "4 rows");
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, df.iloc(new long[] {0, -5}), "IndexError", "-5");
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, df.col("a").iloc(7), "single positional indexer");
    assertBefore(ErrorClass.INVALID_ARGUMENT, () -> df.iat(0, 9), "IndexError", "9");
    // after a filter (sizes unknown until it runs) negatives count from the filtered end
    DataFrame pos = df.filter(df.col("a").gt(0L));
    assertEquals(4L, pos.col("a").iloc(-1).execute(spark.session()).fetch());
    LocalFrame none = df.iloc(new long[0]).execute(spark.session()).fetch();
    assertEquals(0, none.nrows());
  }

  @Test
  void frameOperandsAndDtypes() {
    DataFrame df = numbers();
    assertBefore(ErrorClass.UNSUPPORTED_DTYPE, () -> df.add(1L), "column 'c'", "object", "int64");
    assertBefore(ErrorClass.UNSUPPORTED_OPERATION, () -> df.select("a", "k").gt(1L), "column 'k'",
        "Unordered Categoricals");
    assertBefore(ErrorClass.UNSUPPORTED_OPERATION, () -> df.select("a").mul(df.col("a")), "Series operand");
    assertBefore(ErrorClass.UNSUPPORTED_OPERATION, () -> df.select("a", "b").add(df.select("b", "a")),
        "columns", "[a, b]", "[b, a]");
    assertBefore(ErrorClass.UNSUPPORTED_DTYPE, () -> df.abs(), "abs", "column 'c'");
    assertBefore(ErrorClass.UNSUPPORTED_DTYPE, () -> df.select("a").neg().add(new Object()), "java.lang.Object");
    assertBefore(ErrorClass.INVALID_ARGUMENT, () -> df.select("a").add(null), "null");
    assertBefore(ErrorClass.UNSUPPORTED_OPERATION, () -> df.agg("size"), "size");
    assertBefore(ErrorClass.UNSUPPORTED_OPERATION, () -> df.agg(List.of("sum", "first")), "first");
    assertBefore(ErrorClass.UNSUPPORTED_DTYPE, () -> df.select("c", "k").agg(List.of("mean")), "TypeError");
    assertBefore(ErrorClass.INVALID_ARGUMENT, () -> df.agg(List.of("median")), "median");
    // an empty frame's min of an int64 column is NaN, which pandas makes float64
    DataFrame empty = df.filter(df.col("a").gt(100L)).select("a");
    assertFailsAtRun(ErrorClass.UNSUPPORTED_DTYPE, empty.min(), "astype");
    // nothing reducible: an empty float64 series, as pandas
    LocalSeries m = df.select("c").mean().execute(spark.session()).fetch();
    assertEquals(0, m.size());
    assertEquals(DfType.FLOAT64, m.dtype());
    // different lineages with equal labels pair after rechunking
    DataFrame again = numbers().select("a", "b");
    LocalFrame sum = df.select("a", "b").add(again).execute(spark.session()).fetch();
    assertEquals(8L, sum.column("a").get(3));
  }
}
