package org.marsonspark.learn.interop;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.kernel.ConcatColumns;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * Features between this library and Spark ML, without collecting anything: {@link #toDataset}
 * turns X (a Tensor or a numeric DataFrame) and an optional label into a {@code Dataset<Row>}
 * with a vector column, one partition per row chunk, each built where its chunk is held (the
 * session's {@code chunkValues}); {@link #toTensor} turns a Dataset's vector column — an MLlib
 * model's output, a {@code VectorAssembler}'s — into a float64 tensor, one row chunk per
 * partition, built on the executors. Spark ML's linear-algebra types appear only here.
 */
public final class SparkML {
  private SparkML() {}

  /** X as a Dataset with a {@code features} vector column, in the default session. */
  public static Dataset<Row> toDataset(TileableHandle x) {
    return toDataset(MarsSession.getDefault(), x, null, "features", "label");
  }

  /** X and y as a Dataset with {@code features} (vector) and {@code label} (double) columns. */
  public static Dataset<Row> toDataset(TileableHandle x, TileableHandle y) {
    return toDataset(MarsSession.getDefault(), x, y, "features", "label");
  }

  /**
   * X (n×d) as a Dataset with the vector column {@code featuresCol} and, when y is given, the
   * double column {@code labelCol}: one partition per row chunk of X (y is aligned to them).
   * What it reads is executed (and kept) first; the Dataset reads the held chunks.
   */
  public static Dataset<Row> toDataset(MarsSession session, TileableHandle x, TileableHandle y, String featuresCol,
      String labelCol) {
    Features f = Features.of(x, "toDataset");
    Tensor label = null;
    if (y != null) {
      label = Inputs.target(y, "toDataset");
      Inputs.consistentLength(f.x(), label);
    }
    return hold(session, f.x(), label, null, featuresCol, labelCol, null).dataset();
  }

  /**
   * A Dataset over chunks executed for it, held in the executors while Spark code (a fit) reads
   * them; {@link #close} releases them, after which the Dataset must not be used.
   */
  public record Held(Dataset<Row> dataset, Tensor rows) implements AutoCloseable {
    @Override
    public void close() {
      rows.release();
    }
  }

  /**
   * The 2-D float tensor x as a Dataset with the vector column {@code featuresCol} and, for each
   * aligned 1-D tensor given (label, weight; null for none), a double column: one partition per
   * row chunk of x, built where its chunk is held. The inputs are executed first, side by side in
   * one pass, and held until the result is closed.
   */
  public static Held hold(MarsSession session, Tensor x, Tensor label, Tensor weight, String featuresCol,
      String labelCol, String weightCol) {
    int d = Math.toIntExact(x.shape(1));
    List<Tensor> inputs = new ArrayList<>(List.of(x));
    List<StructField> fields = new ArrayList<>(List.of(DataTypes.createStructField(featuresCol,
        SQLDataTypes.VectorType(), false)));
    if (label != null) {
      inputs.add(label);
      fields.add(DataTypes.createStructField(labelCol, DataTypes.DoubleType, false));
    }
    if (weight != null) {
      inputs.add(weight);
      fields.add(DataTypes.createStructField(weightCol, DataTypes.DoubleType, false));
    }
    int extra = inputs.size() - 1;
    int width = d + extra;
    Tensor rows = Blocks.map(inputs, new ConcatColumns(width), new long[] {width}, DType.FLOAT64).execute(session);
    JavaRDD<Row> out = session.chunkValues(rows.data().chunks()).toJavaRDD().mapPartitions(new BlockRows(d, extra));
    return new Held(session.spark().createDataFrame(out, new StructType(fields.toArray(new StructField[0]))), rows);
  }

  /** The rows of the blocks of a partition: the first d values as a dense vector, then {@code extra} doubles. */
  static final class BlockRows implements FlatMapFunction<Iterator<Object>, Row> {
    private final int d;
    private final int extra;

    BlockRows(int d, int extra) {
      this.d = d;
      this.extra = extra;
    }

    @Override
    public Iterator<Row> call(Iterator<Object> blocks) {
      List<Row> rows = new ArrayList<>();
      int w = d + extra;
      while (blocks.hasNext()) {
        NDArray b = (NDArray) blocks.next();
        double[] v = b.doubles();
        int n = (int) b.shape(0);
        for (int r = 0; r < n; r++) {
          Object[] values = new Object[1 + extra];
          values[0] = Vectors.dense(java.util.Arrays.copyOfRange(v, r * w, r * w + d));
          for (int e = 0; e < extra; e++) {
            values[1 + e] = v[r * w + d + e];
          }
          rows.add(RowFactory.create(values));
        }
      }
      return rows.iterator();
    }
  }

  /** A Dataset's vector column as a tensor, in the default session. */
  public static Tensor toTensor(Dataset<Row> ds, String vectorCol) {
    return toTensor(MarsSession.getDefault(), ds, vectorCol);
  }

  /**
   * The vector column {@code vectorCol} of {@code ds} as an {@code n × d} float64 tensor, one row
   * chunk per partition. Building it runs one small job (each partition's row count and vector
   * size); the data is read when the tensor runs. Every vector must have the same size.
   */
  public static Tensor toTensor(MarsSession session, Dataset<Row> ds, String vectorCol) {
    if (ds.sparkSession().sparkContext() != session.sparkContext()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "toTensor: the Dataset belongs to another SparkContext "
          + "than the Mars session");
    }
    StructField field = column(ds.schema(), vectorCol);
    if (!(field.dataType() instanceof VectorUDT)) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "toTensor: column '" + vectorCol + "' has type "
          + field.dataType().simpleString() + ", not a Spark ML vector; assemble numeric columns first "
          + "(org.apache.spark.ml.feature.VectorAssembler) or use Md.fromSpark for plain columns");
    }
    RDD<Row> rdd = ds.select(vectorCol).rdd();
    List<long[]> census = rdd.toJavaRDD().mapPartitions(SparkML::census).collect();
    long[] counts = new long[census.size()];
    int size = -1;
    for (int p = 0; p < counts.length; p++) {
      long[] c = census.get(p);
      counts[p] = c[0];
      if (c[0] > 0 && (c[1] < 0 || size >= 0 && c[1] != size)) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, "toTensor: the vectors of column '" + vectorCol
            + "' do not all have one size (or one is null): " + (c[1] < 0 ? "partition " + p + " mixes sizes or "
            + "holds a null" : "sizes " + size + " and " + c[1]));
      }
      if (c[0] > 0) {
        size = (int) c[1];
      }
    }
    if (counts.length == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "toTensor: the Dataset has no partitions");
    }
    return Tensor.ofOutput(VectorSource.of(rdd, counts, Math.max(size, 0)));
  }

  private static StructField column(StructType schema, String name) {
    for (StructField f : schema.fields()) {
      if (f.name().equals(name)) {
        return f;
      }
    }
    throw new MarsException(ErrorClass.INVALID_ARGUMENT, "toTensor: no column '" + name + "' in the Dataset; its "
        + "columns are " + java.util.Arrays.toString(schema.fieldNames()));
  }

  /** Per partition: the row count and the vectors' size (−1 when sizes differ or a vector is null). */
  private static Iterator<long[]> census(Iterator<Row> rows) {
    long n = 0;
    long size = -2;
    while (rows.hasNext()) {
      Object v = rows.next().get(0);
      long s = v == null ? -1 : ((Vector) v).size();
      size = size == -2 ? s : size == s ? size : -1;
      n++;
    }
    return List.of(new long[] {n, size}).iterator();
  }
}
