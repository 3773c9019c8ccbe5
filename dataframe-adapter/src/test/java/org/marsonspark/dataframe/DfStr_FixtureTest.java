package org.marsonspark.dataframe;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * {@code Series.str} methods (NA, unicode, empty strings, whitespace, regexes), str.split into
 * lists and expanded into columns (iterative tiling finds the width), explode of a series and of
 * a frame column, against pandas on several chunk sizes.
 */
class DfStr_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> pandas() {
    return DfFixtures.tests("str", DfStr_FixtureTest::run, spark::session);
  }

  private static Integer optInt(DfFixtures.Case c, String key) {
    return c.params().has(key) && !c.param(key).isNull() ? c.param(key).asInt() : null;
  }

  private static String optStr(DfFixtures.Case c, String key) {
    return c.params().has(key) && !c.param(key).isNull() ? c.param(key).asText() : null;
  }

  private static Boolean optBool(DfFixtures.Case c, String key) {
    return c.params().has(key) ? c.param(key).asBoolean() : null;
  }

  /** pandas 1.5's split: a regex when the pattern is longer than one character. */
  private static Series splitList(Series s, String pat, int n) {
    return pat == null && n < 0 ? s.str().split() : s.str().split(pat, n);
  }

  static Series strOp(Series s, DfFixtures.Case c) {
    StringMethods str = s.str();
    JsonNode p = c.params();
    return switch (c.str("fn")) {
      case "lower" -> str.lower();
      case "upper" -> str.upper();
      case "len" -> str.len();
      case "strip" -> str.strip(optStr(c, "chars"));
      case "lstrip" -> str.lstrip();
      case "rstrip" -> str.rstrip();
      case "contains" -> p.has("na") || !c.param("case").asBoolean() || !c.param("regex").asBoolean()
          ? str.contains(c.str("pat"), c.param("regex").asBoolean(), c.param("case").asBoolean(), optBool(c, "na"))
          : str.contains(c.str("pat"));
      case "startswith" -> str.startswith(c.str("pat"), optBool(c, "na"));
      case "endswith" -> str.endswith(c.str("pat"));
      case "replace" -> p.has("n") || p.has("case")
          ? str.replace(c.str("pat"), c.str("repl"), p.has("n") ? c.param("n").asInt() : -1,
              !p.has("case") || c.param("case").asBoolean(), c.param("regex").asBoolean())
          : str.replace(c.str("pat"), c.str("repl"), c.param("regex").asBoolean());
      case "slice" -> str.slice(optInt(c, "start"), optInt(c, "stop"), optInt(c, "step"));
      case "get" -> str.get(c.param("i").asInt());
      case "split" -> splitList(s, optStr(c, "pat"), c.param("n").asInt());
      case "split_get" -> s.str().split(c.str("pat"), -1).str().get(c.param("i").asInt());
      case "split_len" -> s.str().split(c.str("pat"), -1).str().len();
      default -> throw new IllegalArgumentException("unknown str function in " + c);
    };
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession session) {
    DataFrame df = DfFixtures.dataFrame(c, "df", rows);
    Series s = df.col("s");
    Executable r = switch (c.op()) {
      case "str" -> strOp(s, c);
      case "split_expand" -> {
        String pat = optStr(c, "pat");
        yield s.str().split(pat, c.param("n").asInt(), true, pat != null && pat.length() > 1);
      }
      case "category_upper" -> s.astype("category").str().upper();
      case "explode_split" -> splitList(s, optStr(c, "pat"), -1).explode();
      case "frame_explode" -> df.assign("l", s.str().split(c.str("pat"), -1)).explode("l");
      case "explode_n" -> df.col("n").explode();
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return DfFixtures.compute(r, session);
  }
}
