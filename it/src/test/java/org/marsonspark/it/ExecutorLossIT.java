package org.marsonspark.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.GroupBy;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.MergeOptions;
import org.marsonspark.learn.cluster.KMeans;
import org.marsonspark.remote.ExecutableTuple;
import org.marsonspark.remote.Remote;
import org.marsonspark.remote.RemoteObject;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Executors killed with SIGKILL in the middle of Mars work: a standalone Master and Worker
 * started by the test ({@link StandaloneCluster}), two executors of one core each, the driver in
 * this JVM. Each scenario runs fault-free, then again with one executor killed while it runs
 * (by pid, from Spark's listener bus or when a spawned call says it started); the results must
 * be identical, and match closed forms where there are any. Spark recomputes what was lost from
 * lineage and reruns the tasks that died; the Master replaces the executor. After each
 * scenario no chunk, block or busy Mars thread is left. Repeated kills of one task, up to
 * {@code spark.task.maxFailures}, fail the execution with a clear error and leave the session
 * usable. Recovery times go to {@code recovery.md} in the work folder (see docs/reliability.md).
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hang fails its test
class ExecutorLossIT {
  private static final int EXECUTORS = 2;
  private static final int MAX_FAILURES = 3;
  private static final int ROUNDS = Integer.getInteger("it.fault.rounds", 1);

  private static StandaloneCluster cluster;
  private static MarsSession session;
  private static ExecutorKiller killer;
  private static final RecoveryFigures figures = new RecoveryFigures();
  private Leaks leaks;

  @BeforeAll
  static void start() throws Exception {
    cluster = StandaloneCluster.start("faults", EXECUTORS, EXECUTORS * 640 + "m", Map.of());
    SparkConf conf = new SparkConf(false)
        // executors start with an empty $SPARK_HOME/jars: Spark and Mars come from here
        .set("spark.executor.extraClassPath", ItSupport.joinPath(ItSupport.testClassPath()))
        .set("spark.executor.extraJavaOptions", String.join(" ", ItSupport.jvmOpens()))
        .set("spark.executor.cores", "1")
        .set("spark.executor.memory", "640m")
        .set("spark.task.maxFailures", String.valueOf(MAX_FAILURES));
    session = MarsSession.local(cluster.masterUrl(), MarsOptions.defaults().withProgress(false), conf);
    killer = new ExecutorKiller(cluster);
    session.sparkContext().addSparkListener(killer);
    // a first execution starts the session's own threads (the leak checks compare against them)
    awaitExecutors();
    Tensor warmUp = Mt.arange(0, 1000, 1, DType.INT64, ChunkSize.of(100)).sum().execute(session);
    warmUp.release();
  }

  @AfterAll
  static void stop() throws Exception {
    try {
      if (killer != null) {
        killer.close();
      }
      if (session != null) {
        session.close();
      }
    } finally {
      if (cluster != null) {
        cluster.close();
        figures.write(cluster.work().resolve("recovery.md"));
      }
    }
  }

  @BeforeEach
  void fullCluster() throws Exception {
    awaitExecutors();
    leaks = Leaks.snapshot();
  }

  @AfterEach
  void nothingLeft() throws Exception {
    killer.reset();
    leaks.assertNothingLeft(session);
  }

  /**
   * Waits until the driver's executors are exactly the Worker's live executor JVMs, two of them:
   * the killed ones removed, their replacements registered.
   */
  private static void awaitExecutors() throws InterruptedException {
    SparkContext sc = session.sparkContext();
    ItSupport.awaitTrue(() -> {
      Set<String> registered = new TreeSet<>(CollectionConverters.asJava(sc.getExecutorIds()));
      return registered.size() == EXECUTORS && registered.equals(cluster.executors().keySet());
    }, ItSupport.TIMEOUT, () -> "the driver's executors " + CollectionConverters.asJava(sc.getExecutorIds())
        + " are not the Worker's " + cluster.executors() + cluster.logs(), null);
  }

  // ---- (a) a tensor reduction over many chunks ----------------------------------------------

  private static final long NORMALS = 24 * 500_000L;

  private static double normalMean() {
    Tensor mean = new RandomState(17).normal(3, 2, new long[] {NORMALS}, ChunkSize.of(NORMALS / 24)).mean();
    try {
      return mean.execute(session).fetch().getDouble(0);
    } finally {
      mean.release();
    }
  }

  @Test
  void aReductionOverManyChunksGivesTheSameValueWhenAnExecutorDiesMidStage() throws Exception {
    // 24 map tasks: the kill lands when the 5th starts, after earlier ones stored their partials
    double mean = compare("tensor mean of 12 M normals, 24 chunks", ExecutorLossIT::normalMean,
        k -> k.killAfterTasks(4));
    // the mean of N draws of N(3, 2²) is within 6 standard errors of 3
    assertEquals(3.0, mean, 6 * 2 / Math.sqrt(NORMALS));
  }

  // ---- (b) DataFrame exchanges: groupby, merge, sort -----------------------------------------

  private static final long ROWS = 120_000;
  private static final long KEYS = 997;
  private static final long MULTIPLIER = 7919; // prime to KEYS: row i has key (7919 i) mod 997

  /** Columns k = (7919 i) mod 997 and v = i, made on the executors in 12 row chunks. */
  private static DataFrame frame() {
    Tensor i = Mt.arange(0, ROWS, 1, DType.INT64, ChunkSize.of(ROWS / 12));
    return Md.fromTensor(Mt.stack(List.of(i.mul(MULTIPLIER).mod(KEYS), i), 1), List.of("k", "v"));
  }

  private static long keyOf(long i) {
    return MULTIPLIER * i % KEYS;
  }

  private static List<Object> fetchRows(DataFrame df) {
    try {
      return ItSupport.rows(df.execute(session).fetch());
    } finally {
      df.release();
    }
  }

  @Test
  void aGroupbyShuffleGivesTheSameFrameWhenAnExecutorDies() throws Exception {
    List<Object> got = compare("DataFrame groupby (shuffle) of 120 k rows, 12 chunks", () -> fetchRows(frame()
        .groupby("k").method("shuffle").agg(GroupBy.named("s", "v", "sum"), GroupBy.named("n", "v", "count"))),
        k -> k.killAfterTasks(6));
    Map<Long, long[]> expected = new TreeMap<>();
    for (long i = 0; i < ROWS; i++) {
      long[] sn = expected.computeIfAbsent(keyOf(i), x -> new long[2]);
      sn[0] += i;
      sn[1]++;
    }
    List<Object> want = new ArrayList<>();
    expected.forEach((key, sn) -> want.add(List.of(key, sn[0], sn[1])));
    assertEquals(want, got);
  }

  @Test
  void aShuffleMergeGivesTheSameFrameWhenAnExecutorDies() throws Exception {
    List<Object> got = compare("DataFrame merge (hash shuffle) 120 k x 997 rows", () -> {
      Tensor k = Mt.arange(0, KEYS, 1, DType.INT64, ChunkSize.of(250));
      DataFrame squares = Md.fromTensor(Mt.stack(List.of(k, k.mul(k)), 1), List.of("k", "sq"));
      return fetchRows(frame().merge(squares, MergeOptions.on("k").strategy(MergeOptions.Strategy.SHUFFLE)));
    }, k -> k.killAfterTasks(6));
    // every row once, with its key's square
    assertEquals(ROWS, got.size());
    long[] seen = new long[(int) ROWS];
    for (Object row : got) {
      List<?> r = (List<?>) row;
      long key = (Long) r.get(1);
      long v = (Long) r.get(2);
      assertEquals(keyOf(v), key, () -> "row " + r);
      assertEquals(key * key, (long) (Long) r.get(3), () -> "row " + r);
      seen[(int) v]++;
    }
    assertTrue(Arrays.stream(seen).allMatch(n -> n == 1), "every input row appears once");
  }

  @Test
  void aSortGivesTheSameFrameWhenAnExecutorDies() throws Exception {
    List<Object> got = compare("DataFrame sortValues of 120 k rows, 12 chunks", () -> fetchRows(frame()
        .sortValues("k")), k -> k.killAfterTasks(6));
    // stable: by key, then by input position (v = i is also the row label)
    List<Object> want = new ArrayList<>();
    List<long[]> pairs = new ArrayList<>();
    for (long i = 0; i < ROWS; i++) {
      pairs.add(new long[] {keyOf(i), i});
    }
    pairs.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    for (long[] p : pairs) {
      want.add(List.of(p[1], p[0], p[1]));
    }
    assertEquals(want, got);
  }

  // ---- (c) a batch of spawned calls ----------------------------------------------------------

  private static final int CALLS = 40;

  /** Every call's value and their sum, the calls reporting their runs in {@code dir}. */
  private static List<Object> spawnBatch(Path dir, int victimAfter) {
    List<RemoteObject<?>> all = new ArrayList<>();
    List<RemoteObject<Long>> squares = new ArrayList<>();
    for (int i = 0; i < CALLS; i++) {
      squares.add(Remote.spawn(SpawnedCalls::square, i, dir.toString(), victimAfter));
    }
    all.addAll(squares);
    all.add(Remote.spawn((List<Long> xs) -> xs.stream().mapToLong(Long::longValue).sum(), squares));
    ExecutableTuple batch = ExecutableTuple.of(all);
    try {
      return batch.execute(session).fetch();
    } finally {
      batch.release();
    }
  }

  @Test
  void aBatchOfSpawnedCallsGivesTheSameValuesWhenAnExecutorDies() throws Exception {
    String scenario = CALLS + " spawned calls of " + SpawnedCalls.CALL_MILLIS + " ms and their sum";
    Path calls = Files.createDirectories(cluster.work().resolve("calls"));
    List<Object> got = compare(scenario, () -> {
      Path dir = Files.createTempDirectory(calls, "free-");
      List<Object> out = spawnBatch(dir, -1);
      assertEquals(CALLS, SpawnedCalls.starts(dir), "fault-free, every call runs once");
      return out;
    }, k -> { }, () -> {
      Path dir = Files.createTempDirectory(calls, "killed-");
      killer.killVictims(dir);
      List<Object> out = spawnBatch(dir, 10); // the 11th call to start is killed with its executor
      long runs = SpawnedCalls.starts(dir);
      // the calls whose results died with the executor ran again: at least the killed one
      assertTrue(runs > CALLS, "call bodies run with a kill: " + runs);
      figures.note(scenario, (runs - CALLS) + " extra call bodies");
      return out;
    });
    List<Object> want = new ArrayList<>();
    for (long i = 0; i < CALLS; i++) {
      want.add(i * i);
    }
    want.add((long) (CALLS - 1) * CALLS * (2 * CALLS - 1) / 6);
    assertEquals(want, got);
  }

  // ---- (d) killed after execute(), before fetch() --------------------------------------------

  private static final long VALUES = 1_600_000;
  private static final long VALUE_CHUNK = 100_000; // 16 chunks of 800 kB: too big to come back with their tasks

  private static Tensor values() {
    return Mt.arange(0, VALUES, 1, DType.INT64, ChunkSize.of(VALUE_CHUNK)).mul(3).add(1);
  }

  @Test
  void aResultFetchedAfterItsExecutorDiedIsRecomputed() throws Exception {
    String scenario = "fetch() after execute() of 1.6 M int64 in 16 chunks";
    List<Long> got = compare(scenario, () -> {
      Tensor t = values().execute(session);
      try {
        return boxed(t.fetch().longs());
      } finally {
        t.release();
      }
    }, k -> { }, () -> {
      Tensor t = values().execute(session);
      try {
        // the executor holding most of the result's chunks dies between execute() and fetch()
        Map<String, Integer> held = new TreeMap<>();
        for (Chunk c : t.data().chunks()) {
          String location = session.chunkStore().executorOf(c); // executor_<host>_<id>
          held.merge(location.substring(location.lastIndexOf('_') + 1), 1, Integer::sum);
        }
        String victim = held.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        killer.kill(victim);
        ItSupport.awaitTrue(() -> killer.removed(victim), ItSupport.TIMEOUT,
            () -> "the driver never noticed executor " + victim + " died", null);
        figures.note(scenario, held.get(victim) + " of " + t.data().chunks().size() + " chunks lost");
        return boxed(t.fetch().longs());
      } finally {
        t.release();
      }
    });
    for (int i = 0; i < VALUES; i++) {
      assertEquals(3L * i + 1, (long) got.get(i));
    }
  }

  private static List<Long> boxed(long[] v) {
    return Arrays.stream(v).boxed().toList();
  }

  // ---- (e) an iterative fit: KMeans, 20 Lloyd iterations over held chunks ----------------------

  private static final int KM_ROWS = 160_000;
  private static final int KM_CHUNKS = 16;

  /** The fitted model: centres, inertia, iterations and every row's label. */
  private static List<Object> kmeansFit() {
    Tensor x = new RandomState(23).rand(new long[] {KM_ROWS, 8}, ChunkSize.of(KM_ROWS / KM_CHUNKS, 8)).execute(session);
    Tensor init = x.slice("0:8").execute(session);
    try {
      KMeans km = new KMeans().nClusters(8).init(init).maxIter(20).tol(0).fit(x);
      Tensor labels = km.labels_();
      Tensor centres = km.clusterCenters_().execute(session);
      try {
        return List.of(boxed(centres.fetch().doubles()), km.inertia_(), km.nIter_(),
            Arrays.stream(labels.fetch().ints()).boxed().toList());
      } finally {
        labels.release();
        centres.release();
      }
    } finally {
      x.release();
      init.release();
    }
  }

  @Test
  void aKMeansFitGivesTheSameModelWhenAnExecutorDiesMidFit() throws Exception {
    // 16 tasks per Lloyd iteration after a few set-up jobs: the kill lands around the 6th iteration
    List<Object> model = compare("KMeans fit, 160 k x 8, k = 8, 20 Lloyd iterations, 16 chunks",
        ExecutorLossIT::kmeansFit, k -> k.killAfterTasks(6 * KM_CHUNKS + 40));
    assertEquals(20, model.get(2), "uniform data does not converge within 20 iterations at tol 0");
    double inertia = (Double) model.get(1);
    // uniform rows in the unit 8-cube: the inertia is positive and below that of one centre (n·8/12)
    assertTrue(inertia > 0 && inertia < KM_ROWS * 8 / 12.0, "inertia " + inertia);
  }

  private static List<Double> boxed(double[] v) {
    return Arrays.stream(v).boxed().toList();
  }

  // ---- repeated kills ------------------------------------------------------------------------

  @Test
  void killingOneTaskMaxFailuresTimesFailsClearlyAndTheSessionRecovers() throws Exception {
    Path dir = Files.createDirectories(cluster.work().resolve("repeated"));
    killer.killVictims(dir);
    RemoteObject<Long> doomed = Remote.spawn(SpawnedCalls::victim, dir.toString());
    MarsException e = assertThrows(MarsException.class, () -> doomed.execute(session));
    killer.close();
    assertEquals(ErrorClass.TASK_FAILED, e.errorClass());
    assertEquals(MAX_FAILURES, killer.killed().size(), "kills: " + killer.killed());
    String msg = e.getMessage();
    System.out.println("ExecutorLossIT: after " + MAX_FAILURES + " kills: " + msg);
    assertTrue(msg.contains("failed " + MAX_FAILURES + " times"), msg);
    assertTrue(msg.contains("ExecutorLostFailure"), msg);
    doomed.release();

    // the Master starts new executors; then the session runs work again
    awaitExecutors();
    Tensor sum = Mt.arange(0, 1000, 1, DType.INT64, ChunkSize.of(100)).sum().execute(session);
    assertEquals(999L * 1000 / 2, sum.fetch().getLong(0));
    sum.release();
  }

  // ---- the harness ---------------------------------------------------------------------------

  /** As {@link #compare(String, Callable, Consumer, Callable)}, the same work with and without a kill. */
  private static <T> T compare(String scenario, Callable<T> work, Consumer<ExecutorKiller> arm) throws Exception {
    return compare(scenario, work, arm, work);
  }

  /**
   * Runs {@code faultFree}, then {@code killed} with the killer armed by {@code arm}, for
   * {@link #ROUNDS} rounds: exactly one executor must die while {@code killed} runs, the driver
   * must notice, and the result must equal the fault-free one. Records the times.
   */
  private static <T> T compare(String scenario, Callable<T> faultFree, Consumer<ExecutorKiller> arm, Callable<T> killed)
      throws Exception {
    T reference = null;
    for (int round = 0; round < ROUNDS; round++) {
      awaitExecutors();
      killer.reset();
      long t0 = System.nanoTime();
      T free = faultFree.call();
      long t1 = System.nanoTime();
      if (reference == null) {
        reference = free;
      }
      assertEquals(reference, free, "fault-free runs differ");

      awaitExecutors();
      killer.reset();
      arm.accept(killer);
      long t2 = System.nanoTime();
      T got;
      try {
        got = killed.call();
      } finally {
        killer.close();
      }
      long t3 = System.nanoTime();
      session.sparkContext().listenerBus().waitUntilEmpty(ItSupport.TIMEOUT.toMillis());
      List<String> dead = killer.killed();
      assertEquals(1, dead.size(), "executors killed during the run: " + dead);
      assertTrue(killer.lastKillNanos() < t3, "the kill landed after the run had ended");
      ItSupport.awaitTrue(() -> killer.removed(dead.get(0)), ItSupport.TIMEOUT,
          () -> "the driver never noticed executor " + dead.get(0) + " died", null);
      assertEquals(reference, got, scenario + ": the result with executor " + dead.get(0) + " killed");
      System.out.printf("ExecutorLossIT: %s: %d ms fault-free, %d ms with executor %s killed (%d tasks lost)%n",
          scenario, (t1 - t0) / 1_000_000, (t3 - t2) / 1_000_000, dead.get(0), killer.lostTasks());
      figures.add(scenario, t1 - t0, t3 - t2, killer.lostTasks());
    }
    return reference;
  }
}
