package org.marsonspark.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.rdd.RDD;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.PartitionSource;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableData;
import org.marsonspark.core.TileableOp;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * Chunks read from the partitions of an RDD built outside Mars ({@link PartitionSource}), alone
 * and fused with a consumer, and materialized chunks seen as an RDD ({@link ChunkValuesRDD}).
 */
class PartitionSource_Test {
  private static MarsSession session;

  @BeforeAll
  static void start() {
    session = MarsSession.local("local[2]", MarsOptions.defaults());
  }

  @AfterAll
  static void stop() {
    session.close();
  }

  /** A 1-d tileable of longs (one long per chunk, as a plain value). */
  static final class Longs extends TileableData {
    Longs(int n) {
      super(new long[] {n});
    }
  }

  /** Sums each partition of an external RDD of integers. */
  static final class SumPartition implements PartitionSource {
    private final transient RDD<?> rdd;
    private final int partition;

    SumPartition(RDD<?> rdd, int partition) {
      this.rdd = rdd;
      this.partition = partition;
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
    public Object read(Iterator<?> records) {
      long s = 0;
      while (records.hasNext()) {
        s += (Integer) records.next();
      }
      return s;
    }
  }

  record Times(long k) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return (Long) inputs[0] * k;
    }
  }

  /** One chunk per partition of {@code rdd}, each the partition's sum, optionally times k (a fused consumer). */
  static final class SumsOf extends TileableOp {
    private final transient RDD<?> rdd;
    private final long times;

    SumsOf(RDD<?> rdd, long times) {
      super(List.of());
      this.rdd = rdd;
      this.times = times;
      bindOutput(new Longs(rdd.getNumPartitions()));
    }

    @Override
    public void tile(TileContext ctx) {
      List<Chunk> chunks = new ArrayList<>();
      long[] splits = new long[rdd.getNumPartitions()];
      for (int p = 0; p < splits.length; p++) {
        Chunk c = ctx.newChunk(new SumPartition(rdd, p), List.of(), new int[] {p}, new long[0], null);
        if (times != 1) {
          c = ctx.newChunk(new Times(times), List.of(c), new int[] {p}, new long[0], null);
        }
        chunks.add(c);
        splits[p] = 1;
      }
      output().setChunks(chunks, new long[][] {splits});
    }
  }

  private static final List<Integer> VALUES = Arrays.asList(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);

  private static Object[] run(TileableData t) {
    session.execute(List.of(t));
    return session.fetchChunks(t.chunks(), null);
  }

  @Test
  void chunksAreReadFromTheExternalPartitions() {
    RDD<Integer> rdd = new JavaSparkContext(session.sparkContext()).parallelize(VALUES, 3).rdd();
    SumsOf op = new SumsOf(rdd, 1);
    // parallelize slices 10 values into 3, 3, 4
    assertArrayEquals(new Object[] {6L, 15L, 34L}, run(op.output()));
  }

  @Test
  void aSourceFusedIntoItsConsumerStillReadsItsPartition() {
    RDD<Integer> rdd = new JavaSparkContext(session.sparkContext()).parallelize(VALUES, 4).rdd();
    SumsOf op = new SumsOf(rdd, 10);
    Object[] got = run(op.output());
    // 10 values into 4 slices: 2, 3, 2, 3
    assertArrayEquals(new Object[] {30L, 120L, 130L, 270L}, got);
  }

  @Test
  void materializedChunksReadBackAsAnRdd() {
    RDD<Integer> rdd = new JavaSparkContext(session.sparkContext()).parallelize(VALUES, 3).rdd();
    SumsOf op = new SumsOf(rdd, 1);
    session.execute(List.of(op.output()));
    List<Chunk> reversed = new ArrayList<>(op.output().chunks());
    java.util.Collections.reverse(reversed);
    RDD<Object> view = session.chunkValues(reversed);
    assertEquals(3, view.getNumPartitions());
    Object[] back = (Object[]) view.collect();
    assertArrayEquals(new Object[] {34L, 15L, 6L}, back);
    // the view depends narrowly on the chunks' RDD: no shuffle
    assertTrue(view.dependencies().forall(d -> d instanceof org.apache.spark.NarrowDependency));
  }
}
