package org.marsonspark.tensor;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * Test instrumentation: the Spark jobs, stages and tasks run on a context, and the bytes task
 * results carry to the driver.
 */
public final class JobProbe extends SparkListener implements AutoCloseable {
  private final AtomicInteger jobs = new AtomicInteger();
  private final AtomicInteger stages = new AtomicInteger();
  private final AtomicInteger tasks = new AtomicInteger();
  private final AtomicLong resultBytes = new AtomicLong();
  private final java.util.List<String> descriptions = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final SparkContext sc;

  public JobProbe(SparkContext sc) {
    this.sc = sc;
    sc.addSparkListener(this);
  }

  @Override
  public void onJobStart(SparkListenerJobStart e) {
    jobs.incrementAndGet();
    descriptions.add(String.valueOf(e.properties().getProperty("spark.job.description")));
  }

  @Override
  public void onStageCompleted(SparkListenerStageCompleted e) {
    stages.incrementAndGet();
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
  public record Counts(int jobs, int stages, int tasks, long resultBytes) {}

  public Counts counts() {
    drain();
    return new Counts(jobs.get(), stages.get(), tasks.get(), resultBytes.get());
  }

  public void reset() {
    drain();
    jobs.set(0);
    stages.set(0);
    descriptions.clear();
    tasks.set(0);
    resultBytes.set(0);
  }

  /** The descriptions of the jobs started since the last reset, after the bus drained. */
  public java.util.List<String> descriptions() {
    drain();
    return java.util.List.copyOf(descriptions);
  }

  @Override
  public void close() {
    sc.removeSparkListener(this);
  }
}
