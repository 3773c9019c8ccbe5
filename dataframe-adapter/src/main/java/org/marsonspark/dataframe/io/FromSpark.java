package org.marsonspark.dataframe.io;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.PartitionSource;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.IndexMeta;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DatetimeColumn;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.session.MarsSession;

/**
 * A DataFrame whose chunks are the partitions of a Spark SQL {@code Dataset}: chunk i is built on
 * the executor that computes partition i of the query's {@code RDD<InternalRow>}, straight into
 * columns (see {@link SparkTypes} for the dtypes) — no row reaches the driver. Building the frame
 * runs one metadata job over the same RDD (a Spark job returning, per partition, its row count and
 * which integer / boolean columns hold nulls), so the frame has a known length, a RangeIndex and
 * pandas's dtypes (an integer column with a null is float64) before anything else runs. The query
 * is therefore computed twice (metadata, then data) unless the Dataset is cached; a query whose
 * rows change between runs (random, non-deterministic sources) fails with a row count mismatch.
 */
public final class FromSpark extends DfOp {
  private final transient RDD<InternalRow> rdd;
  private final long[] counts;
  private final String[] names;
  private final SparkTypes[] kinds;
  private final DfType[] dtypes;
  private final int[] decimalScale;
  private final String zone;

  private FromSpark(RDD<InternalRow> rdd, long[] counts, String[] names, SparkTypes[] kinds, DfType[] dtypes,
      int[] decimalScale, String zone) {
    super(List.of());
    this.rdd = rdd;
    this.counts = counts;
    this.names = names;
    this.kinds = kinds;
    this.dtypes = dtypes;
    this.decimalScale = decimalScale;
    this.zone = zone;
  }

  /** The Dataset as a DataFrame, one chunk per Spark partition. */
  public static DataFrame of(MarsSession session, Dataset<Row> ds) {
    if (ds.sparkSession().sparkContext() != session.sparkContext()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "fromSpark: the Dataset belongs to another SparkContext "
          + "than the Mars session; attach the session to it with MarsSession.attach(dataset.sparkSession())");
    }
    StructType schema = ds.schema();
    StructField[] fields = schema.fields();
    String[] names = new String[fields.length];
    SparkTypes[] kinds = new SparkTypes[fields.length];
    int[] precision = new int[fields.length];
    int[] scale = new int[fields.length];
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (int i = 0; i < fields.length; i++) {
      names[i] = fields[i].name();
      if (!seen.add(names[i])) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "fromSpark: duplicate column name '" + names[i]
            + "'; rename it first (Dataset.withColumnRenamed / alias)");
      }
      kinds[i] = SparkTypes.of(fields[i]);
      if (fields[i].dataType() instanceof DecimalType d) {
        precision[i] = d.precision();
        scale[i] = d.scale();
      }
    }
    org.apache.spark.sql.execution.QueryExecution qe = ((org.apache.spark.sql.classic.Dataset<Row>) ds).queryExecution();
    RDD<InternalRow> rdd = qe.toRdd();
    boolean[] watch = new boolean[fields.length];
    for (int i = 0; i < fields.length; i++) {
      watch[i] = fields[i].nullable() && kinds[i].nullChangesDtype();
    }
    List<long[]> census = asSqlExecution(session, qe, "mars: fromSpark(" + String.join(", ", names) + ")",
        () -> rdd.toJavaRDD().mapPartitions(new Census(watch)).collect());
    long[] counts = new long[census.size()];
    boolean[] hasNull = new boolean[fields.length];
    for (int p = 0; p < counts.length; p++) {
      long[] c = census.get(p);
      counts[p] = c[0];
      for (int i = 0; i < fields.length; i++) {
        hasNull[i] |= c[1 + i] != 0;
      }
    }
    DfType[] dtypes = new DfType[fields.length];
    for (int i = 0; i < fields.length; i++) {
      dtypes[i] = kinds[i].dtype(hasNull[i]);
      precision[i] = precision[i] * 1000 + scale[i]; // packed: precision and scale travel together
    }
    String zone = ds.sparkSession().conf().get("spark.sql.session.timeZone");
    long total = 0;
    for (long c : counts) {
      total += c;
    }
    return new FromSpark(rdd, counts, names, kinds, dtypes, precision, zone).newFrame(new DataFrameData(total,
        List.of(names), List.of(dtypes), IndexMeta.rangeIndex(), DfData.newAlignKey()));
  }

  /**
   * Runs {@code body} (the census job) as a SQL execution of the Dataset's query, so that the
   * Spark UI's SQL tab lists it under {@code name} with the query's plan, as a Dataset action
   * would be listed; inside a SQL execution already, it runs as part of that one.
   */
  /** The local property Spark's UI shows as a job's, and a SQL execution's, description. */
  private static final String JOB_DESCRIPTION = "spark.job.description";

  private static <T> T asSqlExecution(MarsSession session, org.apache.spark.sql.execution.QueryExecution qe,
      String name, java.util.function.Supplier<T> body) {
    org.apache.spark.SparkContext sc = session.sparkContext();
    if (sc.getLocalProperty(org.apache.spark.sql.execution.SQLExecution.EXECUTION_ID_KEY()) != null) {
      return body.get();
    }
    String description = sc.getLocalProperty(JOB_DESCRIPTION);
    sc.setLocalProperty(JOB_DESCRIPTION, name);
    try {
      return org.apache.spark.sql.execution.SQLExecution.withNewExecutionId(qe, scala.Option.apply(name),
          (scala.Function0<T>) body::get);
    } finally {
      sc.setLocalProperty(JOB_DESCRIPTION, description);
    }
  }

  @Override
  public String name() {
    return "from_spark";
  }

  @Override
  public void tile(TileContext ctx) {
    DfData out = out();
    List<Chunk> chunks = new ArrayList<>();
    long offset = 0;
    for (int p = 0; p < counts.length; p++) {
      chunks.add(ctx.newChunk(new ReadPartition(rdd, p, offset, counts[p], kinds, dtypes, names, decimalScale, zone),
          List.of(), rowIndex(out, p), rowShape(out, counts[p]), out.chunkMeta()));
      offset += counts[p];
    }
    if (chunks.isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "fromSpark: the Dataset has no partitions");
    }
    out.setChunks(chunks, nsplitsOf(out, counts.clone()));
  }

  /** The metadata job: per partition, its rows and, per watched column, whether a null occurs. */
  static final class Census implements FlatMapFunction<Iterator<InternalRow>, long[]> {
    private final boolean[] watch;

    Census(boolean[] watch) {
      this.watch = watch;
    }

    @Override
    public Iterator<long[]> call(Iterator<InternalRow> rows) {
      long[] out = new long[1 + watch.length];
      while (rows.hasNext()) {
        InternalRow r = rows.next();
        out[0]++;
        for (int i = 0; i < watch.length; i++) {
          if (watch[i] && out[1 + i] == 0 && r.isNullAt(i)) {
            out[1 + i] = 1;
          }
        }
      }
      return List.of(out).iterator();
    }
  }

  /** Builds one frame chunk from one partition of the query, on the executor computing it. */
  static final class ReadPartition implements PartitionSource {
    private static final long serialVersionUID = 1L;
    private final transient RDD<InternalRow> rdd;
    private final int partition;
    private final long offset;
    private final long rows;
    private final SparkTypes[] kinds;
    private final DfType[] dtypes;
    private final String[] names;
    private final int[] decimal;
    private final String zone;

    ReadPartition(RDD<InternalRow> rdd, int partition, long offset, long rows, SparkTypes[] kinds, DfType[] dtypes,
        String[] names, int[] decimal, String zone) {
      this.rdd = rdd;
      this.partition = partition;
      this.offset = offset;
      this.rows = rows;
      this.kinds = kinds;
      this.dtypes = dtypes;
      this.names = names;
      this.decimal = decimal;
      this.zone = zone;
    }

    @Override
    public RDD<?> sourceRdd() {
      return rdd;
    }

    @Override
    public int sourcePartition() {
      return partition;
    }

    @Override
    public String name() {
      return "from_spark";
    }

    @Override
    public Object read(Iterator<?> records) {
      int n = Math.toIntExact(rows);
      int w = kinds.length;
      Object[] buffers = new Object[w];
      for (int i = 0; i < w; i++) {
        buffers[i] = switch (dtypes[i]) {
          case INT64, DATETIME -> new long[n];
          case FLOAT64 -> new double[n];
          case BOOL -> new boolean[n];
          default -> new Object[n];
        };
      }
      ZoneId z = zone == null ? ZoneOffset.UTC : ZoneId.of(zone);
      boolean utc = z.normalized().equals(ZoneOffset.UTC);
      int r = 0;
      while (records.hasNext()) {
        InternalRow row = (InternalRow) records.next();
        if (r >= n) {
          throw mismatch(r + 1);
        }
        for (int i = 0; i < w; i++) {
          set(buffers[i], i, r, row, z, utc);
        }
        r++;
      }
      if (r != n) {
        throw mismatch(r);
      }
      String[] cols = names.clone();
      Column[] columns = new Column[w];
      for (int i = 0; i < w; i++) {
        columns[i] = switch (dtypes[i]) {
          case INT64 -> Column.ofLongs((long[]) buffers[i]);
          case DATETIME -> Column.ofDatetimes((long[]) buffers[i]);
          case FLOAT64 -> Column.ofDoubles((double[]) buffers[i]);
          case BOOL -> Column.ofBools((boolean[]) buffers[i]);
          default -> Column.ofObjects((Object[]) buffers[i]);
        };
      }
      return new LocalFrame(LocalIndex.range(offset, offset + n, 1), cols, columns);
    }

    private MarsException mismatch(int seen) {
      return new MarsException(ErrorClass.CHUNK_METADATA_MISMATCH, "fromSpark: partition " + partition + " had "
          + rows + " rows when the frame was built and now has " + (seen > rows ? "more" : seen)
          + "; the query is not deterministic — cache or persist the Dataset before fromSpark");
    }

    private void set(Object buf, int i, int r, InternalRow row, ZoneId z, boolean utc) {
      boolean isNull = row.isNullAt(i);
      switch (dtypes[i]) {
        case INT64 -> ((long[]) buf)[r] = integer(row, i);
        case BOOL -> ((boolean[]) buf)[r] = row.getBoolean(i);
        case FLOAT64 -> ((double[]) buf)[r] = isNull ? Double.NaN : switch (kinds[i]) {
          case FLOAT64 -> row.getDouble(i);
          case FLOAT32 -> row.getFloat(i);
          case DECIMAL -> row.getDecimal(i, decimal[i] / 1000, decimal[i] % 1000).toDouble();
          default -> integer(row, i);
        };
        case DATETIME -> ((long[]) buf)[r] = isNull ? DfType.NAT : switch (kinds[i]) {
          case DATE -> Math.multiplyExact((long) row.getInt(i), 86_400_000_000_000L);
          case TIMESTAMP_NTZ -> nanos(row.getLong(i));
          default -> utc ? nanos(row.getLong(i)) : wallClock(row.getLong(i), z);
        };
        default -> ((Object[]) buf)[r] = isNull ? null : kinds[i] == SparkTypes.BOOL ? (Object) row.getBoolean(i)
            : row.getUTF8String(i).toString();
      }
    }

    private long integer(InternalRow row, int i) {
      return switch (kinds[i]) {
        case INT64 -> row.getLong(i);
        case INT32 -> row.getInt(i);
        case INT16 -> row.getShort(i);
        default -> row.getByte(i);
      };
    }

    private static long nanos(long micros) {
      try {
        return Math.multiplyExact(micros, 1000L);
      } catch (ArithmeticException e) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "fromSpark: timestamp " + micros + " µs since the "
            + "epoch is outside datetime64[ns] (years 1677-2262)");
      }
    }

    private static long wallClock(long micros, ZoneId z) {
      Instant at = Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000);
      return DatetimeColumn.toNanos(LocalDateTime.ofInstant(at, z));
    }
  }
}
