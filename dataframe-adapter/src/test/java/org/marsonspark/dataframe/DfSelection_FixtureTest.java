package org.marsonspark.dataframe;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * Column selection and assignment (series, constants, a reduction result), the index of a
 * filtered frame, and a frame with a named string index, against pandas on several chunk sizes.
 */
class DfSelection_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  // each case x chunk size is checked by DfAssert.assertMatches (values, NA, dtypes, index) in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> pandas() {
    return DfFixtures.tests("selection", DfSelection_FixtureTest::run, spark::session);
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession s) {
    DataFrame df = DfFixtures.dataFrame(c, "df", rows);
    Executable r = switch (c.op()) {
      case "col" -> df.col(c.str("col"));
      case "select" -> {
        String[] cols = new String[c.param("cols").size()];
        for (int i = 0; i < cols.length; i++) {
          cols[i] = c.param("cols").get(i).asText();
        }
        yield df.select(cols);
      }
      case "identity" -> df;
      case "assign_mul" -> df.assign(c.str("name"), df.col(c.str("col")).mul(c.param("by").asLong()));
      case "assign_col" -> df.assign(c.str("name"), df.col(c.str("col")));
      case "assign_const" -> df.assign(c.str("name"), DfFixtures.scalar(c.param("value")));
      case "assign_centered" -> df.assign(c.str("name"), df.col(c.str("col")).sub(df.col(c.str("col")).mean()));
      case "filtered_index" -> df.filter(df.col(c.str("col")).gt(c.param("gt").asLong())).index();
      case "filter_gt" -> df.filter(df.col(c.str("col")).gt(c.param("gt").asLong()));
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return DfFixtures.compute(r, s);
  }
}
