package org.marsonspark.dataframe;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.dataframe.ops.Agg;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * Series reductions (sum, mean, min, max, count, var, std, nunique) over every dtype pandas
 * reduces, NA skipped, also after a filter (unknown sizes, an empty result), against pandas;
 * with a combine size of 2 so that the trees have several levels.
 */
class DfReductions_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession(o -> o.withCombineSize(2));

  // each case x chunk size is checked by DfAssert.assertMatches (value, dtype kind, NaN) in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> pandas() {
    return DfFixtures.tests("reductions", DfReductions_FixtureTest::run, spark::session);
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession s) {
    DataFrame df = DfFixtures.dataFrame(c, "df", rows);
    if (c.op().endsWith("quantile")) {
      Series x = c.op().startsWith("filtered")
          ? df.filter(df.col(c.str("by")).gt(c.param("gt").asLong())).col(c.str("x")) : df.col(c.str("x"));
      boolean median = c.param("q").isNull();
      double q = median ? 0.5 : c.param("q").asDouble();
      // at even chunk sizes gather at most 2 values, so that the histogram rounds, the buckets
      // straddling the two ranks and the single-value range all run on these small series
      long gather = rows % 2 == 0 ? 2 : org.marsonspark.dataframe.ops.Quantile.GATHER;
      return DfFixtures.compute(org.marsonspark.dataframe.ops.Quantile.of(x, q, median, gather), s);
    }
    Agg fn = Agg.of(c.str("fn"));
    Scalar r = switch (c.op()) {
      case "reduce" -> df.col(c.str("x")).agg(fn);
      case "reduce_ddof" -> withDdof(df.col(c.str("x")), fn, c.param("ddof").asInt());
      case "dropna_reduce" -> df.col(c.str("x")).dropna().agg(fn);
      case "filtered_reduce" -> {
        String by = c.params().has("by") ? c.str("by") : c.str("x");
        Series col = df.filter(df.col(by).gt(c.param("gt").asLong())).col(c.str("x"));
        yield c.params().has("ddof") ? withDdof(col, fn, c.param("ddof").asInt()) : col.agg(fn);
      }
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return DfFixtures.compute(r, s);
  }

  private static Scalar withDdof(Series s, Agg fn, int ddof) {
    return switch (fn) {
      case VAR -> s.var(ddof);
      case STD -> s.std(ddof);
      default -> throw new IllegalArgumentException("ddof with " + fn);
    };
  }
}
