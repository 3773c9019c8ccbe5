package org.marsonspark.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableData;

/**
 * Sessions and the SparkContext under them: one per JVM, shared by local sessions asking for the
 * same, stopped by the last one; a stopped Spark is a clear error, and no Mars thread dies of
 * it. Each test starts and stops its own Spark.
 */
@Timeout(300)
class Session_LifecycleTest {
  private static MarsOptions quiet() {
    return MarsOptions.defaults().withProgress(false);
  }

  private static void assertRuns(MarsSession s) {
    TileableData t = Calls.of(2, i -> i * 3);
    s.execute(List.of(t));
    assertArrayEquals(new Object[] {0, 3}, s.fetchChunks(t.chunks(), null));
  }

  @Test
  void aSecondLocalSessionWithAnotherMasterIsRefused() {
    try (MarsSession first = MarsSession.local("local[2]", quiet())) {
      MarsException e = assertThrows(MarsException.class, () -> MarsSession.local("local[3]", quiet()));
      assertEquals(ErrorClass.INVALID_ARGUMENT, e.errorClass());
      assertTrue(e.getMessage().contains("local[3]") && e.getMessage().contains("runs Spark local[2]")
          && e.getMessage().contains("close that session first"), e.getMessage());
      MarsException conf = assertThrows(MarsException.class, () -> MarsSession.local("local[2]", quiet(),
          new SparkConf().set("spark.sql.shuffle.partitions", "3")));
      assertTrue(conf.getMessage().contains("spark.sql.shuffle.partitions=3 (running: 8)"), conf.getMessage());
      assertRuns(first);
    }
  }

  @Test
  void localSessionsOnTheSameMasterShareSparkAndTheLastOneStopsIt() {
    MarsSession first = MarsSession.local("local[2]", quiet());
    MarsSession second = MarsSession.local("local[2]", quiet().withFusion(false));
    assertSame(first.sparkContext(), second.sparkContext());
    assertRuns(second);
    second.close();
    assertFalse(first.sparkContext().isStopped(), "closing one session leaves Spark to the other");
    assertRuns(first.asDefault());
    first.close();
    assertTrue(first.sparkContext().isStopped(), "the last session stops Spark");
    // and the next one starts a fresh Spark, with another master if it likes
    try (MarsSession third = MarsSession.local("local[1]", quiet())) {
      assertEquals("local[1]", third.sparkContext().master());
      assertRuns(third);
    }
  }

  @Test
  void localRefusesASparkContextMarsDidNotStart() {
    SparkSession foreign = SparkSession.builder().master("local[1]").appName("someone else's")
        .config("spark.ui.enabled", "false").getOrCreate();
    try {
      MarsException e = assertThrows(MarsException.class, () -> MarsSession.local("local[1]", quiet()));
      assertEquals(ErrorClass.INVALID_ARGUMENT, e.errorClass());
      assertTrue(e.getMessage().contains("MarsSession.attach"), e.getMessage());
    } finally {
      foreign.stop();
    }
  }

  @Test
  void attachingToAStoppedSparkSaysSo() {
    MarsSession owner = MarsSession.local("local[1]", quiet());
    SparkSession spark = owner.spark();
    owner.close();
    MarsException e = assertThrows(MarsException.class, () -> MarsSession.attach(spark));
    assertEquals(ErrorClass.SESSION_CLOSED, e.errorClass());
    assertTrue(e.getMessage().contains("was stopped"), e.getMessage());
  }

  @Test
  void sparkStoppedUnderAnAttachedSessionClosesItAndNoMarsThreadDies() throws Exception {
    List<Throwable> uncaught = new ArrayList<>();
    Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
    Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
      synchronized (uncaught) {
        uncaught.add(e);
      }
    });
    SparkSession spark = SparkSession.builder().master("local[2]").config("spark.ui.enabled", "false").getOrCreate();
    try {
      MarsSession attached = MarsSession.attach(spark, quiet());
      TileableData held = Calls.of(2, i -> i);
      List<ExecutionHandle> handles = attached.execute(List.of(held));
      spark.stop();
      assertTrue(attached.isClosed(), "a session whose Spark stopped is closed");
      handles.forEach(ExecutionHandle::release); // drops blocks of a stopped Spark: nothing to do
      MarsException e = assertThrows(MarsException.class, () -> attached.execute(List.of(Calls.of(1, i -> i))));
      assertEquals(ErrorClass.SESSION_CLOSED, e.errorClass());
      assertTrue(e.getMessage().contains("was stopped by its owner"), e.getMessage());
      assertEquals(ErrorClass.SESSION_CLOSED, assertThrows(MarsException.class,
          () -> attached.fetchChunks(held.chunks(), null)).errorClass());
      attached.close(); // closing again is harmless
      Thread.sleep(200);
      synchronized (uncaught) {
        assertEquals(List.of(), uncaught);
      }
    } finally {
      Thread.setDefaultUncaughtExceptionHandler(before);
      spark.stop();
    }
  }

  @Test
  void closingASessionStopsTheExecutionItRuns() throws Exception {
    MarsSession s = MarsSession.local("local[2]", quiet());
    java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
    STARTED = started;
    Execution<?> run = s.submit(() -> s.execute(List.of(Calls.of(1, Session_LifecycleTest::sleepUntilInterrupted))));
    started.await();
    s.close();
    MarsException e = assertThrows(MarsException.class, run::join);
    assertEquals(ErrorClass.SESSION_CLOSED, e.errorClass());
    assertTrue(s.sparkContext().isStopped());
  }

  private static volatile java.util.concurrent.CountDownLatch STARTED;

  static int sleepUntilInterrupted(int i) throws InterruptedException {
    STARTED.countDown();
    Thread.sleep(Long.MAX_VALUE);
    return i;
  }
}
