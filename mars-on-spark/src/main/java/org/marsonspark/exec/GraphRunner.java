package org.marsonspark.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.SparkContext;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;
import org.apache.spark.storage.StorageLevel;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.OpNode;
import org.marsonspark.plan.Fuser;
import org.marsonspark.plan.Subtask;
import scala.collection.Iterator;
import scala.runtime.AbstractFunction2;

/**
 * Runs the part of a chunk graph that is not materialized yet. Subtasks (fused groups) become
 * partitions of persisted {@link ChunkRDD}s — one RDD per tileable operand, depth and resource
 * request ({@link RunPlan}) — and run as Spark jobs on the partitions that are ready, deepest work
 * first. An RDD whose tasks need more cores or GPUs carries a Spark resource profile
 * ({@link ResourceProfiles}). Each chunk holds one
 * reference per consumer still to run; when the last one has run, its block is dropped.
 */
public final class GraphRunner {
  private static final AtomicLong RUNS = new AtomicLong();

  private final SparkContext sc;
  private final ChunkStore store;
  private final ExecutorService jobThreads;
  private final org.apache.spark.util.LongAccumulator remoteReads;
  private final List<org.marsonspark.plan.SubtaskRewriter> rewriters = org.marsonspark.plan.SubtaskRewriter.installed();
  private final ResourceProfiles resourceProfiles;
  private final ClusterView cluster;

  /**
   * What a run needs to know from the session's options.
   *
   * @param memoryBudget bytes of chunk outputs a run keeps alive at once (0: half the storage memory)
   * @param locality place source chunks next to their consumers and consumers next to their inputs
   */
  public record Settings(boolean fusion, StorageLevel storageLevel, int maxConcurrentJobs, long memoryBudget,
      boolean locality) {}

  /** Chunk inputs tasks have read from another executor's block manager so far (a locality measure). */
  public long remoteInputReads() {
    return remoteReads.value();
  }

  public GraphRunner(SparkContext sc, ChunkStore store, ExecutorService jobThreads) {
    this.sc = sc;
    this.remoteReads = sc.longAccumulator("mars: chunk inputs read from another executor");
    this.store = store;
    this.jobThreads = jobThreads;
    this.resourceProfiles = new ResourceProfiles(sc);
    this.cluster = new ClusterView(sc);
  }

  /** Applies resource requests to RDDs (for diagnostics: whether this Spark can). */
  public ResourceProfiles resourceProfiles() {
    return resourceProfiles;
  }

  /** Statistics of one run, for progress and tests. */
  public record RunStats(int subtasks, int tasks, int rdds, int jobs) {}

  /**
   * Materializes {@code targets}; each target gets one reference the caller must release.
   * {@code handOver} are chunks whose caller references are released once this run holds its own.
   */
  public RunStats run(Collection<Chunk> targets, Collection<Chunk> handOver, Settings settings, RunListener listener) {
    for (Chunk t : targets) {
      store.retain(t);
    }
    String group = ExpectedSparkLogs.RUN_GROUP + RUNS.incrementAndGet();
    String[] callSite = setCallSite(group);
    try {
      // the materialized chunks the plan reads stay held until it holds its own references: a
      // result released meanwhile (its object's cleaner, another thread) must not vanish under it
      Map<Long, Chunk> pinned = new HashMap<>();
      List<Subtask> subtasks;
      RunPlan plan;
      try {
        subtasks = new Fuser(settings.fusion()).plan(targets,
            c -> pinned.containsKey(c.key()) || store.retainIfMaterialized(c) && pinned.put(c.key(), c) == null);
        plan = RunPlan.build(sc, store, cluster, rewriters, resourceProfiles, subtasks, keys(targets), settings, false,
            remoteReads);
      } catch (RuntimeException e) {
        targets.forEach(store::release);
        throw e;
      } finally {
        pinned.values().forEach(store::release);
      }
      handOver.forEach(store::release);
      if (subtasks.isEmpty()) {
        return new RunStats(0, 0, 0, 0);
      }
      listener.started(group, (int) plan.tasks.stream().filter(t -> !t.inline).count());
      int jobs = new RunScheduler(this, plan, settings, group, targets).run();
      listener.finished(group);
      return new RunStats(subtasks.size(), plan.tasks.size(), plan.rdds.size(), jobs);
    } finally {
      restoreCallSite(callSite);
    }
  }

  /**
   * Names the RDDs and jobs of a run after the run (Spark's call site, which it would otherwise
   * find by walking this thread's stack for every RDD and job); returns the previous names.
   */
  private String[] setCallSite(String name) {
    String[] before = {sc.getLocalProperty(CALL_SITE_SHORT), sc.getLocalProperty(CALL_SITE_LONG)};
    sc.setLocalProperty(CALL_SITE_SHORT, "mars: " + name);
    sc.setLocalProperty(CALL_SITE_LONG, "mars: " + name);
    return before;
  }

  private void restoreCallSite(String[] before) {
    sc.setLocalProperty(CALL_SITE_SHORT, before[0]);
    sc.setLocalProperty(CALL_SITE_LONG, before[1]);
  }

  /** Spark's local properties for the call site ({@code org.apache.spark.util.CallSite}). */
  private static final String CALL_SITE_SHORT = "callSite.short";
  private static final String CALL_SITE_LONG = "callSite.long";

  /**
   * Plans what {@link #run} would run — fusion, rewriting, RDDs — without running or holding
   * anything; for {@code explain} and for measuring the planner.
   */
  public Planned plan(Collection<Chunk> targets, Settings settings) {
    List<Subtask> subtasks = new Fuser(settings.fusion()).plan(targets, store::isMaterialized);
    RunPlan plan = RunPlan.build(sc, store, cluster, rewriters, resourceProfiles, subtasks, keys(targets), settings,
        true, null);
    return new Planned(subtasks.size(), plan.tasks.size(), plan.rdds.size(), plan.stages());
  }

  /** What {@link #plan} found: sizes, and a line per RDD or exchange of the plan, producers first. */
  public record Planned(int subtasks, int tasks, int rdds, List<PlanStage> stages) {}

  private static java.util.Set<Long> keys(Collection<Chunk> chunks) {
    java.util.Set<Long> keys = new java.util.HashSet<>();
    chunks.forEach(c -> keys.add(c.key()));
    return keys;
  }

  /** Hears when a run starts and ends, for progress reporting. */
  public interface RunListener {
    void started(String jobGroup, int subtasks);

    void finished(String jobGroup);

    RunListener NONE = new RunListener() {
      @Override
      public void started(String jobGroup, int subtasks) {}

      @Override
      public void finished(String jobGroup) {}
    };
  }

  ChunkStore store() {
    return store;
  }

  ClusterView cluster() {
    return cluster;
  }

  ExecutorService jobThreads() {
    return jobThreads;
  }

  SparkContext sparkContext() {
    return sc;
  }

  static void checkAndRecord(Chunk chunk, ChunkMeta meta) {
    chunk.updateShape(meta.shape());
    Object expected = chunk.meta();
    if (expected != null && !expected.toString().equals(meta.kind())) {
      throw new MarsException(ErrorClass.CHUNK_METADATA_MISMATCH, "chunk " + chunk + " produced " + meta.kind()
          + " data, tiling predicted " + expected);
    }
  }

  /**
   * A target chunk whose serialized value is at most this many bytes comes back with its task's
   * metadata, so fetching it after {@code execute} needs no Spark job.
   */
  static final int INLINE_RESULT_BYTES = 64 << 10;
  /** At most this many bytes of values come back with one task's metadata (keeping the result direct). */
  static final int INLINE_TASK_BYTES = 512 << 10;

  /**
   * Runs (and caches) partitions of {@code rdd}; returns each one's output metadata.
   *
   * @param sendBack for each partition, the outputs whose value should come back if small (or null)
   */
  ChunkMeta[][] materialize(ChunkRDD rdd, int[] partitions, int[][] sendBack, String group) {
    sc.setJobGroup(group, jobDescription(rdd, partitions), true);
    setCallSite(group);
    Object result = sc.runJob(rdd, MetaOf.of(rdd.getNumPartitions(), partitions, sendBack),
        Scala.seq(Arrays.stream(partitions).boxed().map(i -> (Object) i).toList()),
        Scala.classTag(ChunkMeta[].class));
    return (ChunkMeta[][]) result;
  }

  /**
   * What the Spark UI and event logs show for a job: the operation of its first task (a fused
   * chain shows as its last operation) and how many tasks it has, e.g.
   * {@code mars: drop_duplicates.split · 24 tasks}.
   */
  static String jobDescription(ChunkRDD rdd, int[] partitions) {
    String first = ((SubtaskPartition) rdd.getPartitions()[partitions[0]]).description;
    int bracket = first.indexOf('[');
    String op = bracket > 0 ? first.substring(0, bracket) : first;
    return "mars: " + op + " · " + partitions.length + (partitions.length == 1 ? " task" : " tasks");
  }

  /**
   * The function of a materializing job: run (and cache) the partition, return metadata — and
   * the values of small target outputs. Kept flat (Spark deserializes it for every task).
   */
  private static final class MetaOf extends AbstractFunction2<TaskContext, Iterator<Object[]>, ChunkMeta[]>
      implements java.io.Serializable {
    /** Outputs to send back of RDD partition p: {@code outputs[start[p] .. start[p + 1] - 1]}; null: none. */
    private final int[] start;
    private final int[] outputs;

    private MetaOf(int[] start, int[] outputs) {
      this.start = start;
      this.outputs = outputs;
    }

    static MetaOf of(int numPartitions, int[] partitions, int[][] sendBack) {
      if (sendBack == null || Arrays.stream(sendBack).allMatch(o -> o.length == 0)) {
        return new MetaOf(null, null);
      }
      int[] start = new int[numPartitions + 1];
      for (int k = 0; k < partitions.length; k++) {
        start[partitions[k] + 1] = sendBack[k].length;
      }
      for (int p = 0; p < numPartitions; p++) {
        start[p + 1] += start[p];
      }
      int[] outputs = new int[start[numPartitions]];
      for (int k = 0; k < partitions.length; k++) {
        System.arraycopy(sendBack[k], 0, outputs, start[partitions[k]], sendBack[k].length);
      }
      return new MetaOf(start, outputs);
    }

    @Override
    public ChunkMeta[] apply(TaskContext ctx, Iterator<Object[]> it) {
      Object[] outs = Scala.only(it);
      String where = Locality.here();
      ChunkMeta[] metas = new ChunkMeta[outs.length];
      for (int i = 0; i < outs.length; i++) {
        metas[i] = ChunkMeta.of(outs[i]).at(where);
      }
      if (start != null) {
        int budget = INLINE_TASK_BYTES;
        org.apache.spark.serializer.SerializerInstance ser = null; // one per task: each holds a buffer
        for (int j = start[ctx.partitionId()]; j < start[ctx.partitionId() + 1] && budget > 0; j++) {
          int o = outputs[j];
          if (metas[o].nbytes() <= INLINE_RESULT_BYTES) {
            if (ser == null) {
              ser = org.apache.spark.SparkEnv.get().serializer().newInstance();
            }
            byte[] bytes = serialize(ser, outs[o]);
            if (bytes != null && bytes.length <= Math.min(budget, INLINE_RESULT_BYTES)) {
              metas[o].withValue(bytes);
              budget -= bytes.length;
            }
          }
        }
      }
      return metas;
    }

    /** The value in Spark's serializer, or null when it does not serialize (it is then fetched by a job). */
    private static byte[] serialize(org.apache.spark.serializer.SerializerInstance ser, Object value) {
      try {
        java.nio.ByteBuffer buf = ser.serialize(value, Scala.classTag(Object.class));
        byte[] bytes = new byte[buf.remaining()];
        buf.get(bytes);
        return bytes;
      } catch (RuntimeException e) {
        return null;
      }
    }
  }
}
