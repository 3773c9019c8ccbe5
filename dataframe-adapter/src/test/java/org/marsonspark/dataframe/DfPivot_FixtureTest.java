package org.marsonspark.dataframe;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.dataframe.ops.GroupByAgg;
import org.marsonspark.dataframe.ops.PivotTable;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * pivot_table against pandas 1.5 (fixtures {@code pivot.json}): every aggregation name, NaN
 * values, NaN / string / int / float / datetime keys, several values, dict aggfunc, size, several
 * column and index keys, no column keys, fill_value with pandas's dtype rules, empty input and
 * input of unknown size (after a filter) — with the groupby combined as a tree and as a shuffle
 * (whose key ranges cut through index keys), on chunk sizes 1, 2, 3, 4 and whole.
 */
class DfPivot_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession(o -> o.withCombineSize(2));

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> treeAgainstPandas() {
    return DfFixtures.tests("pivot", (c, rows, s) -> run(c, rows, s, GroupByAgg.Method.TREE), spark::session);
  }

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> shuffleAgainstPandas() {
    return DfFixtures.tests("pivot", (c, rows, s) -> run(c, rows, s, GroupByAgg.Method.SHUFFLE), spark::session);
  }

  /** A String, a list of Strings, or null, as the case stores it. */
  static Object names(JsonNode n) {
    if (n == null || n.isNull()) {
      return null;
    }
    if (n.isArray()) {
      List<String> l = new ArrayList<>();
      n.forEach(x -> l.add(x.asText()));
      return l;
    }
    return n.asText();
  }

  static Object aggfunc(JsonNode n) {
    if (n.isObject()) {
      Map<String, String> m = new LinkedHashMap<>();
      n.fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asText()));
      return m;
    }
    return n.asText();
  }

  static Object fill(JsonNode n) {
    if (n == null || n.isNull()) {
      return null;
    }
    return n.isIntegralNumber() ? (Object) n.asLong() : (Object) n.asDouble();
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession s, GroupByAgg.Method method) {
    DataFrame df = DfFixtures.dataFrame(c, "df", rows);
    DataFrame in = switch (c.op()) {
      case "pivot" -> df;
      case "pivot_filtered" -> df.filter(df.col("v").gt(2L));
      case "pivot_empty" -> df.filter(df.col("v").lt(-1000L));
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    DataFrame r = PivotTable.of(in.data(), names(c.params().get("values")), names(c.param("index")),
        names(c.params().get("columns")), aggfunc(c.param("aggfunc")), fill(c.params().get("fill_value")), false,
        method);
    return DfFixtures.compute(r, s);
  }
}
