package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.ChunkValue;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DoubleColumn;
import org.marsonspark.dataframe.local.LongColumn;
import org.marsonspark.dataframe.local.Rows;

/**
 * {@code shift(periods)} and {@code diff(periods)}: values move {@code periods} rows down (up
 * when negative) past chunk boundaries, labels stay. Every chunk gives its last (first) |periods|
 * rows; one small task works out, for each chunk, the |periods| rows just before (after) it,
 * which may come from several small chunks; then every chunk shifts on its own. Rows with
 * nothing to take are NA: an int64 column becomes float64 and a bool one object, as in pandas.
 */
public final class Shift extends DfOp {
  private final long periods;
  private final boolean diff;

  private Shift(DfData in, long periods, boolean diff) {
    super(List.of(in));
    this.periods = periods;
    this.diff = diff;
  }

  @Override
  public String name() {
    return diff ? "diff" : "shift";
  }

  static DfType resultType(DfType in, long periods, boolean diff, String what) {
    if (diff) {
      if (in == DfType.INT64 || in == DfType.FLOAT64) {
        return DfType.FLOAT64;
      }
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "diff of " + what + " (dtype " + in.pandasName()
          + ") is not supported: int64 and float64 only");
    }
    if (periods == 0) {
      return in;
    }
    return switch (in) {
      case INT64 -> DfType.FLOAT64;
      case BOOL -> DfType.OBJECT;
      default -> in;
    };
  }

  private static int rows(long periods) {
    // (Math.abs of Long.MIN_VALUE is negative: compare both ends)
    if (periods > Integer.MAX_VALUE - 1 || periods < -(Integer.MAX_VALUE - 1)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "shift: periods " + periods + " is out of range");
    }
    return (int) Math.abs(periods);
  }

  public static SeriesData series(SeriesData in, long periods, boolean diff) {
    rows(periods);
    DfType t = resultType(in.dtype(), periods, diff, "a series");
    return new Shift(in, periods, diff).newOutput(new SeriesData(in.nrows(), in.name(), t, in.index(),
        in.alignKey()));
  }

  public static DataFrameData frame(DataFrameData in, long periods, boolean diff) {
    rows(periods);
    List<DfType> types = new ArrayList<>();
    for (int j = 0; j < in.columns().size(); j++) {
      types.add(resultType(in.dtypes().get(j), periods, diff, "column '" + in.columns().get(j) + "'"));
    }
    return new Shift(in, periods, diff).newOutput(new DataFrameData(in.nrows(), in.columns(), types, in.index(),
        in.alignKey()));
  }

  @Override
  public void tile(TileContext ctx) {
    int k = rows(periods);
    boolean down = periods >= 0;
    DfData out = out();
    DfType[] types = (out instanceof SeriesData s ? List.of(s.dtype()) : ((DataFrameData) out).dtypes())
        .toArray(new DfType[0]);
    Scan.tileWithCarries(ctx, in(0), out, new Edge(k, down), new Neighbours(k, down),
        r -> new ShiftChunk(periods, diff, r, types));
  }

  /**
   * Rows lent between chunks: for each chunk (one for an edge, every chunk for the neighbours)
   * the columns of a few rows; its shape counts the chunks, whatever the rows.
   */
  static final class Lent implements ChunkValue, java.io.Serializable {
    private static final long serialVersionUID = 1L;
    final Column[][] columns;

    // a class, not a record: Kryo 4 (Spark's) cannot set the fields of records
    Lent(Column[][] columns) {
      this.columns = columns;
    }

    @Override
    public long[] shape() {
      return new long[] {columns.length};
    }

    @Override
    public long nbytes() {
      long n = 16;
      for (Column[] cs : columns) {
        for (Column c : cs) {
          n += c.nbytes();
        }
      }
      return n;
    }

    @Override
    public String kind() {
      return "lent_rows";
    }
  }

  /** The last (first, shifting up) {@code k} rows of a chunk's columns, or all it has. */
  record Edge(int k, boolean down) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      Column[] cols = Rows.columns(inputs[0]);
      Column[] edge = new Column[cols.length];
      for (int j = 0; j < cols.length; j++) {
        int n = cols[j].size();
        int m = Math.min(k, n);
        edge[j] = down ? cols[j].slice(n - m, n) : cols[j].slice(0, m);
      }
      return new Lent(new Column[][] {edge});
    }

    @Override
    public String name() {
      return "shift.edge";
    }
  }

  /**
   * For each chunk, the {@code k} rows just before it (after it, shifting up) — fewer at the
   * frame's start (end) — gathered from the edges of as many neighbouring chunks as it takes.
   */
  record Neighbours(int k, boolean down) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      int n = inputs.length;
      Column[][] edges = new Column[n][];
      for (int r = 0; r < n; r++) {
        edges[r] = ((Lent) inputs[r]).columns[0];
      }
      int ncols = edges[0].length;
      Column[][] out = new Column[n][];
      for (int r = 0; r < n; r++) {
        // neighbouring edges, nearest first, cut to k rows
        List<Column[]> taken = new ArrayList<>();
        int need = k;
        for (int q = down ? r - 1 : r + 1; need > 0 && q >= 0 && q < n; q += down ? -1 : 1) {
          Column[] e = edges[q];
          int size = e[0].size();
          int m = Math.min(need, size);
          Column[] part = new Column[ncols];
          for (int j = 0; j < ncols; j++) {
            part[j] = down ? e[j].slice(size - m, size) : e[j].slice(0, m);
          }
          taken.add(part);
          need -= m;
        }
        out[r] = new Column[ncols];
        for (int j = 0; j < ncols; j++) {
          List<Column> parts = new ArrayList<>();
          parts.add(edges[r][j].slice(0, 0));
          for (Column[] p : taken) {
            if (down) {
              parts.add(1, p[j]);
            } else {
              parts.add(p[j]);
            }
          }
          out[r][j] = Column.concat(parts);
        }
      }
      return new Lent(out);
    }

    @Override
    public String name() {
      return "shift.neighbours";
    }
  }

  /** Shifts chunk {@code r} with the rows its neighbours lend it (row r of the neighbours). */
  record ShiftChunk(long periods, boolean diff, int r, DfType[] types) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      Column[] cols = Rows.columns(inputs[0]);
      Column[] lent = ((Lent) inputs[1]).columns[r];
      Column[] out = new Column[cols.length];
      for (int j = 0; j < cols.length; j++) {
        out[j] = diff ? difference(cols[j], lent[j], periods)
            : Casts.cast(shifted(cols[j], lent[j], periods), types[j], false);
      }
      return Rows.withColumns(inputs[0], out);
    }

    @Override
    public String name() {
      return diff ? "diff" : "shift";
    }
  }

  /** Row i takes row i - periods of [lent rows, c] (of [c, lent rows] shifting up), or NA. */
  static Column shifted(Column c, Column lent, long periods) {
    return extended(c, lent, periods).take(sources(c.size(), lent.size(), periods));
  }

  /** The rows a chunk shifts over: [lent rows, c] shifting down, [c, lent rows] shifting up. */
  private static Column extended(Column c, Column lent, long periods) {
    return periods >= 0 ? Column.concat(List.of(lent, c)) : Column.concat(List.of(c, lent));
  }

  /** For each of the chunk's n rows, the row of {@link #extended} it takes, -1 for none. */
  private static int[] sources(int n, int m, long periods) {
    int k = rows(periods);
    int[] at = new int[n];
    for (int i = 0; i < n; i++) {
      int p = periods >= 0 ? i - k + m : i + k;
      at[i] = p >= 0 && p < n + m ? p : -1;
    }
    return at;
  }

  /**
   * {@code c - c.shift(periods)} as float64, NA where either is NA. int64 differences are taken
   * in int64 — wrapping at the extremes — then converted, as pandas 1.5 does.
   */
  private static Column difference(Column c, Column lent, long periods) {
    Column ext = extended(c, lent, periods);
    int[] at = sources(c.size(), lent.size(), periods);
    double[] d = new double[at.length];
    if (c instanceof LongColumn l && ext instanceof LongColumn e) {
      long[] x = l.values();
      long[] y = e.values();
      for (int i = 0; i < d.length; i++) {
        d[i] = at[i] < 0 ? Double.NaN : (double) (x[i] - y[at[i]]);
      }
      return Column.ofDoubles(d);
    }
    double[] x = Windowed.doubles(c);
    double[] y = Windowed.doubles(ext.take(at));
    for (int i = 0; i < d.length; i++) {
      d[i] = x[i] - y[i];
    }
    return Column.ofDoubles(d);
  }

}
