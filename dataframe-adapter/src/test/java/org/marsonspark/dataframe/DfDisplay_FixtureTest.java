package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.session.LocalSession;

/** toString() of executed frames and series prints as pandas's repr; toHtml() gives pandas's table. */
class DfDisplay_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  @Test
  void reprLikePandas() {
    for (DfFixtures.Case c : DfFixtures.load("display")) {
      DataFrame df = DfFixtures.dataFrame(c, "df", 2);
      Executable x = switch (c.op()) {
        case "frame" -> df;
        case "series_b" -> df.col("b");
        case "series_c" -> df.col("c");
        case "long" -> Md.dataFrame(Map.of("v", Column.ofLongs(java.util.stream.LongStream.range(0, 100).toArray())), 7);
        case "long_float", "long_float_html" -> longFloats();
        case "long_series" -> longFloats().col("w");
        default -> throw new IllegalArgumentException(c.op());
      };
      x.execute(spark.session());
      String shown = c.op().endsWith("_html") ? ((DataFrame) x).toHtml() : x.toString();
      assertEquals(c.expected().get("value").asText(), shown, c.toString());
      x.release();
    }
  }

  /** 100 rows whose middle 90 have more decimals than the first and last 5 (see gen_display). */
  private static DataFrame longFloats() {
    long[] v = new long[100];
    double[] w = new double[100];
    for (int i = 0; i < 100; i++) {
      v[i] = i;
      w[i] = i >= 5 && i < 95 ? i / 7.0 : i / 2.0;
    }
    Map<String, Column> cols = new java.util.LinkedHashMap<>();
    cols.put("v", Column.ofLongs(v));
    cols.put("w", Column.ofDoubles(w));
    return Md.dataFrame(cols, 9);
  }

  @Test
  void lazyDescriptionAndHtml() {
    DataFrame df = Md.dataFrame(Map.of("a", Column.ofLongs(1, 2)), 1);
    assertTrue(df.toString().contains("not executed") && df.toString().contains("a=int64"), df.toString());
    String html = df.execute(spark.session()).toHtml();
    assertTrue(html.startsWith("<table border=\"1\" class=\"dataframe\">"), html);
    assertTrue(html.contains("<th>a</th>") && html.contains("<td>2</td>"), html);
  }
}
