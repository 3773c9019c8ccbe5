package org.marsonspark.dataframe.ops;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableData;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.IndexMeta;
import org.marsonspark.dataframe.Scalar;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DatetimeColumn;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.local.ScalarValue;

/**
 * Whole-frame operations: element-wise arithmetic and comparison of every
 * column with a constant, a {@link Scalar} or another frame with the same columns (rows paired as
 * {@link Chunkwise} pairs them), {@code abs} / {@code neg}; and reductions along axis 0 ({@code
 * df.sum()}, {@code df.agg([...])}), each column reduced by the series reduction tree ({@link
 * Reduce}) and the scalars collected into one result chunk on an executor.
 */
public final class FrameOps {
  private FrameOps() {}

  // ---- element-wise -------------------------------------------------------------------------

  /** {@code df op other}: other is a Java constant, a {@link Scalar} or a {@link DataFrame} with the same columns. */
  public static DataFrame binary(DataFrameData df, BinOp op, Object other, boolean reversed, String opName) {
    List<String> cols = df.columns();
    List<DfType> out = new ArrayList<>();
    List<TileableData> ins = new ArrayList<>(List.of(df));
    ColumnOrScalar.Scalar constant = null;
    List<DfType> others = new ArrayList<>();
    if (other instanceof DataFrame f) {
      if (!f.columns().equals(cols)) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "DataFrame." + opName + ": the frames' columns "
            + cols + " and " + f.columns() + " differ; aligning columns is not supported (select the same columns "
            + "in the same order first)");
      }
      ins.add(f.data());
      others.addAll(f.data().dtypes());
    } else if (other instanceof Scalar s) {
      ins.add(s.data());
      cols.forEach(c -> others.add(s.dtype()));
    } else if (other instanceof Series) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "DataFrame." + opName + ": a Series operand (pandas "
          + "aligns it on the columns) is not supported; use a constant, a Scalar or a DataFrame");
    } else if (other instanceof org.marsonspark.dataframe.Executable) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "DataFrame." + opName + ": an operand of type "
          + other.getClass().getSimpleName() + " is not supported; use a constant, a Scalar or a DataFrame");
    } else {
      if (other == null) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "DataFrame." + opName + ": the operand must not be "
            + "null (use Double.NaN)");
      }
      constant = ColumnOrScalar.Scalar.of(other);
      for (String c : cols) {
        others.add(constant.dtype());
      }
    }
    for (int j = 0; j < cols.size(); j++) {
      DfType a = df.dtypes().get(j);
      DfType b = others.get(j);
      try {
        out.add(reversed ? op.resultType(b, a) : op.resultType(a, b));
      } catch (MarsException e) {
        throw new MarsException(e.errorClass(), "DataFrame." + opName + ": column '" + cols.get(j) + "': "
            + e.getMessage().substring(e.errorClass().name().length() + 3));
      }
    }
    return DataFrame.ofOutput(Chunkwise.frame(ins, new FrameBinary(op, constant, reversed), true,
        new DataFrameData(-1, cols, out, df.index(), 0)));
  }

  /** {@code abs(df)} / {@code -df}: every column must be int64 or float64. */
  public static DataFrame unary(DataFrameData df, RowOps.UnaryKind kind) {
    for (int j = 0; j < df.columns().size(); j++) {
      DfType t = df.dtypes().get(j);
      if (t != DfType.INT64 && t != DfType.FLOAT64) {
        throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "DataFrame." + kind.name().toLowerCase() + ": column '"
            + df.columns().get(j) + "' has dtype " + t + "; only int64 and float64 columns are supported (select "
            + "the numeric columns first)");
      }
    }
    return DataFrame.ofOutput(Chunkwise.frame(List.of(df), new FrameUnary(kind), true, df));
  }

  /** Every column of input 0 with the same column of input 1 (a frame), a scalar result, or the constant. */
  record FrameBinary(BinOp op, ColumnOrScalar.Scalar scalar, boolean reversed) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalFrame a = (LocalFrame) in[0];
      int n = a.nrows();
      Column[] cols = new Column[a.ncols()];
      String[] names = a.columnNames().toArray(new String[0]);
      for (int j = 0; j < cols.length; j++) {
        ColumnOrScalar x = ColumnOrScalar.of(a.column(j));
        ColumnOrScalar y = scalar != null ? ColumnOrScalar.of(scalar)
            : in[1] instanceof LocalFrame b ? ColumnOrScalar.of(b.column(j)) : RowOps.columnOrScalar(in[1]);
        cols[j] = reversed ? op.compute(y, x, n) : op.compute(x, y, n);
      }
      return new LocalFrame(a.index(), names, cols);
    }

    @Override
    public String name() {
      return "frame." + op.name().toLowerCase();
    }
  }

  record FrameUnary(RowOps.UnaryKind kind) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalFrame a = (LocalFrame) in[0];
      RowOps.Unary u = new RowOps.Unary(kind);
      Column[] cols = new Column[a.ncols()];
      for (int j = 0; j < cols.length; j++) {
        cols[j] = ((LocalSeries) u.execute(new Object[] {new LocalSeries(a.index(), null, a.column(j))})).values();
      }
      return new LocalFrame(a.index(), a.columnNames().toArray(new String[0]), cols);
    }

    @Override
    public String name() {
      return "frame." + kind.name().toLowerCase();
    }
  }

  // ---- reductions ---------------------------------------------------------------------------

  /** Whether pandas 1.5 (numeric_only=None) reduces a column of this dtype with {@code fn}; see docs/coverage-pandas.md. */
  static boolean reduces(Agg fn, DfType t) {
    if (t == DfType.OBJECT && (fn == Agg.SUM || fn == Agg.MEAN || fn == Agg.VAR || fn == Agg.STD)) {
      return false;
    }
    try {
      fn.resultType(t);
      return true;
    } catch (MarsException e) {
      return false;
    }
  }

  /** pandas's dtype of values of these dtypes put into one array: equal stay, int with float float64, else object. */
  static DfType common(List<DfType> types) {
    if (types.isEmpty()) {
      return DfType.FLOAT64;
    }
    DfType first = types.get(0);
    boolean same = true;
    boolean numeric = true;
    for (DfType t : types) {
      same &= t == first;
      numeric &= t == DfType.INT64 || t == DfType.FLOAT64;
    }
    return same ? first : numeric ? DfType.FLOAT64 : DfType.OBJECT;
  }

  /** {@code df.sum()} and friends: a series indexed by the names of the columns reduced. */
  public static Series reduce(DataFrame df, Agg fn) {
    return reduce(df, fn, 1);
  }

  /** As {@link #reduce(DataFrame, Agg)}, var and std with {@code ddof} delta degrees of freedom. */
  public static Series reduce(DataFrame df, Agg fn, int ddof) {
    if (fn == Agg.SIZE || fn == Agg.FIRST || fn == Agg.LAST) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "DataFrame reduction '" + fn.pandasName()
          + "' is not supported (use sum, mean, min, max, count, var, std, nunique)");
    }
    DataFrameData d = df.data();
    List<String> names = new ArrayList<>();
    List<DfType> types = new ArrayList<>();
    List<TileableData> scalars = new ArrayList<>();
    for (int j = 0; j < d.columns().size(); j++) {
      DfType t = d.dtypes().get(j);
      if (!reduces(fn, t)) {
        continue;
      }
      names.add(d.columns().get(j));
      types.add(fn.resultType(t));
      scalars.add(Reduce.of(df.col(d.columns().get(j)).data(), fn, ddof));
    }
    DfType dtype = common(types);
    Collect op = new Collect(scalars, new CollectSeries(names, dtype, fn.pandasName()));
    if (scalars.isEmpty()) {
      op = new Collect(List.of(df.data()), new CollectSeries(names, dtype, fn.pandasName()));
    }
    return op.series(new SeriesData(names.size(), null, dtype, IndexMeta.of(DfType.OBJECT, null),
        DfData.newAlignKey()));
  }

  /** {@code df.agg([fns])}: a frame with one row per function, the columns every function reduces. */
  public static DataFrame agg(DataFrame df, List<String> fnNames) {
    if (fnNames == null || fnNames.isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "DataFrame.agg: no function given");
    }
    List<Agg> fns = new ArrayList<>();
    for (String f : fnNames) {
      Agg a = Agg.of(f);
      if (a == Agg.SIZE || a == Agg.FIRST || a == Agg.LAST) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "DataFrame.agg: function '" + f + "' is not "
            + "supported (use sum, mean, min, max, count, var, std, nunique)");
      }
      fns.add(a);
    }
    DataFrameData d = df.data();
    List<String> cols = new ArrayList<>();
    List<DfType> types = new ArrayList<>();
    List<TileableData> scalars = new ArrayList<>();
    for (int j = 0; j < d.columns().size(); j++) {
      DfType t = d.dtypes().get(j);
      boolean all = true;
      for (Agg a : fns) {
        all &= reduces(a, t);
      }
      if (!all) {
        continue;
      }
      List<DfType> per = new ArrayList<>();
      Series s = df.col(d.columns().get(j));
      for (Agg a : fns) {
        per.add(a.resultType(t));
        scalars.add(s.agg(a).data());
      }
      cols.add(d.columns().get(j));
      types.add(common(per));
    }
    if (cols.isEmpty()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "DataFrame.agg: no column of dtypes " + d.dtypes()
          + " can be reduced by every one of " + fnNames + " (pandas: TypeError)");
    }
    Collect op = new Collect(scalars, new CollectFrame(cols, types, List.copyOf(fnNames)));
    return op.frame(new DataFrameData(fns.size(), cols, types, IndexMeta.of(DfType.OBJECT, null),
        DfData.newAlignKey()));
  }

  /** One chunk gathering scalar results (or, with none, reading a frame chunk only to exist). */
  static final class Collect extends DfOp {
    private final ChunkOp fn;

    Collect(List<TileableData> inputs, ChunkOp fn) {
      super(inputs);
      this.fn = fn;
    }

    Series series(SeriesData d) {
      return newSeries(d);
    }

    DataFrame frame(DataFrameData d) {
      return newFrame(d);
    }

    @Override
    public String name() {
      return fn.name();
    }

    @Override
    public void tile(TileContext ctx) {
      List<Chunk> ins = new ArrayList<>();
      for (TileableData t : inputs()) {
        ins.add(t.chunks().get(0));
      }
      DfData out = out();
      Chunk c = ctx.newChunk(fn, ins, rowIndex(out, 0), rowShape(out, out.nrows()), out.chunkMeta());
      out.setChunks(List.of(c), nsplitsOf(out, new long[] {out.nrows()}));
    }
  }

  static LocalIndex labels(List<String> names) {
    return LocalIndex.of(Column.ofObjects(names.toArray()), null);
  }

  /** A column of a dtype from scalar results (NaN is NA; an object column holds null for it). */
  static Column column(DfType t, Object[] v, String what) {
    int n = v.length;
    switch (t) {
      case INT64 -> {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
          if (!(v[i] instanceof Long l)) {
            throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, what + ": a reduction of an int64 column gave "
                + v[i] + " (an empty frame's min/max is NaN, which pandas makes float64): cast with "
                + "astype(\"float64\") first");
          }
          a[i] = l;
        }
        return Column.ofLongs(a);
      }
      case FLOAT64 -> {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
          a[i] = v[i] == null ? Double.NaN : v[i] instanceof Boolean b ? (b ? 1 : 0) : ((Number) v[i]).doubleValue();
        }
        return Column.ofDoubles(a);
      }
      case BOOL -> {
        boolean[] a = new boolean[n];
        for (int i = 0; i < n; i++) {
          a[i] = (Boolean) v[i];
        }
        return Column.ofBools(a);
      }
      case DATETIME -> {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
          a[i] = v[i] instanceof LocalDateTime x ? DatetimeColumn.toNanos(x) : DfType.NAT;
        }
        return Column.ofDatetimes(a);
      }
      default -> {
        Object[] a = new Object[n];
        for (int i = 0; i < n; i++) {
          a[i] = v[i] instanceof Double x && x.isNaN() ? null : v[i];
        }
        return Column.ofObjects(a);
      }
    }
  }

  static Object[] values(Object[] in) {
    Object[] v = new Object[in.length];
    for (int i = 0; i < v.length; i++) {
      v[i] = ((ScalarValue) in[i]).value();
    }
    return v;
  }

  record CollectSeries(List<String> names, DfType dtype, String fn, String seriesName) implements ChunkOp {
    CollectSeries(List<String> names, DfType dtype, String fn) {
      this(names, dtype, fn, null);
    }

    @Override
    public Object execute(Object[] in) {
      Object[] v = names.isEmpty() ? new Object[0] : values(in);
      return new LocalSeries(labels(names), seriesName, column(dtype, v, "DataFrame." + fn));
    }

    @Override
    public String name() {
      return "frame." + fn;
    }
  }

  /** Inputs: for each column, one scalar per function. */
  record CollectFrame(List<String> columns, List<DfType> dtypes, List<String> fns) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      Object[] v = values(in);
      int k = fns.size();
      Column[] cols = new Column[columns.size()];
      for (int j = 0; j < cols.length; j++) {
        Object[] part = new Object[k];
        System.arraycopy(v, j * k, part, 0, k);
        cols[j] = column(dtypes.get(j), part, "DataFrame.agg");
      }
      return new LocalFrame(labels(fns), columns.toArray(new String[0]), cols);
    }

    @Override
    public String name() {
      return "frame.agg";
    }
  }
}
