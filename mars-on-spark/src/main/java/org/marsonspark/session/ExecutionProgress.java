package org.marsonspark.session;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.marsonspark.exec.GraphRunner;

/**
 * Counts finished chunk tasks of the running execution from Spark's listener bus and forwards
 * snapshots to the session's {@link ProgressListener}s, with a periodic tick so a bar also
 * moves while long tasks run.
 */
final class ExecutionProgress extends SparkListener implements GraphRunner.RunListener {
  private final List<ProgressListener> listeners = new CopyOnWriteArrayList<>();
  private final Map<Integer, String> groupOfStage = new ConcurrentHashMap<>();
  private final Map<String, Boolean> activeGroups = new ConcurrentHashMap<>();
  private final AtomicInteger done = new AtomicInteger();
  private final AtomicInteger total = new AtomicInteger();
  private volatile long executionId;
  private volatile long startNanos;
  private volatile boolean running;

  void addListener(ProgressListener l) {
    listeners.add(l);
  }

  void removeListener(ProgressListener l) {
    listeners.remove(l);
  }

  void beginExecution(long id) {
    executionId = id;
    startNanos = System.nanoTime();
    done.set(0);
    total.set(0);
    running = true;
    publish(false);
  }

  void endExecution() {
    running = false;
    done.set(total.get());
    publish(true);
  }

  /** Called periodically by the session while an execution runs. */
  void tick() {
    if (running) {
      publish(false);
    }
  }

  @Override
  public void started(String jobGroup, int subtasks) {
    activeGroups.put(jobGroup, Boolean.TRUE);
    total.addAndGet(subtasks);
    publish(false);
  }

  @Override
  public void finished(String jobGroup) {
    activeGroups.remove(jobGroup);
  }

  @Override
  public void onJobStart(SparkListenerJobStart jobStart) {
    Object group = jobStart.properties() == null ? null : jobStart.properties().getProperty("spark.jobGroup.id");
    if (group != null && activeGroups.containsKey(group.toString())) {
      scala.collection.Iterator<Object> it = jobStart.stageIds().iterator();
      while (it.hasNext()) {
        groupOfStage.put((Integer) it.next(), group.toString());
      }
    }
  }

  @Override
  public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
    if (groupOfStage.containsKey(taskEnd.stageId()) && running) {
      done.incrementAndGet();
      publish(false);
    }
  }

  private void publish(boolean finished) {
    if (listeners.isEmpty()) {
      return;
    }
    ProgressListener.Progress p = new ProgressListener.Progress(executionId, Math.min(done.get(), total.get()),
        total.get(), (System.nanoTime() - startNanos) / 1_000_000, finished);
    for (ProgressListener l : listeners) {
      l.onProgress(p);
    }
  }
}
