package org.marsonspark.dataframe;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * Boolean filtering (labels kept, unknown row counts), iloc / head / tail (also after a filter:
 * iterative tiling), dropna, against pandas on several chunk sizes.
 */
class DfRows_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> pandas() {
    return DfFixtures.tests("rows", DfRows_FixtureTest::run, spark::session);
  }

  private static Long optLong(DfFixtures.Case c, String key) {
    return c.params().has(key) && !c.param(key).isNull() ? c.param(key).asLong() : null;
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession s) {
    DataFrame df = DfFixtures.dataFrame(c, "df", rows);
    Executable r = switch (c.op()) {
      case "filter_gt" -> df.filter(df.col(c.str("col")).gt(c.param("gt").asLong()));
      case "filter_notna" -> df.filter(df.col(c.str("col")).notna());
      case "filter_col" -> df.filter(df.col(c.str("col")));
      case "filter_and" -> df.filter(df.col("a").gt(0L).and(df.col("d")));
      case "filter_str_eq" -> df.filter(df.col(c.str("col")).eq(c.str("value")));
      case "filter_iloc" -> df.filter(df.col(c.str("col")).gt(c.param("gt").asLong()))
          .iloc(optLong(c, "start"), optLong(c, "stop"));
      case "filter_notna_head" -> df.filter(df.col(c.str("col")).notna()).head(c.param("n").asLong());
      case "series_filter_tail" -> df.col(c.str("col")).filter(df.col(c.str("by")).gt(c.param("gt").asLong()))
          .tail(c.param("n").asLong());
      case "iloc" -> df.iloc(optLong(c, "start"), optLong(c, "stop"), optLong(c, "step"));
      case "head" -> df.head(c.param("n").asLong());
      case "tail" -> df.tail(c.param("n").asLong());
      case "dropna" -> {
        String[] subset = new String[c.param("subset").size()];
        for (int i = 0; i < subset.length; i++) {
          subset[i] = c.param("subset").get(i).asText();
        }
        yield df.dropna(c.str("how"), subset);
      }
      case "series_dropna" -> df.col(c.str("col")).dropna();
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return DfFixtures.compute(r, s);
  }
}
