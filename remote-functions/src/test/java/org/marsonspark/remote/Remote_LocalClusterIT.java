package org.marsonspark.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.session.Execution;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * Spawned functions on {@code local-cluster[1,3,1024]}: one executor JVM with three cores, apart
 * from the driver's. Covers what local mode cannot: nested spawns through the driver
 * ({@link RemotePlugin}), task resource profiles that Spark honours, failures and logs crossing
 * JVMs.
 */
class Remote_LocalClusterIT {
  private static final String NL = System.lineSeparator();
  /** Makes calls in the executor JVM wait for each other. */
  private static final CyclicBarrier PAIR = new CyclicBarrier(2);
  private static MarsSession session;
  private static final Map<Integer, Integer> PROFILE_OF_STAGE = new ConcurrentHashMap<>();

  @BeforeAll
  static void start() throws Exception {
    Files.createDirectories(Path.of(System.getenv("SPARK_HOME"), "jars"));
    String classPath = Arrays.stream(System.getProperty("surefire.test.class.path",
            System.getProperty("java.class.path")).split(File.pathSeparator))
        .filter(e -> !e.isBlank() && Files.exists(Path.of(e)))
        .map(e -> Path.of(e).toAbsolutePath().toString())
        .collect(Collectors.joining(File.pathSeparator));
    SparkConf conf = RemotePlugin.enable(new SparkConf(false))
        .set("spark.executor.extraClassPath", classPath)
        .set("spark.executor.extraJavaOptions", System.getProperty("it.jvm.opens", ""));
    session = MarsSession.local("local-cluster[1,3,1024]", MarsOptions.defaults().withProgress(false), conf);
    SparkContext sc = session.sparkContext();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (sc.statusTracker().getExecutorInfos().length < 2) { // the driver counts as one
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the executor did not register; see " + System.getenv("SPARK_HOME") + "/work");
      }
      Thread.sleep(100);
    }
    sc.addSparkListener(new SparkListener() {
      @Override
      public void onStageSubmitted(SparkListenerStageSubmitted e) {
        PROFILE_OF_STAGE.put(e.stageInfo().stageId(), e.stageInfo().resourceProfileId());
      }
    });
  }

  @AfterAll
  static void stop() {
    if (session != null) {
      session.close();
    }
  }

  static long pid() {
    return ProcessHandle.current().pid();
  }

  @Test
  void aFunctionInAnExecutorJvmSpawnsThroughTheDriver() {
    RemoteObject<List<Object>> outer = Remote.spawn((Integer n) -> {
      List<RemoteObject<Integer>> parts = new ArrayList<>();
      for (int i = 1; i <= n; i++) {
        int k = i;
        parts.add(Remote.spawn(() -> {
          System.out.println("square of " + k);
          return k * k;
        }));
      }
      RemoteObject<Integer> sum = Remote.spawn((List<Integer> xs) -> xs.stream().mapToInt(Integer::intValue).sum(),
          parts);
      List<RemoteObject<?>> all = new ArrayList<>(parts);
      all.add(sum);
      ExecutableTuple.of(all).execute();
      RemoteObject<Integer> more = Remote.spawn((Integer s) -> s + 1, sum).execute(); // reads a held object
      System.out.println("nested done");
      return List.<Object>of(pid(), sum.fetch(), more.fetch(), parts.get(2).fetchLog());
    }, 4);
    List<Object> got = outer.execute(session).fetch();
    assertNotEquals(pid(), got.get(0), "the outer function ran in the executor JVM");
    assertEquals(30, got.get(1));
    assertEquals(31, got.get(2));
    assertEquals("square of 3" + NL, got.get(3));
    assertEquals("nested done" + NL, outer.fetchLog());
  }

  static long spinUntilInterrupted(long seed) {
    long x = seed;
    while (!Thread.currentThread().isInterrupted()) {
      x = x * 6364136223846793005L + 1442695040888963407L;
    }
    return x;
  }

  @Test
  @org.junit.jupiter.api.Timeout(300)
  void cancellingAnExecutionStopsTheNestedExecutionItsTaskWaitsFor() throws Exception {
    RemoteObject<Long> outer = Remote.spawn(() ->
        Remote.spawn(Remote_LocalClusterIT::spinUntilInterrupted, 1L).execute().fetch());
    Execution<?> run = session.submit(() -> outer.execute(session));
    SparkContext sc = session.sparkContext();
    while (sc.statusTracker().getActiveJobIds().length < 2) { // the outer call's job, and the nested one
      Thread.sleep(50);
    }
    run.cancel();
    assertEquals(ErrorClass.CANCELLED, assertThrows(MarsException.class, run::join).errorClass());
    while (sc.statusTracker().getActiveJobIds().length > 0) { // the nested job was cancelled too
      Thread.sleep(50);
    }
    assertEquals(7, Remote.spawn(() -> 7).execute(session).fetch());
  }

  static int explode(int x) {
    System.out.println("failing in " + (pid() == x ? "the driver" : "an executor"));
    throw new IllegalArgumentException("bad " + x);
  }

  @Test
  void failuresAndLogsCrossJvms() {
    RemoteObject<Integer> bad = Remote.spawn(Remote_LocalClusterIT::explode, 5);
    MarsException e = assertThrows(MarsException.class, () -> bad.execute(session));
    assertEquals(ErrorClass.TASK_FAILED, e.errorClass());
    RemoteFunctionException failure = null;
    for (Throwable t = e; t != null; t = t.getCause()) {
      failure = t instanceof RemoteFunctionException r ? r : failure;
    }
    assertEquals("Remote_LocalClusterIT.explode", failure.function());
    IllegalArgumentException original = assertInstanceOf(IllegalArgumentException.class, failure.getCause());
    assertEquals("bad 5", original.getMessage());
    assertEquals("explode", original.getStackTrace()[0].getMethodName());
    assertEquals("failing in an executor" + NL, bad.fetchLog());
    assertEquals(7, Remote.spawn(() -> 7).execute(session).fetch());
  }

  /** Returns when the call ran, in the executor JVM's clock. */
  static long[] occupy(long millis) throws InterruptedException {
    long start = System.nanoTime();
    Thread.sleep(millis);
    return new long[] {start, System.nanoTime()};
  }

  @Test
  void coresAreHonouredThroughATaskResourceProfile() {
    PROFILE_OF_STAGE.clear();
    RemoteObject<long[]> a = Remote.options().cores(2).spawn(Remote_LocalClusterIT::occupy, 1500L);
    RemoteObject<long[]> b = Remote.options().cores(2).spawn(Remote_LocalClusterIT::occupy, 1500L);
    ExecutableTuple.of(a, b).execute(session);
    long[] ra = a.fetch();
    long[] rb = b.fetch();
    assertTrue(ra[1] <= rb[0] || rb[1] <= ra[0], "two 2-core calls ran at once on a 3-core executor");
    assertTrue(PROFILE_OF_STAGE.values().stream().anyMatch(p -> p != 0), "stages: " + PROFILE_OF_STAGE);
    assertNull(session.resourceSchedulingUnsupportedReason());
    // default calls do run side by side: each waits for the other
    RemoteObject<Integer> x = Remote.spawn(() -> PAIR.await(60, TimeUnit.SECONDS));
    RemoteObject<Integer> y = Remote.spawn(() -> PAIR.await(60, TimeUnit.SECONDS));
    assertEquals(List.of(0, 1), ExecutableTuple.of(x, y).execute(session).fetch().stream().sorted().toList());
  }

  @Test
  void aCallReadingResultsOfOtherProfilesRunsWithItsOwn() {
    PROFILE_OF_STAGE.clear();
    RemoteObject<Integer> two = Remote.options().cores(2).spawn(() -> 2);
    RemoteObject<Integer> three = Remote.options().cores(3).spawn(() -> 3);
    RemoteObject<Integer> sum = Remote.spawn((Integer p, Integer q) -> p + q, two, three);
    assertEquals(5, sum.execute(session).fetch());
    assertEquals(3, PROFILE_OF_STAGE.values().stream().distinct().count(), "stages: " + PROFILE_OF_STAGE);
  }

  @Test
  void aGpuRequestWithoutExecutorGpusFailsClearly() {
    RemoteObject<Integer> gpu = Remote.options().gpu(true).spawn(() -> 1);
    MarsException e = assertThrows(MarsException.class, () -> gpu.execute(session));
    assertEquals(ErrorClass.INVALID_ARGUMENT, e.errorClass());
    assertTrue(e.getMessage().contains("spark.executor.resource.gpu.amount"), e.getMessage());
  }
}
