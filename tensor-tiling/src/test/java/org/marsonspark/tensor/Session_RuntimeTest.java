package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;
import org.marsonspark.session.ProgressListener;

/**
 * The runtime's promises, shown on real tensors: data stays on executors, blocks are released,
 * sliced fetches read only what they need, iterative tiling, failures leave the session usable.
 */
class Session_RuntimeTest {
  private static MarsSession session;
  private static SparkProbe probe;

  @BeforeAll
  static void start() {
    session = MarsSession.local("local[2]", MarsOptions.defaults().withProgress(false));
    probe = new SparkProbe(session.sparkContext());
  }

  @AfterAll
  static void stop() {
    probe.close();
    session.close();
  }

  @BeforeEach
  void quiet() {
    session.chunkStore().awaitReleases();
    probe.reset();
  }

  /** pi written as Mars's introduction writes it. */
  private static Tensor pi(long n, long rows, long seed) {
    RandomState rs = new RandomState(seed);
    Tensor a = rs.uniform(-1, 1, new long[] {n, 2}, ChunkSize.of(rows, 2));
    return Mt.sqrt(a.mul(a).sum(1)).lt(1).sum().mul(4).div(n);
  }

  @Test
  void piIsIdenticalForEveryChunkSize() {
    long n = 1_000_000;
    List<Double> values = new ArrayList<>();
    for (long rows : new long[] {n, 250_000, 99_991, 31_250}) {
      values.add(pi(n, rows, 7).execute(session).fetch().getDouble(0));
    }
    assertEquals(Math.PI, values.get(0), 0.01);
    for (double v : values) {
      assertEquals(values.get(0), v, 0.0, "pi must not depend on chunk sizes: " + values);
    }
  }

  @Test
  void chunkDataDoesNotPassThroughTheDriver() {
    // 2e6 doubles (16 MB) are generated and reduced; only a scalar and metadata come back
    Tensor x = new RandomState(1).rand(new long[] {2_000_000}, ChunkSize.of(100_000));
    Tensor s = x.mul(2).add(1).sum();
    double v = s.execute(session).fetch().getDouble(0);
    probe.drain();
    assertEquals(4_000_000.0, v, 4_000_000 * 0.01); // E[2x + 1] = 2
    long bytes = probe.resultBytes.get();
    assertTrue(bytes < 200_000, "task results carried " + bytes + " bytes to the driver for a scalar");
    // fetching a 40 000-element vector brings about its own size, not the 2e6 inputs
    probe.reset();
    Tensor sums = x.slice("0:2000000").rechunk(50).sum(0);
    Tensor small = new RandomState(1).rand(new long[] {40_000}, ChunkSize.of(10_000)).mul(3);
    double[] got = small.execute(session).fetch().toDoubleArray();
    probe.drain();
    assertEquals(40_000, got.length);
    long fetched = probe.resultBytes.get();
    assertTrue(fetched >= 320_000 && fetched < 320_000 + 100_000, "a 320 kB result moved " + fetched + " bytes");
    assertTrue(sums.shape().length == 0);
  }

  @Test
  void intermediatesAreDroppedAndReleaseFreesEverything() throws InterruptedException {
    collectGarbage();
    int blocksBefore = SparkProbe.rddBlocks().size();
    int chunksBefore = session.chunkStore().size();
    Tensor x = Mt.arange(0, 100_000, 1, DType.FLOAT64, ChunkSize.of(10_000));
    Tensor y = x.mul(x).add(1);
    Tensor total = y.sum();
    Mt.execute(session, y, total);
    // y's 10 chunks and the total's 1 chunk remain; x and the reduction tree are gone
    assertEquals(chunksBefore + 11, session.chunkStore().size());
    assertTrue(SparkProbe.rddBlocks().size() > blocksBefore);
    double expected = 0;
    for (int i = 0; i < 100_000; i++) {
      expected += (double) i * i + 1;
    }
    assertEquals(expected, total.fetch().getDouble(0), expected * 1e-12);
    y.release();
    total.release();
    assertEquals(chunksBefore, session.chunkStore().size());
    awaitBlocks(blocksBefore);
    assertThrows(MarsException.class, y::fetch);
  }

  @Test
  void unreachableResultsAreReleased() throws InterruptedException {
    collectGarbage();
    int before = SparkProbe.rddBlocks().size();
    Mt.ones(new long[] {1000}, DType.FLOAT64, ChunkSize.of(100)).execute(session);
    session.chunkStore().awaitReleases();
    assertTrue(SparkProbe.rddBlocks().size() > before);
    long deadline = System.currentTimeMillis() + 30_000;
    while (SparkProbe.rddBlocks().size() > before && System.currentTimeMillis() < deadline) {
      System.gc();
      Thread.sleep(100);
      session.chunkStore().awaitReleases();
    }
    assertEquals(before, SparkProbe.rddBlocks().size(), "the cleaner did not release an unreachable tensor");
  }

  /** Block removal in the block managers is asynchronous: waits (bounded) for the expected count. */
  private static void awaitBlocks(int expected) throws InterruptedException {
    session.chunkStore().awaitReleases();
    long deadline = System.currentTimeMillis() + 10_000;
    while (SparkProbe.rddBlocks().size() != expected && System.currentTimeMillis() < deadline) {
      Thread.sleep(20);
    }
    assertEquals(expected, SparkProbe.rddBlocks().size(), "blocks: " + SparkProbe.rddBlocks());
  }

  /** Lets earlier tests' unreachable tensors be cleaned, so counts start from a settled state. */
  private static void collectGarbage() throws InterruptedException {
    for (int i = 0; i < 5; i++) {
      System.gc();
      Thread.sleep(50);
      session.chunkStore().awaitReleases();
    }
  }

  @Test
  void slicedFetchReadsOnlyOverlappingChunks() {
    // chunks of 100 000 elements: too big to be packed several to a partition
    Tensor x = Mt.arange(0, 1_000_000, 1, DType.INT64, ChunkSize.of(100_000)).execute(session);
    probe.reset();
    NDArray part = x.slice("150000:350000:3").fetch();
    probe.drain();
    long[] expected = new long[66_667];
    for (int i = 0; i < expected.length; i++) {
      expected[i] = 150_000 + 3L * i;
    }
    assertArrayEquals(expected, part.longs());
    assertEquals(3, probe.tasks.get(), "chunks 1, 2 and 3 overlap 150000:350000");
    long bytes = probe.resultBytes.get();
    assertTrue(bytes < 8 * 66_667 + 50_000, "moved " + bytes + " bytes for a 533 kB slice of an 8 MB tensor");
    assertArrayEquals(new long[] {999_999, 999_997}, x.slice("::-2").fetch().slice(new long[] {0}, new long[] {1},
        new long[] {2}).longs());
    x.release();
  }

  @Test
  void boolMaskThenRechunkNeedsIterativeTiling() {
    Tensor x = Mt.arange(0, 1000, 1, DType.INT64, ChunkSize.of(64));
    Tensor sel = x.get(x.mod(7).eq(0));
    assertEquals(-1, sel.shape(0), "size is unknown before execution");
    Tensor r = sel.rechunk(10).sum(0);
    long expected = 0;
    for (int i = 0; i < 1000; i += 7) {
      expected += i;
    }
    assertEquals(expected, r.execute(session).fetch().getLong(0));
    sel.execute(session);
    assertEquals(143, sel.shape(0), "size known after execution");
    assertEquals(143, sel.fetch().size());
  }

  @Test
  void slicingChunksOfUnknownSizeRunsThemFirst() {
    // a sort's buckets have sizes known only after they run; the slice must wait for them
    Tensor x = Mt.arange(0, 100, 1, DType.INT64, ChunkSize.of(10)).mul(37).mod(101);
    long[] expected = new long[100];
    for (int i = 0; i < 100; i++) {
      expected[i] = (37L * i) % 101;
    }
    java.util.Arrays.sort(expected);
    NDArray head = Mt.sort(x).slice("0:5").execute(session).fetch();
    assertArrayEquals(java.util.Arrays.copyOf(expected, 5), head.longs());
  }

  @Test
  void failingTaskReportsTheOperationAndLeavesTheSessionUsable() {
    int blocksBefore = session.chunkStore().size();
    Tensor bad = Mt.arange(0, 100, 1, DType.INT64, ChunkSize.of(10)).add(1).pow(-1L);
    MarsException e = assertThrows(MarsException.class, () -> bad.execute(session));
    assertTrue(e.getMessage().contains("power"), e.getMessage());
    assertTrue(e.getMessage().contains("negative integer powers"), e.getMessage());
    session.chunkStore().awaitReleases();
    assertEquals(blocksBefore, session.chunkStore().size(), "a failed run left chunks behind");
    assertEquals(4950L, Mt.arange(100).sum().execute(session).fetch().getLong(0));
  }

  @Test
  void progressListenersHearEachExecution() {
    List<ProgressListener.Progress> seen = new CopyOnWriteArrayList<>();
    ProgressListener l = seen::add;
    session.addProgressListener(l);
    try {
      pi(200_000, 20_000, 3).execute(session);
    } finally {
      session.removeProgressListener(l);
    }
    ProgressListener.Progress last = seen.get(seen.size() - 1);
    assertTrue(last.finished());
    // 10 chunks, each drawn and summed in one subtask: packed about four to a slot
    int slots = session.sparkContext().defaultParallelism();
    assertTrue(last.tasksTotal() >= Math.min(10, 4 * slots), "tasks: " + last.tasksTotal());
    assertEquals(last.tasksTotal(), last.tasksDone());
    assertFalse(seen.get(0).finished());
  }

  @Test
  void fusionOnAndOffGiveTheSameResult() {
    double fused = pi(300_000, 30_000, 11).execute(session).fetch().getDouble(0);
    probe.reset();
    pi(300_000, 30_000, 11).execute(session);
    probe.drain();
    int fusedTasks = probe.tasks.get();
    try (MarsSession unfused = MarsSession.attach(session.spark(), session.options().withFusion(false))) {
      probe.reset();
      double plain = pi(300_000, 30_000, 11).execute(unfused).fetch().getDouble(0);
      probe.drain();
      assertEquals(fused, plain, 0.0);
      assertTrue(probe.tasks.get() > fusedTasks, "unfused ran " + probe.tasks.get() + " tasks, fused " + fusedTasks);
    }
    session.asDefault();
  }

  @Test
  void smallCombineStepsRunInsideTheFinalTask() {
    // 20 map tasks in one job; the 5 + 2 combines of scalar partials and the aggregate run in its
    // last map partition (the tree's steps are inline in the final one, which is a merged tail)
    Tensor total = new RandomState(4).rand(new long[] {2_000_000}, ChunkSize.of(100_000)).mul(3).sum();
    probe.reset();
    double v = total.execute(session).fetch().getDouble(0);
    probe.drain();
    assertEquals(3_000_000, v, 3_000_000 * 0.01);
    assertEquals(1, probe.jobs.get(), "the maps and the whole tree, whose small result comes back with it");
    total.release();
  }

  @Test
  void aCombineReadingTheMapOutputsDirectlyRunsInTheLastMapTask() {
    // 3 map chunks, one combine over their partials: in one JVM it runs in the last map partition
    Tensor total = Mt.arange(0, 3_000, 1, DType.FLOAT64, ChunkSize.of(1_000)).sum();
    probe.reset();
    double v = total.execute(session).fetch().getDouble(0);
    probe.drain();
    assertEquals(2_999.0 * 3_000 / 2, v);
    assertEquals(1, probe.jobs.get(), "the maps and the combine are one job");
    total.release();
  }

  @Test
  void chunksOfAnRddRunAfterItsFirstOnesWereReleasedAreStillCached() {
    // one task at a time, deepest first: x's first chunk is doubled, summed and released before
    // x's other chunks run; the RDD must stay persisted for them
    try (MarsSession oneAtATime = MarsSession.attach(session.spark(),
        session.options().withFusion(false).withMemoryBudget(1))) {
      Tensor x = Mt.arange(0, 60_000, 1, DType.FLOAT64, ChunkSize.of(10_000));
      Tensor total = x.mul(2).sum();
      probe.reset();
      double v = total.execute(oneAtATime).fetch().getDouble(0);
      probe.drain();
      assertEquals(59_999.0 * 60_000, v);
      long complete = probe.storedPartitions.values().stream().filter(p -> p.size() == 6).count();
      assertEquals(3, complete, "x, 2x and the chunk sums each store all six partitions once: "
          + probe.storedPartitions);
      total.release();
    } finally {
      session.asDefault();
    }
  }

  @Test
  void badInputFailsBeforeAnythingRuns() {
    Tensor a = Mt.ones(3, 4);
    assertEquals(ErrorClass.BROADCAST_MISMATCH, assertThrows(MarsException.class, () -> a.add(Mt.ones(3))).errorClass());
    assertEquals(ErrorClass.AXIS_OUT_OF_BOUNDS, assertThrows(MarsException.class, () -> a.sum(2)).errorClass());
    assertEquals(ErrorClass.BAD_CHUNK_SIZE, assertThrows(MarsException.class, () -> ChunkSize.of(0)).errorClass());
    assertEquals(ErrorClass.BAD_CHUNK_SIZE, assertThrows(MarsException.class,
        () -> Mt.ones(new long[] {3, 4}, DType.FLOAT64, ChunkSize.of(1, 2, 3)).execute(session)).errorClass());
    assertEquals(ErrorClass.UNSUPPORTED_DTYPE, assertThrows(MarsException.class, () -> DType.of("complex128")).errorClass());
    assertEquals(ErrorClass.NOT_EXECUTED, assertThrows(MarsException.class, () -> a.add(1).fetch()).errorClass());
    assertEquals(12.0, a.sum().execute(session).fetch().getDouble(0));
  }
}
