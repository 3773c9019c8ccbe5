package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.CaseWatchdog;
import org.marsonspark.tensor.SessionChecks;
import org.opentest4j.AssertionFailedError;

/**
 * The deadline of the DataFrame fixture cases ({@link CaseWatchdog}) on a Mars execution that
 * does not finish — a user function that never returns: the case fails with its name and where it
 * waited, the execution's jobs are cancelled and its chunks given back, and the session goes on.
 */
class DfCaseWatchdog_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  /** Calls of the stuck function that have started (local mode: tasks run in this JVM). */
  private static final CountDownLatch STARTED = new CountDownLatch(1);

  @Test
  void anExecutionStuckInAUserFunctionIsCancelledAndTheSessionGoesOn() throws Throwable {
    SessionChecks.Held before = SessionChecks.held(spark.session());
    Series s = Md.dataFrame(Map.of("a", Column.ofLongs(1, 2, 3, 4, 5)), 2).col("a");
    // the same plan once without sleeping, so that the stuck one reaches its function well within the deadline
    assertEquals(List.of(2L, 3L, 4L, 5L, 6L), list(DfFixtures.compute(s.apply(x -> x, "int64").add(1),
        spark.session())));
    Series stuck = s.apply(x -> {
      STARTED.countDown();
      try {
        Thread.sleep(Long.MAX_VALUE);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return x;
    }, "int64").add(1);
    AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> CaseWatchdog.call("apply/sleep on "
        + "chunkRows=2", spark.session(), Duration.ofSeconds(5), Duration.ofSeconds(20),
        () -> DfFixtures.compute(stuck, spark.session())));
    assertEquals(0, STARTED.getCount(), "the function never ran: " + e.getMessage());
    assertTrue(e.getMessage().startsWith("apply/sleep on chunkRows=2 did not finish within 5 s"), e.getMessage());
    assertTrue(e.getMessage().contains("stopped when interrupted"), e.getMessage());
    assertTrue(e.getMessage().contains("MarsSession.execute"), "where it waited: " + e.getMessage());
    SessionChecks.assertNothingLeft(spark.session(), before, "a cancelled execution");
    SessionChecks.assertUsable(spark.session(), "a cancelled execution");
    assertEquals(15L, CaseWatchdog.call("sum after it", spark.session(), () -> DfFixtures.compute(s.sum(),
        spark.session())));
  }

  private static List<Object> list(Object fetched) {
    org.marsonspark.dataframe.local.LocalSeries v = (org.marsonspark.dataframe.local.LocalSeries) fetched;
    List<Object> out = new java.util.ArrayList<>();
    for (int i = 0; i < v.size(); i++) {
      out.add(v.get(i));
    }
    return out;
  }
}
