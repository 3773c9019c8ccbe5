package org.marsonspark.dataframe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Errors;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileableData;
import org.marsonspark.core.UserFunctions;
import org.marsonspark.dataframe.io.Feather;
import org.marsonspark.dataframe.io.Parquet;
import org.marsonspark.dataframe.io.ToSpark;
import org.marsonspark.dataframe.io.WriteCsv;
import org.marsonspark.dataframe.local.DfFormat;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.RangeIndex;
import org.marsonspark.dataframe.local.Rows;
import org.marsonspark.dataframe.ops.Agg;
import org.marsonspark.dataframe.ops.Apply;
import org.marsonspark.dataframe.ops.BinOp;
import org.marsonspark.dataframe.ops.Casts;
import org.marsonspark.dataframe.ops.Chunkwise;
import org.marsonspark.dataframe.ops.Describe;
import org.marsonspark.dataframe.ops.DropDuplicates;
import org.marsonspark.dataframe.ops.Expanding;
import org.marsonspark.dataframe.ops.Explode;
import org.marsonspark.dataframe.ops.FrameOps;
import org.marsonspark.dataframe.ops.GroupByAgg;
import org.marsonspark.dataframe.ops.LabelLoc;
import org.marsonspark.dataframe.ops.PivotTable;
import org.marsonspark.dataframe.ops.PositionTake;
import org.marsonspark.dataframe.ops.Quantile;
import org.marsonspark.dataframe.ops.Relabel;
import org.marsonspark.dataframe.ops.RowOps;
import org.marsonspark.dataframe.ops.RowSlice;
import org.marsonspark.dataframe.ops.Scan;
import org.marsonspark.dataframe.ops.Shift;
import org.marsonspark.dataframe.ops.SortValues;
import org.marsonspark.dataframe.ops.TensorInterop;
import org.marsonspark.dataframe.ops.TopN;
import org.marsonspark.dataframe.ops.ValueOps;
import org.marsonspark.dataframe.ops.Windowed;
import org.marsonspark.dataframe.plot.PlotAccessor;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.Slice;
import org.marsonspark.tensor.Tensor;

/**
 * A pandas-style DataFrame, built lazily: operations record a graph and nothing runs until
 * {@link #execute()}; {@link #fetch()} then brings a {@link LocalFrame} to the driver. Rows are
 * cut into chunks (every chunk holds all columns); the row count is unknown (-1) after a filter
 * until it has run.
 */
public final class DataFrame extends Executable {
  private final DataFrameData data;

  DataFrame(DataFrameData data) {
    this.data = data;
  }

  /**
   * Wraps the output of an operand from another module (the learn module's row take, say),
   * already bound to that operand; in an eager session it runs right away.
   */
  public static DataFrame ofOutput(DataFrameData bound) {
    if (bound.op() == null) {
      throw new IllegalArgumentException("dataframe data " + bound + " is not the output of an operand");
    }
    return DfOp.eager(new DataFrame(bound));
  }

  @Override
  public DataFrameData data() {
    return data;
  }

  // ---- metadata -----------------------------------------------------------------------

  public List<String> columns() {
    return data.columns();
  }

  /** Column dtypes by name, in column order (pandas {@code df.dtypes}). */
  public Map<String, DfType> dtypes() {
    Map<String, DfType> m = new LinkedHashMap<>();
    for (int i = 0; i < data.columns().size(); i++) {
      m.put(data.columns().get(i), data.dtypes().get(i));
    }
    return m;
  }

  /** (rows, columns); rows is -1 while unknown. */
  public long[] shape() {
    return data.shape();
  }

  /** Rows, or -1 while unknown (pandas {@code len(df)}). */
  public long length() {
    return data.nrows();
  }

  public IndexMeta indexMeta() {
    return data.index();
  }

  /** Row chunk sizes and the column count, once tiled (executed). */
  public long[][] nsplits() {
    return data.nsplits();
  }

  private void requireColumn(String name) {
    if (!data.columns().contains(name)) {
      throw Errors.columnNotFound("", name, data.columns());
    }
  }

  // ---- selection and assignment --------------------------------------------------------------

  /** {@code df[name]}: one column as a series. */
  public Series col(String name) {
    requireColumn(name);
    SeriesData like = new SeriesData(-1, name, data.dtype(name), data.index(), 0);
    return Series.ofOutput(Chunkwise.series(List.of(data), new RowOps.GetColumn(name), true, like));
  }

  /** {@code df[[names]]}: some columns, in the order given. */
  public DataFrame select(String... names) {
    if (names.length == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "select needs at least one column");
    }
    if (new HashSet<>(Arrays.asList(names)).size() != names.length) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "select: duplicate column names in "
          + Arrays.toString(names));
    }
    List<DfType> dts = new ArrayList<>();
    for (String n : names) {
      requireColumn(n);
      dts.add(data.dtype(n));
    }
    DataFrameData like = new DataFrameData(-1, List.of(names), dts, data.index(), 0);
    return DataFrame.ofOutput(Chunkwise.frame(List.of(data), new RowOps.SelectColumns(List.of(names)), true, like));
  }

  /**
   * {@code df.assign(name=value)}: a new frame with the column replaced or appended. The value is a
   * {@link Series} (rows paired by label: same frame lineage, or equal labels), a {@link Scalar}
   * (a reduction result) or a Java constant.
   */
  public DataFrame assign(String name, Object value) {
    List<String> cols = new ArrayList<>(data.columns());
    List<DfType> dts = new ArrayList<>(data.dtypes());
    DfType dt;
    List<TileableData> ins = new ArrayList<>(List.of(data));
    ChunkOp fn;
    if (value instanceof Series s) {
      dt = s.dtype();
      ins.add(s.data());
      fn = new RowOps.Assign(name);
    } else if (value instanceof Scalar sc) {
      dt = sc.dtype();
      ins.add(sc.data());
      fn = new RowOps.Assign(name);
    } else if (value instanceof DataFrame) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "assign: a DataFrame cannot be one column; pass a Series");
    } else {
      dt = Series.scalarType(value);
      fn = new RowOps.AssignConstant(name, value);
    }
    int at = cols.indexOf(name);
    if (at >= 0) {
      dts.set(at, dt);
    } else {
      cols.add(name);
      dts.add(dt);
    }
    return DataFrame.ofOutput(Chunkwise.frame(ins, fn, true, new DataFrameData(-1, cols, dts, data.index(), 0)));
  }

  /** Same as {@link #assign}. */
  public DataFrame withColumn(String name, Object value) {
    return assign(name, value);
  }

  /** {@code df[mask]} / {@code df.loc[mask]}: the rows where a bool series is true; labels are kept. */
  public DataFrame filter(Series mask) {
    Series.requireMask(mask);
    DataFrameData like = new DataFrameData(-1, data.columns(), data.dtypes(), data.index().taken(), 0);
    return DataFrame.ofOutput(Chunkwise.frame(List.of(data, mask.data()), new RowOps.Filter(), false, like));
  }

  /** {@code df.loc[mask]}: as {@link #filter}. */
  public DataFrame loc(Series mask) {
    return filter(mask);
  }

  /** {@code df.iloc[start:stop]} (null bounds take their defaults, negatives count from the end). */
  public DataFrame iloc(Long start, Long stop) {
    return DataFrame.ofOutput(RowSlice.frame(data, Slice.of(start, stop)));
  }

  /** {@code df.iloc[start:stop:step]}. */
  public DataFrame iloc(Long start, Long stop, Long step) {
    if (step != null && step == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "iloc: slice step cannot be zero");
    }
    return DataFrame.ofOutput(RowSlice.frame(data, Slice.of(start, stop, step)));
  }

  /** The first n rows (all but the last |n| when n is negative). */
  public DataFrame head(long n) {
    return n >= 0 ? iloc(0L, n) : iloc(0L, n);
  }

  public DataFrame head() {
    return head(5);
  }

  /** The last n rows (all but the first |n| when n is negative). */
  public DataFrame tail(long n) {
    return n == 0 ? iloc(0L, 0L) : n > 0 ? iloc(-n, null) : iloc(-n, null);
  }

  public DataFrame tail() {
    return tail(5);
  }

  /** The row labels as an Index. */
  public Index index() {
    return Index.ofOutput(Chunkwise.index(List.of(data), new RowOps.IndexOf(), true, new IndexData(-1, data.index(), 0)));
  }

  /** {@code df.groupby(keys)}: see {@link GroupBy}. */
  public GroupBy groupby(String... keys) {
    return new GroupBy(this, List.of(keys), true, GroupByAgg.Method.AUTO);
  }

  /**
   * {@code pd.pivot_table(df, values, index, columns, aggfunc)} with pandas 1.5's defaults
   * (fill_value None, margins False, dropna True, sort True): see
   * {@link #pivotTable(Object, Object, Object, Object, Object, boolean)}.
   */
  public DataFrame pivotTable(Object values, Object index, Object columns, Object aggfunc) {
    return pivotTable(values, index, columns, aggfunc, null, false);
  }

  /**
   * {@code pd.pivot_table(df, values, index, columns, aggfunc, fill_value, margins)}: a groupby on
   * the index and column keys, then one column per distinct column key, sorted (rows with an NA key
   * dropped; rows and columns whose cells are all NA dropped; NaN in missing cells), dtypes as
   * pandas 1.5 gives them. {@code values}, {@code index}, {@code columns}: a column name or a list
   * of them ({@code values} null: every other column; {@code columns} null: none). {@code aggfunc}:
   * a function name ({@code "mean"} when null, {@code "sum"}, {@code "count"}, {@code "min"},
   * {@code "max"}, {@code "size"}, {@code "std"}, {@code "var"}, {@code "first"}, {@code "last"},
   * {@code "nunique"}) or a map from value column to function name. Column names: the column key
   * (its Python {@code str}; several column keys joined by {@code "|"}) when {@code values} is a
   * single name, else {@code "value|key"} — pandas's MultiIndex columns flattened. Several index
   * keys become leading columns over a RangeIndex (pandas's {@code reset_index()}). {@code fillValue}:
   * a number for missing cells (then float columns holding only integral values become int64, as
   * pandas's {@code fillna(downcast="infer")} does). {@code margins=true} raises
   * {@code UNSUPPORTED_OPERATION}. The distinct column keys are read while tiling from a small
   * metadata pass over the aggregated groups, never by collecting the table.
   */
  public DataFrame pivotTable(Object values, Object index, Object columns, Object aggfunc, Object fillValue,
      boolean margins) {
    return PivotTable.of(data, values, index, columns, aggfunc, fillValue, margins,
        GroupByAgg.Method.AUTO);
  }

  // ---- NA handling and casts -----------------------------------------------------------

  public DataFrame isna() {
    List<DfType> bools = new ArrayList<>();
    data.columns().forEach(c -> bools.add(DfType.BOOL));
    return DataFrame.ofOutput(Chunkwise.frame(List.of(data), new RowOps.IsNa(false), true,
        new DataFrameData(-1, data.columns(), bools, data.index(), 0)));
  }

  public DataFrame notna() {
    List<DfType> bools = new ArrayList<>();
    data.columns().forEach(c -> bools.add(DfType.BOOL));
    return DataFrame.ofOutput(Chunkwise.frame(List.of(data), new RowOps.IsNa(true), true,
        new DataFrameData(-1, data.columns(), bools, data.index(), 0)));
  }

  /** NA of every column replaced by {@code value} (columns that cannot hold it raise before running). */
  public DataFrame fillna(Object value) {
    Map<String, Object> per = new LinkedHashMap<>();
    for (String c : data.columns()) {
      if (data.dtype(c).holdsNA()) {
        RowOps.checkFill(data.dtype(c), value, "column '" + c + "'");
      }
    }
    return DataFrame.ofOutput(Chunkwise.frame(List.of(data), new RowOps.FillNa(null, value), true, data));
  }

  /** NA replaced per column ({@code df.fillna({"a": 0, "b": "x"})}). */
  public DataFrame fillna(Map<String, Object> values) {
    for (Map.Entry<String, Object> e : values.entrySet()) {
      requireColumn(e.getKey());
      if (data.dtype(e.getKey()).holdsNA()) {
        RowOps.checkFill(data.dtype(e.getKey()), e.getValue(), "column '" + e.getKey() + "'");
      }
    }
    return DataFrame.ofOutput(Chunkwise.frame(List.of(data), new RowOps.FillNa(new LinkedHashMap<>(values), null), true, data));
  }

  /** {@code df.ffill()} ({@code fillna(method="ffill")}): per column, NA takes the last valid value before it. */
  public DataFrame ffill() {
    return DataFrame.ofOutput(Scan.frame(data, Scan.Kind.FFILL));
  }

  /** {@code df.bfill()} ({@code fillna(method="bfill")}): per column, NA takes the next valid value after it. */
  public DataFrame bfill() {
    return DataFrame.ofOutput(Scan.frame(data, Scan.Kind.BFILL));
  }

  /** Running sum per column (NA skipped); every column int64, float64 or bool, else an error before running. */
  public DataFrame cumsum() {
    return DataFrame.ofOutput(Scan.frame(data, Scan.Kind.CUMSUM));
  }

  /** Running product per column (NA skipped). */
  public DataFrame cumprod() {
    return DataFrame.ofOutput(Scan.frame(data, Scan.Kind.CUMPROD));
  }

  /** Running maximum per column (NA skipped). */
  public DataFrame cummax() {
    return DataFrame.ofOutput(Scan.frame(data, Scan.Kind.CUMMAX));
  }

  /** Running minimum per column (NA skipped). */
  public DataFrame cummin() {
    return DataFrame.ofOutput(Scan.frame(data, Scan.Kind.CUMMIN));
  }

  /** {@code df.median()}: per column (every column int64 or float64), a series indexed by the column names. */
  public Series median() {
    return Quantile.frame(this, 0.5, true);
  }

  /** {@code df.quantile(q)}: per column (every column int64 or float64), linear interpolation. */
  public Series quantile(double q) {
    return Quantile.frame(this, q, false);
  }

  /** {@code df.isin(values)}: a bool frame, true where a value is one of {@code values}. */
  public DataFrame isin(Collection<?> values) {
    List<DfType> bools = new ArrayList<>();
    for (String c : data.columns()) {
      ValueOps.checkIsIn(data.dtype(c), values, "column '" + c + "'");
      bools.add(DfType.BOOL);
    }
    return DataFrame.ofOutput(Chunkwise.frame(List.of(data), ValueOps.IsIn.of(values), true,
        new DataFrameData(-1, data.columns(), bools, data.index(), 0)));
  }

  /** {@code df.clip(lower, upper)}: every column int64 or float64; null for no bound. */
  public DataFrame clip(Double lower, Double upper) {
    List<DfType> types = new ArrayList<>();
    for (String c : data.columns()) {
      types.add(ValueOps.clipType(data.dtype(c), lower, upper, "column '" + c + "'"));
    }
    return DataFrame.ofOutput(Chunkwise.frame(List.of(data), ValueOps.Clip.of(lower, upper), true,
        new DataFrameData(-1, data.columns(), types, data.index(), 0)));
  }

  /** {@code df.round(decimals)}: float64 columns (and int64 for negative decimals) rounded, the others kept. */
  public DataFrame round(int decimals) {
    return DataFrame.ofOutput(Chunkwise.frame(List.of(data), new ValueOps.Round(decimals), true, data));
  }

  /** {@code df.shift(periods)}: every column's values move {@code periods} rows down (up when negative). */
  public DataFrame shift(long periods) {
    return DataFrame.ofOutput(Shift.frame(data, periods, false));
  }

  public DataFrame shift() {
    return shift(1);
  }

  /** {@code df.diff(periods)}: {@code df - df.shift(periods)}; every column int64 or float64. */
  public DataFrame diff(long periods) {
    return DataFrame.ofOutput(Shift.frame(data, periods, true));
  }

  public DataFrame diff() {
    return diff(1);
  }

  /** {@code df.pct_change(periods)}: per column, filled forward, then {@code df / df.shift(periods) - 1}; int64 and float64 columns. */
  public DataFrame pctChange(long periods) {
    diff(periods);
    DataFrame filled = ffill();
    return filled.div(filled.shift(periods)).sub(1L);
  }

  public DataFrame pctChange() {
    return pctChange(1);
  }

  /** {@code df.rolling(window)}: trailing windows per column (every column int64, float64 or bool). */
  public Window<DataFrame> rolling(long window) {
    return rolling(window, null);
  }

  /** {@code df.rolling(window, min_periods=minPeriods)}; null for the default (the window). */
  public Window<DataFrame> rolling(long window, Long minPeriods) {
    int mp = Windowed.check(window, minPeriods);
    return new Window<>(fn -> DataFrame.ofOutput(Windowed.frame(data, (int) window, mp, fn)));
  }

  /** {@code df.expanding()}: per column, windows from the first row to each row (every column int64, float64 or bool). */
  public Window<DataFrame> expanding() {
    return expanding(null);
  }

  /** {@code df.expanding(min_periods=minPeriods)}; null for the default (1). */
  public Window<DataFrame> expanding(Long minPeriods) {
    int mp = Expanding.check(minPeriods);
    return new Window<>(fn -> DataFrame.ofOutput(Expanding.frame(data, mp, fn)));
  }

  /** Rows without NA in any column ({@code how="any"}) or not NA in every column ({@code how="all"}). */
  public DataFrame dropna(String how, String... subset) {
    if (!how.equals("any") && !how.equals("all")) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "dropna: invalid how option: " + how
          + " (use \"any\" or \"all\")");
    }
    for (String c : subset) {
      requireColumn(c);
    }
    DataFrameData like = new DataFrameData(-1, data.columns(), data.dtypes(), data.index().taken(), 0);
    return DataFrame.ofOutput(Chunkwise.frame(List.of(data), new RowOps.DropNa(how.equals("all"),
        subset.length == 0 ? null : List.of(subset)), false, like));
  }

  public DataFrame dropna() {
    return dropna("any");
  }

  /** Every column cast to one dtype; {@code "str"} gives Python strings. */
  public DataFrame astype(String dtype) {
    boolean str = dtype.equals("str");
    DfType to = DfType.of(dtype);
    List<DfType> dts = new ArrayList<>();
    for (DfType d : data.dtypes()) {
      Casts.check(d, to, str);
      dts.add(to);
    }
    return DataFrame.ofOutput(Chunkwise.frame(List.of(data), new RowOps.AsType(null, to, str), true,
        new DataFrameData(-1, data.columns(), dts, data.index(), 0)));
  }

  /** Some columns cast ({@code df.astype({"a": "float64"})}). */
  public DataFrame astype(Map<String, String> dtypes) {
    List<DfType> dts = new ArrayList<>(data.dtypes());
    Map<String, DfType> per = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : dtypes.entrySet()) {
      requireColumn(e.getKey());
      if (e.getValue().equals("str")) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "astype: 'str' per column is not supported yet; "
            + "cast that column's series with astype(\"str\") and assign it");
      }
      DfType to = DfType.of(e.getValue());
      Casts.check(data.dtype(e.getKey()), to, false);
      per.put(e.getKey(), to);
      dts.set(data.columnIndex(e.getKey()), to);
    }
    return DataFrame.ofOutput(Chunkwise.frame(List.of(data), new RowOps.AsType(per, null, false), true,
        new DataFrameData(-1, data.columns(), dts, data.index(), 0)));
  }

  // ---- IO and interop: Spark SQL, CSV, Parquet, tensors ----------------------------------------

  /**
   * This frame as a Spark SQL Dataset with one partition per row chunk, converted to rows on the
   * executors (the frame is executed first if it has not been); {@code keepIndex}: the index
   * becomes the first column (named as pandas's {@code reset_index} names it).
   */
  public Dataset<Row> toSpark(MarsSession session, boolean keepIndex) {
    return ToSpark.of(session, this, keepIndex);
  }

  public Dataset<Row> toSpark(boolean keepIndex) {
    return toSpark(MarsSession.getDefault(), keepIndex);
  }

  /** {@link #toSpark(boolean)} without the index. */
  public Dataset<Row> toSpark() {
    return toSpark(false);
  }

  /**
   * pandas's {@code to_csv}, one file per row chunk written on the executors: a path with
   * {@code *} names the files (the star becomes the chunk number), any other path is a directory
   * of {@code part-NNNNN.csv}. Returns the files written, in chunk order.
   */
  public List<String> toCsv(String path, boolean index) {
    return WriteCsv.write(MarsSession.getDefault(), this, path, index);
  }

  /** {@link #toCsv(String, boolean)} with the index, as pandas writes by default. */
  public List<String> toCsv(String path) {
    return toCsv(path, true);
  }

  /**
   * pandas's {@code to_feather} (Arrow IPC files, through {@link org.marsonspark.dataframe.io.ArrowFrames}):
   * one file {@code dir/part-NNNNN.feather} per chunk, written on the executors; returns the paths.
   */
  public List<String> toFeather(String dir) {
    return Feather.write(MarsSession.getDefault(), this, dir);
  }

  /** pandas's {@code to_parquet} into a new directory, one file per non-empty chunk, written by Spark on the executors. */
  public void toParquet(String dir) {
    Parquet.write(MarsSession.getDefault(), this, dir);
  }

  /** {@code df.to_numpy()} as a 2-D tensor with this frame's row chunks (numeric and bool columns only). */
  public Tensor toTensor() {
    return TensorInterop.toTensor(data);
  }


  // ==== accessors and user functions: apply(axis=1), mapChunk, explode, describe =================

  /**
   * {@code df.apply(fn, axis=1)}: {@code fn} of every row (a {@link org.marsonspark.dataframe.local.Row}
   * view), run on the executors chunk by chunk; a series without a name, the frame's labels. The
   * dtype is inferred from the first rows in a tiny job (see {@link Apply}).
   * Only {@code axis=1} is supported (column-wise apply needs whole columns).
   */
  public Series apply(SerializableFunction<org.marsonspark.dataframe.local.Row, Object> fn, int axis) {
    return apply(fn, axis, null);
  }

  /** {@code df.apply(fn, axis=1)} with the result dtype given ({@code null}: inferred). */
  public Series apply(SerializableFunction<org.marsonspark.dataframe.local.Row, Object> fn, int axis, String dtype) {
    if (axis != 1) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "DataFrame.apply: axis=" + axis + " is not supported; "
          + "only axis=1 (a function of each row) is — for a function of whole columns use mapChunk or the "
          + "column's series");
    }
    fn = UserFunctions.prepare(fn, "DataFrame.apply");
    DfType out = dtype != null ? Apply.resultDtype("DataFrame.apply", DfType.of(dtype))
        : (DfType) Apply.sample(data,
            new Apply.ApplyRows(fn, DfType.OBJECT), false, "DataFrame.apply");
    return Series.ofOutput(Chunkwise.series(List.of(data), new Apply.ApplyRows(fn, out), true,
        new SeriesData(-1, null, out, data.index(), 0)));
  }

  /**
   * Mars's {@code map_chunk}: {@code fn} of each whole chunk (a {@link LocalFrame}), returning a
   * frame; rows per chunk are unknown until it runs. The result's columns and dtypes are those
   * {@code fn} gives on the first rows, found in a tiny job; every chunk must give the same.
   */
  public DataFrame mapChunk(SerializableFunction<LocalFrame, LocalFrame> fn) {
    fn = UserFunctions.prepare(fn, "mapChunk");
    LocalFrame schema = (LocalFrame) Apply.sample(data,
        new Apply.MapChunk(fn, null, null), true, "mapChunk");
    IndexMeta idx = new IndexMeta(schema.index() instanceof RangeIndex,
        List.of(schema.index().dtype()), Arrays.asList(schema.index().name()));
    return mapChunk(fn, schema.columnNames(), schema.dtypes(), idx);
  }

  /** {@code mapChunk} with the result's columns and dtypes given (no inference job). */
  public DataFrame mapChunk(SerializableFunction<LocalFrame, LocalFrame> fn, List<String> columns, List<DfType> dtypes) {
    if (columns == null || dtypes == null || columns.size() != dtypes.size()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "mapChunk: columns " + columns + " and dtypes " + dtypes
          + " must be given with one dtype per column");
    }
    return mapChunk(UserFunctions.prepare(fn, "mapChunk"), columns, dtypes, data.index().taken());
  }

  private DataFrame mapChunk(SerializableFunction<LocalFrame, LocalFrame> fn, List<String> columns, List<DfType> dtypes,
      IndexMeta index) {
    return DataFrame.ofOutput(Chunkwise.frame(List.of(data), new Apply.MapChunk(fn, List.copyOf(columns),
        List.copyOf(dtypes)), false, new DataFrameData(-1, columns, dtypes, index, 0)));
  }

  /**
   * {@code df.explode(column)}: each list in {@code column} becomes one row per element, the other
   * columns and the labels repeating; an empty list gives NA. Rows become unknown until it
   * runs. A column that is not object leaves the frame as it is, as in pandas.
   */
  public DataFrame explode(String column) {
    requireColumn(column);
    if (data.dtype(column) != DfType.OBJECT) {
      return this;
    }
    DataFrameData like = new DataFrameData(-1, data.columns(), data.dtypes(), data.index().taken(), 0);
    return DataFrame.ofOutput(Chunkwise.frame(List.of(data), new Explode(column), false, like));
  }

  /** {@code df.describe()} of the int64 / float64 columns: count, mean, std, min, 25%, 50%, 75%, max. */
  public DataFrame describe() {
    return Describe.frame(data, null);
  }

  /** {@code df.describe(percentiles=[...])} (0.5 is always added). */
  public DataFrame describe(double... percentiles) {
    return Describe.frame(data, percentiles);
  }

  // ==== end of accessors and user functions ======================================================
  // ---- joins and row-set operations (merge, join, drop_duplicates, set_index, reset_index,
  // rename); the operands live in ops.Merge, ops.DropDuplicates, ops.Relabel. ---------------------

  /** {@code pd.merge(self, right, ...)}: see {@link Md#merge(DataFrame, DataFrame, MergeOptions)}. */
  public DataFrame merge(DataFrame right, MergeOptions options) {
    return Md.merge(this, right, options);
  }

  /** {@code self.merge(right, how=how, on=[...])}. */
  public DataFrame merge(DataFrame right, String how, String... on) {
    return Md.merge(this, right, MergeOptions.on(on).how(how));
  }

  /**
   * {@code df.join(other, on, how)}: other's index matched with this frame's column {@code on} (this
   * frame's index when {@code on} is null); overlapping column names raise, as pandas's empty
   * default suffixes do.
   */
  public DataFrame join(DataFrame other, String on, String how) {
    return join(other, on, how, "", "");
  }

  /**
   * {@code df.join(other, on, how, lsuffix, rsuffix)}. With {@code on} a column only how "left" and
   * "inner" are supported (pandas then keeps this frame's labels).
   */
  public DataFrame join(DataFrame other, String on, String how, String lsuffix, String rsuffix) {
    MergeOptions o = (on == null ? MergeOptions.onIndex() : MergeOptions.leftOn(on).withRightIndex(true)).how(how)
        .suffixes(lsuffix, rsuffix);
    return Md.merge(this, other, o);
  }

  /**
   * {@code df.drop_duplicates(subset, keep)}: {@code keep} is "first", "last" or "false" (drop every
   * row whose subset values occur more than once); no subset means all columns. Labels and order
   * of the remaining rows are kept.
   */
  public DataFrame dropDuplicates(String keep, String... subset) {
    return DataFrame.ofOutput(DropDuplicates.of(data, keep, List.of(subset)));
  }

  public DataFrame dropDuplicates() {
    return dropDuplicates("first");
  }

  /** {@code df.set_index(column)}: the column becomes the index (and leaves the columns). */
  public DataFrame setIndex(String column) {
    return setIndex(column, true);
  }

  /** {@code df.set_index(column, drop=drop)}. */
  public DataFrame setIndex(String column, boolean drop) {
    return DataFrame.ofOutput(Relabel.setIndex(data, column, drop));
  }

  /** {@code df.reset_index(drop=drop)}: a new RangeIndex; the old labels become the first column unless dropped. */
  public DataFrame resetIndex(boolean drop) {
    return DataFrame.ofOutput(Relabel.resetIndex(data, drop));
  }

  public DataFrame resetIndex() {
    return resetIndex(false);
  }

  /** {@code df.rename(columns=mapping)}: columns renamed; names not in the frame are ignored. */
  public DataFrame rename(Map<String, String> columns) {
    return DataFrame.ofOutput(Relabel.rename(data, columns));
  }

  // ---- end of joins and row-set operations ----------------------------------------------------
  // ---- sorting and top-k ----------------------------------------------------------------------
  // Sorting is a parallel sort by regular sampling (SortValues); nlargest / nsmallest a tree of
  // per-chunk top-n (TopN). Both are stable: equal keys keep their input order.

  private SortValues.Spec sortSpec(String op, String[] by, boolean[] ascending, String naPosition) {
    if (by.length == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": 'by' needs at least one column");
    }
    for (String c : by) {
      if (!data.columns().contains(c)) {
        throw Errors.columnNotFound(op, c, data.columns());
      }
    }
    return new SortValues.Spec(SortValues.Source.COLUMNS, by.clone(), SortValues.ascendingFor(by.length, ascending),
        SortValues.naFirst(naPosition));
  }

  /**
   * {@code df.sort_values(by, ascending, na_position, kind="mergesort")}: rows ordered by the
   * columns (the first deciding), each ascending or descending ({@code ascending} has one entry
   * per column, or one for all), NA {@code "first"} or {@code "last"} whatever the direction;
   * equal keys keep their input order. Row labels travel with their rows.
   */
  public DataFrame sortValues(String[] by, boolean[] ascending, String naPosition) {
    return SortValues.frame(data, sortSpec("sort_values", by, ascending, naPosition));
  }

  /** {@code df.sort_values(by)}: ascending, NA last. */
  public DataFrame sortValues(String... by) {
    return sortValues(by, new boolean[] {true}, "last");
  }

  /** {@code df.sort_values(by, ascending=ascending)}. */
  public DataFrame sortValues(String by, boolean ascending) {
    return sortValues(new String[] {by}, new boolean[] {ascending}, "last");
  }

  /** {@code df.sort_index(ascending, na_position)}: rows ordered by their labels. */
  public DataFrame sortIndex(boolean ascending, String naPosition) {
    if (data.index().nlevels() > 1) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "sort_index on a MultiIndex is not supported "
          + "(results of groupby are already sorted): resetIndex() and sortValues(levels) instead");
    }
    return SortValues.frame(data, new SortValues.Spec(SortValues.Source.INDEX, new String[0],
        new boolean[] {ascending}, SortValues.naFirst(naPosition)));
  }

  public DataFrame sortIndex() {
    return sortIndex(true, "last");
  }

  private DataFrame topN(String op, long n, String keep, String[] columns, boolean ascending) {
    if (!"first".equals(keep)) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, op + ": keep='" + keep + "' is not supported "
          + "(only keep='first')");
    }
    SortValues.Spec spec = sortSpec(op, columns, new boolean[] {ascending}, "last");
    for (String c : columns) {
      TopN.checkDtype(op, c, data.dtype(c));
    }
    return TopN.frame(data, spec, n);
  }

  /**
   * {@code df.nlargest(n, columns)} (keep='first'): the n rows with the largest values, ordered
   * by the columns descending (NaN last); of equal rows the first ones. Numeric and datetime
   * columns only.
   */
  public DataFrame nlargest(long n, String... columns) {
    return topN("nlargest", n, "first", columns, false);
  }

  /** {@code df.nlargest(n, columns, keep)}: only keep="first" is supported. */
  public DataFrame nlargest(long n, String keep, String[] columns) {
    return topN("nlargest", n, keep, columns, false);
  }

  /** {@code df.nsmallest(n, columns)} (keep='first'). */
  public DataFrame nsmallest(long n, String... columns) {
    return topN("nsmallest", n, "first", columns, true);
  }

  public DataFrame nsmallest(long n, String keep, String[] columns) {
    return topN("nsmallest", n, keep, columns, true);
  }

  // ---- end of sorting and top-k ----------------------------------------------------------------

  // ==== label loc, positional take, whole-frame reductions and arithmetic =========================
  // (the operands live in ops.LabelLoc, ops.PositionTake and ops.FrameOps)

  /**
   * {@code df.loc[label]}: every row with this label, as a frame (one row when the label is unique;
   * pandas then gives the row as a Series — here it stays a one-row DataFrame). A missing label is
   * pandas's KeyError ({@code INVALID_ARGUMENT}), raised when it runs.
   */
  public DataFrame loc(Object label) {
    if (label instanceof List<?> l) {
      return loc(l);
    }
    if (label instanceof Series mask) {
      return filter(mask);
    }
    return LabelLoc.take(data, List.of(label));
  }

  /**
   * {@code df.loc[[labels]]}: for each label of the list, in list order, every row with it (in
   * index order); a label listed twice gives its rows twice. Any missing label is a KeyError.
   */
  public DataFrame loc(List<?> labels) {
    return LabelLoc.take(data, labels);
  }

  /** {@code df.loc[[labels], [columns]]}. */
  public DataFrame loc(List<?> labels, List<String> columns) {
    return select(columns.toArray(new String[0])).loc(labels);
  }

  /**
   * {@code df.loc[start:stop]}: both ends included, null for an open end. On an increasing or
   * decreasing index the labels need not exist (pandas's search bounds); on any other index both
   * must exist, each once or in one contiguous run, else KeyError (as pandas).
   */
  public DataFrame loc(Object start, Object stop) {
    return LabelLoc.slice(data, start, stop);
  }

  /** {@code df.loc[start:stop, [columns]]}. */
  public DataFrame loc(Object start, Object stop, List<String> columns) {
    return select(columns.toArray(new String[0])).loc(start, stop);
  }

  /**
   * {@code df.iloc[[i]]}: the row at position i (negative: from the end) as a one-row frame
   * (pandas's {@code df.iloc[i]} gives it as a Series). Out of range: IndexError.
   */
  public DataFrame iloc(long i) {
    return iloc(new long[] {i});
  }

  /** {@code df.iloc[[i, j, ...]]}: rows by position, any order, repeats allowed. */
  public DataFrame iloc(long[] positions) {
    return PositionTake.frame(data, positions);
  }

  /** {@code df.at[label, column]}: one value; the label must be unique (see {@link Series#loc(Object)}). */
  public Scalar at(Object label, String column) {
    return col(column).loc(label);
  }

  /** {@code df.iat[i, j]}: the value at row position i of column position j. */
  public Scalar iat(long i, int j) {
    if (j < 0 || j >= data.columns().size()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "iat: IndexError: column position " + j
          + " is out of bounds for " + data.columns().size() + " columns");
    }
    return col(data.columns().get(j)).iloc(i);
  }

  /**
   * A reduction of every column along axis 0: a Series indexed by the names of the columns reduced,
   * as pandas 1.5 with numeric_only=None drops the columns it cannot reduce: sum / mean / var / std
   * reduce int64, float64 and bool columns; min / max every dtype but category; count and
   * nunique every column. Values are combined into one dtype as pandas does (int64 with float64:
   * float64; otherwise mixed: object). NA is skipped.
   */
  public Series agg(Agg fn) {
    return FrameOps.reduce(this, fn);
  }

  /** {@code df.agg("sum")}: as {@link #agg(Agg)}. */
  public Series agg(String fn) {
    return agg(Agg.of(fn));
  }

  /**
   * {@code df.agg(["sum", "min", ...])}: one row per function (the index holds the names), the
   * columns that every function reduces; each column's dtype combines its results' dtypes.
   */
  public DataFrame agg(List<String> fns) {
    return FrameOps.agg(this, fns);
  }

  public Series sum() {
    return agg(Agg.SUM);
  }

  public Series mean() {
    return agg(Agg.MEAN);
  }

  public Series min() {
    return agg(Agg.MIN);
  }

  public Series max() {
    return agg(Agg.MAX);
  }

  public Series count() {
    return agg(Agg.COUNT);
  }

  /** Sample standard deviation (ddof = 1). */
  public Series std() {
    return agg(Agg.STD);
  }

  /** {@code df.std(ddof=ddof)}: per column, the square root of the squared deviations over n - ddof. */
  public Series std(int ddof) {
    return FrameOps.reduce(this, Agg.STD, ddof);
  }

  /** Sample variance (ddof = 1). */
  public Series var() {
    return agg(Agg.VAR);
  }

  /** {@code df.var(ddof=ddof)}: per column, the squared deviations over n - ddof (NaN where n <= ddof). */
  public Series var(int ddof) {
    return FrameOps.reduce(this, Agg.VAR, ddof);
  }

  public Series nunique() {
    return agg(Agg.NUNIQUE);
  }

  private DataFrame frameBinary(BinOp op, Object other, boolean reversed, String name) {
    return FrameOps.binary(data, op, other, reversed, name);
  }

  /**
   * {@code df + other}: other is a constant, a {@link Scalar}, or a DataFrame with the same columns in
   * the same order (rows paired as for series: same lineage, or equal labels). Every column must
   * support the operation (pandas's TypeError otherwise, raised before anything runs).
   */
  public DataFrame add(Object other) {
    return frameBinary(BinOp.ADD, other, false, "add");
  }

  public DataFrame sub(Object other) {
    return frameBinary(BinOp.SUB, other, false, "sub");
  }

  public DataFrame mul(Object other) {
    return frameBinary(BinOp.MUL, other, false, "mul");
  }

  /** True division: int columns give float64. */
  public DataFrame div(Object other) {
    return frameBinary(BinOp.DIV, other, false, "div");
  }

  public DataFrame floordiv(Object other) {
    return frameBinary(BinOp.FLOORDIV, other, false, "floordiv");
  }

  public DataFrame mod(Object other) {
    return frameBinary(BinOp.MOD, other, false, "mod");
  }

  public DataFrame pow(Object other) {
    return frameBinary(BinOp.POW, other, false, "pow");
  }

  public DataFrame radd(Object other) {
    return frameBinary(BinOp.ADD, other, true, "radd");
  }

  public DataFrame rsub(Object other) {
    return frameBinary(BinOp.SUB, other, true, "rsub");
  }

  public DataFrame rmul(Object other) {
    return frameBinary(BinOp.MUL, other, true, "rmul");
  }

  public DataFrame rdiv(Object other) {
    return frameBinary(BinOp.DIV, other, true, "rdiv");
  }

  public DataFrame eq(Object other) {
    return frameBinary(BinOp.EQ, other, false, "eq");
  }

  public DataFrame ne(Object other) {
    return frameBinary(BinOp.NE, other, false, "ne");
  }

  public DataFrame lt(Object other) {
    return frameBinary(BinOp.LT, other, false, "lt");
  }

  public DataFrame le(Object other) {
    return frameBinary(BinOp.LE, other, false, "le");
  }

  public DataFrame gt(Object other) {
    return frameBinary(BinOp.GT, other, false, "gt");
  }

  public DataFrame ge(Object other) {
    return frameBinary(BinOp.GE, other, false, "ge");
  }

  /** {@code df.abs()}: int64 and float64 columns only. */
  public DataFrame abs() {
    return FrameOps.unary(data, RowOps.UnaryKind.ABS);
  }

  /** {@code -df}: int64 and float64 columns only. */
  public DataFrame neg() {
    return FrameOps.unary(data, RowOps.UnaryKind.NEG);
  }

  // ==== end of label loc, positional take, reductions and arithmetic ==============================

  // ---- execution ----------------------------------------------------------------------

  @Override
  public DataFrame execute() {
    super.execute();
    return this;
  }

  @Override
  public DataFrame execute(MarsSession s) {
    super.execute(s);
    return this;
  }

  /** The whole frame on the driver (execute first). */
  public LocalFrame fetch() {
    Object[] parts = fetchChunks();
    return (LocalFrame) Rows.concat(Arrays.asList(parts));
  }

  /**
   * pandas's repr of the executed frame (head and tail rows, size), or a description of the
   * lazy frame (columns, dtypes, shape) before it has run.
   */
  @Override
  public String toString() {
    if (isExecuted()) {
      return display(false);
    }
    return "DataFrame(shape=" + Shapes.toString(data.shape()) + ", columns="
        + (data.columnsKnown() ? dtypes() : "(decided when run)") + ", index="
        + data.index().kind() + ", not executed)";
  }

  /** pandas's display.max_rows: longer frames show their first and last {@link #DISPLAY_EDGE} rows. */
  private static final int DISPLAY_MAX_ROWS = 60;
  private static final int DISPLAY_EDGE = 5;

  /** Text or HTML of an executed frame; of a long one only the rows shown leave the executors. */
  private String display(boolean html) {
    long n = length();
    LocalFrame shown;
    if (n <= DISPLAY_MAX_ROWS) {
      shown = fetch();
    } else {
      DataFrame first = head(DISPLAY_EDGE);
      DataFrame last = tail(DISPLAY_EDGE);
      Md.execute(executedSession(), first, last);
      try {
        shown = LocalFrame.concat(List.of(first.fetch(), last.fetch()));
      } finally {
        first.release();
        last.release();
      }
    }
    return html ? DfFormat.frameHtml(shown, DISPLAY_MAX_ROWS, n)
        : DfFormat.frame(shown, DISPLAY_MAX_ROWS, 2 * DISPLAY_EDGE, n);
  }

  /**
   * pandas's {@code df.plot}: line, bar, barh, hist, box, kde, area, pie and scatter plots
   * computed on the executors ({@link PlotAccessor}), drawn where
   * the notebooks module is on the class path.
   */
  public PlotAccessor plot() {
    return PlotAccessor.of(this, executedSession());
  }

  /** pandas's {@code to_html()} of the executed frame (head and tail rows when long). */
  public String toHtml() {
    return display(true);
  }
}
