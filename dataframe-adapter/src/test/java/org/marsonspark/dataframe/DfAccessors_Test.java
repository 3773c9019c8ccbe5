package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.session.LocalSession;

/**
 * What the pandas fixtures do not cover for the accessors and user functions: errors (wrong
 * dtype for an accessor, bad patterns and formats, a failing user function with its own
 * exception as the cause, results that do not fit the inferred dtype), the session staying
 * usable, the columns of str.split(expand=True) being known only once run, mapChunk, dt.date.
 */
class DfAccessors_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static DataFrame frame() {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofLongs(1, 2, 3, 4, 5));
    cols.put("b", Column.ofDoubles(1.5, Double.NaN, 2.5, 3.5, -1));
    cols.put("c", Column.ofStrings("x-1", "y", null, "z-2-3", ""));
    cols.put("t", Column.ofDatetimes(0, 86_400_000_000_000L, DfType.NAT, 5, 1_600_000_000_000_000_000L));
    return Md.dataFrame(LocalFrame.of(cols), 2);
  }


  private static <T extends Throwable> T causeOfType(Throwable e, Class<T> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }

  /** The session still runs work after a failure. */
  private static void assertUsable() {
    DataFrame df = frame();
    assertEquals(15L, df.col("a").sum().execute(spark.session()).fetch());
  }

  @Test
  void accessorsCheckTheDtype() {
    DataFrame df = frame();
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.col("a").str(), ".str accessor", "int64");
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.col("c").dt(), ".dt accessor", "object");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.col("t").dt().strftime("%Y %Q"), "%Q");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.col("c").str().contains("(unclosed"), "invalid regular expression");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.col("c").str().slice(0, 2, 0), "step");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.col("c").str().split("", -1), "empty separator");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.col("c").str().replace("(x)", "\\g<1", true), "replacement");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.col("c").describe(), "describe", "object");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.col("b").describe(25), "percentiles", "[0, 1]");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.col("c").map(x -> x, "skip", null), "na_action");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.apply(r -> 1L, 0), "axis=0");
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.col("a").apply(x -> x, "category"), "category");
  }

  @Test
  void splitExpandColumnsAreKnownOnceRun() {
    DataFrame wide = (DataFrame) frame().col("c").str().split("-", -1, true, false);
    assertError(ErrorClass.NOT_EXECUTED, wide::columns, "str.split(expand=True)", "execute()");
    assertTrue(wide.toString().contains("decided when run"), wide.toString());
    wide.execute(spark.session());
    assertEquals(List.of("0", "1", "2"), wide.columns());
    assertEquals(List.of(DfType.OBJECT, DfType.OBJECT, DfType.OBJECT), List.copyOf(wide.dtypes().values()));
    assertArrayEquals(new long[] {5, 3}, wide.shape());
    // built on the executed frame, the columns behave as any other
    LocalSeries second = wide.col("1").execute(spark.session()).fetch();
    assertEquals(Arrays.asList("1", null, null, "2", null), Arrays.asList(((org.marsonspark.dataframe.local.ObjectColumn)
        second.values()).values()));
    wide.release();
  }

  @Test
  void failingFunctionSurfacesWithItsOwnException() {
    DataFrame df = frame();
    Series bad = df.col("a").apply(x -> {
      if ((Long) x == 4) {
        throw new IllegalStateException("user function refuses " + x);
      }
      return x;
    }, "int64");
    MarsException e = assertThrows(MarsException.class, () -> bad.execute(spark.session()));
    assertEquals(ErrorClass.TASK_FAILED, e.errorClass(), e.getMessage());
    IllegalStateException user = causeOfType(e, IllegalStateException.class);
    assertNotNull(user, "the user's exception is in the cause chain of " + e);
    assertEquals("user function refuses 4", user.getMessage());
    assertTrue(Arrays.stream(user.getStackTrace()).anyMatch(f -> f.getClassName().startsWith(
        DfAccessors_Test.class.getName())), "the user's stack trace is kept");
    assertUsable();
  }

  @Test
  void failingFunctionDuringInference() {
    DataFrame df = frame();
    MarsException e = assertThrows(MarsException.class, () -> df.col("c").apply(x -> {
      throw new UnsupportedOperationException("no sample for you");
    }));
    UnsupportedOperationException user = causeOfType(e, UnsupportedOperationException.class);
    assertNotNull(user, "the user's exception is in the cause chain of " + e);
    assertEquals("no sample for you", user.getMessage());
    assertUsable();
  }

  @Test
  void resultsThatDoNotFitTheDtype() {
    DataFrame df = frame();
    Series s = df.col("a").apply(x -> (Long) x == 5 ? null : x, "int64");
    MarsException e = assertThrows(MarsException.class, () -> s.execute(spark.session()));
    assertEquals(ErrorClass.UNSUPPORTED_DTYPE, e.errorClass(), e.getMessage());
    MarsException inner = causeOfType(e.getCause(), MarsException.class);
    String msg = (inner != null ? inner : e).getMessage();
    assertTrue(msg.contains("does not fit the result dtype int64") && msg.contains("float64"), msg);
    // inferred from the first rows: ints, so int64; given float64 it fits
    Series ok = df.col("a").apply(x -> (Long) x == 5 ? null : x, "float64");
    LocalSeries r = ok.execute(spark.session()).fetch();
    assertEquals(DfType.FLOAT64, r.dtype());
    assertTrue(r.values().isNA(4));
    assertEquals(DfType.INT64, df.col("a").apply(x -> (Long) x * 10).dtype());
    assertUsable();
  }

  @Test
  void mapChunkInfersColumnsAndChecksEveryChunk() {
    DataFrame df = frame();
    DataFrame m = df.mapChunk(f -> f.select(List.of("a", "b")).withColumn("n", Column.ofLongs(new long[f.nrows()])));
    assertEquals(List.of("a", "b", "n"), m.columns());
    assertEquals(List.of(DfType.INT64, DfType.FLOAT64, DfType.INT64), List.copyOf(m.dtypes().values()));
    LocalFrame out = m.execute(spark.session()).fetch();
    assertEquals(5, out.nrows());
    assertEquals(Column.ofLongs(1, 2, 3, 4, 5).toString(), out.column("a").toString());
    m.release();
    // a chunk returning other columns than the sample did
    DataFrame odd = df.mapChunk(f -> f.nrows() == 2 && f.index().label(0).equals(2L) ? f.select(List.of("a")) : f,
        List.of("a", "b", "c", "t"), List.of(DfType.INT64, DfType.FLOAT64, DfType.OBJECT, DfType.DATETIME));
    MarsException e = assertThrows(MarsException.class, () -> odd.execute(spark.session()));
    assertTrue(String.valueOf(e.getMessage()).contains("mapChunk") || causeOfType(e.getCause(), MarsException.class)
        .getMessage().contains("mapChunk"), e.getMessage());
    assertUsable();
  }

  @Test
  void dtDateAndRowViews() {
    DataFrame df = frame();
    LocalSeries d = df.col("t").dt().date().execute(spark.session()).fetch();
    assertEquals(DfType.OBJECT, d.dtype());
    assertEquals(LocalDate.of(1970, 1, 1), d.get(0));
    assertEquals(LocalDate.of(1970, 1, 2), d.get(1));
    assertTrue(d.values().isNA(2));
    assertEquals(LocalDate.of(2020, 9, 13), d.get(4));
    LocalSeries r = df.apply(row -> row.getString("c") + "@" + row.label() + ":" + row.getDouble("b"), 1)
        .execute(spark.session()).fetch();
    assertEquals("x-1@0:1.5", r.get(0));
    assertEquals("null@2:2.5", r.get(2));
    assertEquals(null, r.name());
  }

  @Test
  void explodeThenFilterAndCount() {
    DataFrame df = frame();
    Series pieces = df.col("c").str().split("-", -1).explode();
    assertEquals(-1, pieces.length());
    Series digits = pieces.filter(pieces.str().contains("\\d", true, true, false));
    LocalSeries r = digits.execute(spark.session()).fetch();
    assertEquals(List.of("1", "2", "3"), Arrays.asList(((org.marsonspark.dataframe.local.ObjectColumn) r.values())
        .values()));
    assertEquals(List.of(0L, 3L, 3L), List.of(r.index().label(0), r.index().label(1), r.index().label(2)));
  }
}
