package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.BoolColumn;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DoubleColumn;
import org.marsonspark.dataframe.local.LongColumn;
import org.marsonspark.dataframe.local.Rows;

/**
 * {@code rolling(window, min_periods).sum() / mean() / min() / max() / var() / std()}: each row
 * aggregates the valid values of itself and the {@code window - 1} rows before it, NaN when
 * fewer than {@code minPeriods} are valid; ±inf counts as NaN, as in pandas 1.5. Tiled like {@link Shift}: every chunk borrows the
 * {@code window - 1} rows before it (from as many chunks as it takes), then runs on its own.
 * Sums and means slide with compensated adds and removes, variance with Welford's updates (0
 * exactly for a window of equal values, as pandas), the extremes with a monotonic queue:
 * O(rows) per chunk whatever the window. Values may differ from pandas's in the last bits.
 */
public final class Windowed extends DfOp {
  /** The window aggregations, by pandas name. */
  public enum Fn {
    SUM, MEAN, MIN, MAX, VAR, STD;

    public String pandasName() {
      return name().toLowerCase();
    }
  }

  private final int window;
  private final int minPeriods;
  private final Fn fn;

  private Windowed(DfData in, int window, int minPeriods, Fn fn) {
    super(List.of(in));
    this.window = window;
    this.minPeriods = minPeriods;
    this.fn = fn;
  }

  @Override
  public String name() {
    return "rolling." + fn.pandasName();
  }

  /** Checks the window's parameters as pandas does; returns the min_periods to use. */
  public static int check(long window, Long minPeriods) {
    if (window < 1 || window > Integer.MAX_VALUE - 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "rolling: window must be an integer 1 or greater "
          + "(at most " + (Integer.MAX_VALUE - 1) + "), got " + window);
    }
    long mp = minPeriods == null ? window : minPeriods;
    if (mp < 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "rolling: min_periods must be >= 0, got " + mp);
    }
    if (mp > window) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "rolling: min_periods " + mp + " must be <= window "
          + window);
    }
    return (int) mp;
  }

  static DfType resultType(DfType in, Fn fn, String what, String kind) {
    if (in == DfType.INT64 || in == DfType.FLOAT64 || in == DfType.BOOL) {
      return DfType.FLOAT64;
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, kind + " " + fn.pandasName() + " of " + what
        + " (dtype " + in.pandasName() + ") is not supported: int64, float64 and bool only");
  }

  public static SeriesData series(SeriesData in, int window, int minPeriods, Fn fn) {
    DfType t = resultType(in.dtype(), fn, "a series", "rolling");
    return new Windowed(in, window, minPeriods, fn).newOutput(new SeriesData(in.nrows(), in.name(), t, in.index(),
        in.alignKey()));
  }

  public static DataFrameData frame(DataFrameData in, int window, int minPeriods, Fn fn) {
    List<DfType> types = new ArrayList<>();
    for (int j = 0; j < in.columns().size(); j++) {
      types.add(resultType(in.dtypes().get(j), fn, "column '" + in.columns().get(j) + "'", "rolling"));
    }
    return new Windowed(in, window, minPeriods, fn).newOutput(new DataFrameData(in.nrows(), in.columns(), types,
        in.index(), in.alignKey()));
  }

  @Override
  public void tile(TileContext ctx) {
    int k = window - 1;
    Scan.tileWithCarries(ctx, in(0), out(), new Shift.Edge(k, true), new Shift.Neighbours(k, true),
        r -> new WindowChunk(window, minPeriods, fn, r));
  }

  /** One chunk's windows, over the rows lent to it (row r of the lent rows) followed by its own. */
  record WindowChunk(int window, int minPeriods, Fn fn, int r) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      Column[] cols = Rows.columns(inputs[0]);
      Column[] lent = ((Shift.Lent) inputs[1]).columns[r];
      Column[] out = new Column[cols.length];
      for (int j = 0; j < cols.length; j++) {
        double[] x = windowValues(Column.concat(List.of(lent[j], cols[j])));
        out[j] = Column.ofDoubles(roll(x, lent[j].size(), window, minPeriods, fn));
      }
      return Rows.withColumns(inputs[0], out);
    }

    @Override
    public String name() {
      return "rolling." + fn.pandasName();
    }
  }

  static double[] doubles(Column c) {
    if (c instanceof DoubleColumn d) {
      return d.values();
    }
    if (c instanceof LongColumn l) {
      long[] v = l.values();
      double[] out = new double[v.length];
      for (int i = 0; i < v.length; i++) {
        out[i] = v[i];
      }
      return out;
    }
    boolean[] b = ((BoolColumn) c).values();
    double[] out = new double[b.length];
    for (int i = 0; i < b.length; i++) {
      out[i] = b[i] ? 1 : 0;
    }
    return out;
  }

  /**
   * A column's values as window functions read them: doubles with ±inf as NaN (skipped, not
   * counted), as pandas 1.5 prepares rolling and expanding input ({@code Window._prep_values}).
   */
  static double[] windowValues(Column c) {
    double[] x = doubles(c);
    if (!(c instanceof DoubleColumn)) {
      return x;
    }
    double[] out = x.clone();
    for (int i = 0; i < out.length; i++) {
      if (Double.isInfinite(out[i])) {
        out[i] = Double.NaN;
      }
    }
    return out;
  }

  /** The windows ending at rows {@code from..x.length-1} of {@code x}. */
  static double[] roll(double[] x, int from, int window, int minPeriods, Fn fn) {
    return switch (fn) {
      case MIN, MAX -> extremes(x, from, window, minPeriods, fn == Fn.MAX);
      default -> moments(x, from, window, minPeriods, fn);
    };
  }

  /** Sum and mean with compensated sliding sums; var and std with Welford's add and remove. */
  private static double[] moments(double[] x, int from, int window, int minPeriods, Fn fn) {
    double[] out = new double[x.length - from];
    long count = 0;
    double sum = 0;
    double compensation = 0;
    double mean = 0;
    double m2 = 0;
    // how many of the last valid values are equal: a window of equal values has variance 0
    // exactly, which the updates only approach (pandas keeps the same count)
    double previous = Double.NaN;
    long same = 0;
    for (int i = 0; i < x.length; i++) {
      double v = x[i];
      if (!Double.isNaN(v)) {
        same = v == previous ? same + 1 : 1;
        previous = v;
        count++;
        // Kahan: add v
        double y = v - compensation;
        double t = sum + y;
        compensation = (t - sum) - y;
        sum = t;
        double delta = v - mean;
        mean += delta / count;
        m2 += delta * (v - mean);
      }
      int leaving = i - window;
      if (leaving >= 0 && !Double.isNaN(x[leaving])) {
        double w = x[leaving];
        count--;
        double y = -w - compensation;
        double t = sum + y;
        compensation = (t - sum) - y;
        sum = t;
        if (count == 0) {
          mean = 0;
          m2 = 0;
        } else {
          double delta = w - mean;
          mean -= delta / count;
          m2 -= delta * (w - mean);
        }
      }
      if (i < from) {
        continue;
      }
      double r;
      if (count < Math.max(minPeriods, 1) && !(fn == Fn.SUM && minPeriods == 0)) {
        r = Double.NaN;
      } else {
        r = switch (fn) {
          case SUM -> count == 0 ? 0 : sum;
          case MEAN -> sum / count;
          case VAR, STD -> {
            double var = count < 2 ? Double.NaN : same >= count ? 0 : Math.max(m2, 0) / (count - 1);
            yield fn == Fn.STD ? Math.sqrt(var) : var;
          }
          default -> throw new IllegalStateException(fn.name());
        };
      }
      out[i - from] = r;
    }
    return out;
  }

  /** Sliding minimum or maximum of the valid values, with a monotonic queue of positions. */
  private static double[] extremes(double[] x, int from, int window, int minPeriods, boolean max) {
    double[] out = new double[x.length - from];
    int[] queue = new int[x.length];
    int head = 0;
    int tail = 0;
    long count = 0;
    for (int i = 0; i < x.length; i++) {
      double v = x[i];
      if (!Double.isNaN(v)) {
        count++;
        while (tail > head && (max ? x[queue[tail - 1]] <= v : x[queue[tail - 1]] >= v)) {
          tail--;
        }
        queue[tail++] = i;
      }
      int leaving = i - window;
      if (leaving >= 0 && !Double.isNaN(x[leaving])) {
        count--;
      }
      while (tail > head && queue[head] <= leaving) {
        head++;
      }
      if (i >= from) {
        out[i - from] = count < Math.max(minPeriods, 1) ? Double.NaN : x[queue[head]];
      }
    }
    return out;
  }
}
