package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.SessionChecks;

/**
 * An execution interrupted while its tasks run a user function that waits forever — or
 * interrupted before its jobs are even submitted: execute() fails saying so, and every job it
 * submits is cancelled, its tasks interrupted and their cores freed, so the next execution of the
 * session runs, and nothing is left held.
 */
class Session_InterruptTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  /** Calls of the waiting function that have started (local mode: tasks run in this JVM). */
  private static final CountDownLatch STARTED = new CountDownLatch(2);

  /** Two chunks of three rows: two tasks, as many as local[2] has cores. */
  private static final Series S = Md.dataFrame(Map.of("a", Column.ofLongs(1, 2, 3, 4, 5, 6)), 3).col("a");

  private static Series waitingForever() {
    return S.apply(x -> {
      STARTED.countDown();
      try {
        Thread.sleep(Long.MAX_VALUE);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return x;
    }, "int64");
  }

  @Test
  void anExecutionInterruptedWhileItsTasksWaitLeavesNoJobRunning() throws Exception {
    SessionChecks.Held before = SessionChecks.held(spark.session());
    Series waiting = waitingForever();
    ExecutorService caller = Executors.newSingleThreadExecutor();
    try {
      java.util.concurrent.Future<?> run = caller.submit(() -> waiting.execute(spark.session()));
      assertTrue(STARTED.await(60, TimeUnit.SECONDS), "the function did not start");
      run.cancel(true);
      caller.shutdown();
      assertTrue(caller.awaitTermination(30, TimeUnit.SECONDS), "execute() did not return when interrupted");
    } finally {
      caller.shutdownNow();
    }
    assertTheSessionRuns(before);
  }

  @Test
  void anExecutionInterruptedBeforeItsJobsAreSubmittedCancelsThemToo() throws Exception {
    SessionChecks.Held before = SessionChecks.held(spark.session());
    Series waiting = waitingForever();
    MarsException e = within(() -> {
      Thread.currentThread().interrupt();
      try {
        return assertThrows(MarsException.class, () -> waiting.execute(spark.session()));
      } finally {
        Thread.interrupted();
      }
    });
    assertEquals(ErrorClass.CANCELLED, e.errorClass(), e.getMessage());
    assertTrue(e.getMessage().contains("interrupted"), e.getMessage());
    assertTheSessionRuns(before);
  }

  /** With the cores still taken by waiting tasks, the next execution would never finish. */
  private static void assertTheSessionRuns(SessionChecks.Held before) throws Exception {
    assertEquals(21L, within(() -> DfFixtures.compute(S.sum(), spark.session())));
    SessionChecks.assertNothingLeft(spark.session(), before, "an interrupted execution");
  }

  /** The body's result, computed on another thread within a minute. */
  private static <T> T within(Callable<T> body) throws Exception {
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      return pool.submit(body).get(60, TimeUnit.SECONDS);
    } finally {
      pool.shutdownNow();
    }
  }
}
