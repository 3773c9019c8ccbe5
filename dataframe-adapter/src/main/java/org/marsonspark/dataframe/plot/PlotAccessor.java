package org.marsonspark.dataframe.plot;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.Executable;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.Scalar;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.plot.Figure.BoxStats;
import org.marsonspark.dataframe.plot.Figure.Kind;
import org.marsonspark.dataframe.plot.Figure.Trace;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * pandas's {@code df.plot} / {@code s.plot}: each method computes, on the executors, what its
 * plot is drawn from — bin counts, quantiles and whiskers, density sums, or the points
 * themselves up to {@code maxPoints} — and returns it as a {@link Figure}; only that reaches the
 * driver. Style setters return a copy: {@code df.plot().title("Ratings").hist(20)}.
 *
 * <p>Columns plotted are the numeric ones (int64, float64) as in pandas; NaN values are dropped
 * from hist, box and kde and left as gaps in line plots. Deviations from pandas, where the data
 * is large: line, area and scatter plots of more than {@code maxPoints} rows draw every k-th row
 * (k the smallest that brings them under the bound; {@link Figure#sampledFrom()} says so); bar,
 * barh and pie plots of more rows than that are refused (aggregate first: a groupby or
 * valueCounts). Bars and wedges draw NaN as 0, stacked areas count it as 0, as pandas does.
 */
public final class PlotAccessor {
  /** pandas's {@code kde} evaluation grid: 1000 points over the range widened by half of it each side. */
  static final int KDE_POINTS = 1000;
  /** Rows of a kde chunk: each becomes rows × 1000 differences on the executor. */
  private static final long KDE_CHUNK_ROWS = 2048;

  private final DataFrame frame;
  private final MarsSession session;
  private final PlotStyle style;

  private PlotAccessor(DataFrame frame, MarsSession session, PlotStyle style) {
    this.frame = frame;
    this.session = session;
    this.style = style;
  }

  /** {@code df.plot}: every numeric column, against the index (for DataFrame.plot()). */
  public static PlotAccessor of(DataFrame df, MarsSession session) {
    return new PlotAccessor(df, session, PlotStyle.defaults(true));
  }

  /** {@code s.plot} (for Series.plot()): the series as its one column, no legend. */
  public static PlotAccessor of(Series s, MarsSession session) {
    if (!isPlottable(s.dtype())) {
      throw noNumericData("series '" + s.name() + "' has dtype " + s.dtype());
    }
    return new PlotAccessor(s.toFrame(), session, PlotStyle.defaults(false));
  }

  // ---- style --------------------------------------------------------------------------------

  public PlotAccessor title(String title) {
    return with(new PlotStyle(title, style.xLabel(), style.yLabel(), style.width(), style.height(),
        style.legendSetting(), style.maxPoints(), style.isFrame()));
  }

  public PlotAccessor xlabel(String label) {
    return with(new PlotStyle(style.title(), label, style.yLabel(), style.width(), style.height(),
        style.legendSetting(), style.maxPoints(), style.isFrame()));
  }

  public PlotAccessor ylabel(String label) {
    return with(new PlotStyle(style.title(), style.xLabel(), label, style.width(), style.height(),
        style.legendSetting(), style.maxPoints(), style.isFrame()));
  }

  /** The image's size in pixels (pandas's {@code figsize} is in inches at 100 dpi: 6.4 × 4.8 is 640 × 480). */
  public PlotAccessor size(int width, int height) {
    if (width < 16 || height < 16 || width > 10_000 || height > 10_000) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "plot: size " + width + " × " + height
          + " pixels is outside 16..10000 on a side");
    }
    return with(new PlotStyle(style.title(), style.xLabel(), style.yLabel(), width, height, style.legendSetting(),
        style.maxPoints(), style.isFrame()));
  }

  public PlotAccessor legend(boolean legend) {
    return with(new PlotStyle(style.title(), style.xLabel(), style.yLabel(), style.width(), style.height(), legend,
        style.maxPoints(), style.isFrame()));
  }

  /** The most rows a line, area or scatter plot takes from the executors (default 10 000). */
  public PlotAccessor maxPoints(int maxPoints) {
    if (maxPoints < 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "plot: maxPoints must be at least 2, got " + maxPoints);
    }
    return with(new PlotStyle(style.title(), style.xLabel(), style.yLabel(), style.width(), style.height(),
        style.legendSetting(), maxPoints, style.isFrame()));
  }

  private PlotAccessor with(PlotStyle s) {
    return new PlotAccessor(frame, session, s);
  }

  // ---- kinds --------------------------------------------------------------------------------

  /** {@code df.plot(kind=...)} with each kind's defaults (scatter needs its columns: use {@link #scatter}). */
  public Figure kind(String kind) {
    return switch (Kind.of(kind)) {
      case LINE -> line();
      case AREA -> area();
      case BAR -> bar();
      case BARH -> barh();
      case HIST -> hist();
      case BOX -> box();
      case KDE -> kde();
      case PIE -> pie();
      case SCATTER -> throw new MarsException(ErrorClass.INVALID_ARGUMENT, "plot: kind 'scatter' needs its x and "
          + "y columns: call scatter(x, y)");
    };
  }

  /** Every numeric column against the index. */
  public Figure line() {
    return points(Kind.LINE, null, numericColumns());
  }

  /** Columns {@code y} (all numeric ones when none are given) against column {@code x}. */
  public Figure line(String x, String... y) {
    return points(Kind.LINE, requireNumeric(x), y.length == 0 ? numericColumnsBut(x) : requireNumeric(y));
  }

  /** pandas's stacked area plot: each column's top is the running sum of the columns up to it. */
  public Figure area() {
    return points(Kind.AREA, null, numericColumns());
  }

  public Figure area(String x, String... y) {
    return points(Kind.AREA, requireNumeric(x), y.length == 0 ? numericColumnsBut(x) : requireNumeric(y));
  }

  public Figure scatter(String x, String y) {
    if (!style.isFrame()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "plot: scatter is a DataFrame plot (of two columns)");
    }
    return points(Kind.SCATTER, requireNumeric(x), requireNumeric(new String[] {y}));
  }

  /** One bar per row, one group of bars per column, labelled by the index. */
  public Figure bar() {
    return bars(Kind.BAR, null, numericColumns());
  }

  /** Bars of columns {@code y} labelled by column {@code x}'s values. */
  public Figure bar(String x, String... y) {
    requireColumn(x);
    return bars(Kind.BAR, x, y.length == 0 ? numericColumnsBut(x) : requireNumeric(y));
  }

  public Figure barh() {
    return bars(Kind.BARH, null, numericColumns());
  }

  public Figure barh(String x, String... y) {
    requireColumn(x);
    return bars(Kind.BARH, x, y.length == 0 ? numericColumnsBut(x) : requireNumeric(y));
  }

  /** A Series's wedges, one per row, labelled by the index (negative values are refused, NaN is 0). */
  public Figure pie() {
    List<String> cols = numericColumns();
    if (cols.size() != 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "plot: a DataFrame's pie plot needs the column to "
          + "draw: call pie(y) with one of " + cols);
    }
    return bars(Kind.PIE, null, cols);
  }

  public Figure pie(String y) {
    return bars(Kind.PIE, null, requireNumeric(new String[] {y}));
  }

  /** 10 equal bins over all plotted columns' range, as pandas. */
  public Figure hist() {
    return hist(10);
  }

  /**
   * pandas's {@code plot.hist(bins)}: the bin edges span the minimum and maximum over every
   * numeric column (numpy's {@code histogram_bin_edges}), each column is counted in them on the
   * executors (last bin closed, NaN left out).
   */
  public Figure hist(int bins) {
    if (bins < 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "plot.hist: bins must be a positive integer, got " + bins);
    }
    List<String> cols = numericColumns();
    List<Tensor> values = new ArrayList<>();
    List<Scalar> ends = new ArrayList<>();
    for (String c : cols) {
      Series s = frame.col(c);
      values.add(s.dropna().toTensor().astype(org.marsonspark.tensor.DType.FLOAT64));
      ends.add(s.min()); // NaN skipped, as numpy's histogram of the values pandas keeps
      ends.add(s.max());
    }
    double[] range = rangeOf(fetchScalars(ends), "plot.hist");
    double lo = range[0];
    double hi = range[1];
    if (lo == hi) { // numpy widens an empty range by half a unit each side
      lo -= 0.5;
      hi += 0.5;
    }
    double[] edges = linspace(lo, hi, bins + 1);
    List<Tensor> counts = new ArrayList<>();
    for (Tensor t : values) {
      counts.add(Mt.histogram(t, Mt.array(edges, edges.length))[0]);
    }
    List<double[]> fetched = fetchTensors(counts);
    List<Trace> traces = new ArrayList<>();
    for (int i = 0; i < cols.size(); i++) {
      traces.add(new Trace(cols.get(i), edges.clone(), fetched.get(i)));
    }
    return new Figure(Kind.HIST, style.withLabels(null, "Frequency"), traces, null, null, -1);
  }

  /**
   * matplotlib's box plot of each numeric column (what pandas draws): quartiles by linear
   * interpolation, whiskers at the furthest values within 1.5 IQR of the box, the values
   * beyond as fliers (every k-th of them past {@code maxPoints}). Two runs on the executors.
   */
  public Figure box() {
    List<String> cols = numericColumns();
    List<Series> clean = new ArrayList<>();
    List<Scalar> first = new ArrayList<>();
    for (String c : cols) {
      Series s = frame.col(c).dropna().astype(DfType.FLOAT64);
      clean.add(s);
      first.add(s.quantile(0.25));
      first.add(s.quantile(0.5));
      first.add(s.quantile(0.75));
      first.add(s.mean());
      first.add(s.count());
    }
    double[] q = fetchScalars(first);
    List<Executable> second = new ArrayList<>();
    List<Series> fliers = new ArrayList<>();
    for (int i = 0; i < cols.size(); i++) {
      if (q[5 * i + 4] == 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "plot.box: column '" + cols.get(i)
            + "' has no values that are not NaN");
      }
      double q1 = q[5 * i];
      double q3 = q[5 * i + 2];
      double loval = q1 - 1.5 * (q3 - q1);
      double hival = q3 + 1.5 * (q3 - q1);
      Series s = clean.get(i);
      second.add(s.filter(s.ge(loval)).min());
      second.add(s.filter(s.le(hival)).max());
      Series out = s.filter(s.lt(loval).or(s.gt(hival)));
      fliers.add(out);
      second.add(out);
    }
    Md.execute(session, second.toArray(Executable[]::new));
    List<BoxStats> boxes = new ArrayList<>();
    try {
      for (int i = 0; i < cols.size(); i++) {
        double q1 = q[5 * i];
        double q3 = q[5 * i + 2];
        double whislo = Math.min(q1, ((Scalar) second.get(3 * i)).fetchDouble());
        double whishi = Math.max(q3, ((Scalar) second.get(3 * i + 1)).fetchDouble());
        DataFrame out = fliers.get(i).toFrame(); // on the executed fliers' chunks
        Md.execute(session, out);
        long total = out.length();
        double[] drawn;
        try {
          drawn = doubles(fetchFrame(out, total, stepFor(total)).column(0));
        } finally {
          out.release();
        }
        boxes.add(new BoxStats(cols.get(i), q[5 * i + 3], q1, q[5 * i + 1], q3, whislo, whishi, drawn, total));
      }
    } finally {
      second.forEach(Executable::release);
    }
    return new Figure(Kind.BOX, style, List.of(), cols, boxes, -1);
  }

  /** pandas's {@code plot.kde()} with scipy's Gaussian kernel and Scott's bandwidth. */
  public Figure kde() {
    List<String> cols = numericColumns();
    List<Trace> traces = new ArrayList<>();
    for (String c : cols) {
      traces.add(kdeOf(c));
    }
    return new Figure(Kind.KDE, style.withLabels(null, "Density"), traces, null, null, -1);
  }

  private Trace kdeOf(String column) {
    Series s = frame.col(column).dropna().astype(DfType.FLOAT64);
    double[] m = fetchScalars(List.of(s.count(), s.std(1), s.min(), s.max()));
    long n = (long) m[0];
    if (n < 2 || !(m[1] > 0)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "plot.kde: column '" + column + "' needs at least two "
          + "distinct values that are not NaN (scipy's gaussian_kde needs a positive variance), has " + n
          + " values, standard deviation " + m[1]);
    }
    double range = m[3] - m[2];
    double[] grid = linspace(m[2] - 0.5 * range, m[3] + 0.5 * range, KDE_POINTS);
    double factor = Math.pow(n, -0.2); // Scott's rule in one dimension
    double h = m[1] * factor; // the kernel's standard deviation
    // Σ_i exp(-((g_j - x_i) / h)² / 2) over row blocks, merged in the tensor's reduction tree
    Tensor values = s.toTensor();
    Mt.execute(session, values); // its length is known from here on
    Tensor sums;
    try {
      Tensor x = values.rechunk(KDE_CHUNK_ROWS).reshape(n, 1).mul(1.0 / h);
      Tensor g = Mt.array(grid, 1, KDE_POINTS).mul(1.0 / h);
      sums = Mt.exp(Mt.square(x.sub(g)).mul(-0.5)).sum(0);
      Mt.execute(session, sums);
    } finally {
      values.release();
    }
    double[] density = sums.fetch().toDoubleArray();
    sums.release();
    double norm = n * h * Math.sqrt(2 * Math.PI);
    for (int j = 0; j < density.length; j++) {
      density[j] /= norm;
    }
    return new Trace(column, grid, density);
  }

  // ---- points and bars -------------------------------------------------------------------

  /** Line, area and scatter: the columns' values (every k-th row past maxPoints), x from a column or the index. */
  private Figure points(Kind kind, String x, List<String> ys) {
    List<String> cols = new ArrayList<>();
    if (x != null) {
      cols.add(x);
    }
    for (String y : ys) {
      if (!cols.contains(y)) {
        cols.add(y);
      }
    }
    DataFrame selected = frame.select(cols.toArray(String[]::new));
    Md.execute(session, selected);
    LocalFrame local;
    long n;
    long step;
    try {
      n = selected.length();
      step = stepFor(n);
      local = fetchFrame(selected, n, step);
    } finally {
      selected.release();
    }
    double[] xs;
    List<String> categories = null;
    String xLabel;
    if (x != null) {
      xs = doubles(local.column(x));
      xLabel = x;
    } else {
      LocalIndex index = local.index();
      xLabel = index.name();
      if (isPlottable(index.dtype())) {
        xs = doubles(index.values());
      } else {
        xs = new double[index.size()];
        categories = new ArrayList<>();
        for (int i = 0; i < xs.length; i++) {
          xs[i] = i;
          categories.add(String.valueOf(index.label(i)));
        }
      }
    }
    List<Trace> traces = new ArrayList<>();
    double[] positive = new double[xs.length];
    double[] negative = new double[xs.length];
    for (String y : ys) {
      double[] v = doubles(local.column(y));
      if (kind == Kind.AREA) {
        stack(y, v, positive, negative);
      }
      traces.add(new Trace(y, xs, v));
    }
    PlotStyle s = kind == Kind.SCATTER ? style.withLabels(x, ys.get(0)).withoutDefaultLegend()
        : style.withLabels(xLabel, null);
    return new Figure(kind, s, traces, categories, null, step == 1 ? -1 : n);
  }

  /**
   * pandas's stacked areas: NaN counts as 0, a column of values ≥ 0 goes on the positive stack,
   * one of values ≤ 0 on the negative one, a column with both is refused.
   */
  private static void stack(String column, double[] v, double[] positive, double[] negative) {
    boolean allPositive = true;
    boolean allNegative = true;
    for (int i = 0; i < v.length; i++) {
      v[i] = Double.isNaN(v[i]) ? 0 : v[i];
      allPositive &= v[i] >= 0;
      allNegative &= v[i] <= 0;
    }
    if (!allPositive && !allNegative) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "plot.area: column '" + column + "' has both positive "
          + "and negative values; stacked areas need each column to be all positive or all negative");
    }
    double[] on = allPositive ? positive : negative;
    for (int i = 0; i < v.length; i++) {
      on[i] += v[i];
      v[i] = on[i];
    }
  }

  /** Bar, barh and pie: every row, labelled by the index or a column; refused beyond maxPoints rows. */
  private Figure bars(Kind kind, String labels, List<String> ys) {
    List<String> cols = new ArrayList<>(ys);
    if (labels != null && !cols.contains(labels)) {
      cols.add(labels);
    }
    DataFrame selected = frame.select(cols.toArray(String[]::new));
    Md.execute(session, selected);
    LocalFrame local;
    try {
      long n = selected.length();
      if (n > style.maxPoints()) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "plot." + kind.name().toLowerCase() + ": " + n
            + " rows would be " + n + " bars or wedges, more than maxPoints " + style.maxPoints() + "; aggregate "
            + "first (groupby(...).agg, valueCounts, head) or raise maxPoints");
      }
      local = selected.fetch();
    } finally {
      selected.release();
    }
    List<String> categories = new ArrayList<>();
    for (int i = 0; i < local.nrows(); i++) {
      categories.add(String.valueOf(labels == null ? local.index().label(i) : local.column(labels).get(i)));
    }
    double[] positions = new double[local.nrows()];
    Arrays.setAll(positions, i -> i);
    List<Trace> traces = new ArrayList<>();
    for (String y : ys) {
      double[] v = doubles(local.column(y));
      for (int i = 0; i < v.length; i++) {
        if (kind == Kind.PIE && v[i] < 0) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "plot.pie: column '" + y + "' has the negative "
              + "value " + v[i] + " at row " + i + "; a pie plot does not allow negative values");
        }
        v[i] = Double.isNaN(v[i]) ? 0 : v[i]; // pandas draws a NaN bar or wedge as 0
      }
      traces.add(new Trace(y, positions, v));
    }
    String xLabel = labels != null ? labels : local.index().name();
    PlotStyle s = kind == Kind.PIE ? style.withLabels(null, ys.get(0)) : style.withLabels(xLabel, null);
    return new Figure(kind, s, traces, categories, null, -1);
  }

  private long stepFor(long n) {
    return Math.max(1, (n + style.maxPoints() - 1) / style.maxPoints());
  }

  /** Every {@code step}-th row of an executed frame of n rows (only those leave the executors). */
  private LocalFrame fetchFrame(DataFrame executed, long n, long step) {
    if (step == 1) {
      return executed.fetch();
    }
    DataFrame every = executed.iloc(0L, n, step);
    Md.execute(session, every);
    try {
      return every.fetch();
    } finally {
      every.release();
    }
  }

  // ---- columns ------------------------------------------------------------------------------

  private static boolean isPlottable(DfType t) {
    return t == DfType.INT64 || t == DfType.FLOAT64;
  }

  private static MarsException noNumericData(String why) {
    return new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "plot: no numeric data to plot (" + why + "); plots "
        + "draw int64 and float64 columns: convert with astype(\"float64\") or pick columns with select");
  }

  private List<String> numericColumns() {
    List<String> out = new ArrayList<>();
    frame.dtypes().forEach((name, t) -> {
      if (isPlottable(t)) {
        out.add(name);
      }
    });
    if (out.isEmpty()) {
      throw noNumericData("the columns' dtypes are " + frame.dtypes());
    }
    return out;
  }

  private List<String> numericColumnsBut(String x) {
    List<String> out = new ArrayList<>(numericColumns());
    out.remove(x);
    if (out.isEmpty()) {
      throw noNumericData("no numeric column besides '" + x + "'");
    }
    return out;
  }

  private void requireColumn(String c) {
    if (!frame.columns().contains(c)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "plot: no column '" + c + "'; the columns are "
          + frame.columns());
    }
  }

  private String requireNumeric(String c) {
    requireColumn(c);
    DfType t = frame.dtypes().get(c);
    if (!isPlottable(t)) {
      throw noNumericData("column '" + c + "' has dtype " + t);
    }
    return c;
  }

  private List<String> requireNumeric(String[] cs) {
    List<String> out = new ArrayList<>();
    for (String c : cs) {
      out.add(requireNumeric(c));
    }
    return out;
  }

  // ---- runs ---------------------------------------------------------------------------------

  private double[] fetchScalars(List<Scalar> scalars) {
    Md.execute(session, scalars.toArray(Scalar[]::new));
    double[] out = new double[scalars.size()];
    try {
      for (int i = 0; i < out.length; i++) {
        out[i] = scalars.get(i).fetchDouble();
      }
    } finally {
      scalars.forEach(Executable::release);
    }
    return out;
  }

  static List<double[]> fetchTensors(MarsSession session, List<Tensor> tensors) {
    Mt.execute(session, tensors.toArray(Tensor[]::new));
    List<double[]> out = new ArrayList<>();
    try {
      for (Tensor t : tensors) {
        out.add(t.fetch().toDoubleArray());
      }
    } finally {
      tensors.forEach(Tensor::release);
    }
    return out;
  }

  private List<double[]> fetchTensors(List<Tensor> tensors) {
    return fetchTensors(session, tensors);
  }

  /** The smallest and largest of (min, max) pairs, empty columns (NaN) aside. */
  static double[] rangeOf(double[] minMax, String op) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (int i = 0; i + 1 < minMax.length; i += 2) {
      if (!Double.isNaN(minMax[i])) {
        lo = Math.min(lo, minMax[i]);
        hi = Math.max(hi, minMax[i + 1]);
      }
    }
    if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": the data's range [" + lo + ", " + hi + "] is "
          + "not finite (no values, or infinite ones); drop them or give the range");
    }
    return new double[] {lo, hi};
  }

  /** numpy's {@code linspace(start, stop, num)}: {@code start + i·step}, the last point exactly stop. */
  static double[] linspace(double start, double stop, int num) {
    double[] out = new double[num];
    double step = (stop - start) / (num - 1);
    for (int i = 0; i < num; i++) {
      out[i] = i * step + start;
    }
    out[num - 1] = stop;
    return out;
  }

  static double[] doubles(Column c) {
    double[] out = new double[c.size()];
    for (int i = 0; i < out.length; i++) {
      Object v = c.get(i);
      out[i] = c.isNA(i) || v == null ? Double.NaN : ((Number) v).doubleValue();
    }
    return out;
  }
}
