package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.io.WriteCsv;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.local.PyOrder;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.CaseWatchdog;
import org.marsonspark.tensor.Casting;
import org.marsonspark.tensor.RuntimeWarnings;

/**
 * Nasty data against pandas 1.5 ({@code gen_fixtures_df_edges.py}): casts and float text,
 * infinities in sums, scans and windows, strings beyond the BMP wherever strings are ordered,
 * int64 extremes in diff, isin with None and NaN, empty / all-NaN / one-row series. Every case
 * runs on every chunk size of {@link DfFixtures#CHUNK_ROWS} with fusion on and off; both must
 * match pandas and each other exactly.
 */
class DfEdges_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession(o -> o.withCombineSize(2)).alsoUnfused();

  @TestFactory
  Stream<DynamicNode> pandas() {
    return DfFixtures.load("edges").stream().map(c -> dynamicContainer(c.name() + ": " + c.expr(),
        DfFixtures.CHUNK_ROWS.stream().map(rows -> dynamicTest("chunkRows=" + rows, () -> {
          String context = c + " with chunkRows=" + rows;
          CaseWatchdog.call(context, spark.session(), () -> {
            Object a = run(c, rows, spark.session());
            Object b = run(c, rows, spark.unfused());
            DfAssert.assertMatches(c.expected(), a, context + " (fused)");
            DfAssert.assertMatches(c.expected(), b, context + " (unfused)");
            assertEquals(exact(a), exact(b), context + ": fused and unfused differ");
            return null;
          });
        }))));
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession s) {
    DataFrame df = DfFixtures.dataFrame(c, "df", rows);
    Series x = c.params().has("x") ? df.col(c.str("x")) : null;
    String fn = c.params().has("fn") ? c.str("fn") : null;
    if (c.op().equals("to_csv")) {
      return csv(df, s);
    }
    if (c.op().equals("repr_series")) {
      x.execute(s);
      try {
        return x.toString();
      } finally {
        x.release();
      }
    }
    Executable r = switch (c.op()) {
      case "astype" -> x.astype(c.str("dtype"));
      case "reduce" -> reduce(x, fn);
      case "scan" -> DfScan_FixtureTest.scan(x, fn);
      case "frame_scan" -> DfScan_FixtureTest.scan(df.select(DfSort_FixtureTest.strings(c.param("cols"))), fn);
      case "expanding" -> DfScan_FixtureTest.window(x.expanding(), fn);
      case "rolling" -> DfScan_FixtureTest.window(x.rolling(c.param("window").asLong(),
          c.param("min_periods").asLong()), fn);
      case "describe" -> x.describe();
      case "frame_reduce" -> fn.equals("sum") ? df.sum() : df.mean();
      case "groupby" -> df.groupby(c.str("by")).agg(Map.of(c.str("x"), fn)).col(c.str("x"));
      case "sort_values" -> x.sortValues(c.param("ascending").asBoolean());
      case "frame_sort_values" -> df.sortValues(c.str("by"));
      case "value_counts_sort_index" -> x.valueCounts().sortIndex();
      case "compare_scalar" -> compare(x, c.str("op"), DfFixtures.scalar(c.param("value")));
      case "loc_slice" -> df.loc(c.str("start"), c.str("stop"));
      case "diff" -> x.diff(c.param("periods").asLong());
      case "frame_diff" -> df.diff(c.param("periods").asLong());
      case "isin" -> x.isin(values(c.param("values")));
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return DfFixtures.compute(r, s);
  }

  private static Series compare(Series x, String op, Object value) {
    return switch (op) {
      case "lt" -> x.lt(value);
      case "ge" -> x.ge(value);
      case "eq" -> x.eq(value);
      case "ne" -> x.ne(value);
      default -> throw new IllegalArgumentException(op);
    };
  }

  private static Scalar reduce(Series x, String fn) {
    return switch (fn) {
      case "sum" -> x.sum();
      case "mean" -> x.mean();
      case "var" -> x.var();
      case "std" -> x.std();
      case "min" -> x.min();
      case "max" -> x.max();
      case "median" -> x.median();
      case "count" -> x.count();
      case "nunique" -> x.nunique();
      default -> throw new IllegalArgumentException(fn);
    };
  }

  /** isin values as stored: null for None, "nan" for NaN, numbers and strings as themselves. */
  private static List<Object> values(JsonNode list) {
    List<Object> out = new ArrayList<>();
    for (JsonNode v : list) {
      out.add(v.isNull() ? null : v.isTextual() && v.asText().equals("nan") ? (Object) Double.NaN
          : v.isTextual() ? v.asText() : v.isIntegralNumber() ? (Object) v.asLong() : (Object) v.asDouble());
    }
    return out;
  }

  /** The frame written by toCsv (one file per chunk, each with its header) as one text, as pandas writes it. */
  private static String csv(DataFrame df, MarsSession s) {
    try {
      Path dir = Files.createTempDirectory("edges-csv");
      try {
        df.execute(s);
        StringBuilder all = new StringBuilder();
        List<String> parts = WriteCsv.write(s, df, dir.resolve("part-*.csv").toString(), false);
        for (int i = 0; i < parts.size(); i++) {
          String text = Files.readString(Path.of(parts.get(i)));
          all.append(i == 0 ? text : text.substring(text.indexOf('\n') + 1));
        }
        df.release();
        return all.toString();
      } finally {
        try (Stream<Path> files = Files.walk(dir)) {
          files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A result with every value exactly (floats by their bits), for the fused / unfused comparison. */
  private static List<Object> exact(Object result) {
    List<Object> out = new ArrayList<>();
    if (result instanceof LocalFrame f) {
      for (int j = 0; j < f.columnNames().size(); j++) {
        out.add(f.columnNames().get(j));
        out.addAll(values(f.column(j)));
      }
      out.addAll(values(f.index().values()));
    } else if (result instanceof LocalSeries s) {
      out.add(s.name());
      out.addAll(values(s.values()));
      out.addAll(values(s.index().values()));
    } else {
      out.add(result instanceof Double d ? (Object) Double.doubleToLongBits(d) : result);
    }
    return out;
  }

  private static List<Object> values(Column c) {
    List<Object> out = new ArrayList<>();
    out.add(c.dtype());
    for (int i = 0; i < c.size(); i++) {
      Object v = c.isNA(i) ? "NA" : c.get(i);
      out.add(v instanceof Double d ? (Object) Double.doubleToLongBits(d) : v);
    }
    return out;
  }

  // ---- what fixtures cannot hold: errors, warnings, the shared order -------------------------

  @Test
  void intCastOfNanOrInfinityIsPandasIntCastingNaNError() {
    for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY}) {
      Series s = Md.series("x", Column.ofDoubles(1.5, bad), 1);
      MarsException e = assertThrows(MarsException.class, () -> s.astype("int64").execute(spark.session()));
      assertEquals(ErrorClass.INVALID_ARGUMENT, e.errorClass());
      assertTrue(e.getMessage().contains("IntCastingNaNError: Cannot convert non-finite values (NA or inf) to integer"),
          e.getMessage());
    }
    Series obj = Md.series("x", Column.ofObjects(1.5, 1e19), 1);
    MarsException e = assertThrows(MarsException.class, () -> obj.astype("int64").execute(spark.session()));
    assertTrue(e.getMessage().contains("OverflowError"), e.getMessage());
  }

  @Test
  void outOfRangeIntCastWarnsAsNumpy() {
    long before = RuntimeWarnings.count(Casting.INVALID_CAST);
    LocalSeries r = Md.series("x", Column.ofDoubles(1e19, 2.5), 1).astype("int64").execute(spark.session()).fetch();
    assertEquals(Long.MIN_VALUE, r.get(0));
    assertEquals(before + 1, RuntimeWarnings.count(Casting.INVALID_CAST));
  }

  @Test
  void isinOfNoneOrNanOnAnObjectColumnRefusesToGuess() {
    Series obj = Md.series("x", Column.ofObjects("a", null, "b"), 2);
    for (List<?> values : List.<List<?>>of(java.util.Arrays.asList("a", null), List.of(Double.NaN))) {
      MarsException e = assertThrows(MarsException.class, () -> obj.isin(values));
      assertEquals(ErrorClass.UNSUPPORTED_OPERATION, e.errorClass());
      assertTrue(e.getMessage().contains("isna()"), e.getMessage());
    }
    DataFrame df = Md.dataFrame(Map.of("x", Column.ofObjects("a", null)), 1);
    assertThrows(MarsException.class, () -> df.isin(java.util.Arrays.asList("a", null)));
    // the way round it: values without NA, or'ed with isna()
    LocalSeries r = obj.isin(List.of("a")).or(obj.isna()).execute(spark.session()).fetch();
    assertEquals(List.of(true, true, false), List.of(r.get(0), r.get(1), r.get(2)));
  }

  @Test
  void operandsOfDifferentLengthsAreUnsupportedAlignment() {
    Series a = Md.series("a", Column.ofLongs(1, 2, 3), 2);
    Series b = Md.series("b", Column.ofLongs(1, 2), 2);
    MarsException e = assertThrows(MarsException.class, () -> a.add(b));
    assertEquals(ErrorClass.UNSUPPORTED_OPERATION, e.errorClass());
    assertTrue(e.getMessage().contains("3 and 2 rows") && e.getMessage().contains("align"), e.getMessage());
  }

  @Test
  void stringsCompareByCodePoint() {
    String[] ordered = {"", "a", "ab", "\u00e9", "\uD7FF", "\uE000", "\uFF21", "\uFFFF", "\uD800\uDC00", "\uD83D\uDE00",
        "\uD83D\uDE00a", "\uDBFF\uDFFF"};
    for (int i = 0; i < ordered.length; i++) {
      for (int j = 0; j < ordered.length; j++) {
        int expected = Integer.signum(Integer.compare(i, j));
        assertEquals(expected, Integer.signum(PyOrder.compareStrings(ordered[i], ordered[j])),
            ordered[i] + " vs " + ordered[j]);
      }
    }
    assertEquals(0, PyOrder.compare(1L, 1.0, ""));
    assertEquals(1, Integer.signum(PyOrder.compare((1L << 53) + 1, (double) (1L << 53), "")), "exactly, not as doubles");
    assertEquals(0, PyOrder.compare(-0.0, 0.0, ""));
    assertEquals(0, PyOrder.compare(true, 1L, ""));
    MarsException e = assertThrows(MarsException.class, () -> PyOrder.compare("a", 1L, "sort: "));
    assertTrue(e.getMessage().contains("'<' not supported between instances of 'str' and 'int'"), e.getMessage());
  }

  @Test
  void groupByKeysOfEveryOriginOrderAlike() {
    // a string index built here sorts by code point too (sortIndex, not only group keys)
    LocalFrame f = LocalFrame.of(LocalIndex.of(Column.ofStrings("\uD83D\uDE00", "\uFF21", "a"), null),
        Map.of("v", Column.ofLongs(1, 2, 3)));
    LocalFrame sorted = Md.dataFrame(f, 1).sortIndex().execute(spark.session()).fetch();
    assertEquals(List.of("a", "\uFF21", "\uD83D\uDE00"), List.of(sorted.index().label(0), sorted.index().label(1),
        sorted.index().label(2)));
  }
}
