package org.marsonspark.dataframe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileableData;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.Rows;
import org.marsonspark.dataframe.ops.Casts;
import org.marsonspark.dataframe.ops.Chunkwise;
import org.marsonspark.dataframe.ops.RowOps;
import org.marsonspark.dataframe.ops.RowSlice;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.Slice;

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
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "KeyError: column '" + name + "' not in "
          + data.columns());
    }
  }

  // ---- selection and assignment --------------------------------------------------------------

  /** {@code df[name]}: one column as a series. */
  public Series col(String name) {
    requireColumn(name);
    SeriesData like = new SeriesData(-1, name, data.dtype(name), data.index(), 0);
    return Chunkwise.series(List.of(data), new RowOps.GetColumn(name), true, like);
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
    return Chunkwise.frame(List.of(data), new RowOps.SelectColumns(List.of(names)), true, like);
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
    org.marsonspark.core.ChunkOp fn;
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
    return Chunkwise.frame(ins, fn, true, new DataFrameData(-1, cols, dts, data.index(), 0));
  }

  /** Same as {@link #assign}. */
  public DataFrame withColumn(String name, Object value) {
    return assign(name, value);
  }

  /** {@code df[mask]} / {@code df.loc[mask]}: the rows where a bool series is true; labels are kept. */
  public DataFrame filter(Series mask) {
    if (mask.dtype() != DfType.BOOL) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "a boolean mask must have dtype bool, got " + mask.dtype());
    }
    DataFrameData like = new DataFrameData(-1, data.columns(), data.dtypes(), data.index().taken(), 0);
    return Chunkwise.frame(List.of(data, mask.data()), new RowOps.Filter(), false, like);
  }

  /** {@code df.loc[mask]}: as {@link #filter}. */
  public DataFrame loc(Series mask) {
    return filter(mask);
  }

  /** {@code df.iloc[start:stop]} (null bounds take their defaults, negatives count from the end). */
  public DataFrame iloc(Long start, Long stop) {
    return RowSlice.frame(data, Slice.of(start, stop));
  }

  /** {@code df.iloc[start:stop:step]}. */
  public DataFrame iloc(Long start, Long stop, Long step) {
    if (step != null && step == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "iloc: slice step cannot be zero");
    }
    return RowSlice.frame(data, Slice.of(start, stop, step));
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
    return Chunkwise.index(List.of(data), new RowOps.IndexOf(), true, new IndexData(-1, data.index(), 0));
  }

  // ---- NA handling and casts -----------------------------------------------------------

  public DataFrame isna() {
    List<DfType> bools = new ArrayList<>();
    data.columns().forEach(c -> bools.add(DfType.BOOL));
    return Chunkwise.frame(List.of(data), new RowOps.IsNa(false), true,
        new DataFrameData(-1, data.columns(), bools, data.index(), 0));
  }

  public DataFrame notna() {
    List<DfType> bools = new ArrayList<>();
    data.columns().forEach(c -> bools.add(DfType.BOOL));
    return Chunkwise.frame(List.of(data), new RowOps.IsNa(true), true,
        new DataFrameData(-1, data.columns(), bools, data.index(), 0));
  }

  /** NA of every column replaced by {@code value} (columns that cannot hold it raise before running). */
  public DataFrame fillna(Object value) {
    Map<String, Object> per = new LinkedHashMap<>();
    for (String c : data.columns()) {
      if (data.dtype(c).holdsNA()) {
        RowOps.checkFill(data.dtype(c), value, "column '" + c + "'");
      }
    }
    return Chunkwise.frame(List.of(data), new RowOps.FillNa(null, value), true, data);
  }

  /** NA replaced per column ({@code df.fillna({"a": 0, "b": "x"})}). */
  public DataFrame fillna(Map<String, Object> values) {
    for (Map.Entry<String, Object> e : values.entrySet()) {
      requireColumn(e.getKey());
      if (data.dtype(e.getKey()).holdsNA()) {
        RowOps.checkFill(data.dtype(e.getKey()), e.getValue(), "column '" + e.getKey() + "'");
      }
    }
    return Chunkwise.frame(List.of(data), new RowOps.FillNa(new LinkedHashMap<>(values), null), true, data);
  }

  /** Rows without NA in any column ({@code how="any"}) or not NA in every column ({@code how="all"}). */
  public DataFrame dropna(String how, String... subset) {
    if (!how.equals("any") && !how.equals("all")) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "dropna: invalid how option: " + how);
    }
    for (String c : subset) {
      requireColumn(c);
    }
    DataFrameData like = new DataFrameData(-1, data.columns(), data.dtypes(), data.index().taken(), 0);
    return Chunkwise.frame(List.of(data), new RowOps.DropNa(how.equals("all"),
        subset.length == 0 ? null : List.of(subset)), false, like);
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
    return Chunkwise.frame(List.of(data), new RowOps.AsType(null, to, str), true,
        new DataFrameData(-1, data.columns(), dts, data.index(), 0));
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
    return Chunkwise.frame(List.of(data), new RowOps.AsType(per, null, false), true,
        new DataFrameData(-1, data.columns(), dts, data.index(), 0));
  }

  // ---- IO and interop (issue 6): Spark SQL, CSV, Parquet, tensors ------------------------------

  /**
   * This frame as a Spark SQL Dataset with one partition per row chunk, converted to rows on the
   * executors (the frame is executed first if it has not been); {@code keepIndex}: the index
   * becomes the first column (named as pandas's {@code reset_index} names it).
   */
  public org.apache.spark.sql.Dataset<org.apache.spark.sql.Row> toSpark(MarsSession session, boolean keepIndex) {
    return org.marsonspark.dataframe.io.ToSpark.of(session, this, keepIndex);
  }

  public org.apache.spark.sql.Dataset<org.apache.spark.sql.Row> toSpark(boolean keepIndex) {
    return toSpark(MarsSession.getDefault(), keepIndex);
  }

  /** {@link #toSpark(boolean)} without the index. */
  public org.apache.spark.sql.Dataset<org.apache.spark.sql.Row> toSpark() {
    return toSpark(false);
  }

  /**
   * pandas's {@code to_csv}, one file per row chunk written on the executors: a path with
   * {@code *} names the files (the star becomes the chunk number), any other path is a directory
   * of {@code part-NNNNN.csv}. Returns the files written, in chunk order.
   */
  public List<String> toCsv(String path, boolean index) {
    return org.marsonspark.dataframe.io.WriteCsv.write(MarsSession.getDefault(), this, path, index);
  }

  /** {@link #toCsv(String, boolean)} with the index, as pandas writes by default. */
  public List<String> toCsv(String path) {
    return toCsv(path, true);
  }

  /** pandas's {@code to_parquet} into a new directory, one file per non-empty chunk, written by Spark on the executors. */
  public void toParquet(String dir) {
    org.marsonspark.dataframe.io.Parquet.write(MarsSession.getDefault(), this, dir);
  }

  /** {@code df.to_numpy()} as a 2-D tensor with this frame's row chunks (numeric and bool columns only). */
  public org.marsonspark.tensor.Tensor toTensor() {
    return org.marsonspark.dataframe.ops.TensorInterop.toTensor(data);
  }

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
      return fetch().toString();
    }
    return "DataFrame(shape=" + Shapes.toString(data.shape()) + ", columns=" + dtypes() + ", index="
        + data.index().kind() + ", not executed)";
  }

  /** pandas's {@code to_html()} of the executed frame. */
  public String toHtml() {
    return fetch().toHtml();
  }
}
