package org.marsonspark.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkEnv;
import org.apache.spark.storage.RDDBlockId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableData;
import org.marsonspark.core.TileableOp;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * A task carries its own subtask and names its inputs' partitions by index: its size does not
 * grow with the lineage behind its inputs (a consumer of many packed source chunks carried them
 * all). A missing input block is still recomputed from lineage, through partitions fetched from
 * the parent RDD's broadcast, down as many levels as are missing. Expected values are the closed
 * forms of the sums of the generated ranges.
 */
class Lineage_Test {
  private static MarsSession session;

  @BeforeAll
  static void start() {
    session = MarsSession.local("local[2]", MarsOptions.defaults());
  }

  @AfterAll
  static void stop() {
    session.close();
  }

  /** Counts the times any {@link Source} ran, to see recomputation happen. */
  static final AtomicInteger SOURCE_RUNS = new AtomicInteger();

  /** Chunk i: the longs {@code from, ..., from + payload.length - 1}, described by a payload the op carries. */
  record Source(long[] payload) implements ChunkOp {
    static Source of(long from, int n) {
      long[] p = new long[n];
      for (int j = 0; j < n; j++) {
        p[j] = from + j;
      }
      return new Source(p);
    }

    @Override
    public Object execute(Object[] inputs) {
      SOURCE_RUNS.incrementAndGet();
      return payload.clone();
    }
  }

  /** The sum of its inputs' longs (each a {@code long[]}), as a one-element array. */
  record Sum() implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      long s = 0;
      for (Object in : inputs) {
        for (long x : (long[]) in) {
          s += x;
        }
      }
      return new long[] {s};
    }
  }

  static final class Longs extends TileableData {
    Longs(long n) {
      super(new long[] {n});
    }
  }

  /** {@code n} source chunks of {@code per} longs each, counting up from 0. */
  static final class Sources extends TileableOp {
    final int n;
    final int per;

    Sources(int n, int per) {
      super(List.of());
      this.n = n;
      this.per = per;
      bindOutput(new Longs((long) n * per));
    }

    @Override
    public void tile(TileContext ctx) {
      List<Chunk> out = new ArrayList<>();
      long[] splits = new long[n];
      for (int i = 0; i < n; i++) {
        out.add(ctx.newChunk(Source.of((long) i * per, per), List.of(), new int[] {i}, new long[0], null));
        splits[i] = per;
      }
      output().setChunks(out, new long[][] {splits});
    }
  }

  /** Each chunk of its input summed (one element per chunk), or all of them into one. */
  static final class Sums extends TileableOp {
    final boolean all;

    Sums(TileableData in, int chunks, boolean all) {
      super(List.of(in));
      this.all = all;
      bindOutput(new Longs(all ? 1 : chunks));
    }

    @Override
    public void tile(TileContext ctx) {
      List<Chunk> in = inputs().get(0).chunks();
      List<Chunk> out = new ArrayList<>();
      if (all) {
        out.add(ctx.newChunk(new Sum(), in, new int[] {0}, new long[0], null));
      } else {
        for (int i = 0; i < in.size(); i++) {
          out.add(ctx.newChunk(new Sum(), List.of(in.get(i)), new int[] {i}, new long[0], null));
        }
      }
      long[] splits = new long[out.size()];
      java.util.Arrays.fill(splits, 1);
      output().setChunks(out, new long[][] {splits});
    }
  }

  private static long sumTo(long n) {
    return n * (n - 1) / 2;
  }

  private static int serializedSize(Object o) {
    return SparkEnv.get().closureSerializer().newInstance().serialize(o, Scala.classTag(Object.class)).remaining();
  }

  @Test
  void aTaskReadingManyChunksCarriesNoneOfTheirSubtasks() {
    int n = 200;
    int per = 256; // each source op carries 2 KiB: 400 KiB in all
    Sources src = new Sources(n, per);
    session.execute(List.of(src.output()));
    Sums total = new Sums(src.output(), n, true);
    session.execute(List.of(total.output()));
    long[] got = (long[]) session.fetchChunks(total.output().chunks(), null)[0];
    assertEquals(sumTo((long) n * per), got[0]);
    ChunkStore.Location loc = session.chunkStore().location(total.output().chunks().get(0));
    int size = serializedSize(loc.rdd().partitions()[loc.partition()]);
    assertTrue(size < 64 * 1024, "the consumer's partition serializes to " + size
        + " bytes; its inputs' subtasks carry " + (n * per * 8) + " bytes and must not travel with it");
  }

  @Test
  void missingBlocksAreRecomputedThroughEveryLevelOfLineage() {
    int n = 6;
    int per = 10;
    Sources src = new Sources(n, per);
    Sums sums = new Sums(src.output(), n, false);
    session.execute(List.of(src.output(), sums.output()));
    // lose every block of both levels, as a lost executor would
    List<ChunkRDD> rdds = new ArrayList<>();
    for (Chunk c : sums.output().chunks()) {
      rdds.add(session.chunkStore().location(c).rdd());
    }
    for (Chunk c : src.output().chunks()) {
      rdds.add(session.chunkStore().location(c).rdd());
    }
    for (ChunkRDD rdd : rdds) {
      for (int p = 0; p < rdd.partitions().length; p++) {
        SparkEnv.get().blockManager().removeBlock(new RDDBlockId(rdd.id(), p), true);
      }
    }
    int before = SOURCE_RUNS.get();
    Sums total = new Sums(sums.output(), n, true);
    session.execute(List.of(total.output()));
    long[] got = (long[]) session.fetchChunks(total.output().chunks(), null)[0];
    assertEquals(sumTo((long) n * per), got[0]);
    assertEquals(n, SOURCE_RUNS.get() - before, "sources recomputed");
  }
}
