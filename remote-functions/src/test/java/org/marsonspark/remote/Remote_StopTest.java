package org.marsonspark.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.ErrorStandIn;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.session.Execution;
import org.marsonspark.session.LocalSession;

/**
 * Spawned functions that must not take the session down or hold it: fatal JVM errors, per-call
 * timeouts, and cancelling an execution while CPU-bound calls run — calls that check for
 * interrupts and calls that ignore them.
 */
@Timeout(300)
class Remote_StopTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();
  private static final AtomicInteger STARTED = new AtomicInteger();
  private static final AtomicInteger CALLS = new AtomicInteger();
  /** Moves on after each test: the loops that ignore interrupts end with their test. */
  private static volatile int generation;

  @BeforeEach
  void reset() {
    STARTED.set(0);
    CALLS.set(0);
  }

  @AfterEach
  void releaseLoops() {
    generation++;
  }

  static int recurse(int depth) {
    return recurse(depth + 1) + 1;
  }

  static long spinUntilInterrupted(long seed) {
    STARTED.incrementAndGet();
    long x = seed;
    while (!Thread.currentThread().isInterrupted()) {
      x = x * 6364136223846793005L + 1442695040888963407L;
    }
    return x;
  }

  static long spinIgnoringInterrupts(long seed) {
    int mine = generation;
    STARTED.incrementAndGet();
    long x = seed;
    while (generation == mine) {
      x = x * 6364136223846793005L + 1442695040888963407L;
    }
    return x;
  }

  static int sleepy(int x) throws InterruptedException {
    CALLS.incrementAndGet();
    System.out.println("going to sleep");
    Thread.sleep(Long.MAX_VALUE);
    return x;
  }

  private static void assertSessionUsable() {
    assertEquals(42, Remote.spawn(() -> 42).execute(spark.session()).fetch());
  }

  private static void await(AtomicInteger count, int atLeast) throws InterruptedException {
    while (count.get() < atLeast) {
      Thread.sleep(20);
    }
  }

  @Test
  void aStackOverflowInASpawnedFunctionIsAnOrdinaryFailure() {
    RemoteObject<Integer> bad = Remote.spawn((Integer d) -> {
      System.out.println("recursing");
      return recurse(d);
    }, 0);
    MarsException e = assertThrows(MarsException.class, () -> bad.execute(spark.session()));
    assertEquals(ErrorClass.TASK_FAILED, e.errorClass());
    assertTrue(e.getMessage().contains("java.lang.StackOverflowError"), e.getMessage());
    RemoteFunctionException failure = Remote_FailureTest.functionFailure(e);
    assertTrue(failure.function().startsWith("Remote_StopTest."), failure.function());
    ErrorStandIn soe = assertInstanceOf(ErrorStandIn.class, failure.getCause());
    assertEquals(StackOverflowError.class.getName(), soe.className());
    assertEquals("recurse", soe.getStackTrace()[0].getMethodName());
    assertTrue(bad.fetchLog().contains("recursing"), "the failed call keeps its log");
    assertSessionUsable();
  }

  @Test
  void anOutOfMemoryErrorInASpawnedFunctionIsAnOrdinaryFailure() {
    RemoteObject<Integer> bad = Remote.spawn(() -> new long[Integer.MAX_VALUE - 8].length);
    MarsException e = assertThrows(MarsException.class, () -> bad.execute(spark.session()));
    assertEquals(ErrorClass.TASK_FAILED, e.errorClass());
    ErrorStandIn oom = assertInstanceOf(ErrorStandIn.class, Remote_FailureTest.functionFailure(e).getCause());
    assertEquals(OutOfMemoryError.class.getName(), oom.className());
    assertSessionUsable();
  }

  @Test
  void aCallPastItsTimeoutIsStoppedAndNamed() {
    RemoteObject<Integer> slow = Remote.options().timeout(Duration.ofMillis(300)).maxRetries(2)
        .spawn(Remote_StopTest::sleepy, 1);
    MarsException e = assertThrows(MarsException.class, () -> slow.execute(spark.session()));
    assertEquals(ErrorClass.TIMED_OUT, e.errorClass());
    assertTrue(e.getMessage().contains("Remote_StopTest.sleepy ran past its timeout of 300 ms; it stopped when "
        + "interrupted"), e.getMessage());
    RemoteFunctionException failure = Remote_FailureTest.functionFailure(e);
    assertEquals(1, failure.attempts(), "a timed-out call is not retried");
    assertEquals(1, CALLS.get());
    // the timeout's stack trace is where the function was when its time ran out
    TimeoutException where = assertInstanceOf(TimeoutException.class, failure.getCause());
    assertTrue(java.util.Arrays.stream(where.getStackTrace()).anyMatch(f -> f.getMethodName().equals("sleepy")),
        java.util.Arrays.toString(where.getStackTrace()));
    assertEquals("going to sleep" + System.lineSeparator(), slow.fetchLog());
    // calls within their time are not affected
    assertEquals(5, Remote.options().timeout(Duration.ofMinutes(5)).spawn((Integer x) -> x + 4, 1)
        .execute(spark.session()).fetch());
  }

  @Test
  void aCallThatIgnoresItsTimeoutIsLeftRunningAndTheExecutionGoesOn() throws Exception {
    RemoteObject<Long> stubborn = Remote.options().timeout(Duration.ofMillis(300))
        .spawn(Remote_StopTest::spinIgnoringInterrupts, 1L);
    MarsException e = assertThrows(MarsException.class, () -> stubborn.execute(spark.session()));
    assertEquals(ErrorClass.TIMED_OUT, e.errorClass());
    assertTrue(e.getMessage().contains("it ignores interrupts, so its thread"), e.getMessage());
    assertSessionUsable();
  }

  @Test
  void cancellingStopsCallsThatCheckForInterrupts() throws Exception {
    List<RemoteObject<Long>> calls = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      calls.add(Remote.spawn(Remote_StopTest::spinUntilInterrupted, (long) i));
    }
    Execution<?> run = spark.session().submit(() -> ExecutableTuple.of(calls).execute(spark.session()));
    await(STARTED, 2);
    run.cancel();
    MarsException e = assertThrows(MarsException.class, run::join);
    assertEquals(ErrorClass.CANCELLED, e.errorClass());
    assertEquals(ErrorClass.NOT_EXECUTED, assertThrows(MarsException.class, calls.get(0)::fetch).errorClass());
    assertSessionUsable();
  }

  @Test
  void interruptingTheCallerStopsCallsThatIgnoreInterrupts() throws Exception {
    List<RemoteObject<Long>> calls = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      calls.add(Remote.spawn(Remote_StopTest::spinIgnoringInterrupts, (long) i));
    }
    RemoteObject<Long> sum = Remote.spawn((List<Long> xs) -> xs.get(0) + xs.get(1), calls);
    List<Throwable> failure = new ArrayList<>();
    Thread caller = new Thread(() -> {
      try {
        sum.execute(spark.session());
      } catch (Throwable t) {
        failure.add(t);
      }
    });
    caller.start();
    await(STARTED, 2);
    caller.interrupt();
    caller.join();
    assertEquals(ErrorClass.CANCELLED, assertInstanceOf(MarsException.class, failure.get(0)).errorClass());
    // both cores run loops that go on: their Spark tasks ended, so the next execution runs
    assertSessionUsable();
  }
}
