package org.marsonspark.exec;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.spark.SparkContext;
import org.apache.spark.storage.RDDBlockId;
import org.marsonspark.core.Chunk;

/**
 * The driver's record of which chunks exist and where: each materialized chunk is one output of
 * one partition of a persisted {@link ChunkRDD}. Chunks are reference-counted — one reference
 * per pending consumer task and one per user object holding an executed result — and a
 * partition's block is dropped from every block manager once none of its outputs is referenced.
 * Data never passes through here.
 */
public final class ChunkStore {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ChunkStore.class);

  /** Where a chunk's data lives. */
  record Location(ChunkRDD rdd, int partition, int output) {}

  private final Map<Long, Location> locations = new HashMap<>();
  private final Map<Long, Integer> refs = new HashMap<>();
  /** Real bytes of each materialized chunk, as its executor reported them. */
  private final Map<Long, Long> bytesOf = new HashMap<>();
  /** The executor (task location) that produced each chunk. */
  private final Map<Long, String> executorOf = new HashMap<>();
  private final java.util.Set<Long> runKeys = new java.util.HashSet<>();
  /** Serialized values of small target chunks that came back with their tasks' metadata. */
  private final Map<Long, byte[]> values = new HashMap<>();
  private long valueBytes;
  /** The most bytes of such values the driver keeps; later ones are fetched by Spark jobs. */
  static final long MAX_VALUE_BYTES = 64L << 20;
  private long liveBytes;
  private long runBytes;
  private long peakRunBytes;
  /** Live outputs per RDD partition, and live partitions per RDD. */
  private final Map<ChunkRDD, int[]> liveOutputs = new IdentityHashMap<>();
  private final Map<ChunkRDD, Integer> livePartitions = new IdentityHashMap<>();
  /**
   * RDDs of the runs under way: more of their partitions may still be computed (in a later
   * wave, a job still running, or inside a consumer's task), so they are never unpersisted as a
   * whole before their run ends — only the blocks of released partitions are dropped.
   */
  private final Set<ChunkRDD> computing = Collections.newSetFromMap(new IdentityHashMap<>());
  private final ExecutorService dropper = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "mars-block-release");
    t.setDaemon(true);
    return t;
  });
  private final SparkContext sc;

  /** The store of a session on {@code sc}: blocks are dropped through its block manager master. */
  public ChunkStore(SparkContext sc) {
    this.sc = sc;
  }

  public synchronized boolean isMaterialized(Chunk c) {
    return locations.containsKey(c.key());
  }

  /**
   * Adds one reference if {@code c} is materialized (atomically: a release on another thread —
   * a result's cleaner — cannot drop it in between); whether it did.
   */
  public synchronized boolean retainIfMaterialized(Chunk c) {
    if (!locations.containsKey(c.key())) {
      return false;
    }
    retain(c);
    return true;
  }

  synchronized Location location(Chunk c) {
    return locations.get(c.key());
  }

  /** Adds one reference; the chunk may not be materialized yet. */
  public synchronized void retain(Chunk c) {
    refs.merge(c.key(), 1, Integer::sum);
  }

  public synchronized int refCount(Chunk c) {
    return refs.getOrDefault(c.key(), 0);
  }

  /** Number of chunks currently materialized (for tests and diagnostics). */
  public synchronized int size() {
    return locations.size();
  }

  /** Starts counting the bytes the next run produces and still holds. */
  public synchronized void startRun() {
    runKeys.clear();
    runBytes = 0;
  }

  /** Bytes of the chunks the current run produced that are still held. */
  public synchronized long runBytes() {
    return runBytes;
  }

  /** The most bytes the runs since the last {@link #resetPeak} held at once. */
  public synchronized long peakRunBytes() {
    return peakRunBytes;
  }

  public synchronized void resetPeak() {
    peakRunBytes = runBytes;
  }

  /**
   * The serialized value of a materialized chunk that came back with its task (a small target),
   * or null: then its data is only in the executors.
   */
  synchronized byte[] value(Chunk c) {
    return values.get(c.key());
  }

  /** The executor holding a chunk (a Spark task location), or null when unknown. */
  public synchronized String executorOf(Chunk c) {
    return executorOf.get(c.key());
  }

  /** The bytes of a materialized chunk, 0 when unknown. */
  public synchronized long bytesOf(Chunk c) {
    return bytesOf.getOrDefault(c.key(), 0L);
  }

  /** Bytes of every chunk materialized now. */
  public synchronized long liveBytes() {
    return liveBytes;
  }

  /** Records where the outputs of a finished partition live, and their sizes. */
  synchronized void registerPartition(ChunkRDD rdd, int partition, Chunk[] outputs, ChunkMeta[] metas) {
    for (int i = 0; i < outputs.length; i++) {
      long b = metas == null ? 0 : metas[i].nbytes();
      bytesOf.put(outputs[i].key(), b);
      if (metas != null && metas[i].executor() != null) {
        executorOf.put(outputs[i].key(), metas[i].executor());
      }
      liveBytes += b;
      byte[] v = metas == null ? null : metas[i].value();
      if (v != null && valueBytes + v.length <= MAX_VALUE_BYTES) {
        byte[] old = values.put(outputs[i].key(), v);
        valueBytes += v.length - (old == null ? 0 : old.length);
      }
      if (runKeys.add(outputs[i].key())) {
        runBytes += b;
      }
    }
    peakRunBytes = Math.max(peakRunBytes, runBytes);
    int[] live = liveOutputs.computeIfAbsent(rdd, r -> new int[r.getNumPartitions()]);
    if (live[partition] == 0) {
      livePartitions.merge(rdd, 1, Integer::sum);
    }
    for (int i = 0; i < outputs.length; i++) {
      locations.put(outputs[i].key(), new Location(rdd, partition, i));
      live[partition]++;
    }
    // outputs nobody references (a multi-output op whose other outputs are unused)
    for (Chunk out : outputs) {
      if (refs.getOrDefault(out.key(), 0) == 0) {
        drop(out.key());
      }
    }
  }

  /** Removes one reference; at zero the chunk's data is dropped. */
  public synchronized void release(Chunk c) {
    release(c.key());
  }

  synchronized void release(long key) {
    Integer n = refs.get(key);
    if (n == null) {
      return;
    }
    if (n > 1) {
      refs.put(key, n - 1);
      return;
    }
    refs.remove(key);
    drop(key);
  }

  private void drop(long key) {
    Location loc = locations.remove(key);
    if (loc == null) {
      return;
    }
    executorOf.remove(key);
    byte[] v = values.remove(key);
    if (v != null) {
      valueBytes -= v.length;
    }
    Long b = bytesOf.remove(key);
    if (b != null) {
      liveBytes -= b;
      if (runKeys.remove(key)) {
        runBytes -= b;
      }
    }
    int[] live = liveOutputs.get(loc.rdd());
    if (--live[loc.partition()] > 0) {
      return;
    }
    ChunkRDD rdd = loc.rdd();
    if (livePartitions.merge(rdd, -1, Integer::sum) == 0) {
      livePartitions.remove(rdd);
      liveOutputs.remove(rdd);
      if (!computing.contains(rdd)) {
        inBackground("unpersist RDD " + rdd.id(), () -> unpersist(rdd));
        return;
      }
    }
    RDDBlockId block = new RDDBlockId(rdd.id(), loc.partition());
    inBackground("remove block " + block, () -> {
      // when the whole RDD has been released meanwhile, its unpersist removes this block too
      if (stillPersisted(rdd)) {
        ExpectedSparkLogs.removing(block.name());
        org.apache.spark.SparkEnv.get().blockManager().master().removeBlock(block);
      }
    });
  }

  /**
   * Unpersists {@code rdd}, waiting for the block managers. Spark forgets the RDD only after its
   * blocks are removed, so a removal that fails — a block removed meanwhile on an executor
   * ("does not exist"), an executor lost while it answers — would leave it persisted for good:
   * then the RDD is unpersisted again without waiting, which forgets it and retries the removal.
   */
  private static void unpersist(ChunkRDD rdd) {
    try {
      rdd.unpersist(true);
    } catch (Exception e) { // Spark's SparkException, thrown though undeclared
      rdd.unpersist(false);
    }
  }

  /**
   * Runs a block removal on the release thread. Nothing is left to remove once Spark has stopped
   * (it dropped every block), and a removal that fails is logged: the release thread goes on.
   */
  private void inBackground(String what, Runnable removal) {
    if (sc.isStopped() || dropper.isShutdown()) {
      return;
    }
    try {
      dropper.execute(() -> {
        if (sc.isStopped()) {
          return;
        }
        try {
          removal.run();
        } catch (Exception e) { // Spark's checked exceptions too: the release thread must not die
          if (!sc.isStopped()) {
            LOG.warn("mars: could not {} (its memory is freed when Spark drops it): {}", what, e.toString());
          }
        }
      });
    } catch (java.util.concurrent.RejectedExecutionException e) {
      // the session closed meanwhile: closing drops everything
    }
  }

  /**
   * An exchange's consumers have run: its shuffle files are dropped on the release thread (in
   * one JVM; on a cluster Spark's context cleaner drops them once nothing reaches the shuffle).
   */
  void dropShuffle(ShuffleExchange shuffle, boolean singleJvm) {
    inBackground("drop the files of shuffle " + shuffle.shuffleId(), () -> shuffle.dropFiles(singleJvm));
  }

  /** A run starts computing partitions of these RDDs. */
  synchronized void startComputing(Collection<ChunkRDD> rdds) {
    computing.addAll(rdds);
  }

  /**
   * A run has ended (finished or failed): its RDDs without a registered chunk are unpersisted,
   * which also removes blocks cached without the store knowing (a failed run's, or a partition
   * recomputed by a consumer after its own block was dropped).
   */
  synchronized void endComputing(Collection<ChunkRDD> rdds) {
    for (ChunkRDD rdd : rdds) {
      if (computing.remove(rdd) && !livePartitions.containsKey(rdd)) {
        inBackground("unpersist RDD " + rdd.id(), () -> unpersist(rdd));
      }
    }
  }

  private synchronized boolean stillPersisted(ChunkRDD rdd) {
    return livePartitions.containsKey(rdd) || computing.contains(rdd);
  }

  /** Waits until the blocks released so far are gone from the block managers. */
  public void awaitReleases() {
    try {
      dropper.submit(() -> { }).get(60, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("block release did not finish", e);
    }
  }

  /**
   * Forgets every chunk this store holds (the session is closing) once the removals under way are
   * done; with {@code unpersist}, their blocks are dropped too (not needed when Spark is about to
   * stop, or has stopped).
   */
  public void close(boolean unpersist) {
    dropper.shutdown();
    try {
      if (!dropper.awaitTermination(30, TimeUnit.SECONDS)) {
        LOG.warn("mars: block removals still running after 30 s at close");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    clear(unpersist && !sc.isStopped());
  }

  private synchronized void clear(boolean unpersist) {
    if (unpersist) {
      for (ChunkRDD rdd : livePartitions.keySet()) {
        rdd.unpersist(false);
      }
    }
    locations.clear();
    refs.clear();
    bytesOf.clear();
    executorOf.clear();
    values.clear();
    valueBytes = 0;
    runKeys.clear();
    liveOutputs.clear();
    livePartitions.clear();
    computing.clear();
  }
}
