package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DatetimeColumn;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.RangeIndex;
import org.marsonspark.session.LocalSession;

/**
 * Spark SQL interop and file IO of DataFrames: fromSpark against Spark SQL's own rows and
 * aggregates, our frames through Spark and back, Parquet written by us and read by Spark (and
 * the reverse), CSV against pandas's to_csv text and back through readCsv, errors, and the
 * promise that no data reaches the driver.
 */
class DfIo_SparkTest {
  @RegisterExtension
  static final LocalSession LOCAL = new LocalSession();

  private static SparkSession spark() {
    SparkSession s = LOCAL.session().spark();
    s.conf().set("spark.sql.session.timeZone", "UTC");
    return s;
  }

  /** Every supported Spark type, nulls in the nullable ones, over {@code parts} partitions of range(n). */
  private static Dataset<Row> allTypes(int n, int parts) {
    return spark().range(0, n, 1, parts).selectExpr(
        "id AS l",
        "CASE WHEN id % 7 = 0 THEN NULL ELSE CAST(id AS INT) END AS i",
        "CAST(id AS SMALLINT) AS sh",
        "CASE WHEN id % 5 = 0 THEN NULL ELSE CAST(id AS DOUBLE) / 4 END AS d",
        "CAST(id / 2 AS FLOAT) AS f",
        "id % 2 = 0 AS b",
        "CASE WHEN id % 3 = 0 THEN NULL ELSE id % 2 = 0 END AS bn",
        "CASE WHEN id % 4 = 0 THEN NULL ELSE concat('s', id) END AS s",
        "timestamp_micros(1577836800000000 + id * 1500000) AS ts",
        "CASE WHEN id % 6 = 0 THEN NULL ELSE to_timestamp_ntz('2020-01-01 00:00:00') + make_dt_interval(0, id, 0, 0.5) END AS tsn",
        "date_add(DATE '2020-01-01', CAST(id AS INT)) AS dt",
        "CAST(id AS DECIMAL(10,2)) / 8 AS dec");
  }

  private static double nanOr(Row r, int i) {
    return r.isNullAt(i) ? Double.NaN : ((Number) r.get(i)).doubleValue();
  }

  private static long nanos(LocalDateTime t) {
    return DatetimeColumn.toNanos(t);
  }

  @Test
  void fromSparkGivesOneChunkPerPartitionWithPandasDtypesAndSparksValues() {
    Dataset<Row> ds = allTypes(50, 4);
    DataFrame df = Md.fromSpark(ds);
    assertEquals(50, df.length());
    assertEquals(List.of("int64", "float64", "int64", "float64", "float64", "bool", "object", "object",
        "datetime64[ns]", "datetime64[ns]", "datetime64[ns]", "float64"),
        df.dtypes().values().stream().map(DfType::toString).toList());
    df.execute();
    assertEquals(4, df.nsplits()[0].length);
    assertArrayEquals(new long[] {12, 13, 12, 13}, df.nsplits()[0]); // range(50) in 4 slices
    LocalFrame f = df.fetch();
    assertInstanceOf(RangeIndex.class, f.index());
    assertEquals(0L, ((RangeIndex) f.index()).start());
    assertEquals(50L, ((RangeIndex) f.index()).stop());
    List<Row> rows = ds.collectAsList(); // Spark SQL's own answer (test only)
    for (int k = 0; k < rows.size(); k++) {
      Row r = rows.get(k);
      String at = "row " + k;
      assertEquals(r.getLong(0), f.column("l").get(k), at);
      assertEquals(nanOr(r, 1), (Double) f.column("i").get(k), 0, at);
      assertEquals((long) r.getShort(2), f.column("sh").get(k), at);
      assertEquals(nanOr(r, 3), (Double) f.column("d").get(k), 0, at);
      assertEquals(r.getFloat(4), (Double) f.column("f").get(k), 0, at);
      assertEquals(r.getBoolean(5), f.column("b").get(k), at);
      assertEquals(r.isNullAt(6) ? null : r.getBoolean(6), f.column("bn").get(k), at);
      assertEquals(r.isNullAt(7) ? null : r.getString(7), f.column("s").get(k), at);
      Timestamp ts = r.getTimestamp(8);
      assertEquals(nanos(LocalDateTime.ofInstant(ts.toInstant(), java.time.ZoneOffset.UTC)),
          ((DatetimeColumn) f.column("ts")).getNanos(k), at);
      assertEquals(r.isNullAt(9) ? DfType.NAT : nanos((LocalDateTime) r.get(9)),
          ((DatetimeColumn) f.column("tsn")).getNanos(k), at);
      assertEquals(nanos(r.getDate(10).toLocalDate().atStartOfDay()), ((DatetimeColumn) f.column("dt")).getNanos(k),
          at);
      assertEquals(((BigDecimal) r.get(11)).doubleValue(), (Double) f.column("dec").get(k), 0, at);
    }
    // and reductions agree with Spark SQL's
    Row agg = ds.selectExpr("sum(i)", "avg(d)", "count(s)", "max(dec)").first();
    assertEquals(agg.getLong(0), (Double) df.col("i").sum().execute().fetch(), 0);
    assertEquals(agg.getDouble(1), (Double) df.col("d").mean().execute().fetch(), 1e-12);
    assertEquals(agg.getLong(2), ((Number) df.col("s").count().execute().fetch()).longValue());
    assertEquals(((BigDecimal) agg.get(3)).doubleValue(), (Double) df.col("dec").max().execute().fetch(), 0);
  }

  @Test
  void timestampsAreWallClockTimesOfTheSessionTimeZone() {
    SparkSession s = spark();
    s.conf().set("spark.sql.session.timeZone", "America/New_York");
    try {
      Dataset<Row> ds = s.sql("SELECT TIMESTAMP '2021-07-01 12:30:00' AS t");
      LocalFrame f = Md.fromSpark(ds).execute().fetch();
      assertEquals(LocalDateTime.of(2021, 7, 1, 12, 30), f.column("t").get(0));
    } finally {
      s.conf().set("spark.sql.session.timeZone", "UTC");
    }
  }

  @Test
  void fromSparkReadsTheResultOfAShuffle() {
    Dataset<Row> ds = spark().range(0, 1000, 1, 3).selectExpr("id % 10 AS k", "id").groupBy("k")
        .agg(org.apache.spark.sql.functions.sum("id").alias("total"), org.apache.spark.sql.functions.count("id")
            .alias("n")).orderBy("k");
    DataFrame df = Md.fromSpark(ds).execute();
    LocalFrame f = df.fetch();
    assertEquals(10, f.nrows());
    List<Row> rows = ds.collectAsList();
    for (int k = 0; k < 10; k++) {
      assertEquals(rows.get(k).getLong(0), f.column("k").get(k));
      assertEquals(rows.get(k).getLong(1), f.column("total").get(k));
      assertEquals(rows.get(k).getLong(2), f.column("n").get(k));
    }
    // the mean of the per-key totals, by us and by Spark SQL
    assertEquals(ds.selectExpr("avg(total)").first().getDouble(0), (Double) df.col("total").mean().execute().fetch(),
        1e-9);
  }

  /** A frame of every dtype with NA, and a labelled (non-range) index. */
  private static LocalFrame sample(int n) {
    long[] a = new long[n];
    double[] b = new double[n];
    Object[] c = new Object[n];
    boolean[] d = new boolean[n];
    long[] e = new long[n];
    String[] g = new String[n];
    long[] labels = new long[n];
    for (int i = 0; i < n; i++) {
      a[i] = i * 3L - 7;
      b[i] = i % 4 == 1 ? Double.NaN : i / 3.0;
      c[i] = i % 5 == 2 ? null : "v" + i;
      d[i] = i % 3 == 0;
      e[i] = i % 6 == 5 ? DfType.NAT : DatetimeColumn.toNanos(LocalDateTime.of(2022, 3, 1, 0, 0).plusMinutes(37L * i));
      g[i] = i % 7 == 3 ? null : (i % 2 == 0 ? "even" : "odd");
      labels[i] = 100 + 2L * i;
    }
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofLongs(a));
    cols.put("b", Column.ofDoubles(b));
    cols.put("c", Column.ofObjects(c));
    cols.put("d", Column.ofBools(d));
    cols.put("e", Column.ofDatetimes(e));
    cols.put("g", Column.categoricalOf(g));
    return LocalFrame.of(LocalIndex.of(Column.ofLongs(labels), "key"), cols);
  }

  private static void assertSameColumn(Column e, Column a, String context) {
    assertEquals(e.size(), a.size(), context);
    for (int i = 0; i < e.size(); i++) {
      assertEquals(e.isNA(i), a.isNA(i), context + " NA at " + i);
      if (!e.isNA(i)) {
        assertEquals(e.get(i), a.get(i), context + " at " + i);
      }
    }
  }

  @Test
  void ourFrameThroughSparkAndBack() {
    for (long chunkRows : new long[] {1, 4, 7, 100}) {
      LocalFrame local = sample(23);
      DataFrame df = Md.dataFrame(local, chunkRows);
      Dataset<Row> ds = df.toSpark(true);
      assertEquals(df.nsplits()[0].length, ds.rdd().getNumPartitions(), "partitions = chunks");
      assertEquals(List.of("key", "a", "b", "c", "d", "e", "g"), Arrays.asList(ds.columns()));
      assertEquals(DataTypes.LongType, ds.schema().apply("a").dataType());
      assertEquals(DataTypes.DoubleType, ds.schema().apply("b").dataType());
      assertEquals(DataTypes.BooleanType, ds.schema().apply("d").dataType());
      assertEquals(DataTypes.TimestampNTZType, ds.schema().apply("e").dataType());
      assertEquals(DataTypes.StringType, ds.schema().apply("g").dataType());
      // Spark SQL over our data: NaN / None / NaT arrive as null
      Row agg = ds.selectExpr("count(b)", "sum(b)", "count(c)", "count(e)", "sum(a)", "count(g)").first();
      assertEquals(local.nrows() - local.column("b").naCount(), agg.getLong(0));
      double sum = 0;
      for (int i = 0; i < local.nrows(); i++) {
        sum += local.column("b").isNA(i) ? 0 : (Double) local.column("b").get(i);
      }
      assertEquals(sum, agg.getDouble(1), 1e-9);
      assertEquals(local.nrows() - local.column("c").naCount(), agg.getLong(2));
      assertEquals(local.nrows() - local.column("e").naCount(), agg.getLong(3));
      assertEquals(Arrays.stream(((org.marsonspark.dataframe.local.LongColumn) local.column("a")).values()).sum(),
          agg.getLong(4));
      assertEquals(local.nrows() - local.column("g").naCount(), agg.getLong(5));
      // and back
      LocalFrame back = Md.fromSpark(ds).execute().fetch();
      String ctx = "chunkRows " + chunkRows;
      assertSameColumn(local.index().values(), back.column("key"), ctx + " key");
      for (String c : List.of("a", "b", "c", "d", "e")) {
        assertEquals(local.column(c).dtype(), back.column(c).dtype(), ctx + " " + c);
        assertSameColumn(local.column(c), back.column(c), ctx + " " + c);
      }
      assertEquals(DfType.OBJECT, back.column("g").dtype(), "categories come back as strings");
      assertSameColumn(local.column("g"), back.column("g"), ctx + " g");
      // without the index
      assertEquals(List.of("a", "b", "c", "d", "e", "g"), Arrays.asList(df.toSpark().columns()));
    }
  }

  @Test
  void rangeIndexColumnIsNamedAsResetIndexNamesIt() {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("index", Column.ofLongs(5, 6));
    Dataset<Row> ds = Md.dataFrame(cols, 1).toSpark(true);
    assertEquals(List.of("level_0", "index"), Arrays.asList(ds.columns()));
    assertEquals(List.of(0L, 1L), ds.select("level_0").as(org.apache.spark.sql.Encoders.LONG()).collectAsList());
  }

  @Test
  void parquetWrittenByUsIsReadBySpark(@TempDir Path tmp) {
    LocalFrame local = sample(17);
    DataFrame df = Md.dataFrame(local, 5);
    String dir = tmp.resolve("ours.parquet").toString();
    df.toParquet(dir);
    Dataset<Row> read = spark().read().parquet(dir);
    // a non-range index is kept as a column, as pandas does
    assertEquals(List.of("key", "a", "b", "c", "d", "e", "g"), Arrays.asList(read.columns()));
    List<Row> rows = read.orderBy("key").collectAsList();
    assertEquals(17, rows.size());
    for (int i = 0; i < 17; i++) {
      Row r = rows.get(i);
      assertEquals(local.index().label(i), r.getLong(0));
      assertEquals(local.column("a").get(i), r.getLong(1));
      assertEquals(nanOr(r, 2), (Double) local.column("b").get(i), 0);
      assertEquals(local.column("c").get(i), r.isNullAt(3) ? null : r.getString(3));
      assertEquals(local.column("d").get(i), r.getBoolean(4));
      assertEquals(local.column("e").get(i), r.isNullAt(5) ? null : r.get(5));
      assertEquals(local.column("g").get(i), r.isNullAt(6) ? null : r.getString(6));
    }
    try (var files = Files.list(Path.of(dir))) {
      assertEquals(4, files.filter(p -> p.getFileName().toString().endsWith(".parquet")).count(),
          "one file per chunk (17 rows in chunks of 5)");
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    // and read back by us, with column pruning
    DataFrame back = Md.readParquet(dir, List.of("e", "a"));
    assertEquals(List.of("e", "a"), back.columns());
    LocalFrame b = back.execute().fetch();
    assertEquals(17, b.nrows());
    long sumA = 0;
    for (int i = 0; i < 17; i++) {
      sumA += (Long) b.column("a").get(i);
    }
    assertEquals(Arrays.stream(((org.marsonspark.dataframe.local.LongColumn) local.column("a")).values()).sum(), sumA);
  }

  @Test
  void parquetWrittenBySparkIsReadByUs(@TempDir Path tmp) {
    String dir = tmp.resolve("spark.parquet").toString();
    allTypes(40, 3).write().parquet(dir);
    Dataset<Row> spark = spark().read().parquet(dir);
    List<Row> expected = spark.orderBy("l").collectAsList();
    DataFrame all = Md.readParquet(dir);
    assertEquals(Arrays.asList(spark.columns()), all.columns());
    int splits = spark.rdd().getNumPartitions();
    assertTrue(splits > 1, "Spark splits the three files: " + splits);
    assertEquals(splits, all.execute().nsplits()[0].length, "one chunk per file split");
    LocalFrame f = Md.readParquet(dir, List.of("l", "d", "s", "tsn", "bn")).execute().fetch();
    assertEquals(List.of("l", "d", "s", "tsn", "bn"), f.columnNames());
    // files may be listed in any order: compare by l
    Map<Long, Integer> at = new LinkedHashMap<>();
    for (int i = 0; i < f.nrows(); i++) {
      at.put((Long) f.column("l").get(i), i);
    }
    assertEquals(40, at.size());
    for (Row r : expected) {
      int i = at.get(r.getLong(0));
      assertEquals(nanOr(r, 3), (Double) f.column("d").get(i), 0);
      assertEquals(r.isNullAt(7) ? null : r.getString(7), f.column("s").get(i));
      assertEquals(r.isNullAt(9) ? null : r.get(9), f.column("tsn").get(i));
      assertEquals(r.isNullAt(6) ? null : r.getBoolean(6), f.column("bn").get(i));
    }
  }

  @Test
  void csvMatchesPandasToCsvAndReadsBack(@TempDir Path tmp) throws IOException {
    JsonNode fx;
    try (InputStream in = getClass().getResourceAsStream("/fixtures-df/io_csv.json")) {
      fx = new ObjectMapper().readTree(in);
    }
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofLongs(1, -2, 3, 40, 5));
    cols.put("b", Column.ofDoubles(0.1, Double.NaN, 1e-05, 1e20, 2.5));
    cols.put("c", Column.ofObjects("x", null, "x,y", "q\"t", ""));
    cols.put("d", Column.ofBools(true, false, true, true, false));
    cols.put("e", Column.ofDatetimes(ns(2020, 1, 1, 0), ns(2020, 1, 2, 0) + 11_045_000_000_000L, DfType.NAT,
        ns(2021, 6, 1, 0) + 250_000_000L, ns(2021, 6, 2, 0)));
    cols.put("f", Column.ofDatetimes(ns(2020, 1, 1, 0), ns(2020, 1, 2, 0), ns(2020, 1, 3, 0), DfType.NAT,
        ns(2020, 1, 5, 0)));
    DataFrame df = Md.dataFrame(cols, fx.get("chunk_rows").asLong());
    List<String> withIndex = df.toCsv(tmp.resolve("idx-*.csv").toString());
    List<String> without = df.toCsv(tmp.resolve("noidx").toString(), false);
    assertEquals(3, withIndex.size());
    for (int i = 0; i < 3; i++) {
      assertEquals(fx.get("with_index").get(i).asText(), Files.readString(Path.of(withIndex.get(i))), "part " + i);
      assertEquals(tmp.resolve("noidx").resolve(String.format("part-%05d.csv", i)).toString(), without.get(i));
      assertEquals(fx.get("without_index").get(i).asText(), Files.readString(Path.of(without.get(i))), "part " + i);
    }
    // every part reads back through our readCsv
    LocalFrame local = df.fetch();
    for (int i = 0; i < 3; i++) {
      LocalFrame part = Md.readCsv(without.get(i),
          org.marsonspark.dataframe.io.CsvOptions.defaults().withParseDates("e", "f")).execute().fetch();
      LocalFrame expect = local.slice(2 * i, Math.min(5, 2 * i + 2));
      assertEquals(expect.nrows(), part.nrows());
      assertSameColumn(expect.column("a"), part.column("a"), "a part " + i);
      assertSameColumn(expect.column("b"), part.column("b"), "b part " + i);
      assertSameColumn(expect.column("d"), part.column("d"), "d part " + i);
      assertSameColumn(expect.column("e"), part.column("e"), "e part " + i);
      assertSameColumn(expect.column("f"), part.column("f"), "f part " + i);
    }
  }

  private static long ns(int y, int m, int d, int h) {
    return DatetimeColumn.toNanos(LocalDateTime.of(y, m, d, h, 0));
  }

  @Test
  void errorsSayWhatToDo(@TempDir Path tmp) {
    MarsException e = assertThrows(MarsException.class,
        () -> Md.fromSpark(spark().sql("SELECT array(1, 2) AS xs, 1 AS ok")));
    assertEquals(ErrorClass.UNSUPPORTED_DTYPE, e.errorClass());
    assertTrue(e.getMessage().contains("'xs'") && e.getMessage().contains("array<int>"), e.getMessage());
    e = assertThrows(MarsException.class, () -> Md.readParquet(tmp.resolve("missing.parquet").toString()));
    assertTrue(e.getMessage().contains("no such file"), e.getMessage());
    String dir = tmp.resolve("p").toString();
    allTypes(5, 1).write().parquet(dir);
    e = assertThrows(MarsException.class, () -> Md.readParquet(dir, List.of("l", "nope")));
    assertTrue(e.getMessage().contains("'nope'"), e.getMessage());
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofLongs(1, 2));
    e = assertThrows(MarsException.class, () -> Md.dataFrame(cols, 1).toParquet(dir));
    assertTrue(e.getMessage().contains("already exists"), e.getMessage());
    cols.put("s", Column.ofStrings("x", "y"));
    e = assertThrows(MarsException.class, () -> Md.dataFrame(cols, 1).toTensor());
    assertEquals(ErrorClass.UNSUPPORTED_DTYPE, e.errorClass());
    assertTrue(e.getMessage().contains("'s'"), e.getMessage());
  }

  /** Sums the bytes tasks send back to the driver. */
  static final class ResultBytes extends SparkListener {
    final AtomicLong bytes = new AtomicLong();
    final AtomicLong tasks = new AtomicLong();

    @Override
    public void onTaskEnd(SparkListenerTaskEnd e) {
      tasks.incrementAndGet();
      if (e.taskMetrics() != null) {
        bytes.addAndGet(e.taskMetrics().resultSize());
      }
    }
  }

  @Test
  void noDataReachesTheDriver(@TempDir Path tmp) throws Exception {
    var sc = LOCAL.session().sparkContext();
    ResultBytes probe = new ResultBytes();
    sc.addSparkListener(probe);
    try {
      // 400k rows × 2 columns: 6.4 MB of data
      Dataset<Row> ds = spark().range(0, 400_000, 1, 4).selectExpr("id", "CAST(id AS DOUBLE) * 0.5 AS x");
      DataFrame df = Md.fromSpark(ds);
      df.execute();
      df.toSpark().write().parquet(tmp.resolve("a.parquet").toString());
      df.toParquet(tmp.resolve("b.parquet").toString());
      df.toCsv(tmp.resolve("c").toString(), false);
      Object sum = df.col("x").sum().execute().fetch();
      sc.listenerBus().waitUntilEmpty(30_000);
      assertEquals(0.5 * (399_999L * 400_000L / 2), (Double) sum, 0);
      assertTrue(probe.tasks.get() >= 16, "tasks ran: " + probe.tasks.get());
      // metadata (row counts, chunk sizes, a sum) and task status only: far below the data
      assertTrue(probe.bytes.get() < 200_000, "bytes sent to the driver: " + probe.bytes.get());
      assertEquals(400_000, Md.readParquet(tmp.resolve("b.parquet").toString()).length());
    } finally {
      sc.removeSparkListener(probe);
    }
  }
}
