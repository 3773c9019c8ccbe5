package org.marsonspark.dataframe;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * sort_values (frames by one or several columns with mixed directions, series), sort_index,
 * nlargest / nsmallest and value_counts against pandas, on chunk sizes 1, 2, 3, 4 and whole:
 * NaN / None / NaT placement, strings, datetimes, categories, bools, ties (stable order), after a
 * filter (unknown sizes) and on empty results. value_counts fixtures order equal counts by value,
 * the order Mars on Spark defines (see {@code value_counts_fixed_ties} in the generator).
 */
class DfSort_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession(o -> o.withCombineSize(2));

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> sortAgainstPandas() {
    return DfFixtures.tests("sort", DfSort_FixtureTest::run, spark::session);
  }

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> valueCountsAgainstPandas() {
    return DfFixtures.tests("counts", DfSort_FixtureTest::run, spark::session);
  }

  static String[] strings(JsonNode n) {
    return DfCsv_FixtureTest.strings(n).toArray(new String[0]);
  }

  static boolean[] bools(JsonNode n) {
    boolean[] b = new boolean[n.size()];
    for (int i = 0; i < b.length; i++) {
      b[i] = n.get(i).asBoolean();
    }
    return b;
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession s) {
    DataFrame df = DfFixtures.dataFrame(c, "df", rows);
    Executable r = switch (c.op()) {
      case "sort_values" -> df.sortValues(strings(c.param("by")), bools(c.param("ascending")), c.str("na_position"));
      case "series_sort_values" -> df.col(c.str("col")).sortValues(c.param("ascending").asBoolean(),
          c.str("na_position"));
      case "filter_sort" -> df.filter(df.col(c.str("col")).gt(c.param("gt").asLong())).sortValues(c.str("by"));
      case "sort_index" -> df.sortIndex(c.param("ascending").asBoolean(), c.str("na_position"));
      case "sort_then_sort_index" -> df.sortValues(c.str("by")).sortIndex();
      case "series_sort_then_sort_index" -> df.col(c.str("col")).sortValues().sortIndex(
          c.param("ascending").asBoolean(), c.str("na_position"));
      case "nlargest" -> df.nlargest(c.param("n").asLong(), strings(c.param("columns")));
      case "nsmallest" -> df.nsmallest(c.param("n").asLong(), strings(c.param("columns")));
      case "series_nlargest" -> df.col(c.str("col")).nlargest(c.param("n").asLong());
      case "series_nsmallest" -> df.col(c.str("col")).nsmallest(c.param("n").asLong());
      case "filter_nlargest" -> df.filter(df.col(c.str("col")).gt(c.param("gt").asLong()))
          .nlargest(c.param("n").asLong(), strings(c.param("columns")));
      case "value_counts" -> df.col(c.str("col")).valueCounts(c.param("normalize").asBoolean(),
          c.param("ascending").asBoolean(), c.param("dropna").asBoolean());
      case "filter_value_counts" -> df.filter(df.col(c.str("by")).gt(c.param("gt").asLong())).col(c.str("col"))
          .valueCounts();
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return DfFixtures.compute(r, s);
  }
}
