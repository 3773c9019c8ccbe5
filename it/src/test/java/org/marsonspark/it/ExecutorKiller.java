package org.marsonspark.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.apache.spark.ExecutorLostFailure;
import org.apache.spark.Success$;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;

/**
 * Kills executors of a {@link StandaloneCluster} in the middle of a run (SIGKILL, by pid), on one
 * of three triggers, and records what the driver saw of the losses: executors removed, and tasks
 * that failed because their executor was lost.
 * <ul>
 *   <li>{@link #kill}: at once;
 *   <li>{@link #killAfterTasks}: from Spark's listener bus — once {@code k} tasks have succeeded,
 *       the executor on which the next task starts is killed, so the kill lands while that
 *       executor runs a task and after it has stored outputs that later tasks read;
 *   <li>{@link #killVictims}: a spawned call that wants to be killed writes its pid into a file
 *       {@code victim-*} of a folder and waits; a watcher kills each such pid once.
 * </ul>
 */
final class ExecutorKiller extends SparkListener implements AutoCloseable {
  static final String VICTIM_PREFIX = "victim-";

  private final StandaloneCluster cluster;
  private final AtomicInteger succeeded = new AtomicInteger();
  private final AtomicInteger lostTasks = new AtomicInteger();
  private final Set<String> removed = ConcurrentHashMap.newKeySet();
  private final List<String> killed = new CopyOnWriteArrayList<>();
  private volatile long lastKillNanos;
  private final AtomicInteger killAfter = new AtomicInteger(-1);
  private final AtomicReference<Throwable> failure = new AtomicReference<>();
  private volatile Thread watcher;

  ExecutorKiller(StandaloneCluster cluster) {
    this.cluster = cluster;
  }

  /** Forgets what was recorded and disarms (before a run). */
  void reset() {
    close();
    killAfter.set(-1);
    succeeded.set(0);
    lostTasks.set(0);
    removed.clear();
    killed.clear();
  }

  /** Kills the executor of the first task that starts once {@code k} more tasks have succeeded. */
  void killAfterTasks(int k) {
    succeeded.set(0);
    killAfter.set(k);
  }

  /** Kills executor {@code id} now. */
  void kill(String id) {
    cluster.kill(id);
    record(id);
  }

  private void record(String id) {
    lastKillNanos = System.nanoTime();
    killed.add(id);
  }

  /** Kills the executor running each call that announces itself in {@code dir} (see {@link SpawnedCalls}). */
  void killVictims(Path dir) {
    Thread t = new Thread(() -> watch(dir), "it-victim-watcher");
    t.setDaemon(true);
    watcher = t;
    t.start();
  }

  private void watch(Path dir) {
    Set<Path> done = new HashSet<>();
    try {
      while (!Thread.currentThread().isInterrupted()) {
        try (Stream<Path> files = Files.list(dir)) {
          for (Path f : files.filter(p -> p.getFileName().toString().startsWith(VICTIM_PREFIX)).toList()) {
            if (done.add(f)) {
              long pid = Long.parseLong(Files.readString(f, StandardCharsets.UTF_8).trim());
              record(cluster.killPid(pid));
            }
          }
        }
        Thread.sleep(20);
      }
    } catch (InterruptedException e) {
      // stopped
    } catch (IOException e) {
      failure.compareAndSet(null, new UncheckedIOException(e));
    } catch (Throwable t) {
      failure.compareAndSet(null, t);
    }
  }

  @Override
  public void onTaskStart(SparkListenerTaskStart start) {
    int k = killAfter.get();
    if (k >= 0 && succeeded.get() >= k && killAfter.compareAndSet(k, -1)) {
      String id = start.taskInfo().executorId();
      try {
        cluster.kill(id);
        record(id);
      } catch (Throwable t) {
        failure.compareAndSet(null, t); // Spark would only log what a listener throws
      }
    }
  }

  @Override
  public void onTaskEnd(SparkListenerTaskEnd end) {
    if (end.reason() == Success$.MODULE$) {
      succeeded.incrementAndGet();
    } else if (end.reason() instanceof ExecutorLostFailure) {
      lostTasks.incrementAndGet();
    }
  }

  @Override
  public void onExecutorRemoved(SparkListenerExecutorRemoved e) {
    removed.add(e.executorId());
  }

  /** The executors killed since the last {@link #reset}; rethrows what went wrong killing one. */
  List<String> killed() {
    Throwable t = failure.getAndSet(null);
    if (t != null) {
      throw new AssertionError("killing an executor failed", t);
    }
    return List.copyOf(killed);
  }

  /** When the last kill happened ({@link System#nanoTime}). */
  long lastKillNanos() {
    return lastKillNanos;
  }

  /** Tasks that failed because their executor was lost, since the last {@link #reset}. */
  int lostTasks() {
    return lostTasks.get();
  }

  /** Whether the driver has removed this executor (it noticed the loss). */
  boolean removed(String executorId) {
    return removed.contains(executorId);
  }

  /** Stops watching for victims. */
  @Override
  public void close() {
    Thread t = watcher;
    watcher = null;
    if (t != null) {
      t.interrupt();
      try {
        t.join(10_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
