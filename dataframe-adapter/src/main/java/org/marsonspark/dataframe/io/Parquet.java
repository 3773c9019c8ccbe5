package org.marsonspark.dataframe.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.session.MarsSession;

/**
 * Parquet through Spark's own reader and writer (Spark's bundled parquet-mr and Hadoop
 * FileSystem; see docs/decisions.md). Reading: Spark plans the scan — one chunk per Spark file
 * split (a file, or a range of row groups of a large one, by {@code spark.sql.files.maxPartitionBytes}),
 * reading only the requested columns — and {@link FromSpark} turns each split into a chunk on
 * the executor reading it. Writing: {@link ToSpark} gives the frame's chunks as a Dataset with
 * one partition per chunk, which Spark writes as one file per non-empty chunk, on the executors.
 */
public final class Parquet {
  private Parquet() {}

  /** pandas's {@code read_parquet(path, columns=...)}; no columns: all of them. */
  public static DataFrame read(MarsSession session, String path, List<String> columns) {
    Path p = new Path(path);
    try {
      FileSystem fs = p.getFileSystem(session.sparkContext().hadoopConfiguration());
      if (!fs.exists(p)) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readParquet: no such file or directory: " + path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("readParquet: cannot reach " + path, e);
    }
    try {
      return FromSpark.of(session, select(session.spark().read().parquet(path), path, columns));
    } catch (MarsException e) {
      throw e;
    } catch (Exception e) { // SparkException too, which Scala throws unchecked
      // Spark reads the footers (schema) and then every row group (FromSpark's census) here
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readParquet: cannot read " + path + ": "
          + IoErrors.cause(e) + "; the file is not Parquet, or it is truncated or corrupt", e);
    }
  }

  private static Dataset<Row> select(Dataset<Row> ds, String path, List<String> columns) {
    if (columns != null && !columns.isEmpty()) {
      List<String> have = Arrays.asList(ds.columns());
      for (String c : columns) {
        if (!have.contains(c)) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readParquet: column '" + c + "' is not in " + path
              + " (columns are " + have + ")");
        }
      }
      return ds.select(columns.stream().map(functions::col).toArray(Column[]::new));
    }
    return ds;
  }

  /**
   * pandas's {@code to_parquet} into a directory (which must not exist yet): a RangeIndex is
   * dropped, any other index is kept as a column (pandas's {@code index=None}).
   */
  public static void write(MarsSession session, DataFrame df, String dir) {
    Path p = new Path(dir);
    try {
      if (p.getFileSystem(session.sparkContext().hadoopConfiguration()).exists(p)) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "toParquet: " + dir + " already exists; "
            + "remove it or choose another directory");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("toParquet: cannot reach " + dir, e);
    }
    ToSpark.of(session, df, !df.indexMeta().range()).write().parquet(dir);
  }
}
