package org.marsonspark.remote;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/** Counts the Spark jobs and tasks started on a context (test instrumentation). */
final class JobCounter extends SparkListener implements AutoCloseable {
  final AtomicInteger jobs = new AtomicInteger();
  final AtomicInteger tasks = new AtomicInteger();
  private final SparkContext sc;

  JobCounter(SparkContext sc) {
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
  }

  /** Waits until every event posted so far has been delivered, then returns the job count. */
  int jobs() {
    try {
      sc.listenerBus().waitUntilEmpty(30_000);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    return jobs.get();
  }

  @Override
  public void close() {
    sc.removeSparkListener(this);
  }
}
