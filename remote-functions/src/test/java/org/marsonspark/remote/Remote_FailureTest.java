package org.marsonspark.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.function.Executable;
import org.marsonspark.core.ErrorStandIn;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.MarsAssert;
import org.marsonspark.core.MarsException;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.JobProbe;

/** Failing functions, retries, and arguments rejected before anything runs. */
class Remote_FailureTest {
  private static final String NL = System.lineSeparator();
  /** Calls of {@link #flaky} so far (in local mode executors share the driver's JVM). */
  private static final AtomicInteger FLAKY_CALLS = new AtomicInteger();
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  static int explode(int x) {
    System.out.println("about to fail with " + x);
    throw new IllegalStateException("boom " + x);
  }

  /** Fails on its first call, succeeds afterwards. */
  static int flaky(int x) {
    if (FLAKY_CALLS.getAndIncrement() == 0) {
      throw new IllegalStateException("transient failure");
    }
    return 2 * x;
  }

  /** The function's failure among the causes of {@code e}. */
  static RemoteFunctionException functionFailure(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof RemoteFunctionException r) {
        return r;
      }
    }
    throw new AssertionError("no RemoteFunctionException in the causes of " + e, e);
  }

  @Test
  void aFailureReachesTheDriverWithTypeMessageNameStackTraceAndLog() {
    RemoteObject<Integer> bad = Remote.spawn(Remote_FailureTest::explode, 7);
    MarsException e = assertThrows(MarsException.class, () -> bad.execute(spark.session()));
    assertEquals(ErrorClass.TASK_FAILED, e.errorClass());
    assertTrue(e.getMessage().contains("Remote_FailureTest.explode"), e.getMessage());
    assertTrue(e.getMessage().contains("IllegalStateException: boom 7"), e.getMessage());
    RemoteFunctionException failure = functionFailure(e);
    assertEquals("Remote_FailureTest.explode", failure.function());
    assertEquals(1, failure.attempts());
    IllegalStateException original = assertInstanceOf(IllegalStateException.class, failure.getCause());
    assertEquals("boom 7", original.getMessage());
    StackTraceElement top = original.getStackTrace()[0];
    assertEquals(Remote_FailureTest.class.getName(), top.getClassName());
    assertEquals("explode", top.getMethodName());
    // the failed object keeps its log; fetching its value says it failed
    assertEquals("about to fail with 7" + NL, bad.fetchLog());
    assertEquals(bad.fetchLog(), failure.log());
    MarsException fetch = assertThrows(MarsException.class, bad::fetch);
    assertEquals(ErrorClass.TASK_FAILED, fetch.errorClass());
    // the session is still usable
    assertEquals(42, Remote.spawn(() -> 42).execute(spark.session()).fetch());
  }

  @Test
  void aFailedDependencyKeepsItsLogToo() {
    RemoteObject<Integer> bad = Remote.spawn(Remote_FailureTest::explode, 3);
    RemoteObject<Integer> next = Remote.spawn((Integer x) -> x + 1, bad);
    assertThrows(MarsException.class, () -> next.execute(spark.session()));
    assertEquals("about to fail with 3" + NL, bad.fetchLog());
    assertEquals(ErrorClass.NOT_EXECUTED, assertThrows(MarsException.class, next::fetchLog).errorClass());
  }

  /** An exception that cannot be serialized (it holds a plain Object). */
  static final class Unshippable extends RuntimeException {
    private final Object lock = new Object();

    Unshippable(String message) {
      super(message);
    }
  }

  @Test
  void anExceptionThatCannotBeSerializedArrivesAsAFaithfulStandIn() {
    RemoteObject<Object> bad = Remote.spawn(() -> {
      throw new Unshippable("held a lock");
    });
    MarsException e = assertThrows(MarsException.class, () -> bad.execute(spark.session()));
    ErrorStandIn standIn = assertInstanceOf(ErrorStandIn.class, functionFailure(e).getCause());
    assertEquals(Unshippable.class.getName(), standIn.className());
    assertTrue(standIn.getMessage().endsWith("held a lock"), standIn.getMessage());
    assertEquals(Remote_FailureTest.class.getName(), standIn.getStackTrace()[0].getClassName());
  }

  @Test
  void aTransientFailureIsRetriedAndSucceeds() {
    FLAKY_CALLS.set(0);
    RemoteObject<Integer> r = Remote.options().retryWhenFail(true).spawn(Remote_FailureTest::flaky, 21);
    assertEquals(42, r.execute(spark.session()).fetch());
    assertEquals(2, FLAKY_CALLS.get());
    assertTrue(r.fetchLog().contains("attempt 1 failed (java.lang.IllegalStateException: transient failure), retrying"),
        r.fetchLog());
    // without retries the same failure fails the call
    FLAKY_CALLS.set(0);
    RemoteObject<Integer> once = Remote.spawn(Remote_FailureTest::flaky, 21);
    assertEquals(ErrorClass.TASK_FAILED, assertThrows(MarsException.class, () -> once.execute(spark.session())).errorClass());
  }

  @Test
  void retriesStopAfterMaxRetries() {
    AtomicInteger before = new AtomicInteger(FLAKY_CALLS.get());
    RemoteObject<Integer> bad = Remote.options().maxRetries(2).spawn(Remote_FailureTest::explode, 1);
    MarsException e = assertThrows(MarsException.class, () -> bad.execute(spark.session()));
    assertEquals(3, functionFailure(e).attempts());
    assertTrue(e.getMessage().contains("after 3 attempts"), e.getMessage());
    String log = bad.fetchLog();
    assertEquals(3, log.split("about to fail with 1", -1).length - 1, log);
    assertEquals(before.get(), FLAKY_CALLS.get());
  }

  @Test
  void badArgumentsAreRejectedAtSpawnBeforeAnythingRuns() {
    RemoteObject<Integer> spawned = Remote.spawn(() -> 1);
    Object lock = new Object();
    try (JobProbe jobs = new JobProbe(spark.session().sparkContext())) {
      MarsException thread = rejected(() -> Remote.spawn((Thread t) -> t.getName(), new Thread()));
      assertTrue(thread.getMessage().contains("argument 1 of spawn(Remote_FailureTest.")
          && thread.getMessage().contains("java.lang.Thread"), thread.getMessage());
      MarsException inList = rejected(() -> Remote.spawn((java.util.List<Object> l) -> l.size(),
          java.util.List.of(spawned, new Thread())));
      assertTrue(inList.getMessage().contains("argument 1[1]"), inList.getMessage());
      MarsException captured = rejected(() -> Remote.spawn(() -> lock.hashCode()));
      assertTrue(captured.getMessage().contains("the function Remote_FailureTest.")
          && captured.getMessage().contains("java.lang.Object"), captured.getMessage());
      MarsException capturedObject = rejected(() -> Remote.spawn(() -> spawned.fetch()));
      assertTrue(capturedObject.getMessage().contains("passed as arguments"), capturedObject.getMessage());
      MarsException wrongType = rejected(() -> Remote.spawn((Integer x) -> x + 1, "seven"));
      assertTrue(wrongType.getMessage().contains("must be a java.lang.Integer, got a java.lang.String"),
          wrongType.getMessage());
      rejected(() -> Remote.options().cores(0));
      rejected(() -> Remote.options().maxRetries(-1));
      rejected(() -> Remote.options().nOutput(0));
      assertEquals(0, jobs.counts().jobs(), "nothing ran");
    }
  }

  private static MarsException rejected(Executable spawn) {
    return MarsAssert.assertError(ErrorClass.INVALID_ARGUMENT, spawn);
  }

  @Test
  void aValueThatCannotTravelFailsClearly() {
    RemoteObject<Object> bad = Remote.spawn(() -> new Object());
    MarsException e = assertThrows(MarsException.class, () -> bad.execute(spark.session()));
    assertTrue(e.getMessage().contains("returned a java.lang.Object, which is not serializable"), e.getMessage());
    assertNotNull(bad.fetchLog());
  }
}
