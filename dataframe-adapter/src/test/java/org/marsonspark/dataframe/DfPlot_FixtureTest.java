package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.plot.Figure;
import org.marsonspark.dataframe.plot.Figure.BoxStats;
import org.marsonspark.dataframe.plot.Figure.Trace;
import org.marsonspark.dataframe.plot.PlotAccessor;
import org.marsonspark.dataframe.plot.Plots;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.Mt;

/**
 * The data of {@code df.plot()} figures — points, stacked areas, bars, wedges, histogram bins,
 * box statistics, kde curves — against what pandas 1.5 and matplotlib drew for the same input
 * (fixtures-df/plot.json, written by src/test/python/gen_fixtures_plot.py), on several chunk sizes.
 */
class DfPlot_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static final List<Long> CHUNK_ROWS = List.of(1L, 4L, 1000L);

  @TestFactory
  Stream<DynamicNode> pandas() {
    List<DynamicNode> tests = new ArrayList<>();
    for (DfFixtures.Case c : DfFixtures.load("plot")) {
      for (long rows : CHUNK_ROWS) {
        tests.add(dynamicTest(c + " chunks of " + rows, () -> check(c, run(c, rows))));
      }
    }
    return tests.stream();
  }

  private static Figure run(DfFixtures.Case c, long rows) {
    DataFrame df = DfFixtures.dataFrame(c, "df", rows);
    PlotAccessor p = df.plot();
    return switch (c.op()) {
      case "line" -> p.line();
      case "line_x" -> p.line(c.str("x"), c.str("y"));
      case "line_max" -> p.maxPoints(c.param("maxPoints").asInt()).line();
      case "area" -> p.area();
      case "scatter" -> p.scatter(c.str("x"), c.str("y"));
      case "bar" -> p.bar();
      case "barh_x" -> p.barh(c.str("x"), c.str("y"));
      case "pie" -> df.col(c.str("col")).plot().pie();
      case "hist" -> p.hist(c.param("bins").asInt());
      case "series_hist" -> df.col(c.str("col")).plot().hist(c.param("bins").asInt());
      case "box" -> p.box();
      case "kde" -> p.kde();
      case "series_kde" -> df.col(c.str("col")).plot().kde();
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
  }

  private static void check(DfFixtures.Case c, Figure f) {
    JsonNode e = c.expected();
    double tol = c.op().contains("kde") ? 1e-10 : 1e-12; // kde: sums in another order than scipy's
    JsonNode traces = e.get("traces");
    assertEquals(traces.size(), f.traces().size(), c + ": traces");
    for (int i = 0; i < traces.size(); i++) {
      Trace t = f.traces().get(i);
      assertEquals(traces.get(i).get("name").asText(), t.name(), c + ": trace name");
      assertClose(numbers(traces.get(i).get("x")), t.x(), tol, c + " trace " + t.name() + " x");
      assertClose(numbers(traces.get(i).get("y")), t.y(), tol, c + " trace " + t.name() + " y");
    }
    List<String> categories = new ArrayList<>();
    e.get("categories").forEach(n -> categories.add(n.asText()));
    assertEquals(categories, f.categories(), c + ": categories");
    JsonNode boxes = e.get("boxes");
    if (boxes.size() > 0) {
      assertEquals(boxes.size(), f.boxes().size(), c + ": boxes");
      for (int i = 0; i < boxes.size(); i++) {
        JsonNode b = boxes.get(i);
        BoxStats s = f.boxes().get(i);
        assertEquals(b.get("label").asText(), s.label());
        double[] want = {b.get("mean").asDouble(), b.get("q1").asDouble(), b.get("median").asDouble(),
            b.get("q3").asDouble(), b.get("whislo").asDouble(), b.get("whishi").asDouble()};
        double[] got = {s.mean(), s.q1(), s.median(), s.q3(), s.whislo(), s.whishi()};
        assertClose(want, got, tol, c + " box " + s.label());
        double[] fliers = s.fliers().clone();
        Arrays.sort(fliers);
        assertClose(numbers(b.get("fliers")), fliers, 0, c + " box " + s.label() + " fliers");
        assertEquals(fliers.length, s.fliersTotal());
      }
    }
  }

  private static double[] numbers(JsonNode arr) {
    double[] out = new double[arr.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = DfFixtures.number(arr.get(i));
    }
    return out;
  }

  private static void assertClose(double[] want, double[] got, double rel, String what) {
    assertEquals(want.length, got.length, what + ": length");
    for (int i = 0; i < want.length; i++) {
      if (Double.isNaN(want[i])) {
        assertTrue(Double.isNaN(got[i]), what + "[" + i + "]: want NaN, got " + got[i]);
        continue;
      }
      double slack = rel * Math.max(Math.abs(want[i]), rel == 0 ? 0 : 1e-300);
      assertEquals(want[i], got[i], Math.max(slack, rel == 0 ? 0 : 1e-300), what + "[" + i + "]");
    }
  }

  // ---- behaviour that has no pandas figure to compare with -----------------------------------

  private static DataFrame numbers(long rows, long chunk) {
    double[] x = new double[(int) rows];
    long[] y = new long[(int) rows];
    for (int i = 0; i < rows; i++) {
      x[i] = Math.sin(i) * 10;
      y[i] = i % 7;
    }
    return Md.dataFrame(LocalFrame.of(new java.util.LinkedHashMap<>(java.util.Map.of("x", Column.ofDoubles(x),
        "y", Column.ofLongs(y)))), chunk);
  }

  @Test
  void scatterPastMaxPointsDrawsEveryKthRowAndSaysSo() {
    DataFrame df = numbers(1000, 64);
    Figure f = df.plot().maxPoints(100).scatter("x", "y");
    assertEquals(1000, f.sampledFrom());
    assertEquals(100, f.traces().get(0).x().length); // every 10th row
    assertEquals(Math.sin(990) * 10, f.traces().get(0).x()[99], 0);
    assertEquals("x", f.xLabel());
    assertEquals("y", f.yLabel());
  }

  @Test
  void tensorHistIsNumpysHistogram() {
    // np.histogram(np.arange(10.0), 4) -> counts [3 2 2 3], edges [0 2.25 4.5 6.75 9]
    Figure f = Plots.hist(Mt.arange(10).astype(org.marsonspark.tensor.DType.FLOAT64).rechunk(3), 4);
    assertClose(new double[] {3, 2, 2, 3}, f.traces().get(0).y(), 0, "counts");
    assertClose(new double[] {0, 2.25, 4.5, 6.75, 9}, f.traces().get(0).x(), 0, "edges");
  }

  @Test
  void badInputIsNamed() {
    DataFrame df = numbers(50, 8);
    MarsException e = assertThrows(MarsException.class, () -> df.plot().bar("nope"));
    assertTrue(e.getMessage().contains("no column 'nope'"), e.getMessage());
    e = assertThrows(MarsException.class, () -> df.plot().maxPoints(10).bar());
    assertTrue(e.getMessage().contains("50 rows") && e.getMessage().contains("aggregate first"), e.getMessage());
    e = assertThrows(MarsException.class, () -> df.plot().hist(0));
    assertTrue(e.getMessage().contains("bins must be a positive integer, got 0"), e.getMessage());
    e = assertThrows(MarsException.class, () -> df.plot().area()); // x = 10·sin has both signs
    assertTrue(e.getMessage().contains("both positive and negative"), e.getMessage());
    e = assertThrows(MarsException.class, () -> df.plot().kind("violin"));
    assertTrue(e.getMessage().contains("kind 'violin'"), e.getMessage());
    DataFrame strings = Md.dataFrame(LocalFrame.of(java.util.Map.of("s", Column.ofStrings("a", "b"))), 1);
    e = assertThrows(MarsException.class, () -> strings.plot().line());
    assertTrue(e.getMessage().contains("no numeric data to plot"), e.getMessage());
    e = assertThrows(MarsException.class, () -> df.plot().hist().toPng());
    assertTrue(e.getMessage().contains("org.marsonspark:notebooks"), e.getMessage());
    // the session is still usable
    assertEquals(50, df.plot().line().traces().get(0).y().length);
  }
}
