package org.marsonspark.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.spark.TaskContext;
import org.apache.spark.resource.ResourceProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.ResourceRequest;
import org.marsonspark.exec.ResourceProfiles;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.JobProbe;

/** What a function sees on its executor: its own output only, nested spawns, resources. */
class Remote_ExecutorTest {
  private static final String NL = System.lineSeparator();
  /** Makes concurrently spawned functions wait for each other (local mode: one JVM). */
  private static volatile CyclicBarrier together;
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  /** Waits until its partner runs too, then prints interleaved with it. */
  static String chatter(String tag, int lines) throws Exception {
    together.await(30, TimeUnit.SECONDS);
    for (int i = 0; i < lines; i++) {
      System.out.println(tag + " out " + i);
      if (i % 10 == 0) {
        System.err.println(tag + " err " + i);
      }
      Thread.yield();
    }
    return tag;
  }

  private static String expectedLog(String tag, int lines) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < lines; i++) {
      sb.append(tag).append(" out ").append(i).append(NL);
      if (i % 10 == 0) {
        sb.append(tag).append(" err ").append(i).append(NL);
      }
    }
    return sb.toString();
  }

  @Test
  void eachFunctionLogsOnlyWhatItPrintedWhileOthersPrintAtTheSameTime() throws Exception {
    together = new CyclicBarrier(2);
    RemoteObject<String> a = Remote.spawn(Remote_ExecutorTest::chatter, "A", 400);
    RemoteObject<String> b = Remote.spawn(Remote_ExecutorTest::chatter, "B", 300);
    AtomicBoolean running = new AtomicBoolean(true);
    Thread driverNoise = new Thread(() -> {
      while (running.get()) {
        System.out.println("driver noise");
        Thread.yield();
      }
    });
    driverNoise.start();
    try {
      assertEquals(List.of("A", "B"), ExecutableTuple.of(a, b).execute(spark.session()).fetch());
    } finally {
      running.set(false);
      driverNoise.join();
    }
    assertEquals(expectedLog("A", 400), a.fetchLog());
    assertEquals(List.of(expectedLog("A", 400), expectedLog("B", 300)), ExecutableTuple.of(a, b).fetchLog());
    RemoteObject<Integer> silent = Remote.spawn(() -> 1).execute(spark.session());
    assertEquals("", silent.fetchLog());
  }

  /** Returns once a partner call is running at the same time (fails after 30 s alone). */
  static int meet(int x) throws Exception {
    together.await(30, TimeUnit.SECONDS);
    return x;
  }

  @Test
  void independentCallsFeedingOneConsumerRunAtTheSameTime() {
    together = new CyclicBarrier(2);
    RemoteObject<Integer> a = Remote.spawn(Remote_ExecutorTest::meet, 1);
    RemoteObject<Integer> b = Remote.spawn(Remote_ExecutorTest::meet, 2);
    // neither fused nor computed inside the consumer's task: each waits for the other
    assertEquals(3, Remote.spawn((Integer x, Integer y) -> x + y, a, b).execute(spark.session()).fetch());
  }

  @Test
  void aFunctionCanSpawnAndWaitForMoreFunctions() {
    RemoteObject<Integer> outer = Remote.spawn((Integer n) -> {
      List<RemoteObject<Integer>> squares = new ArrayList<>();
      for (int i = 1; i <= n; i++) {
        int k = i;
        squares.add(Remote.spawn(() -> {
          System.out.println("inner " + k);
          return k * k;
        }));
      }
      RemoteObject<Integer> sum = Remote.spawn((List<Integer> xs) -> xs.stream().mapToInt(Integer::intValue).sum(),
          squares);
      System.out.println("waiting for the inner sum");
      List<RemoteObject<?>> all = new ArrayList<>(squares);
      all.add(sum);
      ExecutableTuple.of(all).execute();
      System.out.println("inner log: " + squares.get(1).fetchLog().trim());
      return sum.fetch();
    }, 4);
    assertEquals(1 + 4 + 9 + 16, outer.execute(spark.session()).fetch());
    assertEquals("waiting for the inner sum" + NL + "inner log: inner 2" + NL, outer.fetchLog());
  }

  @Test
  void resourceRequestsBecomeSparkTaskProfilesOrAWarningWhereSparkCannotUseThem() {
    ResourceProfile profile = ResourceProfiles.profileOf(new ResourceRequest(2, 1));
    assertEquals(2.0, profile.taskResourcesJMap().get("cpus").amount());
    assertEquals(1.0, profile.taskResourcesJMap().get("gpu").amount());
    assertTrue(profile.executorResourcesJMap().isEmpty(), "a task profile: executors keep their resources");
    // local[n] cannot schedule by profile: the calls run with default resources, and say so once
    RemoteObject<Integer> twoCores = Remote.options().cores(2).spawn(() -> TaskContext.get().cpus());
    RemoteObject<Boolean> withGpu = Remote.options().gpu(true).spawn(() -> TaskContext.get().resources().contains("gpu"));
    ExecutableTuple.of(twoCores, withGpu).execute(spark.session());
    assertEquals(1, twoCores.fetch());
    assertFalse(withGpu.fetch());
    String reason = spark.session().resourceSchedulingUnsupportedReason();
    assertNotNull(reason);
    assertTrue(reason.contains("only supported for Standalone, Yarn and Kubernetes"), reason);
    // a default request does not ask Spark at all
    try (MarsSession other = MarsSession.attach(spark.session().spark(), spark.session().options())) {
      Remote.spawn(() -> 1).execute(other);
      assertNull(other.resourceSchedulingUnsupportedReason());
    } finally {
      spark.session().asDefault(); // nested spawns use the default session
    }
  }

  /** Counted down by every call but the slow one. */
  private static volatile CountDownLatch othersDone;
  /** The Spark task (attempt id) each call ran in. */
  private static final Map<Integer, Long> TASK_OF = new ConcurrentHashMap<>();

  /** Call 0 waits until every other call has finished; the others return at once. */
  static int slowFirst(int i) throws Exception {
    TASK_OF.put(i, TaskContext.get().taskAttemptId());
    if (i == 0) {
      return othersDone.await(30, TimeUnit.SECONDS) ? 0 : -1;
    }
    // long enough that the other task is still busy with its own calls when the blocked task
    // registers its calls for take-over (on a loaded machine the two tasks start far apart)
    Thread.sleep(50);
    othersDone.countDown();
    return i;
  }

  @Test
  void manyCallsRunAsOneTaskPerCoreThatTakeOverEachOthersCalls() {
    int n = 20;
    othersDone = new CountDownLatch(n - 1);
    TASK_OF.clear();
    List<RemoteObject<Integer>> calls = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      calls.add(Remote.spawn(Remote_ExecutorTest::slowFirst, i));
    }
    RemoteObject<Integer> sum = Remote.spawn((List<Integer> xs) -> xs.stream().mapToInt(Integer::intValue).sum(),
        calls);
    try (JobProbe counter = new JobProbe(spark.session().sparkContext())) {
      // call 0 blocks the task it was packed with until all 19 others ran: the other task ran them
      sum.execute(spark.session());
      counter.counts().jobs();
      assertEquals(1, counter.counts().jobs(), "the sum runs in the calls' stage, in its last task");
      assertEquals(2, counter.counts().tasks(), "two tasks for the 20 calls and their sum on 2 cores");
    }
    assertEquals(n * (n - 1) / 2, sum.fetch());
    assertEquals(n, TASK_OF.size());
    assertEquals(2, TASK_OF.values().stream().distinct().count(), "the 20 calls ran in two Spark tasks");
    long ranWithZero = TASK_OF.values().stream().filter(t -> t.equals(TASK_OF.get(0))).count();
    assertEquals(1, ranWithZero, "the calls packed with the blocked one were taken over by the other task");
  }

  /** Fails for i == 1 (taken over from the blocked task), once the failure can be seen. */
  static int failOne(int i) throws Exception {
    if (i == 0) {
      othersDone.await(30, TimeUnit.SECONDS);
      return 0;
    }
    try {
      Thread.sleep(50); // as in slowFirst: both tasks are running before the calls run out
      if (i == 1) {
        throw new IllegalStateException("call one fails");
      }
      return i;
    } finally {
      othersDone.countDown();
    }
  }

  @Test
  void aCallThatFailsInAnotherTaskFailsTheExecutionAndLeavesTheSessionUsable() {
    int n = 8;
    othersDone = new CountDownLatch(n - 1);
    List<RemoteObject<Integer>> calls = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      calls.add(Remote.spawn(Remote_ExecutorTest::failOne, i));
    }
    MarsException e = assertThrows(MarsException.class, () -> ExecutableTuple.of(calls).execute(spark.session()));
    assertEquals(ErrorClass.TASK_FAILED, e.errorClass());
    RemoteFunctionException cause = null;
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof RemoteFunctionException r) {
        cause = r;
      }
    }
    assertNotNull(cause, "the function's failure travels with the error");
    assertTrue(cause.getMessage().contains("failOne"), cause.getMessage());
    for (RemoteObject<Integer> c : calls) {
      assertFalse(c.isExecuted(), "nothing is left behind");
    }
    assertEquals(5, Remote.spawn(() -> 5).execute(spark.session()).fetch());
  }
}
