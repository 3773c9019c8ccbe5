package org.marsonspark.notebooks.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.plot.Figure;
import org.marsonspark.dataframe.plot.PlotAccessor;
import org.marsonspark.dataframe.plot.Plots;
import org.marsonspark.session.LocalSession;

/**
 * Every plot kind is drawn: a PNG of the figure's size that is not blank (the data it is drawn
 * from is checked against pandas in dataframe-adapter's DfPlot_FixtureTest), an SVG document,
 * and savefig by extension.
 */
class XChartRenderer_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  @TempDir
  Path dir;

  private static DataFrame frame() {
    int n = 200;
    double[] a = new double[n];
    long[] b = new long[n];
    for (int i = 0; i < n; i++) {
      a[i] = 5 + 3 * Math.sin(i * 0.1) + (i % 17 == 0 ? 9 : 0);
      b[i] = (i * 7) % 23;
    }
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofDoubles(a));
    cols.put("b", Column.ofLongs(b));
    return Md.dataFrame(LocalFrame.of(cols), 32);
  }

  private static final Map<String, Function<PlotAccessor, Figure>> KINDS = Map.of(
      "line", PlotAccessor::line,
      "area", PlotAccessor::area,
      "scatter", p -> p.scatter("a", "b"),
      "hist", p -> p.hist(15),
      "box", PlotAccessor::box,
      "kde", PlotAccessor::kde,
      "bar", p -> p.maxPoints(1000).bar(),
      "barh", p -> p.maxPoints(1000).barh(),
      "pie", p -> p.pie("b"));

  @ParameterizedTest
  @ValueSource(strings = {"line", "area", "scatter", "hist", "box", "kde", "bar", "barh", "pie"})
  void drawsEveryKind(String kind) throws IOException {
    Figure f = KINDS.get(kind).apply(frame().plot().title(kind + " of a and b").size(500, 320));
    byte[] bytes = f.toPng();
    Path shown = Path.of("target", "plots"); // kept for a look at them
    Files.createDirectories(shown);
    Files.write(shown.resolve(kind + ".png"), bytes);
    BufferedImage png = ImageIO.read(new ByteArrayInputStream(bytes));
    assertEquals(500, png.getWidth());
    assertEquals(320, png.getHeight());
    assertTrue(colours(png) > 8, kind + ": the image is (nearly) blank: " + colours(png) + " colours");
    String svg = f.toSvg();
    assertTrue(svg.contains("<svg") && svg.contains("</svg>"), kind + ": not an SVG document");
    assertEquals(500, f.toImage().getWidth());
  }

  @ParameterizedTest
  @ValueSource(strings = {"png", "svg"})
  void savefigWritesByExtension(String ext) throws IOException {
    Path out = Plots.hist(new org.marsonspark.tensor.RandomState(7).rand(1000), 20, "uniform").savefig(dir.resolve("h." + ext).toString());
    byte[] bytes = Files.readAllBytes(out);
    if (ext.equals("png")) {
      assertEquals(0x89, bytes[0] & 0xff); // the PNG signature
      assertEquals('P', bytes[1]);
    } else {
      assertTrue(new String(bytes, java.nio.charset.StandardCharsets.UTF_8).contains("<svg"));
    }
  }

  private static int colours(BufferedImage img) {
    Set<Integer> seen = new HashSet<>();
    for (int y = 0; y < img.getHeight(); y += 2) {
      for (int x = 0; x < img.getWidth(); x += 2) {
        seen.add(img.getRGB(x, y));
      }
    }
    return seen.size();
  }
}
