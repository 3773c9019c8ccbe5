package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.ErrorStandIn;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.session.LocalSession;

/**
 * A user function in {@code apply} / {@code map} that overflows its stack or runs out of memory
 * is an ordinary task failure — Spark would exit the JVM for the error itself — naming the error
 * and where it happened, and the session goes on.
 */
class DfApply_FatalErrorTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  static long recurse(long depth) {
    return recurse(depth + 1) + 1;
  }

  private static Series values() {
    return Md.series("x", Column.ofLongs(1, 2, 3, 4, 5, 6), 2);
  }

  private static ErrorStandIn standIn(MarsException e) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof ErrorStandIn s) {
        return s;
      }
    }
    throw new AssertionError("no stand-in among the causes of " + e, e);
  }

  private static void assertSessionUsable() {
    org.marsonspark.dataframe.local.LocalSeries doubled = values().apply(v -> 2 * (Long) v, "int64")
        .execute(spark.session()).fetch();
    for (int i = 0; i < 6; i++) {
      assertEquals(2L * (i + 1), doubled.get(i));
    }
  }

  @Test
  void aStackOverflowInSeriesApplyIsATaskFailure() {
    Series s = values().apply(v -> recurse((Long) v), "int64");
    MarsException e = assertThrows(MarsException.class, () -> s.execute(spark.session()));
    assertEquals(ErrorClass.TASK_FAILED, e.errorClass());
    assertTrue(e.getMessage().contains("java.lang.StackOverflowError")
        && e.getMessage().contains("DfApply_FatalErrorTest.recurse"), e.getMessage());
    assertEquals(StackOverflowError.class.getName(), standIn(e).className());
    assertSessionUsable();
  }

  @Test
  void anOutOfMemoryErrorInDtypeInferenceAndInARowApplyIsATaskFailure() {
    // without a dtype, apply first runs the function on a sample: the error comes from there
    MarsException sample = assertThrows(MarsException.class,
        () -> values().map(v -> new long[Integer.MAX_VALUE - 8].length));
    assertEquals(OutOfMemoryError.class.getName(), standIn(sample).className());
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofLongs(1, 2, 3));
    DataFrame df = Md.dataFrame(LocalFrame.of(cols), 2);
    Series rows = df.apply(r -> new double[Integer.MAX_VALUE - 8].length, 1, "int64");
    MarsException e = assertThrows(MarsException.class, () -> rows.execute(spark.session()));
    assertEquals(ErrorClass.TASK_FAILED, e.errorClass());
    assertEquals(OutOfMemoryError.class.getName(), standIn(e).className());
    assertSessionUsable();
  }
}
