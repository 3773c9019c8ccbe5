package org.marsonspark.dataframe;

import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.dataframe.MergeOptions.Strategy;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.CaseWatchdog;

/**
 * merge and join against pandas (fixture family {@code merge}): string, int, float-with-NaN,
 * two-column, differently named and int/float keys; NaN keys matching NaN; many-to-many
 * matches; empty results; inputs of unknown size (merge after a filter); index keys; suffixes —
 * for every how, on chunk sizes 1, 2, 3, 4 and whole, each with the broadcast and the shuffle
 * strategy (and AUTO on one size), so both strategies are checked to give pandas's (and so the same) result.
 */
class DfMerge_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  // each case x chunk size x strategy is checked by DfAssert.assertMatches, under the CaseWatchdog's deadline
  @TestFactory
  Stream<DynamicNode> pandas() {
    return DfFixtures.load("merge").stream().map(c -> dynamicContainer(c.name() + ": " + c.expr(),
        DfFixtures.CHUNK_ROWS.stream().flatMap(rows -> strategies(c, rows).stream().map(st ->
            dynamicTest("chunkRows=" + rows + " " + st, () -> {
              String context = c + " with chunkRows=" + rows + ", " + st;
              Object actual = CaseWatchdog.call(context, spark.session(), () -> run(c, rows, st, spark.session()));
              DfAssert.assertMatches(c.expected(), actual, context);
            })))));
  }

  /** Shuffle and (but for outer merges) broadcast on every chunk size; AUTO (and the join API) on one. */
  static List<Strategy> strategies(DfFixtures.Case c, long rows) {
    List<Strategy> s = new ArrayList<>(List.of(Strategy.SHUFFLE));
    if (rows == 3) {
      s.add(Strategy.AUTO);
    }
    if (!c.str("how").equals("outer")) {
      s.add(Strategy.BROADCAST);
    }
    return s;
  }

  private static String[] strings(JsonNode n) {
    String[] s = new String[n.size()];
    for (int i = 0; i < s.length; i++) {
      s[i] = n.get(i).asText();
    }
    return s;
  }

  static MergeOptions options(DfFixtures.Case c, Strategy st) {
    JsonNode p = c.params();
    MergeOptions o = MergeOptions.defaults().how(c.str("how")).strategy(st);
    if (p.has("on")) {
      o = o.withOn(strings(p.get("on")));
    }
    if (p.has("left_on")) {
      o = o.withLeftOn(strings(p.get("left_on")));
    }
    if (p.has("right_on")) {
      o = o.rightOn(strings(p.get("right_on")));
    }
    if (p.has("left_index")) {
      o = o.withLeftIndex(p.get("left_index").asBoolean());
    }
    if (p.has("right_index")) {
      o = o.withRightIndex(p.get("right_index").asBoolean());
    }
    if (p.has("suffixes")) {
      o = o.suffixes(p.get("suffixes").get(0).asText(), p.get("suffixes").get(1).asText());
    }
    return o;
  }

  static Object run(DfFixtures.Case c, long rows, Strategy st, MarsSession s) {
    DataFrame left = DfFixtures.dataFrame(c, "left", rows);
    DataFrame right = DfFixtures.dataFrame(c, "right", rows);
    DataFrame r = switch (c.op()) {
      case "merge" -> Md.merge(left, right, options(c, st));
      case "filter_merge" -> Md.merge(left.filter(left.col("n").gt(c.param("gt").asLong())), right, options(c, st));
      case "join" -> {
        String on = c.param("on").isNull() ? null : c.str("on");
        String ls = c.params().has("lsuffix") ? c.str("lsuffix") : "";
        String rs = c.params().has("rsuffix") ? c.str("rsuffix") : "";
        MergeOptions o = (on == null ? MergeOptions.onIndex() : MergeOptions.leftOn(on).withRightIndex(true))
            .how(c.str("how")).suffixes(ls, rs).strategy(st);
        yield st == Strategy.AUTO ? left.join(right, on, c.str("how"), ls, rs) : left.merge(right, o);
      }
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return DfFixtures.compute(r, s);
  }
}
