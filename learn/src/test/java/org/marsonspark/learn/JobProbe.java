package org.marsonspark.learn;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/** Test instrumentation: the Spark jobs and tasks started on a context, and the bytes task results carry to the driver. */
final class JobProbe extends SparkListener implements AutoCloseable {
  private final AtomicInteger jobs = new AtomicInteger();
  private final AtomicInteger tasks = new AtomicInteger();
  private final AtomicLong resultBytes = new AtomicLong();
  private final SparkContext sc;

  JobProbe(SparkContext sc) {
    this.sc = sc;
    sc.addSparkListener(this);
  }

  @Override
  public void onJobStart(SparkListenerJobStart e) {
    jobs.incrementAndGet();
  }

  @Override
  public void onTaskEnd(SparkListenerTaskEnd e) {
    tasks.incrementAndGet();
    if (e.taskMetrics() != null) {
      resultBytes.addAndGet(e.taskMetrics().resultSize());
    }
  }

  /** Waits until the listener bus has delivered every event posted so far. */
  private void drain() {
    try {
      sc.listenerBus().waitUntilEmpty(30_000);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** What was counted since the last reset, after the bus drained. */
  record Counts(int jobs, int tasks, long resultBytes) {}

  Counts counts() {
    drain();
    return new Counts(jobs.get(), tasks.get(), resultBytes.get());
  }

  void reset() {
    drain();
    jobs.set(0);
    tasks.set(0);
    resultBytes.set(0);
  }

  @Override
  public void close() {
    sc.removeSparkListener(this);
  }
}
