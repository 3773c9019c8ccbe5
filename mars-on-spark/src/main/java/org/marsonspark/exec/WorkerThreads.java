package org.marsonspark.exec;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.TaskContext$;
import org.apache.spark.TaskKilledException;

/**
 * Runs chunk-task code on a thread of its own while the calling thread — the Spark task's —
 * watches it, so that code which ignores interrupts cannot hold a task for ever.
 *
 * <p>When Spark kills a task (its job was cancelled, with {@code interruptOnCancel}), the code is
 * interrupted. Code that stops within {@link #GRACE} ends the task as usual. Code that ignores the
 * interrupt — a CPU-bound loop that never checks {@code Thread.interrupted()} — cannot be stopped
 * inside a JVM. Where the executor is the driver's JVM (local mode), its thread is then
 * <em>abandoned</em>: the Spark task ends, its slot is free for the next task, and the thread runs
 * on alone, using a core, until the code returns. In an executor JVM of a cluster the task thread
 * keeps waiting, as Spark expects: Spark's task reaper ({@code spark.task.reaper.enabled},
 * {@code spark.task.reaper.killTimeout}), when configured, then replaces the executor.
 *
 * <p>The thread carries the task's {@link TaskContext} and context class loader, so Spark's
 * block manager, nested executions and everything else that asks for the task see it.
 */
public final class WorkerThreads {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(WorkerThreads.class);
  /** How long interrupted code has to stop before its thread is given up on. */
  public static final Duration GRACE = Duration.ofSeconds(2);
  private static final long POLL_MILLIS = 50;
  private static final AtomicInteger THREADS = new AtomicInteger();
  private static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "mars-task-worker-" + THREADS.incrementAndGet());
    t.setDaemon(true);
    return t;
  });
  /** Whether this thread is a worker running a task's code (nested computes run in place). */
  private static final ThreadLocal<Boolean> ON_WORKER = ThreadLocal.withInitial(() -> false);

  private WorkerThreads() {}

  /**
   * Runs a chunk task's work on a worker thread and returns its result; rethrows its failure.
   * When the task is killed: see the class comment.
   */
  static <T> T runTask(TaskContext ctx, Callable<T> work) {
    if (ON_WORKER.get()) {
      return Work.unchecked(work);
    }
    String task = "task " + ctx.taskAttemptId() + " (stage " + ctx.stageId() + "." + ctx.stageAttemptNumber()
        + ", partition " + ctx.partitionId() + ")";
    Work<T> w = new Work<>(work, ctx, "mars " + task);
    POOL.execute(w);
    if (w.await(Long.MAX_VALUE, ctx) == Wait.DONE) {
      return w.outcome();
    }
    w.interrupt();
    if (w.awaitGrace()) {
      return w.outcome(); // what the interrupted code ended with
    }
    if (!inDriverJvm()) {
      w.awaitUninterruptibly(); // for Spark's task reaper, where configured
      return w.outcome();
    }
    LOG.warn("mars: Spark {} was cancelled, but its code ignores interrupts: its thread '{}' is left running, a core "
        + "busy until the code returns (a JVM cannot stop such a loop); the task's slot is free for the next task", task,
        w.name);
    ctx.killTaskIfInterrupted();
    throw new TaskKilledException("interrupted");
  }

  /**
   * Runs {@code work} on a thread of its own, started from this one (so it inherits this thread's
   * inheritable thread-locals) and carrying this thread's task context, for at most
   * {@code limit}. On time it returns the result or rethrows the failure. Past it, the work is
   * interrupted and a {@link TimeoutException} thrown whose stack trace is the work's at that
   * moment; if the work ignores the interrupt, its thread is abandoned (it runs on until the code
   * returns). When this thread is interrupted meanwhile (the task is killed), the work is
   * interrupted too, and {@link InterruptedException} thrown.
   */
  public static <T> T callWithTimeout(Callable<T> work, Duration limit, String name) throws Exception {
    TaskContext ctx = TaskContext.get();
    Work<T> w = new Work<>(work, ctx, name);
    Thread t = new Thread(w, name);
    t.setDaemon(true);
    long deadline = System.nanoTime() + limit.toNanos();
    t.start();
    Wait how = w.await(deadline, null);
    if (how == Wait.DONE) {
      return w.checkedOutcome();
    }
    StackTraceElement[] where = t.getStackTrace();
    w.interrupt();
    boolean stopped = w.awaitGrace();
    if (how == Wait.INTERRUPTED) {
      if (!stopped && !inDriverJvm()) {
        w.awaitUninterruptibly(); // the task is being killed: for Spark's task reaper, where configured
      }
      Thread.currentThread().interrupt();
      throw new InterruptedException(name + " was interrupted");
    }
    TimeoutException e = new TimeoutException(name + " ran past its timeout of " + format(limit) + (stopped
        ? "; it stopped when interrupted"
        : "; it ignores interrupts, so its thread '" + t.getName() + "' is left running (a JVM cannot stop it)"));
    e.setStackTrace(where);
    if (!stopped) {
      LOG.warn("mars: {}", e.getMessage());
    }
    throw e;
  }

  /** {@code 2 s}, {@code 250 ms}. */
  public static String format(Duration d) {
    long ms = d.toMillis();
    return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
  }

  /** Whether this executor is the driver's own JVM (local mode), where nothing may exit the JVM. */
  private static boolean inDriverJvm() {
    SparkEnv env = SparkEnv.get();
    return env == null || "driver".equals(env.executorId()); // SparkContext.DRIVER_IDENTIFIER
  }

  /** Why a wait ended. */
  private enum Wait { DONE, KILLED, INTERRUPTED, TIMED_OUT }

  /** One piece of work on a worker thread, and how it ended. */
  private static final class Work<T> implements Runnable {
    private final Callable<T> work;
    private final TaskContext ctx;
    private final ClassLoader loader;
    private final String name;
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile Thread thread;
    private volatile boolean stopRequested;
    private boolean finished;
    private T result;
    private Throwable failure;

    Work(Callable<T> work, TaskContext ctx, String name) {
      this.work = work;
      this.ctx = ctx;
      this.loader = Thread.currentThread().getContextClassLoader();
      this.name = name;
    }

    @Override
    public void run() {
      Thread t = Thread.currentThread();
      String before = t.getName();
      ClassLoader loaderBefore = t.getContextClassLoader();
      t.setName(name);
      t.setContextClassLoader(loader);
      if (ctx != null) {
        TaskContext$.MODULE$.setTaskContext(ctx);
      }
      ON_WORKER.set(true);
      thread = t;
      if (stopRequested) {
        t.interrupt();
      }
      try {
        result = work.call();
      } catch (Throwable e) {
        failure = e;
      } finally {
        synchronized (this) {
          finished = true;
        }
        ON_WORKER.set(false);
        TaskContext$.MODULE$.unset();
        t.setContextClassLoader(loaderBefore);
        t.setName(before);
        Thread.interrupted(); // a pooled thread starts its next work uninterrupted
        done.countDown();
      }
    }

    /** Waits until the work ends, the deadline passes, the task is killed or this thread interrupted. */
    Wait await(long deadlineNanos, TaskContext killable) {
      while (true) {
        long left = deadlineNanos == Long.MAX_VALUE ? Long.MAX_VALUE : deadlineNanos - System.nanoTime();
        if (left <= 0) {
          return Wait.TIMED_OUT;
        }
        try {
          if (done.await(Math.min(POLL_MILLIS, TimeUnit.NANOSECONDS.toMillis(left) + 1), TimeUnit.MILLISECONDS)) {
            return Wait.DONE;
          }
        } catch (InterruptedException e) {
          return Wait.INTERRUPTED;
        }
        if (killable != null && killable.isInterrupted()) {
          return Wait.KILLED;
        }
      }
    }

    /** Interrupts the work (now, or as soon as its thread starts), unless it has finished. */
    void interrupt() {
      stopRequested = true;
      synchronized (this) {
        Thread t = thread;
        if (t != null && !finished) {
          t.interrupt();
        }
      }
    }

    /** Waits up to {@link #GRACE} for interrupted work to end; whether it did. */
    boolean awaitGrace() {
      long deadline = System.nanoTime() + GRACE.toNanos();
      boolean interrupted = false;
      try {
        while (true) {
          try {
            return done.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
          } catch (InterruptedException e) {
            interrupted = true;
          }
        }
      } finally {
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
      }
    }

    void awaitUninterruptibly() {
      boolean interrupted = false;
      while (done.getCount() > 0) {
        try {
          done.await();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }

    /** The result, or the failure rethrown as it was (unchecked ones; others wrapped). */
    T outcome() {
      if (failure == null) {
        return result;
      }
      if (failure instanceof RuntimeException r) {
        throw r;
      }
      if (failure instanceof Error e) {
        throw e;
      }
      throw new IllegalStateException(failure);
    }

    /** The result, or the failure rethrown as it was, checked or not. */
    T checkedOutcome() throws Exception {
      if (failure instanceof Exception e) {
        throw e;
      }
      return outcome();
    }

    static <T> T unchecked(Callable<T> work) {
      try {
        return work.call();
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
