package org.marsonspark.dataframe;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/** isna / notna / fillna of series and frames, and astype between dtypes, against pandas. */
class DfNa_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> pandas() {
    return DfFixtures.tests("na", DfNa_FixtureTest::run, spark::session);
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession s) {
    DataFrame df = DfFixtures.dataFrame(c, "df", rows);
    Executable r = switch (c.op()) {
      case "isna" -> df.col(c.str("x")).isna();
      case "notna" -> df.col(c.str("x")).notna();
      case "frame_isna" -> df.isna();
      case "fillna" -> df.col(c.str("x")).fillna(DfFixtures.scalar(c.param("value")));
      case "frame_fillna_map" -> {
        Map<String, Object> values = new LinkedHashMap<>();
        c.param("values").fields().forEachRemaining(e -> values.put(e.getKey(), DfFixtures.scalar(e.getValue())));
        yield df.fillna(values);
      }
      case "astype" -> df.col(c.str("x")).astype(c.str("to"));
      case "fillna_astype" -> df.col(c.str("x")).fillna(DfFixtures.scalar(c.param("value"))).astype(c.str("to"));
      case "frame_astype_map" -> {
        Map<String, String> types = new LinkedHashMap<>();
        c.param("types").fields().forEachRemaining(e -> types.put(e.getKey(), e.getValue().asText()));
        yield df.astype(types);
      }
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return DfFixtures.compute(r, s);
  }
}
