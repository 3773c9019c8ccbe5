package org.marsonspark.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkEnv;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.storage.BlockId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.ChunkValue;
import org.marsonspark.core.Exchange;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableData;
import org.marsonspark.core.TileableOp;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * An {@link Exchange} runs on Spark's shuffle: every value reaches the bucket its map chose, in
 * map order; the chunk graph holds n + 1 + P nodes; the map and reduce sides run as one job with
 * a shuffle map stage; the shuffle's files are gone once its consumers have run, a failed run
 * included. Expected buckets are computed here from the values by the rule (v mod P).
 */
class Exchange_Test {
  private static MarsSession session;

  @BeforeAll
  static void start() {
    session = MarsSession.local("local[2]", MarsOptions.defaults());
  }

  @AfterAll
  static void stop() {
    session.close();
  }

  /** A chunk of longs; its first dimension is its length, so an empty one does not travel. */
  static final class Longs implements ChunkValue, Serializable {
    private final long[] values;

    Longs(long[] values) {
      this.values = values;
    }

    @Override
    public long[] shape() {
      return new long[] {values.length};
    }

    @Override
    public long nbytes() {
      return 8L * values.length;
    }

    @Override
    public String kind() {
      return "longs";
    }
  }

  /** Chunk i holds {@code from + i * size, ..., from + (i + 1) * size - 1} times {@code step}. */
  record Source(long from, long step) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      long[] v = new long[(int) SIZE];
      for (int j = 0; j < v.length; j++) {
        v[j] = (from + j) * step;
      }
      return new Longs(v);
    }
  }

  /** A map op: each value to bucket {@code v mod p}, in its order. */
  record Route(int p) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      long[] v = ((Longs) inputs[0]).values;
      List<List<Long>> b = new ArrayList<>();
      for (int j = 0; j < p; j++) {
        b.add(new ArrayList<>());
      }
      for (long x : v) {
        b.get((int) (x % p)).add(x);
      }
      Object[] pieces = new Object[p];
      for (int j = 0; j < p; j++) {
        pieces[j] = new Longs(b.get(j).stream().mapToLong(Long::longValue).toArray());
      }
      return new Exchange.Pieces(pieces);
    }
  }

  /** A reduce op: the bucket's values in the order they came, then the maps they came from. */
  record Collect(boolean fail) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      Exchange.Bucket b = (Exchange.Bucket) inputs[0];
      if (fail) {
        throw new IllegalStateException("a reduce op failed on purpose");
      }
      List<Long> out = new ArrayList<>();
      for (Longs l : b.as(Longs.class)) {
        for (long x : l.values) {
          out.add(x);
        }
      }
      return new long[][] {out.stream().mapToLong(Long::longValue).toArray(),
          java.util.Arrays.stream(b.maps()).asLongStream().toArray()};
    }
  }

  static final long SIZE = 50;

  static final class Buckets extends TileableData {
    Buckets(int p) {
      super(new long[] {p});
    }
  }

  /** n source chunks of values {@code k * step}, exchanged into p buckets, each collected. */
  static final class Exchanged extends TileableOp {
    private final int n;
    private final int p;
    private final long step;
    private final boolean fail;
    int nodes;

    Exchanged(int n, int p, long step, boolean fail) {
      super(List.of());
      this.n = n;
      this.p = p;
      this.step = step;
      this.fail = fail;
      bindOutput(new Buckets(p));
    }

    @Override
    public void tile(TileContext ctx) {
      int before = ctx.nodesCreated();
      List<Chunk> maps = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        Chunk src = ctx.newChunk(new Source(i * SIZE, step), List.of(), new int[] {i}, new long[] {SIZE}, null);
        maps.add(ctx.newChunk(new Route(p), List.of(src), new int[] {i}, new long[] {p}, Exchange.PIECES));
      }
      List<Chunk> buckets = ctx.newExchange("test.route", maps, p);
      List<Chunk> out = new ArrayList<>();
      long[] splits = new long[p];
      for (int j = 0; j < p; j++) {
        out.add(ctx.newChunk(new Collect(fail), List.of(buckets.get(j)), new int[] {j}, new long[0], null));
        splits[j] = 1;
      }
      nodes = ctx.nodesCreated() - before;
      output().setChunks(out, new long[][] {splits});
    }
  }

  private static List<String> shuffleFiles() {
    List<String> out = new ArrayList<>();
    scala.collection.Iterator<BlockId> it = SparkEnv.get().blockManager().diskBlockManager().getAllBlocks()
        .iterator();
    while (it.hasNext()) {
      BlockId b = it.next();
      if (b.isShuffle()) {
        out.add(b.name());
      }
    }
    return out;
  }

  /** Jobs and stages started while {@code run} runs. */
  private static int[] jobsAndStages(Runnable run) {
    AtomicInteger jobs = new AtomicInteger();
    AtomicInteger stages = new AtomicInteger();
    SparkListener l = new SparkListener() {
      @Override
      public void onJobStart(SparkListenerJobStart e) {
        jobs.incrementAndGet();
      }

      @Override
      public void onStageSubmitted(SparkListenerStageSubmitted e) {
        stages.incrementAndGet();
      }
    };
    session.sparkContext().addSparkListener(l);
    try {
      run.run();
      session.sparkContext().listenerBus().waitUntilEmpty(10_000);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new AssertionError("Spark's listener bus did not drain", e);
    } finally {
      session.sparkContext().removeSparkListener(l);
    }
    return new int[] {jobs.get(), stages.get()};
  }

  @Test
  void everyValueReachesItsBucketInMapOrder() {
    int n = 7;
    int p = 5;
    Exchanged op = new Exchanged(n, p, 1, false);
    int[] counts = jobsAndStages(() -> session.execute(List.of(op.output())));
    Object[] got = session.fetchChunks(op.output().chunks(), null);
    for (int j = 0; j < p; j++) {
      List<Long> expected = new ArrayList<>();
      for (long v = 0; v < n * SIZE; v++) {
        if (v % p == j) {
          expected.add(v);
        }
      }
      long[][] bucket = (long[][]) got[j];
      assertArrayEquals(expected.stream().mapToLong(Long::longValue).toArray(), bucket[0], "bucket " + j);
      assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5, 6}, bucket[1], "maps of bucket " + j);
    }
    // n sources, n maps, the exchange, p reduces: linear in n + p
    assertEquals(2 * n + 1 + p, op.nodes);
    // the maps' job, then the reduces' job with the shuffle's map stage in it
    assertEquals(2, counts[0], "jobs");
    assertEquals(3, counts[1], "stages");
  }

  @Test
  void aBucketNoValueReachesHoldsTheFirstMapsEmptyPiece() {
    // even values only, 4 buckets: buckets 1 and 3 receive nothing
    Exchanged op = new Exchanged(3, 4, 2, false);
    session.execute(List.of(op.output()));
    Object[] got = session.fetchChunks(op.output().chunks(), null);
    for (int j : new int[] {1, 3}) {
      long[][] bucket = (long[][]) got[j];
      assertArrayEquals(new long[0], bucket[0]);
      assertArrayEquals(new long[] {0}, bucket[1], "only the first map's piece travels empty");
    }
    long[][] zero = (long[][]) got[0];
    assertEquals(3 * SIZE / 2, zero[0].length);
  }

  @Test
  void theShuffleFilesAreGoneOnceItsConsumersHaveRun() {
    Exchanged op = new Exchanged(6, 6, 1, false);
    List<org.marsonspark.session.ExecutionHandle> handles = session.execute(List.of(op.output()));
    session.chunkStore().awaitReleases();
    assertEquals(List.of(), shuffleFiles(), "shuffle files after the run");
    // the reduce outputs stay readable
    Object[] got = session.fetchChunks(op.output().chunks(), null);
    assertEquals(6 * SIZE, java.util.Arrays.stream(got).mapToInt(g -> ((long[][]) g)[0].length).sum());
    handles.forEach(org.marsonspark.session.ExecutionHandle::release);
    session.chunkStore().awaitReleases();
    assertEquals(0, session.chunkStore().size(), "chunks left");
  }

  @Test
  void aFailedReduceLeavesNoShuffleAndTheSessionUsable() {
    int before = session.chunkStore().size();
    MarsException e = assertThrows(MarsException.class,
        () -> session.execute(List.of(new Exchanged(4, 3, 1, true).output())));
    assertEquals(MarsException.ErrorClass.TASK_FAILED, e.errorClass());
    session.chunkStore().awaitReleases();
    assertEquals(before, session.chunkStore().size(), "chunks left by the failed run");
    assertEquals(List.of(), shuffleFiles(), "shuffle files left by the failed run");
    Exchanged ok = new Exchanged(4, 3, 1, false);
    session.execute(List.of(ok.output()));
    long[][] b0 = (long[][]) session.fetchChunks(List.of(ok.output().chunks().get(0)), null)[0];
    assertTrue(b0[0].length > 0);
  }
}
