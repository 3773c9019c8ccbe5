package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
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
 * Operations that carry values down (or up) the rows: {@code ffill}, {@code bfill},
 * {@code cumsum}, {@code cumprod}, {@code cummax}, {@code cummin} (NA skipped: it stays NA and
 * the running value goes on past it, pandas's {@code skipna=True}). Tiled in three steps with
 * no chunk holding more than it did: every row chunk is summarized on its own (its last or
 * first valid value, or its running total); one small task turns the summaries into what each
 * chunk carries in from the chunks before it (after it, for {@code bfill}); then every chunk
 * is scanned starting from its carry. A float running sum is thus added up per chunk and then
 * across chunks, which may differ from pandas's one left-to-right sum in the last bits.
 */
public final class Scan extends DfOp {
  /** The scans, by pandas name. */
  public enum Kind {
    FFILL, BFILL, CUMSUM, CUMPROD, CUMMAX, CUMMIN;

    public String pandasName() {
      return name().toLowerCase();
    }

    boolean fill() {
      return this == FFILL || this == BFILL;
    }

    /** The result dtype, or an error naming the column when pandas's result is not supported. */
    DfType resultType(DfType in, String what) {
      if (fill()) {
        return in;
      }
      return switch (in) {
        case INT64, FLOAT64 -> in;
        case BOOL -> this == CUMSUM || this == CUMPROD ? DfType.INT64 : DfType.BOOL;
        default -> throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, pandasName() + " of " + what
            + " (dtype " + in.pandasName() + ") is not supported: int64, float64 and bool only");
      };
    }
  }

  private final Kind kind;

  private Scan(DfData in, Kind kind) {
    super(List.of(in));
    this.kind = kind;
  }

  @Override
  public String name() {
    return kind.pandasName();
  }

  public static SeriesData series(SeriesData in, Kind kind) {
    DfType t = kind.resultType(in.dtype(), "a series");
    return new Scan(in, kind).newOutput(new SeriesData(in.nrows(), in.name(), t, in.index(), in.alignKey()));
  }

  public static DataFrameData frame(DataFrameData in, Kind kind) {
    List<DfType> types = new ArrayList<>();
    for (int j = 0; j < in.columns().size(); j++) {
      types.add(kind.resultType(in.dtypes().get(j), "column '" + in.columns().get(j) + "'"));
    }
    return new Scan(in, kind).newOutput(new DataFrameData(in.nrows(), in.columns(), types, in.index(),
        in.alignKey()));
  }

  @Override
  public void tile(TileContext ctx) {
    tileWithCarries(ctx, in(0), out(), new Summarize(kind), new Carries(kind), r -> new ScanChunk(kind, r));
  }

  /**
   * The three steps every carrying operand tiles into: {@code summarize} on each row chunk
   * (a small value of shape [1]), {@code carries} on all those summaries in chunk order (what each
   * chunk takes in, shape [chunks]), and {@code perChunk.apply(r)} on row chunk r and the
   * carries, which gives the output chunk.
   */
  static void tileWithCarries(TileContext ctx, DfData in, DfData out, ChunkOp summarize, ChunkOp carries,
      java.util.function.IntFunction<ChunkOp> perChunk) {
    List<Chunk> chunks = in.chunks();
    List<Chunk> summaries = new ArrayList<>();
    for (int r = 0; r < chunks.size(); r++) {
      summaries.add(ctx.newChunk(summarize, List.of(chunks.get(r)), new int[] {r}, new long[] {1}, null));
    }
    Chunk carried = ctx.newChunk(carries, summaries, new int[] {0}, new long[] {chunks.size()}, null);
    List<Chunk> outs = new ArrayList<>();
    for (int r = 0; r < chunks.size(); r++) {
      Chunk c = chunks.get(r);
      outs.add(ctx.newChunk(perChunk.apply(r), List.of(c, carried), rowIndex(out, r), rowShape(out, c.shape()[0]),
          out.chunkMeta()));
    }
    out.setChunks(outs, nsplitsOf(out, in.rowSplits()));
  }

  /**
   * What one chunk passes on, per column: for the fills a one-row column holding its last
   * (ffill) or first (bfill) valid value, or NA; for the running operations its total over the
   * valid values (a double, or a long for int64 and bool) and whether there was any.
   */
  record Summarize(Kind kind) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      Column[] cols = Rows.columns(inputs[0]);
      Column[][] states = new Column[cols.length][];
      for (int j = 0; j < cols.length; j++) {
        if (!kind.fill()) {
          states[j] = total(kind, cols[j]);
        } else if (cols[j].dtype().holdsNA()) {
          states[j] = new Column[] {edgeValue(cols[j], kind == Kind.FFILL)};
        } else {
          // int64 and bool columns have no NA to fill: a placeholder keeps the carries uniform
          states[j] = new Column[] {Column.na(DfType.FLOAT64, 1)};
        }
      }
      return new AggState(states);
    }

    @Override
    public String name() {
      return kind.pandasName() + ".summary";
    }
  }

  /** The last (or first) valid value of a column as a one-row column, NA when it has none. */
  static Column edgeValue(Column c, boolean last) {
    int n = c.size();
    for (int k = 0; k < n; k++) {
      int i = last ? n - 1 - k : k;
      if (!c.isNA(i)) {
        return c.slice(i, i + 1);
      }
    }
    return c.take(new int[] {-1});
  }

  /** {value, has}: the running value over a column's valid values and whether it saw any. */
  static Column[] total(Kind kind, Column c) {
    if (c instanceof DoubleColumn d) {
      Running acc = new Running(kind, 0, false);
      for (double v : d.values()) {
        acc.add(v);
      }
      return acc.asColumns();
    }
    LongRunning acc = new LongRunning(kind, 0, false);
    for (long v : longs(c)) {
      acc.add(v);
    }
    return acc.asColumns();
  }

  /** Values of an int64 column, or a bool column as 0 and 1. */
  private static long[] longs(Column c) {
    if (c instanceof LongColumn l) {
      return l.values();
    }
    boolean[] b = ((BoolColumn) c).values();
    long[] out = new long[b.length];
    for (int i = 0; i < b.length; i++) {
      out[i] = b[i] ? 1 : 0;
    }
    return out;
  }

  /** A running sum, product, maximum or minimum of doubles that skips NaN. */
  private static final class Running {
    private final Kind kind;
    private double value;
    private boolean has;

    Running(Kind kind, double value, boolean has) {
      this.kind = kind;
      this.value = value;
      this.has = has;
    }

    /** Adds a value of the column: NaN is NA, skipped. */
    void add(double v) {
      if (!Double.isNaN(v)) {
        merge(v);
      }
    }

    /**
     * Adds another chunk's running value, which may be NaN as a result (inf + -inf, 0 * inf):
     * it propagates, as in one scan over all the rows.
     */
    void merge(double v) {
      if (!has) {
        value = v;
        has = true;
        return;
      }
      value = switch (kind) {
        case CUMSUM -> value + v;
        case CUMPROD -> value * v;
        case CUMMAX -> v > value ? v : value;
        case CUMMIN -> v < value ? v : value;
        default -> throw new IllegalStateException(kind.name());
      };
    }

    Column[] asColumns() {
      return new Column[] {Column.ofDoubles(value), Column.ofLongs(has ? 1 : 0)};
    }
  }

  /** The same over longs (int64, or bool as 0/1); sums and products wrap as numpy's. */
  private static final class LongRunning {
    private final Kind kind;
    private long value;
    private boolean has;

    LongRunning(Kind kind, long value, boolean has) {
      this.kind = kind;
      this.value = value;
      this.has = has;
    }

    void add(long v) {
      if (!has) {
        value = v;
        has = true;
        return;
      }
      value = switch (kind) {
        case CUMSUM -> value + v;
        case CUMPROD -> value * v;
        case CUMMAX -> Math.max(value, v);
        case CUMMIN -> Math.min(value, v);
        default -> throw new IllegalStateException(kind.name());
      };
    }

    Column[] asColumns() {
      return new Column[] {Column.ofLongs(value), Column.ofLongs(has ? 1 : 0)};
    }
  }

  /**
   * From the chunks' summaries, in order, what each chunk carries in: row r of every column is
   * chunk r's carry (for ffill from the chunks before it, for bfill from those after it).
   */
  record Carries(Kind kind) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      int n = inputs.length;
      int ncols = ((AggState) inputs[0]).states().length;
      Column[][] out = new Column[ncols][];
      for (int j = 0; j < ncols; j++) {
        List<Column[]> per = new ArrayList<>(n);
        for (Object in : inputs) {
          per.add(((AggState) in).states()[j]);
        }
        out[j] = kind.fill() ? fillCarries(per, kind == Kind.BFILL) : runningCarries(kind, per);
      }
      return new AggState(out);
    }

    @Override
    public String name() {
      return kind.pandasName() + ".carries";
    }
  }

  /** For each chunk, the nearest valid edge value before it (or after it, backward), else NA. */
  private static Column[] fillCarries(List<Column[]> summaries, boolean backward) {
    int n = summaries.size();
    List<Column> values = new ArrayList<>(n);
    for (Column[] s : summaries) {
      values.add(s[0]);
    }
    int[] source = new int[n];
    int nearest = -1;
    for (int k = 0; k < n; k++) {
      int r = backward ? n - 1 - k : k;
      source[r] = nearest;
      if (!values.get(r).isNA(0)) {
        nearest = r;
      }
    }
    return new Column[] {Column.concat(values).take(source)};
  }

  /** For each chunk, the running value of all chunks before it: {value, has} columns of n rows. */
  private static Column[] runningCarries(Kind kind, List<Column[]> summaries) {
    int n = summaries.size();
    long[] has = new long[n];
    if (summaries.get(0)[0] instanceof DoubleColumn) {
      double[] value = new double[n];
      Running acc = new Running(kind, 0, false);
      for (int r = 0; r < n; r++) {
        value[r] = acc.value;
        has[r] = acc.has ? 1 : 0;
        Column[] s = summaries.get(r);
        if (((LongColumn) s[1]).values()[0] != 0) {
          acc.merge(((DoubleColumn) s[0]).values()[0]);
        }
      }
      return new Column[] {Column.ofDoubles(value), Column.ofLongs(has)};
    }
    long[] value = new long[n];
    LongRunning acc = new LongRunning(kind, 0, false);
    for (int r = 0; r < n; r++) {
      value[r] = acc.value;
      has[r] = acc.has ? 1 : 0;
      Column[] s = summaries.get(r);
      if (((LongColumn) s[1]).values()[0] != 0) {
        acc.add(((LongColumn) s[0]).values()[0]);
      }
    }
    return new Column[] {Column.ofLongs(value), Column.ofLongs(has)};
  }

  /** Scans chunk {@code r} from its carry (row r of the carries). */
  record ScanChunk(Kind kind, int r) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      Column[] cols = Rows.columns(inputs[0]);
      Column[][] carries = ((AggState) inputs[1]).states();
      Column[] out = new Column[cols.length];
      for (int j = 0; j < cols.length; j++) {
        out[j] = kind.fill() ? fill(cols[j], carries[j][0].slice(r, r + 1), kind == Kind.BFILL)
            : running(kind, cols[j], carries[j], r);
      }
      return Rows.withColumns(inputs[0], out);
    }

    @Override
    public String name() {
      return kind.pandasName();
    }
  }

  /** NA replaced by the nearest valid value before it (after it, backward), or the carry. */
  static Column fill(Column c, Column carry, boolean backward) {
    int n = c.size();
    if (c.naCount() == 0) {
      return c;
    }
    // positions in [carry, c...]: 0 is the carry, -1 stays NA
    int[] source = new int[n];
    int nearest = carry.isNA(0) ? -1 : 0;
    for (int k = 0; k < n; k++) {
      int i = backward ? n - 1 - k : k;
      if (!c.isNA(i)) {
        nearest = i + 1;
      }
      source[i] = nearest;
    }
    return Column.concat(List.of(carry, c)).take(source);
  }

  /** The running operation over a numeric or bool column, starting from its carry. */
  static Column running(Kind kind, Column c, Column[] carry, int r) {
    boolean has = ((LongColumn) carry[1]).values()[r] != 0;
    if (c instanceof DoubleColumn d) {
      double[] x = d.values();
      double[] y = new double[x.length];
      Running acc = new Running(kind, ((DoubleColumn) carry[0]).values()[r], has);
      for (int i = 0; i < x.length; i++) {
        acc.add(x[i]);
        y[i] = Double.isNaN(x[i]) ? Double.NaN : acc.value;
      }
      return Column.ofDoubles(y);
    }
    long[] x = longs(c);
    long[] y = new long[x.length];
    LongRunning acc = new LongRunning(kind, ((LongColumn) carry[0]).values()[r], has);
    for (int i = 0; i < x.length; i++) {
      acc.add(x[i]);
      y[i] = acc.value;
    }
    if (c instanceof BoolColumn && (kind == Kind.CUMMAX || kind == Kind.CUMMIN)) {
      boolean[] b = new boolean[y.length];
      for (int i = 0; i < y.length; i++) {
        b[i] = y[i] != 0;
      }
      return Column.ofBools(b);
    }
    return Column.ofLongs(y);
  }
}
