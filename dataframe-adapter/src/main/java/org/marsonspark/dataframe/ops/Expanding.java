package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DoubleColumn;
import org.marsonspark.dataframe.local.Rows;
import org.marsonspark.dataframe.ops.Windowed.Fn;

/**
 * {@code expanding(min_periods).sum() / mean() / min() / max() / var() / std()}: each row
 * aggregates the valid values of every row up to it. Tiled as {@link Scan}: every chunk
 * summarizes its valid values (count, sum, mean and squared deviations, extremes), one small task
 * merges the summaries of the chunks before each chunk (Chan's formula for the deviations), and
 * every chunk then runs on from that state. Values may differ from pandas's in the last bits.
 */
public final class Expanding extends DfOp {
  private final int minPeriods;
  private final Fn fn;

  private Expanding(DfData in, int minPeriods, Fn fn) {
    super(List.of(in));
    this.minPeriods = minPeriods;
    this.fn = fn;
  }

  @Override
  public String name() {
    return "expanding." + fn.pandasName();
  }

  /** Checks {@code min_periods} as pandas does; returns the one to use (default 1). */
  public static int check(Long minPeriods) {
    long mp = minPeriods == null ? 1 : minPeriods;
    if (mp < 0 || mp > Integer.MAX_VALUE) {
      throw new org.marsonspark.core.MarsException(org.marsonspark.core.MarsException.ErrorClass.INVALID_ARGUMENT,
          "expanding: min_periods must be >= 0, got " + mp);
    }
    return (int) mp;
  }

  public static SeriesData series(SeriesData in, int minPeriods, Fn fn) {
    DfType t = Windowed.resultType(in.dtype(), fn, "a series", "expanding");
    return new Expanding(in, minPeriods, fn).newOutput(new SeriesData(in.nrows(), in.name(), t, in.index(),
        in.alignKey()));
  }

  public static DataFrameData frame(DataFrameData in, int minPeriods, Fn fn) {
    List<DfType> types = new ArrayList<>();
    for (int j = 0; j < in.columns().size(); j++) {
      types.add(Windowed.resultType(in.dtypes().get(j), fn, "column '" + in.columns().get(j) + "'", "expanding"));
    }
    return new Expanding(in, minPeriods, fn).newOutput(new DataFrameData(in.nrows(), in.columns(), types, in.index(),
        in.alignKey()));
  }

  @Override
  public void tile(TileContext ctx) {
    Scan.tileWithCarries(ctx, in(0), out(), new Summarize(), new Carries(), r -> new ExpandChunk(fn, minPeriods, r));
  }

  /** Count, sum, mean, sum of squared deviations, minimum and maximum of the valid values so far. */
  static final class State {
    double count;
    double sum;
    double mean;
    double m2;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;

    static State of(Column c) {
      double[] v = ((DoubleColumn) c).values();
      State s = new State();
      s.count = v[0];
      s.sum = v[1];
      s.mean = v[2];
      s.m2 = v[3];
      s.min = v[4];
      s.max = v[5];
      return s;
    }

    Column column() {
      return Column.ofDoubles(count, sum, mean, m2, min, max);
    }

    /** Welford's update with one more value. */
    void add(double v) {
      count++;
      sum += v;
      double delta = v - mean;
      mean += delta / count;
      m2 += delta * (v - mean);
      min = Math.min(min, v);
      max = Math.max(max, v);
    }

    /** Chan's merge of the values of {@code b} after these. */
    void merge(State b) {
      if (b.count == 0) {
        return;
      }
      if (count == 0) {
        count = b.count;
        sum = b.sum;
        mean = b.mean;
        m2 = b.m2;
        min = b.min;
        max = b.max;
        return;
      }
      double n = count + b.count;
      double delta = b.mean - mean;
      mean += delta * b.count / n;
      m2 += b.m2 + delta * delta * count * b.count / n;
      count = n;
      sum += b.sum;
      min = Math.min(min, b.min);
      max = Math.max(max, b.max);
    }

    double value(Fn fn, int minPeriods) {
      if (count < Math.max(minPeriods, 1)) {
        return fn == Fn.SUM && minPeriods == 0 ? 0 : Double.NaN;
      }
      return switch (fn) {
        case SUM -> sum;
        case MEAN -> sum / count;
        case MIN -> min;
        case MAX -> max;
        case VAR, STD -> {
          double var = count < 2 ? Double.NaN : Math.max(m2, 0) / (count - 1);
          yield fn == Fn.STD ? Math.sqrt(var) : var;
        }
      };
    }
  }

  /** One chunk's state over its valid values, per column. */
  record Summarize() implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      Column[] cols = Rows.columns(inputs[0]);
      Column[] states = new Column[cols.length];
      for (int j = 0; j < cols.length; j++) {
        State s = new State();
        for (double v : Windowed.windowValues(cols[j])) {
          if (!Double.isNaN(v)) {
            s.add(v);
          }
        }
        states[j] = s.column();
      }
      return new Shift.Lent(new Column[][] {states});
    }

    @Override
    public String name() {
      return "expanding.summary";
    }
  }

  /** For each chunk, per column, the merged state of the chunks before it. */
  record Carries() implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      int n = inputs.length;
      int ncols = ((Shift.Lent) inputs[0]).columns[0].length;
      Column[][] out = new Column[n][ncols];
      for (int j = 0; j < ncols; j++) {
        State acc = new State();
        for (int r = 0; r < n; r++) {
          out[r][j] = acc.column();
          acc.merge(State.of(((Shift.Lent) inputs[r]).columns[0][j]));
        }
      }
      return new Shift.Lent(out);
    }

    @Override
    public String name() {
      return "expanding.carries";
    }
  }

  /** Runs chunk {@code r} on from its carried state. */
  record ExpandChunk(Fn fn, int minPeriods, int r) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      Column[] cols = Rows.columns(inputs[0]);
      Column[] carried = ((Shift.Lent) inputs[1]).columns[r];
      Column[] out = new Column[cols.length];
      for (int j = 0; j < cols.length; j++) {
        State s = State.of(carried[j]);
        double[] x = Windowed.windowValues(cols[j]);
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
          if (!Double.isNaN(x[i])) {
            s.add(x[i]);
          }
          y[i] = s.value(fn, minPeriods);
        }
        out[j] = Column.ofDoubles(y);
      }
      return Rows.withColumns(inputs[0], out);
    }

    @Override
    public String name() {
      return "expanding." + fn.pandasName();
    }
  }
}
