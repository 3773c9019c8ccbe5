package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.LocalSession;
import org.opentest4j.AssertionFailedError;

/**
 * The deadline every fixture case runs under ({@link CaseWatchdog}): a case that does not finish
 * fails with its name and where it was stuck, its Spark jobs are cancelled, and the next case of
 * the session runs normally — or, if the stuck case ignores its interruption, fails at once
 * naming it until it ends. A case that finishes passes its result or its failure through unchanged.
 */
class CaseWatchdog_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static final Duration LIMIT = Duration.ofSeconds(1);

  @Test
  void aCaseStuckInASparkJobFailsWithItsNameAndItsJobIsCancelled() throws InterruptedException {
    SessionChecks.Held before = SessionChecks.held(spark.session());
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.session().sparkContext());
    long start = System.nanoTime();
    AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> CaseWatchdog.call("sleeper on chunk=1",
        spark.session(), LIMIT, Duration.ofSeconds(20), () -> {
          // interruptible when cancelled, as Mars's own jobs are
          jsc.setJobGroup("sleeper", "tasks that sleep until interrupted", true);
          jsc.parallelize(List.of(1, 2), 2).foreach(x -> Thread.sleep(Long.MAX_VALUE));
          return null;
        }));
    assertTrue(e.getMessage().startsWith("sleeper on chunk=1 did not finish within 1 s"), e.getMessage());
    assertTrue(e.getMessage().contains("stopped when interrupted"), e.getMessage());
    // where the case was stuck: waiting for its Spark job
    assertTrue(e.getMessage().contains("org.apache.spark.SparkContext.runJob"), e.getMessage());
    assertTrue(System.nanoTime() - start < Duration.ofSeconds(15).toNanos(), "the job was not cancelled at once");
    // the status tracker hears of the cancelled job's end through the listener bus
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (spark.session().sparkContext().statusTracker().getActiveJobIds().length > 0 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertEquals(0, spark.session().sparkContext().statusTracker().getActiveJobIds().length, "a job still runs");
    SessionChecks.assertNothingLeft(spark.session(), before, "a cancelled case");
    SessionChecks.assertUsable(spark.session(), "a cancelled case");
  }

  @Test
  void aCaseThatIgnoresItsInterruptionFailsTheNextCasesUntilItEnds() throws Throwable {
    long spinUntil = System.nanoTime() + Duration.ofSeconds(3).toNanos();
    AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> CaseWatchdog.call("spinner",
        spark.session(), LIMIT, Duration.ofMillis(200), () -> {
          while (System.nanoTime() < spinUntil) {
            Thread.onSpinWait(); // a driver loop that never looks at its interrupt flag
          }
          return null;
        }));
    assertTrue(e.getMessage().contains("it still runs"), e.getMessage());
    assertTrue(e.getMessage().contains("CaseWatchdog_Test"), "the stuck frame is shown: " + e.getMessage());
    AssertionFailedError next = assertThrows(AssertionFailedError.class, () -> CaseWatchdog.call("next case",
        spark.session(), LIMIT, LIMIT, () -> 1));
    assertEquals("next case: not run, because the earlier case spinner did not finish and still holds the session",
        next.getMessage());
    // once the stuck case has ended, the session runs cases again
    while (System.nanoTime() < spinUntil) {
      Thread.sleep(50);
    }
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    Integer got = null;
    while (got == null) {
      try {
        got = CaseWatchdog.call("after the spinner", spark.session(), LIMIT, LIMIT, () -> 7);
      } catch (AssertionFailedError stillHeld) {
        if (System.nanoTime() > deadline) {
          throw stillHeld;
        }
        Thread.sleep(20);
      }
    }
    assertEquals(7, got);
  }

  @Test
  void aCaseThatFinishesPassesItsResultOrItsFailureThrough() throws Throwable {
    Fixtures.Case c = Fixtures.find("reductions", "argmax_int64_ties_all");
    NDArray r = CaseWatchdog.call(c.name(), spark.session(),
        () -> Reductions_FixtureTest.run(c, Fixtures.CHUNK_1, spark.session()));
    TensorAssert.assertMatches(c.expected(), r, c + " under the watchdog");
    AssertionError failed = new AssertionError("expected 1 but was 2");
    assertEquals(failed, assertThrows(AssertionError.class, () -> CaseWatchdog.call("fails", spark.session(), () -> {
      throw failed;
    })));
    IllegalStateException thrown = new IllegalStateException("bad");
    assertEquals(thrown, assertThrows(IllegalStateException.class,
        () -> CaseWatchdog.call("throws", spark.session(), () -> {
          throw thrown;
        })));
  }
}
