package org.marsonspark.dataframe.plot;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * A plot as the data it is drawn from, computed on the executors and small: what pandas hands
 * to matplotlib. Rendering to an image, PNG or SVG goes through a {@link FigureRenderer} found
 * on the class path (the {@code notebooks} module draws with XChart).
 *
 * <p>The data, by kind: LINE, AREA, KDE and SCATTER one {@link Trace} per column (x and y of
 * every point; AREA's y are the stacked tops, as pandas draws them); BAR, BARH and PIE one trace
 * per column with x the positions 0..n-1 and the labels in {@link #categories()}; HIST one trace
 * per column with x the n+1 bin edges and y the n counts; BOX one {@link BoxStats} per column.
 */
public final class Figure {
  /** pandas's plot kinds ({@code df.plot(kind=...)}). */
  public enum Kind {
    LINE, AREA, BAR, BARH, HIST, BOX, SCATTER, PIE, KDE;

    /** The kind for a pandas {@code kind=} name ("density" is "kde"). */
    public static Kind of(String name) {
      String n = name == null ? "" : name.toLowerCase(Locale.ROOT);
      if (n.equals("density")) {
        return KDE;
      }
      for (Kind k : values()) {
        if (k.name().toLowerCase(Locale.ROOT).equals(n)) {
          return k;
        }
      }
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "plot: kind '" + name + "' is not one of line, area, "
          + "bar, barh, hist, box, scatter, pie, kde (or density)");
    }
  }

  /** One plotted column: its name and its points (see the class comment for what x and y hold). */
  public record Trace(String name, double[] x, double[] y) {}

  /** matplotlib's {@code boxplot_stats} of one column (whiskers at 1.5 IQR), without its NaN. */
  public record BoxStats(String label, double mean, double q1, double median, double q3, double whislo,
      double whishi, double[] fliers, long fliersTotal) {}

  private final Kind kind;
  private final PlotStyle style;
  private final List<Trace> traces;
  private final List<String> categories;
  private final List<BoxStats> boxes;
  private final long sampledFrom;

  Figure(Kind kind, PlotStyle style, List<Trace> traces, List<String> categories, List<BoxStats> boxes,
      long sampledFrom) {
    this.kind = kind;
    this.style = style;
    this.traces = List.copyOf(traces);
    this.categories = categories == null ? List.of() : List.copyOf(categories);
    this.boxes = boxes == null ? List.of() : List.copyOf(boxes);
    this.sampledFrom = sampledFrom;
  }

  public Kind kind() {
    return kind;
  }

  public String title() {
    return style.title();
  }

  public String xLabel() {
    return style.xLabel();
  }

  public String yLabel() {
    return style.yLabel();
  }

  public int width() {
    return style.width();
  }

  public int height() {
    return style.height();
  }

  /** Whether a legend is drawn (pandas: for a DataFrame's columns, not for one Series). */
  public boolean legend() {
    return style.legend();
  }

  public List<Trace> traces() {
    return traces;
  }

  /** The labels of the positions 0..n-1 (bars, pie wedges, boxes, a non-numeric index), else empty. */
  public List<String> categories() {
    return categories;
  }

  public List<BoxStats> boxes() {
    return boxes;
  }

  /**
   * The number of rows the points were taken from when there were more than the style's
   * {@code maxPoints} (every k-th row was drawn), else -1.
   */
  public long sampledFrom() {
    return sampledFrom;
  }

  /** The figure drawn, {@link #width()} × {@link #height()} pixels. */
  public BufferedImage toImage() {
    return renderer().image(this);
  }

  public byte[] toPng() {
    return renderer().png(this);
  }

  public String toSvg() {
    return renderer().svg(this);
  }

  /** matplotlib's {@code savefig}: writes PNG or SVG by the file's extension and returns the path. */
  public Path savefig(String path) {
    Path p = Path.of(path);
    String name = p.getFileName().toString().toLowerCase(Locale.ROOT);
    try {
      if (name.endsWith(".png")) {
        Files.write(p, toPng());
      } else if (name.endsWith(".svg")) {
        Files.writeString(p, toSvg(), StandardCharsets.UTF_8);
      } else {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "savefig: '" + path + "' has no .png or .svg "
            + "extension; those are the formats a figure is written in");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("savefig: cannot write " + path, e);
    }
    return p;
  }

  /** The renderer found on the class path, looked up once (an absent one is looked for again). */
  private static volatile FigureRenderer found;

  private static FigureRenderer renderer() {
    FigureRenderer r = found;
    if (r != null) {
      return r;
    }
    for (FigureRenderer candidate : ServiceLoader.load(FigureRenderer.class, Figure.class.getClassLoader())) {
      found = candidate;
      return candidate;
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "drawing a figure needs a renderer on the class "
        + "path: add org.marsonspark:notebooks (it draws with XChart); the data it would draw is in "
        + "traces(), categories() and boxes()");
  }

  @Override
  public String toString() {
    return "Figure(" + kind.name().toLowerCase(Locale.ROOT) + ", " + (kind == Kind.BOX ? boxes.size() + " boxes"
        : traces.size() + " traces") + (style.title() == null ? "" : ", '" + style.title() + "'") + ")";
  }
}
