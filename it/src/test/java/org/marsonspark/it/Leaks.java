package org.marsonspark.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.SparkEnv;
import org.apache.spark.storage.BlockId;
import org.apache.spark.storage.StorageStatus;
import org.marsonspark.session.MarsSession;

/**
 * What a run may leave behind: chunks in the session's store, RDD blocks in any block manager
 * (as the driver records them), RDDs still persisted, and Mars's own threads (named
 * {@code mars-*}) in the driver still at work or newly started.
 * Take a {@link #snapshot} before, {@link #assertNothingLeft} after.
 */
final class Leaks {
  private static final Duration SETTLE = Duration.ofSeconds(30);
  private final Map<String, Integer> longLivedThreads;

  private Leaks(Map<String, Integer> longLivedThreads) {
    this.longLivedThreads = longLivedThreads;
  }

  static Leaks snapshot() {
    return new Leaks(longLivedThreads());
  }

  /**
   * Every chunk released, every RDD block gone and no RDD persisted; no Mars thread still running Mars code (an
   * idle pool thread waits inside java.util.concurrent), and the long-lived Mars threads the
   * same as at the snapshot (pool threads come and go with the load).
   */
  void assertNothingLeft(MarsSession session) throws InterruptedException {
    session.chunkStore().awaitReleases();
    assertEquals(0, session.chunkStore().size(), "chunks left in the session's store");
    assertEquals(0, session.chunkStore().liveBytes(), "chunk bytes left in the session's store");
    assertEquals(List.of(), rddBlocks(), "RDD blocks left in the block managers");
    assertEquals(Map.of(), scala.jdk.javaapi.CollectionConverters.asJava(session.sparkContext().getPersistentRDDs()),
        "RDDs left persisted");
    ItSupport.awaitTrue(() -> busyThreads().isEmpty(), SETTLE, () -> "Mars threads still at work: " + busyThreads(),
        null);
    assertEquals(longLivedThreads, longLivedThreads(), "long-lived Mars threads");
  }

  /** Mars threads by name, pool threads (numbered, or named after their pool) left out. */
  private static Map<String, Integer> longLivedThreads() {
    Map<String, Integer> out = new TreeMap<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      String name = t.getName();
      if (t.isAlive() && name.startsWith("mars-") && !name.startsWith("mars-job-") && !name.equals("mars-nested-spawn")) {
        out.merge(name, 1, Integer::sum);
      }
    }
    return out;
  }

  /** Mars threads with a Mars frame on their stack, with that frame. */
  static List<String> busyThreads() {
    List<String> out = new ArrayList<>();
    Thread.getAllStackTraces().forEach((t, stack) -> {
      if (t.getName().startsWith("mars-")) {
        Arrays.stream(stack).filter(f -> f.getClassName().startsWith("org.marsonspark.")).findFirst()
            .ifPresent(f -> out.add(t.getName() + " at " + f));
      }
    });
    return out;
  }

  /** RDD blocks the driver knows any block manager holds, as {@code rdd_<id>_<partition> on <executor>}. */
  static List<String> rddBlocks() {
    List<String> out = new ArrayList<>();
    for (StorageStatus status : SparkEnv.get().blockManager().master().getStorageStatus()) {
      scala.collection.Iterator<BlockId> it = status.rddBlocks().keysIterator();
      while (it.hasNext()) {
        out.add(it.next() + " on " + status.blockManagerId().executorId());
      }
    }
    return out;
  }
}
