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
import org.marsonspark.core.ResourceRequest;
import org.marsonspark.plan.Fuser;
import org.marsonspark.plan.Packer;
import org.marsonspark.plan.Subtask;
import scala.collection.Iterator;
import scala.runtime.AbstractFunction2;

/**
 * Runs the part of a chunk graph that is not materialized yet. Subtasks (fused groups) become
 * partitions of persisted {@link ChunkRDD}s — one RDD per tileable operand, depth and resource
 * request ({@link RddKey}) — and run as Spark jobs on the partitions that are ready, deepest
 * work first. An RDD whose tasks need more cores or GPUs carries a Spark resource profile
 * ({@link ResourceProfiles}). Each chunk holds one
 * reference per consumer still to run; when the last one has run, its block is dropped.
 */
public final class GraphRunner {
  private static final AtomicLong RUNS = new AtomicLong();
  /** Many small independent subtasks are packed into this many Spark tasks per core ({@link Packer}). */
  private static final int TASKS_PER_CORE = 16;

  private final SparkContext sc;
  private final ChunkStore store;
  private final ExecutorService jobThreads;
  private final ResourceProfiles resourceProfiles;

  /** What a run needs to know from the session's options. */
  public record Settings(boolean fusion, StorageLevel storageLevel, int maxConcurrentJobs) {}

  public GraphRunner(SparkContext sc, ChunkStore store, ExecutorService jobThreads) {
    this.sc = sc;
    this.store = store;
    this.jobThreads = jobThreads;
    this.resourceProfiles = new ResourceProfiles(sc);
  }

  /** Applies resource requests to RDDs (for diagnostics: whether this Spark can). */
  public ResourceProfiles resourceProfiles() {
    return resourceProfiles;
  }

  /** Statistics of one run, for progress and tests. */
  public record RunStats(int subtasks, int rdds, int jobs) {}

  /**
   * Materializes {@code targets}; each target gets one reference the caller must release.
   * {@code handOver} are chunks whose caller references are released once this run holds its own.
   */
  public RunStats run(Collection<Chunk> targets, Collection<Chunk> handOver, Settings settings, RunListener listener) {
    for (Chunk t : targets) {
      store.retain(t);
    }
    List<Subtask> subtasks = new Fuser(settings.fusion()).plan(targets, store::isMaterialized);
    subtasks = new Packer(TASKS_PER_CORE * Math.max(1, sc.defaultParallelism())).pack(subtasks);
    Plan plan;
    try {
      plan = buildPlan(subtasks, settings.storageLevel());
    } catch (RuntimeException e) {
      targets.forEach(store::release);
      throw e;
    }
    handOver.forEach(store::release);
    if (subtasks.isEmpty()) {
      return new RunStats(0, 0, 0);
    }
    String group = "mars-run-" + RUNS.incrementAndGet();
    listener.started(group, subtasks.size());
    int jobs = schedule(plan, settings, group, targets, listener);
    listener.finished(group);
    return new RunStats(subtasks.size(), plan.rdds.size(), jobs);
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

  private static final class Plan {
    final List<Subtask> subtasks;
    final Map<Subtask, ChunkRDD> rddOf = new IdentityHashMap<>();
    final Map<Subtask, Integer> partitionOf = new IdentityHashMap<>();
    final Map<Subtask, Integer> levelOf = new IdentityHashMap<>();
    final Map<Subtask, List<Subtask>> successors = new IdentityHashMap<>();
    final Map<Subtask, Integer> pendingInputs = new IdentityHashMap<>();
    final List<ChunkRDD> rdds = new ArrayList<>();

    Plan(List<Subtask> subtasks) {
      this.subtasks = subtasks;
    }
  }

  private Plan buildPlan(List<Subtask> subtasks, StorageLevel level) {
    Plan plan = new Plan(subtasks);
    Map<Long, Subtask> producer = new HashMap<>();
    for (Subtask s : subtasks) {
      for (Chunk out : s.outputs()) {
        producer.put(out.key(), s);
      }
      plan.successors.put(s, new ArrayList<>());
    }
    // levels (subtasks come producers first) and dependencies between subtasks
    for (Subtask s : subtasks) {
      int lvl = 0;
      int pending = 0;
      java.util.Set<Subtask> preds = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
      for (Chunk in : s.externalInputs()) {
        Subtask p = producer.get(in.key());
        if (p != null) {
          if (preds.add(p)) {
            pending++;
            plan.successors.get(p).add(s);
          }
          lvl = Math.max(lvl, plan.levelOf.get(p) + 1);
        } else if (!store.isMaterialized(in)) {
          throw new MarsException(ErrorClass.INTERNAL, "input " + in + " of " + s + " is neither planned nor materialized");
        }
      }
      plan.levelOf.put(s, lvl);
      plan.pendingInputs.put(s, pending);
    }
    // one RDD per (tileable operand, level, resources); created level by level so parents exist first
    Map<RddKey, List<Subtask>> groups = new LinkedHashMap<>();
    List<Subtask> byLevel = new ArrayList<>(subtasks);
    byLevel.sort(Comparator.comparingInt(plan.levelOf::get));
    for (Subtask s : byLevel) {
      groups.computeIfAbsent(RddKey.of(s, plan.levelOf.get(s)), k -> new ArrayList<>()).add(s);
    }
    for (Map.Entry<RddKey, List<Subtask>> group : groups.entrySet()) {
      List<Subtask> members = group.getValue();
      for (int i = 0; i < members.size(); i++) {
        plan.partitionOf.put(members.get(i), i);
      }
      ChunkRDD rdd = newRdd(members, producer, plan);
      rdd.persist(level);
      resourceProfiles.apply(rdd, group.getKey().resources());
      for (Subtask s : members) {
        plan.rddOf.put(s, rdd);
      }
      plan.rdds.add(rdd);
    }
    // each subtask holds a reference on each input until it has run
    for (Subtask s : subtasks) {
      for (Chunk in : s.externalInputs()) {
        store.retain(in);
      }
    }
    return plan;
  }

  /**
   * Which subtasks share an RDD: those of one tileable operand at one depth with the same
   * resource request; subtasks of {@linkplain org.marsonspark.core.ChunkOp#batchable batchable}
   * ops share it across operands ({@code owner} -1), so independent small operations run as one job.
   */
  record RddKey(long owner, int level, ResourceRequest resources) {
    static RddKey of(Subtask s, int level) {
      ResourceRequest resources = ResourceRequest.DEFAULT;
      for (OpNode n : s.nodes()) {
        resources = resources.max(n.op().resources());
      }
      return new RddKey(s.tail().op().batchable() ? -1 : s.tail().owner(), level, resources);
    }
  }

  private ChunkRDD newRdd(List<Subtask> members, Map<Long, Subtask> producer, Plan plan) {
    List<RDD<Object[]>> parents = new ArrayList<>();
    Map<RDD<Object[]>, Integer> parentIndex = new IdentityHashMap<>();
    List<List<TreeSet<Integer>>> parentParts = new ArrayList<>();
    SubtaskPartition[] parts = new SubtaskPartition[members.size()];
    for (int pi = 0; pi < members.size(); pi++) {
      Subtask s = members.get(pi);
      List<Chunk> ext = s.externalInputs();
      SubtaskPartition.Input[] inputs = new SubtaskPartition.Input[ext.size()];
      Map<Long, Integer> slotOf = new HashMap<>();
      for (int i = 0; i < ext.size(); i++) {
        Chunk c = ext.get(i);
        ChunkRDD rdd;
        int partition;
        int output;
        Subtask p = producer.get(c.key());
        if (p != null) {
          rdd = plan.rddOf.get(p);
          partition = plan.partitionOf.get(p);
          output = p.outputs().indexOf(c);
        } else {
          ChunkStore.Location loc = store.location(c);
          rdd = loc.rdd();
          partition = loc.partition();
          output = loc.output();
        }
        int idx = parentIndex.computeIfAbsent(rdd, r -> {
          parents.add(r);
          List<TreeSet<Integer>> perChild = new ArrayList<>();
          for (int k = 0; k < members.size(); k++) {
            perChild.add(new TreeSet<>());
          }
          parentParts.add(perChild);
          return parents.size() - 1;
        });
        parentParts.get(idx).get(pi).add(partition);
        inputs[i] = new SubtaskPartition.Input(idx, rdd.partition(partition), output);
        slotOf.put(c.key(), i);
      }
      int nextSlot = ext.size();
      SubtaskPartition.Node[] nodes = new SubtaskPartition.Node[s.nodes().size()];
      for (int n = 0; n < nodes.length; n++) {
        OpNode node = s.nodes().get(n);
        int[] inSlots = new int[node.inputs().size()];
        for (int a = 0; a < inSlots.length; a++) {
          inSlots[a] = slotOf.get(node.inputs().get(a).key());
        }
        nodes[n] = new SubtaskPartition.Node(node.op(), inSlots, nextSlot);
        for (Chunk out : node.outputs()) {
          slotOf.put(out.key(), nextSlot++);
        }
      }
      int[] outSlots = s.outputs().stream().mapToInt(c -> slotOf.get(c.key())).toArray();
      Chunk first = s.outputs().get(0);
      parts[pi] = new SubtaskPartition(pi, inputs, nodes, outSlots, nextSlot,
          s.tail().op().name() + Arrays.toString(first.index()));
    }
    int[][][] pp = new int[parents.size()][][];
    for (int i = 0; i < parents.size(); i++) {
      pp[i] = new int[members.size()][];
      for (int k = 0; k < members.size(); k++) {
        pp[i][k] = parentParts.get(i).get(k).stream().mapToInt(Integer::intValue).toArray();
      }
    }
    return new ChunkRDD(sc, parts, parents, pp);
  }

  /** Result of one Spark job: the partitions it ran and each one's output metadata. */
  private record JobDone(ChunkRDD rdd, List<Subtask> subtasks, ChunkMeta[][] metas) {}

  private int schedule(Plan plan, Settings settings, String group, Collection<Chunk> targets, RunListener listener) {
    CompletionService<JobDone> completion = new ExecutorCompletionService<>(jobThreads);
    List<Subtask> ready = new ArrayList<>();
    for (Subtask s : plan.subtasks) {
      if (plan.pendingInputs.get(s) == 0) {
        ready.add(s);
      }
    }
    java.util.Set<Subtask> done = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    List<Future<JobDone>> running = new ArrayList<>();
    int inFlight = 0;
    int jobs = 0;
    try {
      while (done.size() < plan.subtasks.size()) {
        // submit ready work, deepest first, one job per RDD
        if (!ready.isEmpty() && inFlight < settings.maxConcurrentJobs()) {
          Map<ChunkRDD, List<Subtask>> byRdd = new LinkedHashMap<>();
          ready.sort(Comparator.comparingInt((Subtask s) -> -plan.levelOf.get(s)));
          for (Subtask s : ready) {
            byRdd.computeIfAbsent(plan.rddOf.get(s), r -> new ArrayList<>()).add(s);
          }
          ready.clear();
          for (Map.Entry<ChunkRDD, List<Subtask>> e : byRdd.entrySet()) {
            if (inFlight >= settings.maxConcurrentJobs()) {
              ready.addAll(e.getValue());
              continue;
            }
            ChunkRDD rdd = e.getKey();
            List<Subtask> batch = e.getValue();
            int[] partitions = batch.stream().mapToInt(plan.partitionOf::get).toArray();
            running.add(completion.submit(() -> new JobDone(rdd, batch, materialize(rdd, partitions, group))));
            inFlight++;
            jobs++;
          }
        }
        JobDone finished = completion.take().get();
        inFlight--;
        for (int i = 0; i < finished.subtasks().size(); i++) {
          Subtask s = finished.subtasks().get(i);
          ChunkMeta[] metas = finished.metas()[i];
          Chunk[] outs = s.outputs().toArray(new Chunk[0]);
          for (int k = 0; k < outs.length; k++) {
            checkAndRecord(outs[k], metas[k]);
          }
          store.registerPartition(finished.rdd(), plan.partitionOf.get(s), outs);
          done.add(s);
          for (Chunk in : s.externalInputs()) {
            store.release(in);
          }
          for (Subtask next : plan.successors.get(s)) {
            if (plan.pendingInputs.merge(next, -1, Integer::sum) == 0) {
              ready.add(next);
            }
          }
        }
      }
      return jobs;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      fail(plan, done, running, group, targets);
      throw new MarsException(ErrorClass.TASK_FAILED, "execution interrupted", e);
    } catch (ExecutionException e) {
      fail(plan, done, running, group, targets);
      throw TaskFailures.translate(e.getCause());
    } catch (RuntimeException e) {
      fail(plan, done, running, group, targets);
      throw e;
    }
  }

  /** Cancels what still runs and gives back every reference the run held. */
  private void fail(Plan plan, java.util.Set<Subtask> done, List<Future<JobDone>> running, String group,
      Collection<Chunk> targets) {
    sc.cancelJobGroup(group);
    for (Future<JobDone> f : running) {
      try {
        JobDone d = f.get();
        // a job that finished after the failure: record its outputs so they can be released
        for (int i = 0; i < d.subtasks().size(); i++) {
          Subtask s = d.subtasks().get(i);
          if (done.add(s)) {
            store.registerPartition(d.rdd(), plan.partitionOf.get(s), s.outputs().toArray(new Chunk[0]));
            s.externalInputs().forEach(store::release);
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (ExecutionException | RuntimeException ignored) {
        // failed or cancelled: nothing was registered
      }
    }
    for (Subtask s : plan.subtasks) {
      if (!done.contains(s)) {
        s.externalInputs().forEach(store::release);
      }
    }
    targets.forEach(store::release);
  }

  private static void checkAndRecord(Chunk chunk, ChunkMeta meta) {
    chunk.updateShape(meta.shape());
    Object expected = chunk.meta();
    if (expected != null && !expected.toString().equals(meta.kind())) {
      throw new MarsException(ErrorClass.CHUNK_METADATA_MISMATCH, "chunk " + chunk + " produced " + meta.kind()
          + " data, tiling predicted " + expected);
    }
  }

  private ChunkMeta[][] materialize(ChunkRDD rdd, int[] partitions, String group) {
    sc.setJobGroup(group, "mars: " + rdd.getPartitions()[partitions[0]].toString(), true);
    Object result = sc.runJob(rdd, new MetaOf(), Scala.seq(Arrays.stream(partitions).boxed().map(i -> (Object) i).toList()),
        Scala.classTag(ChunkMeta[].class));
    return (ChunkMeta[][]) result;
  }

  /** The function of a materializing job: run (and cache) the partition, return metadata only. */
  private static final class MetaOf extends AbstractFunction2<TaskContext, Iterator<Object[]>, ChunkMeta[]>
      implements java.io.Serializable {
    @Override
    public ChunkMeta[] apply(TaskContext ctx, Iterator<Object[]> it) {
      Object[] outs = it.next();
      ChunkMeta[] metas = new ChunkMeta[outs.length];
      for (int i = 0; i < outs.length; i++) {
        metas[i] = ChunkMeta.of(outs[i]);
      }
      return metas;
    }
  }
}
