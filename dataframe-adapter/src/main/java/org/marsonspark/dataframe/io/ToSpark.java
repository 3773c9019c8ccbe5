package org.marsonspark.dataframe.io;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.IndexMeta;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DatetimeColumn;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.PyRepr;
import org.marsonspark.session.MarsSession;

/**
 * A DataFrame as a Spark SQL {@code Dataset<Row>}: the frame is executed (if it has not been), and
 * the Dataset's RDD has one partition per row chunk, each reading its chunk from the block
 * manager holding it and turning it into rows there ({@link MarsSession#chunkValues}) — nothing
 * is collected. Types follow {@link SparkTypes}; NA becomes null. Datetimes keep microseconds
 * (Spark's resolution), object values that are not strings become their Python {@code str}.
 */
public final class ToSpark {
  private ToSpark() {}

  /** The name the plans of a Dataset toSpark returns show (with a number). */
  public static final String PLAN_NAME = "mars_toSpark";
  private static final java.util.concurrent.atomic.AtomicLong CALLS = new java.util.concurrent.atomic.AtomicLong();

  /** The name the index gets as a column: its name, else "index" (or "level_0" when "index" is taken), as reset_index. */
  static String indexColumnName(IndexMeta index, List<String> columns) {
    if (index.name() != null) {
      return index.name();
    }
    return columns.contains("index") ? "level_0" : "index";
  }

  public static Dataset<Row> of(MarsSession session, DataFrame df, boolean keepIndex) {
    if (!df.isExecuted()) {
      df.execute(session);
    }
    List<String> names = new ArrayList<>(df.columns());
    List<DfType> dtypes = new ArrayList<>(df.dtypes().values());
    if (keepIndex) {
      names.add(0, indexColumnName(df.indexMeta(), df.columns()));
      dtypes.add(0, df.indexMeta().dtype());
    }
    JavaRDD<Object> chunks = session.chunkValues(df.data().chunks()).toJavaRDD();
    JavaRDD<Row> rows = chunks.mapPartitions(new FrameRows(keepIndex));
    rows.setName("mars: toSpark (" + df.data().chunks().size() + " chunks)"); // the stages' RDD in the Spark UI
    // the plans in the SQL tab name where the rows come from: "CollectMetrics mars_toSpark_<n>"
    // over the scan (an observation counting the rows; names are unique, as Spark requires)
    return session.spark().createDataFrame(rows, SparkTypes.schema(names, dtypes))
        .observe(PLAN_NAME + "_" + CALLS.incrementAndGet(), org.apache.spark.sql.functions.count(
            org.apache.spark.sql.functions.lit(1)).as("rows"));
  }

  /** Rows of the frame chunks of a partition (the index first when kept). */
  static final class FrameRows implements FlatMapFunction<Iterator<Object>, Row> {
    private final boolean keepIndex;

    FrameRows(boolean keepIndex) {
      this.keepIndex = keepIndex;
    }

    @Override
    public Iterator<Row> call(Iterator<Object> chunks) {
      List<Row> out = new ArrayList<>();
      while (chunks.hasNext()) {
        LocalFrame f = (LocalFrame) chunks.next();
        int w = f.ncols() + (keepIndex ? 1 : 0);
        Column[] cols = new Column[w];
        for (int c = 0; c < f.ncols(); c++) {
          cols[c + (keepIndex ? 1 : 0)] = f.column(c);
        }
        if (keepIndex) {
          cols[0] = f.index().values();
        }
        for (int r = 0; r < f.nrows(); r++) {
          Object[] values = new Object[w];
          for (int c = 0; c < w; c++) {
            values[c] = sparkValue(cols[c], r);
          }
          out.add(RowFactory.create(values));
        }
      }
      return out.iterator();
    }
  }

  /** One cell as Spark's external Row type expects it (null for NA). */
  static Object sparkValue(Column c, int r) {
    if (c.isNA(r)) {
      return null;
    }
    return switch (c.dtype()) {
      case INT64, FLOAT64, BOOL -> c.get(r);
      case DATETIME -> DatetimeColumn.toLocal(((DatetimeColumn) c).getNanos(r));
      default -> pyStr(c.get(r));
    };
  }

  /** Python's {@code str} of an object-column value. */
  static String pyStr(Object v) {
    if (v instanceof String s) {
      return s;
    }
    if (v instanceof Boolean b) {
      return b ? "True" : "False";
    }
    if (v instanceof Double d) {
      return PyRepr.floatRepr(d);
    }
    if (v instanceof java.time.LocalDateTime t) {
      return org.marsonspark.dataframe.local.DfFormat.timestamp(DatetimeColumn.toNanos(t), false);
    }
    return String.valueOf(v);
  }
}
