package org.marsonspark.learn.interop;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Row;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.PartitionSource;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;

/**
 * A float64 {@code n × d} tensor whose row chunks are the partitions of an RDD of one-column rows
 * holding Spark ML vectors: chunk p is built on the executor computing partition p, straight
 * into a row-major buffer (dense or sparse vectors alike). The row count of each partition and
 * the vector size come from one metadata job when the tensor is built.
 */
final class VectorSource extends TensorOp {
  private final transient RDD<Row> rdd;
  private final long[] counts;
  private final int size;

  private VectorSource(RDD<Row> rdd, long[] counts, int size) {
    super(List.of());
    this.rdd = rdd;
    this.counts = counts;
    this.size = size;
  }

  /** The output: {@code (Σ counts) × size} float64, one chunk per partition. */
  static TensorData of(RDD<Row> rdd, long[] counts, int size) {
    long n = 0;
    for (long c : counts) {
      n += c;
    }
    return new VectorSource(rdd, counts, size).bindOutput(new TensorData(new long[] {n, size}, DType.FLOAT64));
  }

  @Override
  public String name() {
    return "from_ml_vectors";
  }

  @Override
  public void tile(TileContext ctx) {
    List<Chunk> chunks = new ArrayList<>();
    for (int p = 0; p < counts.length; p++) {
      chunks.add(ctx.newChunk(new ReadVectors(rdd, p, counts[p], size), List.of(), new int[] {p, 0},
          new long[] {counts[p], size}, DType.FLOAT64));
    }
    out().setChunks(chunks, new long[][] {counts.clone(), {size}});
  }

  /** One partition's vectors as one row-major block. */
  static final class ReadVectors implements PartitionSource {
    private static final long serialVersionUID = 1L;
    private final transient RDD<Row> rdd;
    private final int partition;
    private final long rows;
    private final int size;

    ReadVectors(RDD<Row> rdd, int partition, long rows, int size) {
      this.rdd = rdd;
      this.partition = partition;
      this.rows = rows;
      this.size = size;
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
      return "from_ml_vectors";
    }

    @Override
    public Object read(Iterator<?> records) {
      int n = Math.toIntExact(rows);
      double[] out = new double[n * size];
      int r = 0;
      while (records.hasNext()) {
        Vector v = (Vector) ((Row) records.next()).get(0);
        if (r >= n || v == null || v.size() != size) {
          throw new MarsException(ErrorClass.CHUNK_METADATA_MISMATCH, "fromSpark: partition " + partition
              + " changed since the tensor was built (" + rows + " rows of vectors of size " + size + "); the "
              + "Dataset is not deterministic — cache or persist it first");
        }
        int at = r * size;
        if (v instanceof DenseVector dense) {
          System.arraycopy(dense.values(), 0, out, at, size);
        } else {
          SparseVector sparse = (SparseVector) v;
          int[] idx = sparse.indices();
          double[] val = sparse.values();
          for (int i = 0; i < idx.length; i++) {
            out[at + idx[i]] = val[i];
          }
        }
        r++;
      }
      if (r != n) {
        throw new MarsException(ErrorClass.CHUNK_METADATA_MISMATCH, "fromSpark: partition " + partition + " had "
            + rows + " rows when the tensor was built and now has " + r + "; cache or persist the Dataset first");
      }
      return NDArray.of(out, n, size);
    }
  }
}
