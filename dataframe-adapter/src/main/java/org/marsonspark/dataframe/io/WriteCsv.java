package org.marsonspark.dataframe.io;

import java.io.BufferedWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.function.VoidFunction;
import org.apache.spark.TaskContext;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DatetimeColumn;
import org.marsonspark.dataframe.local.DfFormat;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.PyRepr;
import org.marsonspark.session.MarsSession;

/**
 * pandas's {@code to_csv}, one file per row chunk, each written by the executor holding the chunk
 * through Hadoop's FileSystem (so any URI Spark can write: file:, hdfs:, s3a:, ...). A path with
 * a {@code *} names the files (chunk i replaces the star with i, as Mars does); any other path is
 * a directory that receives {@code part-00000.csv}, {@code part-00001.csv}, ... Every file is a
 * complete CSV with the header line, formatted as pandas does: floats as Python's repr, NA as an
 * empty field, bools True/False, datetimes as dates when a chunk's values are all midnight and
 * otherwise with the fraction digits the chunk needs, fields quoted only when they hold the
 * separator, a quote or a line break.
 */
public final class WriteCsv {
  private WriteCsv() {}

  /** Writes the frame; returns the paths written, in chunk order. */
  public static List<String> write(MarsSession session, DataFrame df, String path, boolean index) {
    if (path == null || path.isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "toCsv: a path is required");
    }
    if (!df.isExecuted()) {
      df.execute(session);
    }
    int n = df.data().chunks().size();
    List<String> files = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      files.add(fileOf(path, i));
    }
    String indexLabel = index ? (df.indexMeta().name() == null ? "" : df.indexMeta().name()) : null;
    HadoopConf conf = new HadoopConf(session.sparkContext().hadoopConfiguration());
    writeChunks("toCsv", session, df, new WritePart(files.toArray(new String[0]), indexLabel, conf));
    return files;
  }

  /**
   * Runs {@code writer} over the frame's chunks, each on the executor holding it. A file that
   * cannot be written fails the call with the error its writer raised ({@link #cannotWrite}),
   * not with Spark's report of a failed job.
   */
  static void writeChunks(String op, MarsSession session, DataFrame df, VoidFunction<Iterator<Object>> writer) {
    try {
      session.chunkValues(df.data().chunks()).toJavaRDD().foreachPartition(writer);
    } catch (Exception e) { // Spark's job failure: a SparkException, unchecked from Java
      for (Throwable c = e; c != null; c = c.getCause()) {
        if (c instanceof MarsException m) {
          throw new MarsException(m.errorClass(), m.detail(), e);
        }
      }
      throw new MarsException(ErrorClass.TASK_FAILED, op + ": writing a chunk failed: " + e.getMessage().lines()
          .findFirst().orElse(""), e);
    }
  }

  /** The error of a writer that cannot write {@code file}: what the file system said, and what to check. */
  static MarsException cannotWrite(String op, String file, IOException e) {
    return new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": cannot write " + file + " ("
        + e.getClass().getSimpleName() + ": " + e.getMessage() + "); check that its directory can be created and "
        + "written to", e);
  }

  static String fileOf(String path, int chunk) {
    if (path.contains("*")) {
      return path.replace("*", Integer.toString(chunk));
    }
    return path.replaceAll("/+$", "") + "/" + String.format("part-%05d.csv", chunk);
  }

  /** A Hadoop configuration that travels with tasks (Configuration is Writable, not Serializable). */
  static final class HadoopConf implements Serializable {
    private final byte[] bytes;

    HadoopConf(Configuration conf) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      try (DataOutputStream out = new DataOutputStream(b)) {
        conf.write(out);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      bytes = b.toByteArray();
    }

    Configuration get() {
      Configuration c = new Configuration(false);
      try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
        c.readFields(in);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return c;
    }
  }

  static final class WritePart implements VoidFunction<Iterator<Object>> {
    private final String[] files;
    private final String indexLabel;
    private final HadoopConf conf;

    WritePart(String[] files, String indexLabel, HadoopConf conf) {
      this.files = files;
      this.indexLabel = indexLabel;
      this.conf = conf;
    }

    @Override
    public void call(Iterator<Object> chunks) {
      String file = files[TaskContext.getPartitionId()];
      LocalFrame f = (LocalFrame) chunks.next();
      Path p = new Path(file);
      try {
        FileSystem fs = p.getFileSystem(conf.get());
        try (Writer w = new BufferedWriter(new OutputStreamWriter(fs.create(p, true), StandardCharsets.UTF_8))) {
          format(f, indexLabel, w);
        }
      } catch (IOException e) {
        throw cannotWrite("toCsv", file, e);
      }
    }
  }

  /** Writes one chunk as a CSV text with its header ({@code indexLabel} null: no index column). */
  public static void format(LocalFrame f, String indexLabel, Writer w) throws IOException {
    boolean withIndex = indexLabel != null;
    int width = f.ncols() + (withIndex ? 1 : 0);
    String[] fields = new String[width];
    if (withIndex) {
      fields[0] = indexLabel;
    }
    for (int c = 0; c < f.ncols(); c++) {
      fields[c + (withIndex ? 1 : 0)] = f.columnNames().get(c);
    }
    writeRecord(w, fields);
    Column[] cols = new Column[width];
    for (int c = 0; c < f.ncols(); c++) {
      cols[c + (withIndex ? 1 : 0)] = f.column(c);
    }
    if (withIndex) {
      cols[0] = f.index().values();
    }
    int[] datetimeStyle = new int[width];
    for (int c = 0; c < width; c++) {
      datetimeStyle[c] = cols[c].dtype() == DfType.DATETIME ? datetimeStyle((DatetimeColumn) cols[c]) : 0;
    }
    for (int r = 0; r < f.nrows(); r++) {
      for (int c = 0; c < width; c++) {
        fields[c] = cell(cols[c], r, datetimeStyle[c]);
      }
      writeRecord(w, fields);
    }
  }

  /**
   * How pandas prints a datetime column in to_csv: -1 dates only (every value at midnight), else
   * the fraction digits the finest value needs (0, 3, 6 or 9).
   */
  static int datetimeStyle(DatetimeColumn c) {
    boolean dateOnly = true;
    int digits = 0;
    for (int i = 0; i < c.size(); i++) {
      long v = c.getNanos(i);
      if (v == DfType.NAT) {
        continue;
      }
      long ns = Math.floorMod(v, 86_400_000_000_000L);
      dateOnly &= ns == 0;
      if (v % 1000 != 0) {
        digits = 9;
      } else if (v % 1_000_000 != 0) {
        digits = Math.max(digits, 6);
      } else if (v % 1_000_000_000 != 0) {
        digits = Math.max(digits, 3);
      }
    }
    return dateOnly ? -1 : digits;
  }

  static String cell(Column c, int r, int datetimeStyle) {
    if (c.isNA(r)) {
      return "";
    }
    return switch (c.dtype()) {
      case FLOAT64 -> PyRepr.floatRepr((Double) c.get(r));
      case DATETIME -> timestamp(((DatetimeColumn) c).getNanos(r), datetimeStyle);
      default -> ToSpark.pyStr(c.get(r));
    };
  }

  static String timestamp(long nanos, int style) {
    if (style < 0) {
      return DfFormat.timestamp(nanos, true);
    }
    String base = DfFormat.timestamp(Math.floorDiv(nanos, 1_000_000_000L) * 1_000_000_000L, false);
    if (style == 0) {
      return base;
    }
    long frac = Math.floorMod(nanos, 1_000_000_000L);
    String digits = String.format("%09d", frac).substring(0, style);
    return base + "." + digits;
  }

  /** One CSV line: fields quoted (quotes doubled) when they hold a comma, a quote or a line break. */
  static void writeRecord(Writer w, String[] fields) throws IOException {
    if (fields.length == 1 && fields[0].isEmpty()) {
      w.write("\"\"\n"); // Python's csv writer quotes a lone empty field so the line is not blank
      return;
    }
    for (int i = 0; i < fields.length; i++) {
      if (i > 0) {
        w.write(',');
      }
      String s = fields[i];
      if (s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
        w.write('"');
        w.write(s.replace("\"", "\"\""));
        w.write('"');
      } else {
        w.write(s);
      }
    }
    w.write('\n');
  }
}
