package org.marsonspark.session;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * Work submitted to a session ({@link MarsSession#submit}) running on a thread of its own: a
 * handle to wait for it, or to cancel it from any thread. The work is any code that executes and
 * fetches Mars objects — {@code () -> pi.execute().fetch()} — and everything it runs in the
 * session stops when it is cancelled or its time is up: the Spark jobs are cancelled (running
 * tasks interrupted), what the execution held is released, and the work ends with a
 * {@link MarsException} {@code CANCELLED} or {@code TIMED_OUT}.
 *
 * @param <T> what the work returns
 */
public final class Execution<T> {
  private static final AtomicLong IDS = new AtomicLong();
  /** The submitted work running on this thread, if any: its executions share its deadline. */
  private static final ThreadLocal<Execution<?>> CURRENT = new ThreadLocal<>();

  private final CompletableFuture<T> result = new CompletableFuture<>();
  private final Thread thread;
  private final Duration timeout;
  private final long deadlineNanos;
  private volatile boolean cancelled;
  private volatile boolean timedOut;
  private final java.util.concurrent.ScheduledFuture<?> timer;
  private boolean running = true;

  Execution(Supplier<T> work, Duration timeout, java.util.concurrent.ScheduledExecutorService timer) {
    this.timeout = timeout;
    this.deadlineNanos = timeout.isZero() ? Long.MAX_VALUE : System.nanoTime() + timeout.toNanos();
    this.thread = new Thread(() -> run(work), "mars-execution-" + IDS.incrementAndGet());
    thread.setDaemon(true);
    this.timer = timeout.isZero() ? null : timer.schedule(() -> stop(false), timeout.toNanos(), TimeUnit.NANOSECONDS);
    thread.start();
  }

  private void run(Supplier<T> work) {
    CURRENT.set(this);
    try {
      result.complete(work.get());
    } catch (Throwable e) {
      result.completeExceptionally(e);
    } finally {
      synchronized (this) {
        running = false;
      }
      if (timer != null) {
        timer.cancel(false);
      }
      CURRENT.remove();
    }
  }

  /** The submitted work running on this thread, or null. */
  static Execution<?> current() {
    return CURRENT.get();
  }

  /** When the work's time is up ({@code System.nanoTime}), {@code Long.MAX_VALUE} for never. */
  long deadlineNanos() {
    return deadlineNanos;
  }

  Duration timeout() {
    return timeout;
  }

  boolean timedOut() {
    return timedOut;
  }

  private synchronized void stop(boolean cancel) {
    if (!running) {
      return;
    }
    if (cancel) {
      cancelled = true;
    } else {
      timedOut = true;
    }
    thread.interrupt();
  }

  /**
   * Cancels the work: what it runs in the session stops and it ends with {@code CANCELLED}. No
   * effect once it has ended.
   */
  public void cancel() {
    stop(true);
  }

  /** Whether {@link #cancel} was called while the work ran. */
  public boolean isCancelled() {
    return cancelled;
  }

  public boolean isDone() {
    return result.isDone();
  }

  /**
   * Waits for the work and returns its result; rethrows what it threw ({@code CANCELLED},
   * {@code TIMED_OUT}, {@code TASK_FAILED}, ... as a {@link MarsException}). Interrupting the
   * waiting thread cancels the work.
   */
  public T join() {
    try {
      return result.get();
    } catch (InterruptedException e) {
      cancel();
      Thread.currentThread().interrupt();
      throw new MarsException(ErrorClass.CANCELLED, "interrupted while waiting for " + thread.getName()
          + ", which was cancelled", e);
    } catch (ExecutionException e) {
      throw rethrown(e.getCause());
    }
  }

  /** Waits up to {@code wait} for the work to end; whether it has (it keeps running otherwise). */
  public boolean await(Duration wait) {
    try {
      result.get(wait.toNanos(), TimeUnit.NANOSECONDS);
      return true;
    } catch (TimeoutException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return result.isDone();
    } catch (ExecutionException | CompletionException e) {
      return true;
    }
  }

  private static RuntimeException rethrown(Throwable t) {
    if (t instanceof RuntimeException r) {
      return r;
    }
    if (t instanceof Error e) {
      throw e;
    }
    return new MarsException(ErrorClass.TASK_FAILED, "the submitted work failed: " + t, t);
  }

  @Override
  public String toString() {
    return thread.getName() + (isDone() ? " (done)" : cancelled ? " (cancelled)" : " (running)");
  }
}
