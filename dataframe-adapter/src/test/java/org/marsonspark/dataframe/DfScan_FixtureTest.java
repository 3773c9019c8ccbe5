package org.marsonspark.dataframe;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * ffill, bfill, cumsum, cumprod, cummax, cummin, shift and diff of series and frames against
 * pandas: every dtype for the fills and shifts, int64 / float64 / bool for the running
 * operations, leading and all-NA runs, shifts past several chunks in both directions and beyond
 * the length, and chunks of unknown (some empty) size after a filter.
 */
class DfScan_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> pandas() {
    return DfFixtures.tests("scans", DfScan_FixtureTest::run, spark::session);
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession s) {
    DataFrame df = DfFixtures.dataFrame(c, "df", rows);
    String fn = c.params().has("fn") ? c.str("fn") : null;
    Object r = switch (c.op()) {
      case "shift" -> df.col(c.str("x")).shift(c.param("periods").asLong());
      case "diff" -> df.col(c.str("x")).diff(c.param("periods").asLong());
      case "frame_shift" -> df.shift(c.param("periods").asLong());
      case "pct_change" -> df.col(c.str("x")).pctChange(c.param("periods").asLong());
      case "frame_pct_change" -> df.pctChange(c.param("periods").asLong());
      case "frame_diff" -> df.select(DfSort_FixtureTest.strings(c.param("cols"))).diff(c.param("periods").asLong());
      case "filtered_shift" -> df.filter(df.col(c.str("by")).gt(c.param("gt").asLong())).col(c.str("x"))
          .shift(c.param("periods").asLong());
      case "rolling" -> window(df.col(c.str("x")).rolling(c.param("window").asLong(), minPeriods(c)), fn);
      case "frame_rolling" -> window(df.select(DfSort_FixtureTest.strings(c.param("cols")))
          .rolling(c.param("window").asLong(), minPeriods(c)), fn);
      case "filtered_rolling" -> window(df.filter(df.col(c.str("by")).gt(c.param("gt").asLong())).col(c.str("x"))
          .rolling(c.param("window").asLong(), minPeriods(c)), fn);
      case "expanding" -> window(df.col(c.str("x")).expanding(minPeriods(c)), fn);
      case "frame_expanding" -> window(df.select(DfSort_FixtureTest.strings(c.param("cols"))).expanding(minPeriods(c)),
          fn);
      case "scan" -> scan(df.col(c.str("x")), fn);
      case "frame_scan" -> {
        String[] cols = DfSort_FixtureTest.strings(c.param("cols"));
        yield scan(cols.length == 0 ? df : df.select(cols), fn);
      }
      case "filtered_scan" -> scan(df.filter(df.col(c.str("by")).gt(c.param("gt").asLong())).col(c.str("x")), fn);
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return DfFixtures.compute((Executable) r, s);
  }

  private static Long minPeriods(DfFixtures.Case c) {
    return c.param("min_periods").isNull() ? null : c.param("min_periods").asLong();
  }

  static <T> T window(Window<T> r, String fn) {
    return switch (fn) {
      case "sum" -> r.sum();
      case "mean" -> r.mean();
      case "min" -> r.min();
      case "max" -> r.max();
      case "var" -> r.var();
      case "std" -> r.std();
      default -> throw new IllegalArgumentException(fn);
    };
  }

  /** {@code x.<fn>()} of a series or a frame, for the row-carrying methods both have. */
  static Executable scan(Executable x, String fn) {
    if (!java.util.Set.of("ffill", "bfill", "cumsum", "cumprod", "cummax", "cummin").contains(fn)) {
      throw new IllegalArgumentException(fn);
    }
    try {
      return (Executable) x.getClass().getMethod(fn).invoke(x);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(fn, e);
    }
  }
}
