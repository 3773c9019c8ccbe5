package org.marsonspark.dataframe;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/** {@code Series.dt} fields (NaT gives NaN, float64) and strftime, against pandas on several chunk sizes. */
class DfDt_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> pandas() {
    return DfFixtures.tests("dt", DfDt_FixtureTest::run, spark::session);
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession session) {
    DatetimeMethods dt = DfFixtures.dataFrame(c, "df", rows).col("t").dt();
    Series r = switch (c.op()) {
      case "field" -> switch (c.str("field")) {
        case "year" -> dt.year();
        case "month" -> dt.month();
        case "day" -> dt.day();
        case "hour" -> dt.hour();
        case "minute" -> dt.minute();
        case "second" -> dt.second();
        case "dayofweek" -> dt.dayofweek();
        case "dayofyear" -> dt.dayofyear();
        case "quarter" -> dt.quarter();
        default -> throw new IllegalArgumentException("unknown field in " + c);
      };
      case "strftime" -> dt.strftime(c.str("format"));
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return DfFixtures.compute(r, session);
  }
}
