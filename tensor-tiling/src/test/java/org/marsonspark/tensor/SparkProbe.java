package org.marsonspark.tensor;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkEnv;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerBlockUpdated;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.storage.BlockId;
import scala.runtime.AbstractFunction1;

/**
 * Test instrumentation on a Spark context: counts tasks, jobs and the bytes task results carry
 * to the driver and the RDD partitions stored, and lists the RDD blocks held by every block manager.
 */
final class SparkProbe extends SparkListener implements AutoCloseable {
  final AtomicLong resultBytes = new AtomicLong();
  final AtomicInteger tasks = new AtomicInteger();
  final AtomicInteger jobs = new AtomicInteger();
  /** Partitions stored in a block manager, per RDD id. */
  final Map<Integer, Set<Integer>> storedPartitions = new ConcurrentHashMap<>();
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

  @Override
  public void onBlockUpdated(SparkListenerBlockUpdated e) {
    BlockId id = e.blockUpdatedInfo().blockId();
    if (id.isRDD() && e.blockUpdatedInfo().storageLevel().isValid()) {
      org.apache.spark.storage.RDDBlockId rdd = (org.apache.spark.storage.RDDBlockId) id;
      storedPartitions.computeIfAbsent(rdd.rddId(), k -> java.util.Collections.synchronizedSet(new TreeSet<>()))
          .add(rdd.splitIndex());
    }
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
    storedPartitions.clear();
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
