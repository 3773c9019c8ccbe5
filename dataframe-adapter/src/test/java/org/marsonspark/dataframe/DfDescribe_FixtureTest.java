package org.marsonspark.dataframe;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * {@code describe()} of frames and series — exact percentiles from the histogram passes, on data
 * with NaN, duplicates, infinities and very uneven magnitudes, custom percentiles, empty and
 * filtered inputs — against pandas on several chunk sizes.
 */
class DfDescribe_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> pandas() {
    return DfFixtures.tests("describe", DfDescribe_FixtureTest::run, spark::session);
  }

  private static double[] pcts(DfFixtures.Case c) {
    double[] p = new double[c.param("pcts").size()];
    for (int i = 0; i < p.length; i++) {
      p[i] = c.param("pcts").get(i).asDouble();
    }
    return p;
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession session) {
    DataFrame df = DfFixtures.dataFrame(c, "df", rows);
    Executable r = switch (c.op()) {
      case "frame" -> df.describe();
      case "frame_pcts" -> df.describe(pcts(c));
      case "series" -> df.col(c.str("col")).describe();
      case "series_pcts" -> df.col(c.str("col")).describe(pcts(c));
      case "filtered" -> df.filter(df.col("a").gt(c.param("gt").asLong())).col(c.str("col")).describe();
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return DfFixtures.compute(r, session);
  }
}
