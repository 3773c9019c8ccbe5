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
 * Label-based loc (lists, one label, inclusive slices on range / int / string / float / datetime
 * indexes, increasing, decreasing and unordered, with repeated labels, after a filter),
 * positional take (iloc of one position or a list, iat), whole-frame reductions (numeric_only=None
 * column selection, result dtypes, NaN, agg of a list) and whole-frame arithmetic (constants, a
 * Scalar, frames of the same lineage, abs / neg) against pandas, on chunk sizes 1, 2, 3, 4 and
 * whole; combine size 2 so that reduction trees have several levels.
 */
class DfLoc_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession(o -> o.withCombineSize(2));

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> locAgainstPandas() {
    return DfFixtures.tests("loc", DfLoc_FixtureTest::run, spark::session);
  }

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> frameReductionsAgainstPandas() {
    return DfFixtures.tests("frame_reductions", DfLoc_FixtureTest::run, spark::session);
  }

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> frameArithmeticAgainstPandas() {
    return DfFixtures.tests("frame_arith", DfLoc_FixtureTest::run, spark::session);
  }

  static List<Object> labels(JsonNode n) {
    List<Object> l = new ArrayList<>();
    n.forEach(x -> l.add(DfFixtures.scalar(x)));
    return l;
  }

  static Object label(DfFixtures.Case c, String key) {
    JsonNode n = c.param(key);
    return n.isNull() ? null : DfFixtures.scalar(n);
  }

  static List<String> strings(JsonNode n) {
    List<String> l = new ArrayList<>();
    n.forEach(x -> l.add(x.asText()));
    return l;
  }

  static long[] longs(JsonNode n) {
    long[] a = new long[n.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = n.get(i).asLong();
    }
    return a;
  }

  static DataFrame frameBinary(DataFrame df, String fn, Object other) {
    return switch (fn) {
      case "add" -> df.add(other);
      case "sub" -> df.sub(other);
      case "mul" -> df.mul(other);
      case "truediv" -> df.div(other);
      case "floordiv" -> df.floordiv(other);
      case "mod" -> df.mod(other);
      case "pow" -> df.pow(other);
      case "radd" -> df.radd(other);
      case "rsub" -> df.rsub(other);
      case "rmul" -> df.rmul(other);
      case "rtruediv" -> df.rdiv(other);
      case "eq" -> df.eq(other);
      case "ne" -> df.ne(other);
      case "lt" -> df.lt(other);
      case "le" -> df.le(other);
      case "gt" -> df.gt(other);
      case "ge" -> df.ge(other);
      default -> throw new IllegalArgumentException("unknown function " + fn);
    };
  }

  static DataFrame columns(DataFrame df, DfFixtures.Case c) {
    List<String> cols = strings(c.param("cols"));
    return cols.isEmpty() ? df : df.select(cols.toArray(new String[0]));
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession s) {
    DataFrame df = DfFixtures.dataFrame(c, "df", rows);
    Executable r = switch (c.op()) {
      case "loc_list" -> df.loc(labels(c.param("labels")));
      case "loc_label" -> df.loc(label(c, "label"));
      case "loc_list_cols" -> df.loc(labels(c.param("labels")), strings(c.param("columns")));
      case "series_loc_list" -> df.col(c.str("col")).loc(labels(c.param("labels")));
      case "filter_loc_list" -> df.filter(df.col(c.str("col")).gt(c.param("gt").asLong()))
          .loc(labels(c.param("labels")));
      case "series_loc_label" -> df.col(c.str("col")).loc(label(c, "label"));
      case "at" -> df.at(label(c, "label"), c.str("col"));
      case "loc_slice" -> df.loc(label(c, "start"), label(c, "stop"));
      case "loc_slice_cols" -> df.loc(label(c, "start"), label(c, "stop"), strings(c.param("columns")));
      case "series_loc_slice" -> df.col(c.str("col")).loc(label(c, "start"), label(c, "stop"));
      case "filter_loc_slice" -> df.filter(df.col(c.str("col")).gt(c.param("gt").asLong()))
          .loc(label(c, "start"), label(c, "stop"));
      case "iloc_one" -> df.iloc(c.param("i").asLong());
      case "iloc_list" -> df.iloc(longs(c.param("positions")));
      case "filter_iloc_list" -> df.filter(df.col(c.str("col")).gt(c.param("gt").asLong()))
          .iloc(longs(c.param("positions")));
      case "series_iloc_list" -> df.col(c.str("col")).iloc(longs(c.param("positions")));
      case "series_iloc" -> df.col(c.str("col")).iloc(c.param("i").asLong());
      case "iat" -> df.iat(c.param("i").asLong(), c.param("j").asInt());
      case "reduce" -> columns(df, c).agg(c.str("fn"));
      case "frame_quantile" -> c.param("q").isNull() ? columns(df, c).median()
          : columns(df, c).quantile(c.param("q").asDouble());
      case "reduce_ddof" -> c.str("fn").equals("var") ? columns(df, c).var(c.param("ddof").asInt())
          : columns(df, c).std(c.param("ddof").asInt());
      case "filter_reduce" -> columns(df.filter(df.col(c.str("col")).gt(c.param("gt").asLong())), c)
          .agg(c.str("fn"));
      case "agg_list" -> columns(df, c).agg(strings(c.param("fns")));
      case "binary_scalar" -> frameBinary(columns(df, c), c.str("fn"), DfFixtures.scalar(c.param("value")));
      case "binary_mean" -> frameBinary(columns(df, c), c.str("fn"), df.col(c.str("of")).mean());
      case "binary_self" -> frameBinary(columns(df, c), c.str("fn"), columns(df, c));
      case "binary_abs" -> frameBinary(columns(df, c), c.str("fn"), columns(df, c).abs());
      case "binary_neg" -> frameBinary(columns(df, c), c.str("fn"), columns(df, c).neg());
      case "filter_binary_self" -> {
        DataFrame f = columns(df.filter(df.col(c.str("col")).gt(c.param("gt").asLong())), c);
        yield frameBinary(f, c.str("fn"), f);
      }
      case "unary" -> c.str("fn").equals("abs") ? columns(df, c).abs() : columns(df, c).neg();
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return DfFixtures.compute(r, s);
  }
}
