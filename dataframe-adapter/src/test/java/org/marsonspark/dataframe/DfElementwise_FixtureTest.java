package org.marsonspark.dataframe;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * Series arithmetic, comparison and logic between columns and with scalars (int, float, bool,
 * str, datetime, category), pandas's dtype promotion and NaN propagation, on several chunk sizes.
 */
class DfElementwise_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> pandas() {
    return DfFixtures.tests("elementwise", DfElementwise_FixtureTest::run, spark::session);
  }

  static Series apply(Series x, String fn, Object y) {
    return switch (fn) {
      case "add" -> x.add(y);
      case "sub" -> x.sub(y);
      case "mul" -> x.mul(y);
      case "truediv" -> x.div(y);
      case "floordiv" -> x.floordiv(y);
      case "mod" -> x.mod(y);
      case "pow" -> x.pow(y);
      case "eq" -> x.eq(y);
      case "ne" -> x.ne(y);
      case "lt" -> x.lt(y);
      case "le" -> x.le(y);
      case "gt" -> x.gt(y);
      case "ge" -> x.ge(y);
      case "and" -> x.and(y);
      case "or" -> x.or(y);
      case "xor" -> x.xor(y);
      case "rsub" -> x.rsub(y);
      case "rtruediv" -> x.rdiv(y);
      default -> throw new IllegalArgumentException(fn);
    };
  }

  /** isin's values: typed scalars, {@code {"kind": "none"}} for None. */
  private static List<Object> values(JsonNode specs) {
    List<Object> out = new ArrayList<>();
    for (JsonNode v : specs) {
      out.add(v.get("kind").asText().equals("none") ? null : DfFixtures.scalar(v));
    }
    return out;
  }

  private static Double bound(JsonNode v) {
    return v.isNull() ? null : v.asDouble();
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession s) {
    DataFrame df = DfFixtures.dataFrame(c, "df", rows);
    Executable r = switch (c.op()) {
      case "binary" -> apply(df.col(c.str("x")), c.str("fn"), df.col(c.str("y")));
      case "scalar" -> apply(df.col(c.str("x")), c.str("fn"), DfFixtures.scalar(c.param("value")));
      case "unary" -> switch (c.str("fn")) {
        case "neg" -> df.col(c.str("x")).neg();
        case "abs" -> df.col(c.str("x")).abs();
        default -> df.col(c.str("x")).not();
      };
      case "chain" -> df.col("a").mul(2L).add(df.col("b")).div(df.col("e")).gt(1L);
      case "isin" -> df.col(c.str("x")).isin(values(c.param("values")));
      case "frame_isin" -> df.select(DfSort_FixtureTest.strings(c.param("cols"))).isin(values(c.param("values")));
      case "clip" -> df.col(c.str("x")).clip(bound(c.param("lower")), bound(c.param("upper")));
      case "frame_clip" -> df.select(DfSort_FixtureTest.strings(c.param("cols")))
          .clip(bound(c.param("lower")), bound(c.param("upper")));
      case "where", "where_series" -> {
        Series x = df.col(c.str("x"));
        Series cond = df.col(c.str("by")).gt(c.param("gt").asLong());
        JsonNode o = c.param("other");
        Object other = c.op().equals("where_series") ? df.col(o.asText())
            : o.isNull() || o.get("kind").asText().equals("none") ? null : DfFixtures.scalar(o);
        yield c.param("mask").asBoolean() ? x.mask(cond, other) : x.where(cond, other);
      }
      case "round" -> df.col(c.str("x")).round(c.param("decimals").asInt());
      case "frame_round" -> df.round(c.param("decimals").asInt());
      case "between" -> df.col(c.str("x")).between(c.param("left").asDouble(), c.param("right").asDouble(),
          c.str("inclusive"));
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return DfFixtures.compute(r, s);
  }
}
