package org.marsonspark.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkEnv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.MarsException;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.SparkLogCapture;
import org.marsonspark.tensor.JobProbe;

/**
 * A consumer of one stage's calls runs in that stage's last task (in one JVM): it reads the other
 * task's outputs as they are made, fails with its producers' errors, and recomputes from lineage.
 */
class Remote_MergedTailTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();
  private static final AtomicInteger CALLS = new AtomicInteger();

  static int square(int i) {
    CALLS.incrementAndGet();
    return i * i;
  }

  static int failAt7(int i) {
    if (i == 7) {
      throw new IllegalArgumentException("no 7 here");
    }
    return i;
  }

  /** {@code fn(0) .. fn(n - 1)}, spawned. */
  private static List<RemoteObject<Integer>> calls(Fn1<Integer, Integer> fn, int n) {
    List<RemoteObject<Integer>> parts = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      parts.add(Remote.spawn(fn, i));
    }
    return parts;
  }

  private static RemoteObject<Integer> sumOf(List<RemoteObject<Integer>> parts) {
    return Remote.spawn((List<Integer> xs) -> xs.stream().mapToInt(Integer::intValue).sum(), parts);
  }

  @Test
  void aMergedConsumerRecomputesItsStageFromLineage() {
    List<RemoteObject<Integer>> parts = calls(Remote_MergedTailTest::square, 12);
    RemoteObject<Integer> sum = sumOf(parts);
    CALLS.set(0);
    try (JobProbe jobs = new JobProbe(spark.session().sparkContext())) {
      sum.execute(spark.session());
      assertEquals(1, jobs.counts().jobs(), "the calls and their sum: one job");
    }
    assertEquals(12, CALLS.get());
    assertEquals(506, sum.fetch()); // 0² + ... + 11²
    // lose every cached block: the next consumer recomputes the sum's partition, which reads its
    // sibling partition's outputs — recomputed too — through the RDD's lineage
    scala.collection.Iterator<Object> ids = spark.session().sparkContext().getPersistentRDDs().keysIterator();
    while (ids.hasNext()) {
      SparkEnv.get().blockManager().removeRdd((Integer) ids.next());
    }
    CALLS.set(0);
    RemoteObject<Integer> twice = Remote.spawn((Integer s) -> 2 * s, sum);
    assertEquals(1012, twice.execute(spark.session()).fetch());
    assertEquals(12, CALLS.get(), "both partitions of the calls were computed again, each call once");
  }

  /**
   * remote-pi's pattern — many calls, and their sum merged into the last task, which reads the
   * other task's outputs as they are made, racing it for a partition that has not started —
   * leaves nothing in Spark's log: the race's "Block rdd_… already exists" lines concern Mars's
   * own tasks and are filtered; a failing call is reported by its exception alone.
   */
  @Test
  void theMergedTailsRaceAndAFailingCallLogNothingFromSpark() {
    try (SparkLogCapture log = new SparkLogCapture()) {
      for (int round = 0; round < 5; round++) {
        RemoteObject<Integer> sum = sumOf(calls(Remote_MergedTailTest::square, 40));
        assertEquals(20540, sum.execute(spark.session()).fetch()); // 0² + ... + 39²
        sum.release();
      }
      RemoteObject<Integer> failed = sumOf(calls(Remote_MergedTailTest::failAt7, 12));
      assertThrows(MarsException.class, () -> failed.execute(spark.session()));
      spark.session().chunkStore().awaitReleases();
      assertEquals(List.of(), log.lines());
    }
  }

  @Test
  void aFailingCallInTheOtherTaskFailsTheMergedConsumerWithItsOwnError() {
    List<RemoteObject<Integer>> parts = calls(Remote_MergedTailTest::failAt7, 12);
    RemoteObject<Integer> sum = sumOf(parts);
    MarsException e = assertThrows(MarsException.class, () -> sum.execute(spark.session()));
    assertEquals(ErrorClass.TASK_FAILED, e.errorClass());
    assertTrue(e.getMessage().contains("Remote_MergedTailTest.failAt7"), e.getMessage());
    Throwable cause = e;
    while (cause != null && !(cause instanceof RemoteFunctionException)) {
      cause = cause.getCause();
    }
    assertInstanceOf(IllegalArgumentException.class, assertInstanceOf(RemoteFunctionException.class, cause).getCause());
    // the session goes on
    assertEquals(6, Remote.spawn((Integer a, Integer b) -> a * b, 2, 3).execute(spark.session()).fetch());
  }

  @Test
  void aFailingMergedConsumerFailsAloneAndNamesItself() {
    List<RemoteObject<Integer>> parts = calls(Remote_MergedTailTest::square, 6);
    RemoteObject<Integer> bad = Remote.spawn((List<Integer> xs) -> xs.get(99), parts);
    MarsException e = assertThrows(MarsException.class, () -> bad.execute(spark.session()));
    assertTrue(e.getMessage().contains("IndexOutOfBounds"), e.getMessage());
    assertEquals(55, sumOf(parts).execute(spark.session()).fetch());
  }
}
