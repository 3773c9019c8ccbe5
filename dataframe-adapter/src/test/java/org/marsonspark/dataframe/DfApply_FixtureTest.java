package org.marsonspark.dataframe;

import java.time.LocalDateTime;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.dataframe.local.Row;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * {@code Series.apply/map} with Java functions (the same functions the generator runs in
 * Python, under the same names), {@code map(dict)} and {@code DataFrame.apply(axis=1)}, with
 * result dtypes inferred from a sample, against pandas on several chunk sizes.
 */
class DfApply_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> pandas() {
    return DfFixtures.tests("apply", DfApply_FixtureTest::run, spark::session);
  }

  static SerializableFunction<Object, Object> fn(String name) {
    return switch (name) {
      case "times2_plus1" -> x -> (Long) x * 2 + 1;
      case "len_or_none" -> x -> x == null ? null : (long) ((String) x).codePointCount(0, ((String) x).length());
      case "gt3" -> x -> (Long) x > 3;
      case "half" -> x -> (Double) x / 2;
      case "tag" -> x -> "n" + x;
      case "year_or_nan" -> x -> x == null ? (Object) Double.NaN : (Object) (long) ((LocalDateTime) x).getYear();
      default -> throw new IllegalArgumentException(name);
    };
  }

  static SerializableFunction<Row, Object> rowFn(String name) {
    return switch (name) {
      case "a_plus_e" -> r -> r.getLong("a") + r.getLong("e");
      case "b_times_a" -> r -> r.getDouble("b") * r.getLong("a");
      case "label_bang" -> r -> r.label() + "!";
      default -> throw new IllegalArgumentException(name);
    };
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession session) {
    DataFrame df = DfFixtures.dataFrame(c, "df", rows);
    Series r = switch (c.op()) {
      case "apply" -> df.col(c.str("col")).apply(fn(c.str("fn")));
      case "map_ignore" -> df.col(c.str("col")).map(x -> ((String) x).toUpperCase(), "ignore", null);
      case "map_dict" -> df.col(c.str("col")).map(Map.of("x", 1, "y", 2, "zz", 3));
      case "map_dict_str" -> df.col(c.str("col")).map(Map.of(3, "three", 5, "five"));
      case "rows" -> df.apply(rowFn(c.str("fn")), 1);
      case "filtered_apply" -> df.filter(df.col("a").gt(c.param("gt").asLong())).col(c.str("col")).apply(fn("half"));
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return DfFixtures.compute(r, session);
  }
}
