package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

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
import org.marsonspark.session.LocalSession;

/**
 * Bad input gives a MarsException with a stable error class and a message naming what is wrong:
 * before anything runs where the metadata tells, else from the chunk task (under the class of the
 * task's exception, which is the cause), and the session stays usable afterwards.
 */
class DfErrors_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static DataFrame frame() {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofLongs(1, 2, 3, 4));
    cols.put("b", Column.ofDoubles(1.5, Double.NaN, 2.5, 3.5));
    cols.put("c", Column.ofStrings("x", "12", null, "abc"));
    cols.put("d", Column.ofBools(true, false, true, false));
    cols.put("t", Column.ofDatetimes(0, 86_400_000_000_000L, DfType.NAT, 5));
    cols.put("k", Column.categoricalOf("u", "v", null, "u"));
    return Md.dataFrame(LocalFrame.of(cols), 2);
  }


  /** The MarsException a failed task carried, found along the cause chain. */
  private static MarsException causeOf(MarsException e) {
    for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
      if (t instanceof MarsException m) {
        return m;
      }
    }
    return null;
  }

  private static void assertFailsAtRun(ErrorClass cause, Executable x, String fragment) {
    MarsException e = assertThrows(MarsException.class, () -> x.execute(spark.session()));
    // the runtime reports a task's own MarsException under that exception's class
    assertEquals(cause, e.errorClass(), e.getMessage());
    MarsException c = causeOf(e);
    assertNotNull(c, "the task's MarsException should be the cause of " + e);
    assertEquals(cause, c.errorClass(), c.getMessage());
    assertTrue(c.getMessage().contains(fragment), c.getMessage());
  }

  @Test
  void unknownColumn() {
    DataFrame df = frame();
    MarsException e = assertError(ErrorClass.COLUMN_NOT_FOUND,
        Map.of("op", "", "column", "zz", "columns", List.of("a", "b", "c", "d", "t", "k")), () -> df.col("zz"));
    assertEquals("KeyError", e.pythonKind());
    assertError(ErrorClass.COLUMN_NOT_FOUND, () -> df.select("a", "nope"), "'nope'");
    assertError(ErrorClass.COLUMN_NOT_FOUND, () -> df.dropna("any", "nope"), "'nope'");
    assertError(ErrorClass.COLUMN_NOT_FOUND, () -> df.fillna(Map.of("nope", 1.0)), "'nope'");
  }

  @Test
  void mismatchedLengths() {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofLongs(1, 2, 3));
    cols.put("b", Column.ofDoubles(1, 2));
    assertError(ErrorClass.SHAPE_MISMATCH, () -> LocalFrame.of(cols), "'b'", "2", "3");
    DataFrame five = Md.dataFrame(Map.of("a", Column.ofLongs(1, 2, 3, 4, 5)), 2);
    DataFrame four = frame();
    // pandas aligns operands of different lengths by label: not built, so UNSUPPORTED_OPERATION
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> four.col("a").add(five.col("a")), "4 and 5 rows", "align");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> four.assign("z", five.col("a")), "4 and 5 rows");
  }

  @Test
  void differentLabelsAreNotAlignedSilently() {
    DataFrame df = frame();
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofLongs(1, 2, 3, 4));
    DataFrame other = Md.dataFrame(LocalFrame.of(LocalIndex.of(Column.ofLongs(9, 8, 7, 6), null), cols), 3);
    assertFailsAtRun(ErrorClass.UNSUPPORTED_OPERATION, df.col("a").add(other.col("a")), "row labels differ");
    // same labels from another source pair by position after rechunking
    DataFrame same = Md.dataFrame(Map.of("a", Column.ofLongs(10, 20, 30, 40)), 3);
    Series sum = df.col("a").add(same.col("a")).execute(spark.session());
    assertEquals(44L, sum.fetch().get(3));
  }

  @Test
  void badCasts() {
    DataFrame df = frame();
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.col("t").astype("bool"), "datetime64[ns]", "bool");
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.col("a").astype("complex"), "complex");
    // chunks run in any order: the first failure is the NA (None) or a word ("x", "abc")
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, df.col("c").astype("int64"), "int");
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, df.col("b").astype("int64"), "non-finite");
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, df.col("c").astype("float64"), "could not convert string to float");
  }

  @Test
  void badOperands() {
    DataFrame df = frame();
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.col("d").add(df.col("d")), "bool");
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.col("c").mul(df.col("a")), "object", "int64");
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.col("c").lt(df.col("a")), "object", "int64");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.col("k").lt("u"), "Unordered Categoricals");
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.col("a").and(df.col("d")), "bool");
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.col("a").add(new Object()), "java.lang.Object");
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.filter(df.col("a")), "bool", "int64");
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.col("b").fillna("x"), "float64");
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.col("c").sum(), "sum", "object");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.iloc(0L, 3L, 0L), "zero");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.dropna("some"), "some");
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, df.col("a").floordiv(df.col("a").sub(1L)), "by zero");
    assertFailsAtRun(ErrorClass.INVALID_ARGUMENT, df.col("k").fillna("new"), "new category");
  }

  @Test
  void runningWindowAndDiffOperationsNameWhatTheyCannotTake() {
    DataFrame df = frame();
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.col("c").cumsum(), "cumsum", "object");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.col("t").cummax(), "cummax", "datetime64[ns]");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.cumprod(), "cumprod", "column 'c'", "object");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.col("d").diff(), "diff", "bool");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.diff(2), "diff", "column 'c'");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.shift(Long.MIN_VALUE), "periods");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.col("b").rolling(0), "window", "1 or greater");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.col("b").rolling(2, 3L), "min_periods 3", "window 2");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.col("b").rolling(2, -1L), "min_periods");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.rolling(2).mean(), "rolling mean", "column 'c'");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.col("b").expanding(-1L), "expanding", "min_periods");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.expanding().std(), "expanding std", "column 'c'");
    // the fills take every dtype
    assertEquals(4L, df.ffill().col("k").count().execute(spark.session()).fetch());
  }

  @Test
  void valueOperationsRefuseWhatTheyCannotTake() {
    DataFrame df = frame();
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.col("t").isin(java.util.List.of(0L)), "isin",
        "datetime64[ns]");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.clip(0.0, 1.0), "clip", "column 'c'");
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.col("c").round(1), "round", "object");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.col("a").between(1, 2, "all"), "inclusive", "'all'");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.col("k").between(1, 2), "between", "category");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.col("c").median(), "median", "object");
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> df.col("a").where(df.col("a")), "where", "bool");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.col("k").mask(df.col("d"), "u"), "mask", "category");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.col("b").quantile(1.5), "quantile", "1.5");
    assertError(ErrorClass.INVALID_ARGUMENT, () -> df.col("b").quantile(Double.NaN), "quantile");
    assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> df.median(), "median", "column 'c'");
  }

  @Test
  void notExecutedAndSessionStaysUsable() {
    DataFrame df = frame();
    assertError(ErrorClass.NOT_EXECUTED, () -> df.fetch(), "execute()");
    assertThrows(MarsException.class, () -> df.col("c").astype("int64").execute(spark.session()));
    assertEquals(4L, df.col("a").count().execute(spark.session()).fetch());
  }
}
