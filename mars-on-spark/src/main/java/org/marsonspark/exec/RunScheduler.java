package org.marsonspark.exec;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.Future;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.ElementType;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.OpNode;
import org.marsonspark.core.Shapes;
import org.marsonspark.exec.RunPlan.Task;
import org.marsonspark.plan.Subtask;

/**
 * Runs a {@link RunPlan}: submits ready subtasks as Spark jobs — deepest first, so that a
 * reduction's combine runs as soon as its inputs exist and frees them — in waves that keep the
 * bytes of chunk outputs alive (produced and not yet consumed, plus those being produced) under
 * the memory budget. Each finished subtask gives back its references on its inputs.
 */
final class RunScheduler {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(RunScheduler.class);
  private final GraphRunner runner;
  private final RunPlan plan;
  private final GraphRunner.Settings settings;
  private final String group;
  private final Collection<Chunk> targets;
  private final Set<Long> targetKeys;
  private final ChunkStore store;
  private final long budget;

  private final List<Task> ready = new ArrayList<>();
  private final Set<Task> done = Collections.newSetFromMap(new IdentityHashMap<>());
  private final Map<Task, Long> estimates = new IdentityHashMap<>();
  private final List<Future<JobDone>> running = new ArrayList<>();
  private long inFlightBytes;
  private int finished;
  private int inFlightJobs;
  private int jobs;

  /** Predicted bytes of each bucket of the exchanges done so far: their maps' bytes, spread evenly. */
  private final Map<Long, Long> bucketBytes = new java.util.HashMap<>();
  /** Exchanges done whose maps are still held: their consumers have not all run. */
  private final Set<Task> openExchanges = Collections.newSetFromMap(new IdentityHashMap<>());

  /** Finished partitions not recorded yet: a merged tail waits for the siblings it read. */
  private final List<Finished> deferred = new ArrayList<>();

  /** Result of one Spark job: the partitions it ran and each one's output metadata. */
  private record JobDone(ChunkRDD rdd, List<Task> tasks, ChunkMeta[][] metas) {}

  /** Partition {@code index} of a finished job. */
  private record Finished(JobDone job, int index) {
    Task task() {
      return job.tasks().get(index);
    }
  }

  RunScheduler(GraphRunner runner, RunPlan plan, GraphRunner.Settings settings, String group,
      Collection<Chunk> targets) {
    this.runner = runner;
    this.plan = plan;
    this.settings = settings;
    this.group = group;
    this.targets = targets;
    this.targetKeys = new java.util.HashSet<>();
    targets.forEach(c -> targetKeys.add(c.key()));
    this.store = runner.store();
    this.budget = settings.memoryBudget() > 0 ? settings.memoryBudget() : defaultBudget();
  }

  /** Half of the block managers' storage memory. */
  private long defaultBudget() {
    return Math.max(64L << 20, runner.cluster().storageMemory() / 2);
  }

  /** Runs every subtask; returns the number of Spark jobs. */
  int run() {
    CompletionService<JobDone> completion = new ExecutorCompletionService<>(runner.jobThreads());
    int toRun = (int) plan.tasks.stream().filter(t -> !t.inline && !t.exchange).count();
    store.startRun();
    store.startComputing(plan.rdds);
    try {
      for (Task t : plan.tasks) {
        if (!t.inline && t.pendingInputs == 0) {
          becameReady(t);
        }
      }
      while (finished < toRun) {
        submitWave(completion);
        finish(completion.take().get());
      }
      return jobs;
    } catch (InterruptedException e) {
      // the caller stops the run (an interrupt, a timeout): cancel, release, then keep the flag
      fail();
      Thread.currentThread().interrupt();
      throw new MarsException(ErrorClass.CANCELLED, "execution interrupted", e);
    } catch (ExecutionException e) {
      fail();
      throw TaskFailures.translate(e.getCause());
    } catch (RuntimeException e) {
      fail();
      throw e;
    } finally {
      store.endComputing(plan.rdds);
    }
  }

  /** Submits the ready subtasks that fit the budget, one job per RDD, deepest first. */
  private void submitWave(CompletionService<JobDone> completion) {
    if (ready.isEmpty() || inFlightJobs >= settings.maxConcurrentJobs()) {
      return;
    }
    ready.sort(Comparator.comparingInt((Task t) -> -t.level).thenComparingInt(t -> t.subtasks.get(0).id()));
    Map<ChunkRDD, List<Task>> wave = new LinkedHashMap<>();
    List<Task> later = new ArrayList<>();
    for (Task t : ready) {
      long est = estimate(t);
      boolean nothingRunning = inFlightJobs == 0 && wave.isEmpty();
      boolean fits = store.runBytes() + inFlightBytes + est <= budget;
      boolean jobSlot = wave.containsKey(t.rdd) || inFlightJobs + wave.size() < settings.maxConcurrentJobs();
      if ((fits || nothingRunning) && jobSlot) {
        wave.computeIfAbsent(t.rdd, r -> new ArrayList<>()).add(t);
        estimates.put(t, est);
        inFlightBytes += est;
      } else {
        later.add(t);
      }
    }
    ready.clear();
    ready.addAll(later);
    for (Map.Entry<ChunkRDD, List<Task>> e : wave.entrySet()) {
      if (LOG.isDebugEnabled()) {
        LOG.debug("wave of {} partitions of RDD {} at depth {}: {} bytes held, {} in flight, budget {}",
            e.getValue().size(), e.getKey().id(), e.getValue().get(0).level, store.runBytes(),
            inFlightBytes, budget);
      }
      ChunkRDD rdd = e.getKey();
      List<Task> batch = e.getValue();
      int[] partitions = batch.stream().mapToInt(t -> t.partition).toArray();
      int[][] sendBack = batch.stream().map(this::smallTargets).toArray(int[][]::new);
      running.add(completion.submit(() -> new JobDone(rdd, batch, runner.materialize(rdd, partitions, sendBack,
          group))));
      inFlightJobs++;
      jobs++;
    }
  }

  private void finish(JobDone job) {
    inFlightJobs--;
    for (int i = 0; i < job.tasks().size(); i++) {
      deferred.add(new Finished(job, i));
    }
    // a merged tail is recorded after the partitions it read (they may have come in another job)
    boolean recorded = true;
    while (recorded) {
      recorded = false;
      for (java.util.Iterator<Finished> it = deferred.iterator(); it.hasNext(); ) {
        Finished f = it.next();
        if (done.containsAll(f.task().siblings)) {
          it.remove();
          record(f);
          recorded = true;
        }
      }
    }
  }

  private void record(Finished f) {
    JobDone job = f.job();
    int i = f.index();
    Task t = f.task();
    finished++;
    // the inline tasks ran inside this one: their blocks exist; record them, then they are consumed
    for (Task in : t.inlined) {
      ChunkMeta[] predicted = in.outputs.stream().map(c -> ChunkMeta.predicted(c, estimateOf(c))).toArray(ChunkMeta[]::new);
      store.registerPartition(in.rdd, in.partition, in.outputs.toArray(new Chunk[0]), predicted);
      done.add(in);
      releaseInputs(in);
    }
    ChunkMeta[] metas = job.metas()[i];
    Chunk[] outs = t.outputs.toArray(new Chunk[0]);
    for (int k = 0; k < outs.length; k++) {
      GraphRunner.checkAndRecord(outs[k], metas[k]);
    }
    inFlightBytes -= estimates.remove(t);
    store.registerPartition(job.rdd(), t.partition, outs, metas);
    done.add(t);
    releaseInputs(t);
    wake(t);
    for (Task p : t.predecessors) {
      if (p.exchange && openExchanges.contains(p) && done.containsAll(p.successors)) {
        closeExchange(p);
      }
    }
  }

  /** A task whose inputs are all there: submitted in the next wave; an exchange is done at once. */
  private void becameReady(Task t) {
    if (!t.exchange) {
      ready.add(t);
      return;
    }
    // no job of its own: its maps are written to the shuffle by the job of its consumers
    long maps = 0;
    for (Chunk in : t.subtasks.get(0).externalInputs()) {
      maps += store.bytesOf(in);
    }
    long perBucket = Math.max(1, maps / Math.max(1, t.outputs.size()));
    t.outputs.forEach(b -> bucketBytes.put(b.key(), perBucket));
    done.add(t);
    openExchanges.add(t);
    wake(t);
    if (t.successors.isEmpty()) {
      closeExchange(t);
    }
  }

  /** {@code t} is done: the tasks waiting for it and for nothing else become ready. */
  private void wake(Task t) {
    for (Task next : t.waiting) {
      if (--next.pendingInputs == 0) {
        becameReady(next);
      }
    }
  }

  /** Every consumer of an exchange has run: its maps are released and its shuffle files dropped. */
  private void closeExchange(Task x) {
    openExchanges.remove(x);
    releaseInputs(x);
    store.dropShuffle(x.shuffle, runner.cluster().singleJvm());
  }

  /** The outputs of a task that are targets of the run and predicted small: their values come back with it. */
  private int[] smallTargets(Task t) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < t.outputs.size(); i++) {
      Chunk c = t.outputs.get(i);
      if (targetKeys.contains(c.key()) && !c.hasUnknownShape() && estimateOf(c) <= GraphRunner.INLINE_RESULT_BYTES) {
        out.add(i);
      }
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  private void releaseInputs(Task t) {
    for (Subtask s : t.subtasks) {
      s.externalInputs().forEach(store::release);
    }
  }

  /**
   * Predicted bytes of a task's outputs (and of the inline tasks it computes). Outputs of known
   * shape count their size. Those whose size tiling could not predict (a filter, a split into
   * buckets, a group-by) count together as what the task reads — its inputs, known by now, and
   * the known sizes it computes on the way — which is what such operations mostly produce;
   * never more than a quarter of the budget each, which is what a task that reads nothing of
   * known size counts. A source reading a file's byte range ({@link ChunkOp#externalBytes}) reads
   * {@value #EXTERNAL_BYTES_FACTOR} times the range. (Counted as a quarter of the budget for every
   * task, a task splitting into n buckets ran alone, one Spark job each, however small its data;
   * and a CSV cut into 4 000 ranges was read three ranges to a Spark job.)
   */
  /** What a parsed byte range holds, in times its bytes (numbers as 8-byte values, text as Java strings). */
  static final long EXTERNAL_BYTES_FACTOR = 4;

  private long estimate(Task t) {
    long known = 0;
    int unknown = 0;
    long read = 0;
    List<Task> all = new ArrayList<>(t.inlined);
    all.add(t);
    for (Task part : all) {
      for (Chunk c : part.outputs) {
        if (c.hasUnknownShape()) {
          unknown++;
        } else {
          known += estimateOf(c);
        }
      }
      for (Subtask s : part.subtasks) {
        for (Chunk in : s.externalInputs()) {
          long b = store.bytesOf(in);
          read += b > 0 ? b : bucketBytes.getOrDefault(in.key(), estimateOf(in));
        }
        // what it computes on the way, where known (a fused source of local data, say), and what
        // its sources read from files
        for (OpNode node : s.nodes()) {
          long external = node.op().externalBytes();
          if (external > 0) {
            read += EXTERNAL_BYTES_FACTOR * external;
          }
          for (Chunk c : node.outputs()) {
            if (!c.hasUnknownShape() && !part.outputs.contains(c)) {
              read += estimateOf(c);
            }
          }
        }
      }
    }
    long cap = unknown * (budget / 4);
    // a source of unknown size (a file's byte range, say) reads nothing known: the cautious prediction
    return unknown == 0 ? known : known + (read > 0 ? Math.min(read, cap) : cap);
  }

  /** Predicted bytes of a chunk, from its shape and element type. */
  private long estimateOf(Chunk c) {
    int item = c.meta() instanceof ElementType et ? et.itemSize() : 8;
    long n = Shapes.size(c.shape());
    return n == Shapes.UNKNOWN ? budget / 4 : n * item;
  }

  /**
   * Cancels what still runs (jobs submitted later too; tasks are interrupted) and gives back
   * every reference the run held. Waits for the cancelled jobs to end, which Spark reports at once.
   */
  private void fail() {
    if (!runner.sparkContext().isStopped()) {
      runner.sparkContext().cancelJobGroupAndFutureJobs(group, ExpectedSparkLogs.CANCEL_REASON);
    }
    boolean interrupted = Thread.interrupted();
    for (Future<JobDone> f : running) {
      try {
        JobDone d = f.get();
        // a job that finished after the failure: record its outputs so they can be released
        for (int i = 0; i < d.tasks().size(); i++) {
          Task t = d.tasks().get(i);
          if (done.add(t)) {
            store.registerPartition(d.rdd(), t.partition, t.outputs.toArray(new Chunk[0]), d.metas()[i]);
            releaseInputs(t);
          }
        }
      } catch (InterruptedException e) {
        interrupted = true;
      } catch (ExecutionException | RuntimeException ignored) {
        // failed or cancelled: nothing was registered
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    for (Task t : plan.tasks) {
      if (!done.contains(t)) {
        releaseInputs(t);
      }
    }
    for (Task x : List.copyOf(openExchanges)) {
      closeExchange(x);
    }
    targets.forEach(store::release);
  }
}
