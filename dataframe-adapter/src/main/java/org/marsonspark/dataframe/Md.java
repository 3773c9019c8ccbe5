package org.marsonspark.dataframe;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.TileableData;
import org.marsonspark.dataframe.io.CsvOptions;
import org.marsonspark.dataframe.io.Feather;
import org.marsonspark.dataframe.io.FromSpark;
import org.marsonspark.dataframe.io.Parquet;
import org.marsonspark.dataframe.io.ReadCsv;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.ops.Concat;
import org.marsonspark.dataframe.ops.FromLocal;
import org.marsonspark.dataframe.ops.Merge;
import org.marsonspark.dataframe.ops.TensorInterop;
import org.marsonspark.session.ExecutionHandle;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.Tensor;

/**
 * Entry points of the dataframe module (as {@code Mt} is for tensors): making DataFrames and
 * Series from local data or files, and executing several objects together.
 */
public final class Md {
  private Md() {}

  /** A DataFrame from a local frame, in chunks of {@code chunkRows} rows (0: sized by chunkStoreLimit). */
  public static DataFrame dataFrame(LocalFrame frame, long chunkRows) {
    return FromLocal.frame(frame, chunkRows);
  }

  public static DataFrame dataFrame(LocalFrame frame) {
    return dataFrame(frame, 0);
  }

  /** A DataFrame with a RangeIndex from named columns (map order is column order). */
  public static DataFrame dataFrame(Map<String, Column> columns, long chunkRows) {
    return dataFrame(LocalFrame.of(columns), chunkRows);
  }

  public static Series series(LocalSeries s, long chunkRows) {
    return FromLocal.series(s, chunkRows);
  }

  /** A Series with a RangeIndex. */
  public static Series series(String name, Column values, long chunkRows) {
    return series(LocalSeries.of(name, values), chunkRows);
  }

  /** pandas's {@code read_csv}: the file is read in byte ranges of {@code options.chunkBytes()}. */
  public static DataFrame readCsv(String path, CsvOptions options) {
    return ReadCsv.of(path, options);
  }

  public static DataFrame readCsv(String path) {
    return readCsv(path, CsvOptions.defaults());
  }

  // ---- IO and interop: Spark SQL, Parquet, tensors ------------------------------------------

  /**
   * A Spark SQL Dataset as a DataFrame, one chunk per Spark partition, built on the executors
   * (see {@link FromSpark}: a metadata job counts each partition's
   * rows; dtypes per {@link org.marsonspark.dataframe.io.SparkTypes}).
   */
  public static DataFrame fromSpark(MarsSession session, Dataset<Row> ds) {
    return FromSpark.of(session, ds);
  }

  public static DataFrame fromSpark(Dataset<Row> ds) {
    return fromSpark(MarsSession.getDefault(), ds);
  }

  /** pandas's {@code read_parquet}: a file or directory, some columns (empty: all), one chunk per Spark file split. */
  public static DataFrame readParquet(MarsSession session, String path, List<String> columns) {
    return Parquet.read(session, path, columns);
  }

  public static DataFrame readParquet(String path, List<String> columns) {
    return readParquet(MarsSession.getDefault(), path, columns);
  }

  /**
   * pandas's {@code read_feather}: a Feather v2 (Arrow IPC) file, or a directory of them, one
   * chunk per file; a small job first reads each file's schema, rows and null columns.
   */
  public static DataFrame readFeather(MarsSession session, String path) {
    return Feather.read(session, path);
  }

  public static DataFrame readFeather(String path) {
    return readFeather(MarsSession.getDefault(), path);
  }

  public static DataFrame readParquet(String path) {
    return readParquet(path, List.of());
  }

  /** A 2-D tensor as a DataFrame with these column names (null: "0", "1", ...), keeping its row chunks. */
  public static DataFrame fromTensor(Tensor t, List<String> columns) {
    return TensorInterop.fromTensor(t, columns);
  }

  public static DataFrame fromTensor(Tensor t) {
    return fromTensor(t, null);
  }

  // ---- joins and concatenation (merge, concat) --------------------------------------------------

  /**
   * pandas's {@code merge(left, right, how, on | left_on + right_on | left_index + right_index,
   * suffixes)}, distributed by broadcast or hash shuffle ({@link MergeOptions.Strategy}). Errors
   * (unknown key column, mismatched key counts, bad {@code how}, incompatible key dtypes) are raised
   * here, before anything runs.
   */
  public static DataFrame merge(DataFrame left, DataFrame right, MergeOptions options) {
    return Merge.of(left.data(), right.data(), options);
  }

  /** {@code pd.merge(left, right, how=how, on=[...])}. */
  public static DataFrame merge(DataFrame left, DataFrame right, String how, String... on) {
    return merge(left, right, MergeOptions.on(on).how(how));
  }

  /**
   * pandas's {@code concat(objs, axis, ignore_index)} of DataFrames and Series: along rows (axis 0)
   * the union of the columns (NA where an input lacks one); along columns (axis 1) inputs with the
   * same rows only. Returns a {@link DataFrame}, or a {@link Series} when every input is a Series
   * and axis is 0.
   */
  public static Executable concat(List<? extends Executable> objs, int axis, boolean ignoreIndex) {
    List<DfData> data = new ArrayList<>();
    for (Executable e : objs) {
      if (!(e instanceof DataFrame) && !(e instanceof Series)) {
        throw new MarsException(MarsException.ErrorClass.INVALID_ARGUMENT,
            "concat: cannot concatenate object of type " + (e == null ? "null" : e.getClass().getSimpleName())
            + "; only Series and DataFrame objs are valid");
      }
      data.add((DfData) e.data());
    }
    return (Executable) Concat.of(data, axis, ignoreIndex);
  }

  /** {@code pd.concat(frames)} along rows, labels kept. */
  public static DataFrame concat(List<DataFrame> frames) {
    return (DataFrame) concat(frames, 0, false);
  }

  // ---- end of joins and concatenation ---------------------------------------------------------

  /** Executes several objects in one run (shared work runs once). */
  public static void execute(MarsSession session, Executable... objects) {
    List<TileableData> targets = new ArrayList<>();
    for (Executable o : objects) {
      targets.add(o.data());
    }
    List<ExecutionHandle> handles = session.execute(targets);
    for (int i = 0; i < objects.length; i++) {
      objects[i].adopt(session, handles.get(i));
    }
  }

  public static void execute(Executable... objects) {
    execute(MarsSession.getDefault(), objects);
  }
}
