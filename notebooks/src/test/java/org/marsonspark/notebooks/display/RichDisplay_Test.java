package org.marsonspark.notebooks.display;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/** What Mars objects look like in a notebook: data only once executed, HTML tables for frames and arrays. */
class RichDisplay_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static DataFrame frame() {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofLongs(1, 2, 3));
    cols.put("b", Column.ofStrings("x", "y", "<z>"));
    return Md.dataFrame(cols, 2);
  }

  @Test
  void lazyDataFrameIsDescribedNotRun() {
    DataFrame df = frame();
    Map<String, String> b = RichDisplay.bundle(df);
    assertEquals(List.of(RichDisplay.TEXT), List.copyOf(b.keySet()));
    assertTrue(b.get(RichDisplay.TEXT).contains("not executed"), b.toString());
    assertTrue(!df.isExecuted(), "rendering must not execute");
  }

  @Test
  void executedDataFrameIsPandasHtmlAndText() {
    DataFrame df = frame().execute(spark.session());
    try {
      Map<String, String> b = RichDisplay.bundle(df);
      assertEquals(List.of(RichDisplay.HTML, RichDisplay.TEXT), List.copyOf(b.keySet()));
      String html = b.get(RichDisplay.HTML);
      assertTrue(html.startsWith("<table border=\"1\" class=\"dataframe\">"), html);
      assertTrue(html.contains("<th>b</th>") && html.contains("<td>&lt;z&gt;</td>"), html);
      assertEquals(df.fetch().toString(), b.get(RichDisplay.TEXT));
      assertEquals(df.fetch().toHtml(), RichDisplay.bundle(df.fetch()).get(RichDisplay.HTML));
    } finally {
      df.release();
    }
  }

  @Test
  void seriesAndIndexAreText() {
    Series s = frame().col("a");
    assertTrue(RichDisplay.bundle(s).get(RichDisplay.TEXT).contains("not executed"));
    s.execute(spark.session());
    try {
      Map<String, String> b = RichDisplay.bundle(s);
      assertEquals(List.of(RichDisplay.TEXT), List.copyOf(b.keySet()));
      assertEquals("0    1\n1    2\n2    3\nName: a, dtype: int64", b.get(RichDisplay.TEXT));
      assertEquals(b, RichDisplay.bundle(s.fetch()));
      assertEquals(s.fetch().index().toString(), RichDisplay.bundle(s.fetch().index()).get(RichDisplay.TEXT));
    } finally {
      s.release();
    }
  }

  @Test
  void tensorsShowValuesOnceExecuted() {
    Tensor t = Mt.arange(0, 6, 1).reshape(2, 3);
    Map<String, String> lazy = RichDisplay.bundle(t);
    assertTrue(lazy.get(RichDisplay.TEXT).endsWith("(not executed)") && lazy.size() == 1, lazy.toString());
    t.execute(spark.session());
    try {
      Map<String, String> b = RichDisplay.bundle(t);
      NDArray values = t.fetch();
      assertEquals(values.toHtml(), b.get(RichDisplay.HTML));
      assertEquals(values.toString(), b.get(RichDisplay.TEXT));
      assertTrue(b.get(RichDisplay.HTML).contains("<tr><td>3</td><td>4</td><td>5</td></tr>"), b.toString());
    } finally {
      t.release();
    }
  }

  @Test
  void largeExecutedTensorsAreNotFetched() {
    Tensor big = Mt.random.uniform(0, 1, new long[] {RichDisplay.MAX_TENSOR_FETCH + 1}, ChunkSize.of(500))
        .execute(spark.session());
    try {
      Map<String, String> b = RichDisplay.bundle(big);
      assertEquals(List.of(RichDisplay.TEXT), List.copyOf(b.keySet()));
      assertTrue(b.get(RichDisplay.TEXT).contains("executed: fetch()"), b.toString());
    } finally {
      big.release();
    }
  }

  @Test
  void aFigureIsAPngImage() throws java.io.IOException {
    Map<String, String> b = RichDisplay.bundle(frame().plot().size(300, 200).bar());
    assertEquals(List.of(RichDisplay.PNG, RichDisplay.TEXT), List.copyOf(b.keySet()));
    java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(
        new java.io.ByteArrayInputStream(java.util.Base64.getDecoder().decode(b.get(RichDisplay.PNG))));
    assertEquals(300, img.getWidth());
    assertEquals(200, img.getHeight());
    assertTrue(b.get(RichDisplay.TEXT).startsWith("Figure(bar"), b.toString());
  }

  @Test
  void otherObjectsAreNotOurs() {
    assertNull(RichDisplay.bundle("a string"));
  }
}
