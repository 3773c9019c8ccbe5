package org.marsonspark.dataframe;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * concat (rows: union of columns, NA filling, ignore_index, series; columns: aligned inputs),
 * drop_duplicates (subset, keep first / last / false, NA keys, all columns), set_index,
 * reset_index (also after a filter), rename, against pandas (fixture family {@code rowsets}) on
 * several chunk sizes.
 */
class DfRowSets_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> pandas() {
    return DfFixtures.tests("rowsets", DfRowSets_FixtureTest::run, spark::session);
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession s) {
    Executable r = switch (c.op()) {
      case "concat" -> {
        List<DataFrame> frames = new ArrayList<>();
        for (String k : c.inputs().keySet()) {
          frames.add(DfFixtures.dataFrame(c, k, rows));
        }
        yield Md.concat(frames, 0, c.param("ignore_index").asBoolean());
      }
      case "concat_series" -> Md.concat(List.of(DfFixtures.dataFrame(c, "a", rows).col(c.str("col")),
          DfFixtures.dataFrame(c, "b", rows).col(c.str("col"))), 0, c.param("ignore_index").asBoolean());
      case "concat_frame_series" -> Md.concat(List.of(DfFixtures.dataFrame(c, "a", rows),
          DfFixtures.dataFrame(c, "b", rows).col(c.str("col"))), 0, false);
      case "concat_axis1" -> {
        DataFrame a = DfFixtures.dataFrame(c, "a", rows);
        yield Md.concat(List.of(a.select("x"), a.col("y").rename("y2"), a.select("t")), 1, false);
      }
      case "concat_axis1_two" -> Md.concat(List.of(DfFixtures.dataFrame(c, "a", rows),
          DfFixtures.dataFrame(c, "b", rows)), 1, false);
      case "concat_filter" -> {
        DataFrame a = DfFixtures.dataFrame(c, "a", rows);
        yield Md.concat(List.of(a.filter(a.col("x").gt(c.param("gt").asLong())), DfFixtures.dataFrame(c, "b", rows)),
            0, true);
      }
      case "drop_duplicates" -> {
        String[] subset = new String[c.param("subset").size()];
        for (int i = 0; i < subset.length; i++) {
          subset[i] = c.param("subset").get(i).asText();
        }
        yield DfFixtures.dataFrame(c, "df", rows).dropDuplicates(c.str("keep"), subset);
      }
      case "set_index" -> DfFixtures.dataFrame(c, "df", rows).setIndex(c.str("col"), c.param("drop").asBoolean());
      case "reset_index" -> DfFixtures.dataFrame(c, "df", rows).resetIndex(c.param("drop").asBoolean());
      case "filter_reset_index" -> {
        DataFrame df = DfFixtures.dataFrame(c, "df", rows);
        yield df.filter(df.col("c").gt(c.param("gt").asLong())).resetIndex(c.param("drop").asBoolean());
      }
      case "rename" -> {
        Map<String, String> m = new LinkedHashMap<>();
        c.param("map").fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asText()));
        yield DfFixtures.dataFrame(c, "df", rows).rename(m);
      }
      case "set_reset" -> DfFixtures.dataFrame(c, "df", rows).setIndex(c.str("col")).resetIndex();
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return DfFixtures.compute(r, s);
  }
}
