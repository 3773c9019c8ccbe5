package org.marsonspark.dataframe;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.TileableData;
import org.marsonspark.dataframe.io.CsvOptions;
import org.marsonspark.dataframe.io.ReadCsv;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.ops.FromLocal;
import org.marsonspark.session.ExecutionHandle;
import org.marsonspark.session.MarsSession;

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

  // ---- IO and interop (issue 6): Spark SQL, Parquet, tensors --------------------------------

  /**
   * A Spark SQL Dataset as a DataFrame, one chunk per Spark partition, built on the executors
   * (see {@link org.marsonspark.dataframe.io.FromSpark}: a metadata job counts each partition's
   * rows; dtypes per {@link org.marsonspark.dataframe.io.SparkTypes}).
   */
  public static DataFrame fromSpark(MarsSession session, org.apache.spark.sql.Dataset<org.apache.spark.sql.Row> ds) {
    return org.marsonspark.dataframe.io.FromSpark.of(session, ds);
  }

  public static DataFrame fromSpark(org.apache.spark.sql.Dataset<org.apache.spark.sql.Row> ds) {
    return fromSpark(MarsSession.getDefault(), ds);
  }

  /** pandas's {@code read_parquet}: a file or directory, some columns (empty: all), one chunk per Spark file split. */
  public static DataFrame readParquet(MarsSession session, String path, List<String> columns) {
    return org.marsonspark.dataframe.io.Parquet.read(session, path, columns);
  }

  public static DataFrame readParquet(String path, List<String> columns) {
    return readParquet(MarsSession.getDefault(), path, columns);
  }

  public static DataFrame readParquet(String path) {
    return readParquet(path, List.of());
  }

  /** A 2-D tensor as a DataFrame with these column names (null: "0", "1", ...), keeping its row chunks. */
  public static DataFrame fromTensor(org.marsonspark.tensor.Tensor t, List<String> columns) {
    return org.marsonspark.dataframe.ops.TensorInterop.fromTensor(t, columns);
  }

  public static DataFrame fromTensor(org.marsonspark.tensor.Tensor t) {
    return fromTensor(t, null);
  }

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
