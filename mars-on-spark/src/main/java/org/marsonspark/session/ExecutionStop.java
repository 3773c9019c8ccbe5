package org.marsonspark.session;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.exec.WorkerThreads;

/**
 * How one {@code execute()} is stopped. Everything an execution waits for on its thread — the
 * session's lock, Spark jobs, a fetch while tiling — gives way to an interrupt of that thread:
 * the caller's own (a notebook's stop button), {@link Execution#cancel}, {@link MarsSession#close},
 * or this object's timer when the execution's time is up (the session's
 * {@link MarsOptions#timeout}, or the deadline of the submitted work it belongs to). The run then
 * cancels its jobs and releases what it held, and {@link #stopped} says which of these it was.
 */
final class ExecutionStop implements AutoCloseable {
  private final Thread thread = Thread.currentThread();
  private final Execution<?> submitted = Execution.current();
  private final Duration sessionTimeout;
  private final ScheduledFuture<?> timer;
  private boolean active = true;
  private volatile boolean timedOut;
  private volatile boolean sessionClosed;

  ExecutionStop(Duration sessionTimeout, ScheduledExecutorService ticker) {
    this.sessionTimeout = sessionTimeout;
    long deadline = sessionTimeout.isZero() ? Long.MAX_VALUE : System.nanoTime() + sessionTimeout.toNanos();
    boolean submittedFirst = submitted != null && submitted.deadlineNanos() < deadline;
    // the submitted work's own timer interrupts this thread at its deadline
    this.timer = deadline == Long.MAX_VALUE || submittedFirst ? null
        : ticker.schedule(this::expire, sessionTimeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  private synchronized void expire() {
    if (active) {
      timedOut = true;
      thread.interrupt();
    }
  }

  /** The session closes under the execution. */
  synchronized void closeSession() {
    if (active) {
      sessionClosed = true;
      thread.interrupt();
    }
  }

  /** Throws the stop's exception if this thread was interrupted (checked between tiling rounds). */
  void check() {
    if (Thread.currentThread().isInterrupted()) {
      throw stopped(null);
    }
  }

  /** What stopped the execution, as the exception its caller gets. */
  MarsException stopped(Throwable cause) {
    String done = ": its Spark jobs were cancelled and what it held released";
    if (sessionClosed) {
      return new MarsException(ErrorClass.SESSION_CLOSED, "the session was closed while this execution ran" + done,
          cause);
    }
    if (timedOut) {
      return new MarsException(ErrorClass.TIMED_OUT, "the execution ran past its timeout of "
          + WorkerThreads.format(sessionTimeout) + " (MarsOptions.withTimeout)" + done, cause);
    }
    if (submitted != null && submitted.timedOut()) {
      return new MarsException(ErrorClass.TIMED_OUT, "the submitted work ran past its timeout of "
          + WorkerThreads.format(submitted.timeout()) + " (MarsSession.submit)" + done, cause);
    }
    return new MarsException(ErrorClass.CANCELLED, (submitted != null && submitted.isCancelled()
        ? "the execution was cancelled (Execution.cancel)" : "the execution was cancelled (its thread was interrupted)")
        + done, cause);
  }

  /**
   * Ends the stop's watch. An interrupt it caused itself (a timeout, the session closing) is
   * cleared; a caller's own interrupt stays set, as Java's convention asks.
   */
  @Override
  public void close() {
    synchronized (this) {
      active = false;
    }
    if (timer != null) {
      timer.cancel(false);
    }
    if (timedOut || sessionClosed) {
      Thread.interrupted();
    }
  }
}
