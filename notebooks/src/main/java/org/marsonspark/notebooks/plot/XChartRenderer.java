package org.marsonspark.notebooks.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.HorizontalBarChart;
import org.knowm.xchart.HorizontalBarChartBuilder;
import org.knowm.xchart.PieChart;
import org.knowm.xchart.PieChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.marsonspark.dataframe.plot.Figure;
import org.marsonspark.dataframe.plot.Figure.BoxStats;
import org.marsonspark.dataframe.plot.Figure.Trace;
import org.marsonspark.dataframe.plot.FigureRenderer;

/**
 * Draws figures with XChart (docs/decisions.md): PNG through its bitmap encoder, SVG through
 * VectorGraphics2D, headless. Colours follow matplotlib's default cycle ("tab10"), so a plot
 * looks like the pandas one a user knows.
 */
public final class XChartRenderer implements FigureRenderer {
  /** matplotlib's default colour cycle. */
  private static final Color[] TAB10 = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c),
      new Color(0xd62728), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f),
      new Color(0xbcbd22), new Color(0x17becf)};

  @Override
  public BufferedImage image(Figure figure) {
    return BitmapEncoder.getBufferedImage(chart(figure));
  }

  @Override
  public byte[] png(Figure figure) {
    try {
      return BitmapEncoder.getBitmapBytes(chart(figure), BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException("PNG encoding of " + figure + " failed", e);
    }
  }

  @Override
  public String svg(Figure figure) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      VectorGraphicsEncoder.saveVectorGraphic(chart(figure), out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    } catch (IOException e) {
      throw new UncheckedIOException("SVG encoding of " + figure + " failed", e);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  /** The XChart chart of a figure (exposed for callers who style it further or show it in Swing). */
  public static Chart<?, ?> chart(Figure f) {
    return switch (f.kind()) {
      case LINE, KDE -> xy(f, XYSeriesRenderStyle.Line);
      case AREA -> area(f);
      case SCATTER -> xy(f, XYSeriesRenderStyle.Scatter);
      case HIST -> hist(f);
      case BAR -> bar(f);
      case BARH -> barh(f);
      case PIE -> pie(f);
      case BOX -> box(f);
    };
  }

  private static Color color(int i) {
    return TAB10[i % TAB10.length];
  }

  private static XYChart xyChart(Figure f) {
    XYChart c = new XYChartBuilder().width(f.width()).height(f.height()).title(text(f.title()))
        .xAxisTitle(text(f.xLabel())).yAxisTitle(text(f.yLabel())).build();
    style(c.getStyler(), f);
    if (!f.categories().isEmpty()) {
      List<String> labels = f.categories();
      c.setCustomXAxisTickLabelsFormatter(x -> {
        long i = Math.round(x);
        return Math.abs(x - i) < 1e-9 && i >= 0 && i < labels.size() ? labels.get((int) i) : "";
      });
    }
    return c;
  }

  private static void style(Styler s, Figure f) {
    s.setLegendVisible(f.legend());
    s.setChartBackgroundColor(Color.WHITE);
    s.setPlotBackgroundColor(Color.WHITE);
    s.setAntiAlias(true);
    s.setSeriesColors(TAB10);
  }

  private static XYChart xy(Figure f, XYSeriesRenderStyle render) {
    XYChart c = xyChart(f);
    Names names = new Names();
    for (Trace t : f.traces()) {
      XYSeries s = c.addSeries(names.unique(t.name()), t.x(), t.y());
      s.setXYSeriesRenderStyle(render);
      if (render != XYSeriesRenderStyle.Scatter) {
        s.setMarker(SeriesMarkers.NONE);
      }
    }
    return c;
  }

  /** Stacked areas: the figure holds the stacked tops; the tallest is drawn first so the lower ones show over it. */
  private static XYChart area(Figure f) {
    XYChart c = xyChart(f);
    Names names = new Names();
    List<Trace> traces = f.traces();
    List<String> order = new ArrayList<>();
    for (Trace t : traces) {
      order.add(names.unique(t.name()));
    }
    for (int i = traces.size() - 1; i >= 0; i--) {
      Trace t = traces.get(i);
      XYSeries s = c.addSeries(order.get(i), t.x(), t.y());
      s.setXYSeriesRenderStyle(XYSeriesRenderStyle.Area);
      s.setMarker(SeriesMarkers.NONE);
      s.setFillColor(color(i));
      s.setLineColor(color(i));
    }
    return c;
  }

  /** Bars between the bin edges, as steps closed down to zero at both ends. */
  private static XYChart hist(Figure f) {
    XYChart c = xyChart(f);
    Names names = new Names();
    int k = 0;
    for (Trace t : f.traces()) {
      double[] edges = t.x();
      double[] counts = t.y();
      int n = counts.length;
      double[] x = new double[2 * n + 2];
      double[] y = new double[2 * n + 2];
      x[0] = edges[0];
      for (int i = 0; i < n; i++) {
        x[2 * i + 1] = edges[i];
        y[2 * i + 1] = counts[i];
        x[2 * i + 2] = edges[i + 1];
        y[2 * i + 2] = counts[i];
      }
      x[2 * n + 1] = edges[n];
      XYSeries s = c.addSeries(names.unique(t.name().isEmpty() ? "values" : t.name()), x, y);
      s.setXYSeriesRenderStyle(XYSeriesRenderStyle.Area);
      s.setMarker(SeriesMarkers.NONE);
      Color base = color(k++);
      s.setFillColor(new Color(base.getRed(), base.getGreen(), base.getBlue(), 140));
      s.setLineColor(base);
    }
    return c;
  }

  private static CategoryChart bar(Figure f) {
    CategoryChart c = new CategoryChartBuilder().width(f.width()).height(f.height()).title(text(f.title()))
        .xAxisTitle(text(f.xLabel())).yAxisTitle(text(f.yLabel())).build();
    style(c.getStyler(), f);
    c.getStyler().setXAxisLabelRotation(f.categories().size() > 8 ? 90 : 0);
    Names names = new Names();
    for (Trace t : f.traces()) {
      c.addSeries(names.unique(t.name()), f.categories(), boxed(t.y()));
    }
    return c;
  }

  private static HorizontalBarChart barh(Figure f) {
    HorizontalBarChart c = new HorizontalBarChartBuilder().width(f.width()).height(f.height())
        .title(text(f.title())).xAxisTitle(text(f.yLabel())).yAxisTitle(text(f.xLabel())).build();
    style(c.getStyler(), f);
    Names names = new Names();
    for (Trace t : f.traces()) {
      c.addSeries(names.unique(t.name()), boxed(t.y()), f.categories());
    }
    return c;
  }

  private static PieChart pie(Figure f) {
    PieChart c = new PieChartBuilder().width(f.width()).height(f.height()).title(text(f.title())).build();
    style(c.getStyler(), f);
    c.getStyler().setLegendVisible(false);
    Names names = new Names();
    double[] v = f.traces().get(0).y();
    for (int i = 0; i < v.length; i++) {
      c.addSeries(names.unique(f.categories().get(i)), v[i]);
    }
    return c;
  }

  /** matplotlib's box: the quartile box, the median, whiskers with caps, the fliers as circles. */
  private static XYChart box(Figure f) {
    XYChart c = xyChart(f);
    c.getStyler().setLegendVisible(false);
    int i = 0;
    for (BoxStats b : f.boxes()) {
      double x = i;
      double w = 0.25;
      Color box = color(0);
      line(c, "box " + i, box, new double[] {x - w, x + w, x + w, x - w, x - w},
          new double[] {b.q1(), b.q1(), b.q3(), b.q3(), b.q1()});
      line(c, "median " + i, color(1), new double[] {x - w, x + w}, new double[] {b.median(), b.median()});
      line(c, "whisker low " + i, box, new double[] {x, x}, new double[] {b.q1(), b.whislo()});
      line(c, "whisker high " + i, box, new double[] {x, x}, new double[] {b.q3(), b.whishi()});
      line(c, "cap low " + i, box, new double[] {x - w / 2, x + w / 2}, new double[] {b.whislo(), b.whislo()});
      line(c, "cap high " + i, box, new double[] {x - w / 2, x + w / 2}, new double[] {b.whishi(), b.whishi()});
      if (b.fliers().length > 0) {
        double[] fx = new double[b.fliers().length];
        java.util.Arrays.fill(fx, x);
        XYSeries s = c.addSeries("fliers " + i, fx, b.fliers());
        s.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
        s.setMarker(SeriesMarkers.CIRCLE);
        s.setMarkerColor(Color.BLACK);
      }
      i++;
    }
    // room either side of the boxes
    c.getStyler().setXAxisMin(-0.75);
    c.getStyler().setXAxisMax(f.boxes().size() - 0.25);
    return c;
  }

  private static void line(XYChart c, String name, Color color, double[] x, double[] y) {
    XYSeries s = c.addSeries(name, x, y);
    s.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
    s.setMarker(SeriesMarkers.NONE);
    s.setLineColor(color);
    s.setLineStyle(new BasicStroke(1.5f));
  }

  private static List<Double> boxed(double[] v) {
    List<Double> out = new ArrayList<>(v.length);
    for (double d : v) {
      out.add(d);
    }
    return out;
  }

  private static String text(String s) {
    return s == null ? "" : s;
  }

  /** XChart needs distinct, non-empty series names; pandas allows repeated labels. */
  private static final class Names {
    private final Set<String> used = new HashSet<>();

    String unique(String name) {
      String base = name == null || name.isEmpty() ? " " : name;
      String n = base;
      for (int k = 2; !used.add(n); k++) {
        n = base + " (" + k + ")";
      }
      return n;
    }
  }
}
