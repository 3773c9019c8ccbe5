package org.marsonspark.tensor;

import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.function.ThrowingSupplier;
import org.marsonspark.session.MarsSession;
import org.opentest4j.AssertionFailedError;

/**
 * Runs a test case under a deadline, so that an operation that never finishes fails the build
 * with its name instead of hanging it. The fixture runners ({@code Fixtures.tests},
 * {@code DfFixtures.tests}) run every case and layout through it.
 *
 * <p>The case runs in a thread of its own. Past the deadline the watchdog prints every thread's
 * stack to stderr, interrupts the case, cancels the session's Spark jobs until none is left (a
 * test session runs one case at a time, so they are the stuck case's) and fails, naming the case,
 * with the stack of its thread. A case that does not stop within a grace period even then, or
 * whose jobs do not end, still holds the session (its execution lock, its cores): until it ends,
 * every later case of that session fails at once, naming it, instead of waiting behind it.
 */
public final class CaseWatchdog {
  /**
   * The deadline of one case: the slowest fixture case takes a few seconds on a loaded 2-core
   * machine (JIT warm-up included), so this is far above any honest case and far below "forever".
   */
  public static final Duration CASE_LIMIT = Duration.ofSeconds(60);
  /** How long a timed-out case may take to stop once its jobs are cancelled and it is interrupted. */
  static final Duration STOP_GRACE = Duration.ofSeconds(10);
  private static final int STACK_FRAMES = 40;

  /** Sessions still held by a case that did not stop, and that case's name. */
  private static final Map<MarsSession, String> HELD = Collections.synchronizedMap(new WeakHashMap<>());

  private CaseWatchdog() {}

  /** Runs {@code body} under {@link #CASE_LIMIT}; returns its result or rethrows what it threw. */
  public static <T> T call(String name, MarsSession session, ThrowingSupplier<T> body) throws Throwable {
    return call(name, session, CASE_LIMIT, STOP_GRACE, body);
  }

  /** As {@link #call(String, MarsSession, ThrowingSupplier)} with another deadline and grace period (for tests of the watchdog). */
  public static <T> T call(String name, MarsSession session, Duration limit, Duration grace, ThrowingSupplier<T> body)
      throws Throwable {
    String holder = HELD.get(session);
    if (holder != null) {
      throw new AssertionFailedError(name + ": not run, because the earlier case " + holder
          + " did not finish and still holds the session");
    }
    AtomicBoolean ended = new AtomicBoolean();
    FutureTask<T> task = new FutureTask<>(() -> get(body));
    Thread thread = new Thread(() -> {
      try {
        task.run();
      } finally {
        ended.set(true);
        HELD.remove(session, name);
      }
    }, "case: " + name);
    thread.setDaemon(true);
    thread.start();
    try {
      return task.get(limit.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw e.getCause();
    } catch (TimeoutException e) {
      throw timedOut(name, session, limit, grace, thread, ended);
    }
  }

  /** A body's result; what it throws passes through the {@link FutureTask} unchanged. */
  private static <T> T get(ThrowingSupplier<T> body) throws Exception {
    try {
      return body.get();
    } catch (Exception | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  private static AssertionFailedError timedOut(String name, MarsSession session, Duration limit, Duration grace,
      Thread thread, AtomicBoolean ended) throws InterruptedException {
    String stack = stackOf(thread);
    dumpAllThreads(name);
    thread.interrupt();
    boolean jobsEnded = cancelJobs(session, grace);
    thread.join(grace.toMillis());
    HELD.put(session, name);
    boolean stopped = ended.get() && jobsEnded;
    if (stopped) {
      HELD.remove(session, name);
    }
    return new AssertionFailedError(name + " did not finish within " + limit.toSeconds() + " s; "
        + (stopped ? "its Spark jobs were cancelled and it stopped when interrupted"
            : "it still runs after its jobs were cancelled and it was interrupted, so later cases of this session fail")
        + ". Its thread was at:\n" + stack);
  }

  /**
   * Cancels the session's Spark jobs until none is active (a job submitted after a cancel is not
   * cancelled by it), for at most {@code grace}; whether none is left.
   */
  private static boolean cancelJobs(MarsSession session, Duration grace) throws InterruptedException {
    long deadline = System.nanoTime() + grace.toNanos();
    do {
      session.sparkContext().cancelAllJobs();
      Thread.sleep(100);
      if (session.sparkContext().statusTracker().getActiveJobIds().length == 0) {
        return true;
      }
    } while (System.nanoTime() < deadline);
    return false;
  }

  private static String stackOf(Thread thread) {
    StringBuilder sb = new StringBuilder();
    StackTraceElement[] frames = thread.getStackTrace();
    for (int i = 0; i < Math.min(frames.length, STACK_FRAMES); i++) {
      sb.append("\tat ").append(frames[i]).append('\n');
    }
    if (frames.length > STACK_FRAMES) {
      sb.append("\t... ").append(frames.length - STACK_FRAMES).append(" more\n");
    }
    return sb.toString();
  }

  private static void dumpAllThreads(String name) {
    StringBuilder sb = new StringBuilder("---- every thread's stack when " + name + " timed out ----\n");
    for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
      sb.append('"').append(e.getKey().getName()).append("\" ").append(e.getKey().getState()).append('\n');
      for (StackTraceElement f : e.getValue()) {
        sb.append("\tat ").append(f).append('\n');
      }
    }
    System.err.print(sb);
  }
}
