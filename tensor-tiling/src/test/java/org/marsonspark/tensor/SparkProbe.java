package org.marsonspark.tensor;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkEnv;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.storage.BlockId;
import scala.runtime.AbstractFunction1;

/**
 * Test instrumentation on a Spark context: counts tasks, jobs and the bytes task results carry
 * to the driver, and lists the RDD blocks held by every block manager.
 */
final class SparkProbe extends SparkListener implements AutoCloseable {
  final AtomicLong resultBytes = new AtomicLong();
  final AtomicInteger tasks = new AtomicInteger();
  final AtomicInteger jobs = new AtomicInteger();
  private final SparkContext sc;

  SparkProbe(SparkContext sc) {
    this.sc = sc;
    sc.addSparkListener(this);
  }

  @Override
  public void onTaskEnd(SparkListenerTaskEnd e) {
    tasks.incrementAndGet();
    if (e.taskMetrics() != null) {
      resultBytes.addAndGet(e.taskMetrics().resultSize());
    }
  }

  @Override
  public void onJobStart(SparkListenerJobStart e) {
    jobs.incrementAndGet();
  }

  /** Waits until the listener bus has delivered every event posted so far. */
  void drain() {
    try {
      sc.listenerBus().waitUntilEmpty(30_000);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  void reset() {
    drain();
    resultBytes.set(0);
    tasks.set(0);
    jobs.set(0);
  }

  /** RDD blocks currently held by any block manager. */
  static List<BlockId> rddBlocks() {
    scala.collection.Iterator<BlockId> it = SparkEnv.get().blockManager().master()
        .getMatchingBlockIds(new IsRdd(), true).iterator();
    List<BlockId> out = new ArrayList<>();
    while (it.hasNext()) {
      out.add(it.next());
    }
    return out;
  }

  private static final class IsRdd extends AbstractFunction1<BlockId, Object> implements Serializable {
    @Override
    public Object apply(BlockId b) {
      return b.isRDD();
    }
  }

  @Override
  public void close() {
    sc.removeSparkListener(this);
  }
}
