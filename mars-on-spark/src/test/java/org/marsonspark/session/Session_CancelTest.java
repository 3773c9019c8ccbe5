package org.marsonspark.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableData;

/**
 * Stopping executions while CPU-bound chunk functions run: an interrupt of the caller's thread,
 * {@link Execution#cancel}, the session's timeout and a submitted work's timeout. The Spark jobs
 * end, the functions are interrupted, nothing stays held, and the session runs the next
 * execution — also when a function ignores interrupts and keeps its thread.
 */
@Timeout(300)
class Session_CancelTest {
  private static MarsSession session;
  /** Functions running now, and interrupts they saw (in local mode tasks run in this JVM). */
  private static final AtomicInteger STARTED = new AtomicInteger();
  private static final AtomicInteger SAW_INTERRUPT = new AtomicInteger();
  /** Ends the loops that ignore interrupts, so that they do not outlive the test. */
  private static volatile boolean release;

  @BeforeAll
  static void start() {
    session = MarsSession.local("local[2]", MarsOptions.defaults().withProgress(false));
  }

  @AfterAll
  static void stop() {
    release = true;
    session.close();
  }

  @BeforeEach
  void reset() {
    STARTED.set(0);
    SAW_INTERRUPT.set(0);
  }

  /** Burns CPU until its thread is interrupted. */
  static long spinUntilInterrupted(int i) {
    STARTED.incrementAndGet();
    long x = i;
    while (!Thread.currentThread().isInterrupted()) {
      x = x * 6364136223846793005L + 1442695040888963407L;
    }
    SAW_INTERRUPT.incrementAndGet();
    return x;
  }

  /** Burns CPU and never looks at interrupts (until the test class ends). */
  static long spinIgnoringInterrupts(int i) {
    STARTED.incrementAndGet();
    long x = i;
    while (!release) {
      x = x * 6364136223846793005L + 1442695040888963407L;
    }
    return x;
  }

  /** Sleeps until interrupted. */
  static int sleepUntilInterrupted(int i) {
    STARTED.incrementAndGet();
    try {
      Thread.sleep(Long.MAX_VALUE);
    } catch (InterruptedException e) {
      SAW_INTERRUPT.incrementAndGet();
    }
    return i;
  }

  private static void await(IntSupplier count, int atLeast) throws InterruptedException {
    while (count.getAsInt() < atLeast) {
      Thread.sleep(20);
    }
  }

  /** After a stopped execution: no job runs, nothing is held, the next execution runs. */
  private static void assertStoppedCleanly() throws InterruptedException {
    while (session.sparkContext().statusTracker().getActiveJobIds().length > 0) {
      Thread.sleep(20);
    }
    session.chunkStore().awaitReleases();
    assertEquals(0, session.chunkStore().size(), "nothing held after the stop");
    TileableData next = Calls.of(2, i -> i + 1);
    List<ExecutionHandle> handles = session.execute(List.of(next));
    assertArrayEquals(new Object[] {1, 2}, session.fetchChunks(next.chunks(), null));
    handles.forEach(ExecutionHandle::release);
    session.chunkStore().awaitReleases();
  }

  @Test
  void interruptingTheCallersThreadCancelsTheRunAndInterruptsItsTasks() throws Exception {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
    Thread caller = new Thread(() -> {
      try {
        session.execute(List.of(Calls.of(2, Session_CancelTest::spinUntilInterrupted)));
      } catch (Throwable e) {
        failure.set(e);
        stillInterrupted.set(Thread.currentThread().isInterrupted());
      }
    });
    caller.start();
    await(STARTED::get, 2);
    caller.interrupt();
    caller.join();
    MarsException e = assertInstanceOf(MarsException.class, failure.get());
    assertEquals(ErrorClass.CANCELLED, e.errorClass());
    assertTrue(e.getMessage().contains("its thread was interrupted"), e.getMessage());
    assertTrue(stillInterrupted.get(), "the caller's own interrupt stays set");
    await(SAW_INTERRUPT::get, 2);
    assertStoppedCleanly();
  }

  @Test
  void aLoopThatIgnoresInterruptsNoLongerHoldsTheSession() throws Exception {
    Execution<?> run = session.submit(() ->
        session.execute(List.of(Calls.of(2, Session_CancelTest::spinIgnoringInterrupts))));
    await(STARTED::get, 2);
    try {
      run.cancel();
      MarsException e = assertThrows(MarsException.class, run::join);
      assertEquals(ErrorClass.CANCELLED, e.errorClass());
      assertTrue(e.getMessage().contains("Execution.cancel"), e.getMessage());
      assertTrue(run.isCancelled() && run.isDone());
      // both task slots were taken by loops that still run: the next execution needs them back
      assertStoppedCleanly();
      assertEquals(2, STARTED.get(), "the loops were not run again");
    } finally {
      release = true;
    }
  }

  @Test
  void theSessionsTimeoutStopsAnExecution() throws Exception {
    try (MarsSession limited = MarsSession.attach(session.spark(),
        session.options().withTimeout(Duration.ofMillis(500)))) {
      MarsException e = assertThrows(MarsException.class,
          () -> limited.execute(List.of(Calls.of(2, Session_CancelTest::sleepUntilInterrupted))));
      assertEquals(ErrorClass.TIMED_OUT, e.errorClass());
      assertTrue(e.getMessage().contains("timeout of 500 ms (MarsOptions.withTimeout)"), e.getMessage());
      assertFalse(Thread.currentThread().isInterrupted(), "the timeout's own interrupt is cleared");
      await(SAW_INTERRUPT::get, STARTED.get());
    }
    session.asDefault();
    assertStoppedCleanly();
  }

  @Test
  void aSubmittedWorksTimeoutCoversEverythingItRuns() throws Exception {
    Execution<Object[]> run = session.submit(() -> {
      session.execute(List.of(Calls.of(1, i -> 1))).forEach(ExecutionHandle::release); // quick
      TileableData slow = Calls.of(1, Session_CancelTest::sleepUntilInterrupted);
      session.execute(List.of(slow));
      return session.fetchChunks(slow.chunks(), null);
    }, Duration.ofSeconds(1));
    MarsException e = assertThrows(MarsException.class, run::join);
    assertEquals(ErrorClass.TIMED_OUT, e.errorClass());
    assertTrue(e.getMessage().contains("submitted work ran past its timeout of 1 s"), e.getMessage());
    assertFalse(run.isCancelled());
    assertStoppedCleanly();
  }

  @Test
  void anExecutionWaitingForTheSessionIsCancelledWhileTheOtherRuns() throws Exception {
    Execution<?> first = session.submit(() ->
        session.execute(List.of(Calls.of(1, Session_CancelTest::spinUntilInterrupted))));
    await(STARTED::get, 1);
    Execution<?> second = session.submit(() -> session.execute(List.of(Calls.of(1, i -> i))));
    assertFalse(second.await(Duration.ofMillis(200)), "waits for the first execution");
    second.cancel();
    assertEquals(ErrorClass.CANCELLED, assertThrows(MarsException.class, second::join).errorClass());
    assertFalse(first.isDone(), "the first one still runs");
    first.cancel();
    assertEquals(ErrorClass.CANCELLED, assertThrows(MarsException.class, first::join).errorClass());
    assertStoppedCleanly();
  }

  @Test
  void badTimeoutsAreRejected() {
    assertEquals(ErrorClass.INVALID_ARGUMENT, assertThrows(MarsException.class,
        () -> MarsOptions.defaults().withTimeout(Duration.ofSeconds(-1))).errorClass());
    assertEquals(ErrorClass.INVALID_ARGUMENT, assertThrows(MarsException.class,
        () -> session.submit(() -> 1, Duration.ofSeconds(-1))).errorClass());
  }
}
