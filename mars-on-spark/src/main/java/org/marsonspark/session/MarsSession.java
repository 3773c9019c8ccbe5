package org.marsonspark.session;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.SparkSession;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableData;
import org.marsonspark.core.Tiler;
import org.marsonspark.exec.ChunkStore;
import org.marsonspark.exec.ExpectedSparkLogs;
import org.marsonspark.exec.Fetcher;
import org.marsonspark.exec.GraphRunner;
import org.marsonspark.exec.MarsKryoRegistrator;
import org.marsonspark.exec.PlanStage;

/**
 * Where Mars work runs: a Spark context, the chunk store, the options and the progress
 * listeners. {@link #local()} starts an embedded {@code local[*]} Spark; {@link #attach}
 * uses a Spark session somebody else started (spark-submit, a notebook).
 *
 * <p>The last session created or attached is the default one, used by {@code execute()}
 * and {@code fetch()} on user objects when no session is named.
 *
 * <p>An {@code execute()} stops — its Spark jobs cancelled, running tasks interrupted, what it
 * held released — when its thread is interrupted ({@code CANCELLED}), when it runs past
 * {@link MarsOptions#timeout} ({@code TIMED_OUT}), or, for work handed to {@link #submit}, when
 * that work is cancelled or its time is up.
 *
 * <p>A session whose Spark was stopped under it (an attached session whose owner stopped
 * Spark) is closed: every call says so ({@code SESSION_CLOSED}).
 */
public final class MarsSession implements AutoCloseable {
  private static volatile MarsSession defaultSession;
  private static final AtomicLong EXECUTIONS = new AtomicLong();
  /** How deep this thread is in executions (tiling and running): eager mode stays out of them. */
  private static final ThreadLocal<int[]> INSIDE_EXECUTION = ThreadLocal.withInitial(() -> new int[1]);
  private static final int MAX_TILING_ROUNDS = 10_000;

  private final SparkSession spark;
  private final boolean ownsSpark;
  private final MarsOptions options;
  private final ChunkStore store;
  private final ExecutionProgress progress = new ExecutionProgress();
  private final ExecutorService jobThreads;
  private final ScheduledExecutorService ticker;
  private final GraphRunner runner;
  private final Fetcher fetcher;
  private final ReentrantLock executeLock = new ReentrantLock();
  /** The stop of the execution running now (null: none), for {@link #close}. */
  private volatile ExecutionStop running;
  private volatile boolean closed;
  private volatile String closedReason = "this Mars session is closed";

  private MarsSession(SparkSession spark, boolean ownsSpark, MarsOptions options) {
    if (spark.sparkContext().isStopped()) {
      throw new MarsException(ErrorClass.SESSION_CLOSED, "the SparkSession's SparkContext (" + spark.sparkContext().master()
          + ") was stopped: attach to a running one (SparkSession.builder().getOrCreate() starts a new one)");
    }
    ExpectedSparkLogs.install();
    this.spark = spark;
    this.ownsSpark = ownsSpark;
    this.options = options;
    AtomicInteger n = new AtomicInteger();
    this.jobThreads = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "mars-job-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "mars-session-timer"); // progress ticks and timeouts
      t.setDaemon(true);
      return t;
    });
    SparkContext sc = spark.sparkContext();
    this.store = new ChunkStore(sc);
    sc.addSparkListener(progress);
    this.runner = new GraphRunner(sc, store, jobThreads);
    this.fetcher = new Fetcher(sc, store);
    if (options.progress() && System.console() != null) {
      progress.addListener(new ConsoleProgressBar(System.err, options.progressDelayMillis()));
    }
    defaultSession = this;
  }

  /** An embedded Spark {@code local[*]} with default options. */
  public static MarsSession local() {
    return local("local[*]", MarsOptions.defaults());
  }

  public static MarsSession local(MarsOptions options) {
    return local("local[*]", options);
  }

  /**
   * An embedded Spark with the given master ({@code local[2]}, {@code local-cluster[2,1,1024]}):
   * UI off, quiet logs, Kryo with the project's registrator; in local mode broadcasts (task
   * binaries) are neither compressed nor cut into 4 MiB pieces, and shuffle output is not
   * compressed (see docs/decisions.md).
   *
   * <p>Spark allows one SparkContext per JVM. A second {@code local} session while one is open
   * shares its Spark when it asks for the same master and settings (each session has its own
   * chunks and options; Spark stops when the last of them closes); another master or other
   * settings, or a SparkContext that Mars did not start, is an {@code INVALID_ARGUMENT} error —
   * use {@link #attach} for the latter.
   */
  public static MarsSession local(String master, MarsOptions options) {
    return local(master, options, new SparkConf());
  }

  /** As {@link #local(String, MarsOptions)}, with extra Spark settings. */
  public static MarsSession local(String master, MarsOptions options, SparkConf extra) {
    SparkConf conf = new SparkConf()
        .setMaster(master)
        .setAppName("mars-on-spark")
        .set("spark.ui.enabled", "false")
        .set("spark.ui.showConsoleProgress", "false")
        .set("spark.driver.host", "127.0.0.1")
        .set("spark.driver.bindAddress", "127.0.0.1")
        .set("spark.serializer", "org.apache.spark.serializer.KryoSerializer")
        .set("spark.kryo.registrator", MarsKryoRegistrator.class.getName())
        .set("spark.sql.shuffle.partitions", "8");
    if (master.equals("local") || master.startsWith("local[")) {
      // one process: a broadcast (every job's task binary is one) never crosses a network, so
      // compressing it is wasted work, and Spark's 4 MiB pieces cost every job a 4 MiB buffer
      conf.setIfMissing("spark.broadcast.compress", "false");
      conf.setIfMissing("spark.broadcast.blockSize", "256k");
      // nor does shuffle output: Spark wraps every (map, reduce) segment in its own LZ4 stream
      // with two fresh 32 KiB buffers, which dominated a shuffle of small pieces (docs/decisions.md)
      conf.setIfMissing("spark.shuffle.compress", "false");
    } else {
      // executors run a task per core: native BLAS inside a task keeps to one thread (docs/decisions.md)
      conf.setIfMissing("spark.executorEnv.OPENBLAS_NUM_THREADS", "1");
    }
    for (scala.Tuple2<String, String> kv : extra.getAll()) {
      conf.set(kv._1(), kv._2());
    }
    SparkSession spark = LocalSpark.acquire(conf);
    try {
      return new MarsSession(spark, true, options);
    } catch (RuntimeException e) {
      LocalSpark.release(spark);
      throw e;
    }
  }

  /**
   * Uses a Spark session started elsewhere (spark-submit, a notebook), whatever its serializer.
   * Closing the Mars session then leaves that Spark session running; if its owner stops it, this
   * session is closed ({@code SESSION_CLOSED} on its next call).
   */
  public static MarsSession attach(SparkSession spark) {
    return attach(spark, MarsOptions.defaults());
  }

  public static MarsSession attach(SparkSession spark, MarsOptions options) {
    return new MarsSession(spark, false, options);
  }

  /** The session used when none is named: the last one created or attached. */
  public static MarsSession getDefault() {
    MarsSession s = defaultSession;
    if (s == null || s.isClosed()) {
      throw new MarsException(ErrorClass.SESSION_CLOSED,
          "no open Mars session: create one with MarsSession.local() or MarsSession.attach(spark)");
    }
    return s;
  }

  /**
   * The session in which a newly created object must run right away: the default session when
   * its options say {@link MarsOptions#eager() eager}, and this thread is neither inside an
   * execution (tiling may build objects of its own) nor a chunk task; otherwise null.
   */
  public static MarsSession eagerDefault() {
    MarsSession s = defaultSession;
    if (s == null || s.isClosed() || !s.options.eager() || INSIDE_EXECUTION.get()[0] > 0 || TaskContext.get() != null) {
      return null;
    }
    return s;
  }

  /** Makes this session the default one. */
  public MarsSession asDefault() {
    defaultSession = this;
    return this;
  }

  public MarsOptions options() {
    return options;
  }

  public SparkSession spark() {
    return spark;
  }

  public SparkContext sparkContext() {
    return spark.sparkContext();
  }

  /** Chunk inputs tasks have read from another executor so far (a measure of locality). */
  public long remoteInputReads() {
    return runner.remoteInputReads();
  }

  /** Why tasks asking for more cores or GPUs run with default resources here, or null. */
  public String resourceSchedulingUnsupportedReason() {
    return runner.resourceProfiles().unsupportedReason();
  }

  /** The chunk store (for diagnostics and tests). */
  public ChunkStore chunkStore() {
    return store;
  }

  public void addProgressListener(ProgressListener l) {
    progress.addListener(l);
  }

  public void removeProgressListener(ProgressListener l) {
    progress.removeListener(l);
  }

  /**
   * Tiles and runs everything the targets need and keeps the targets' chunks materialized. The
   * returned handle holds them until it is released. A failure leaves nothing behind and the
   * session usable.
   *
   * <p>Interrupting the calling thread stops the execution ({@code CANCELLED}); so does its
   * {@linkplain MarsOptions#timeout timeout} ({@code TIMED_OUT}). Either way its Spark jobs are
   * cancelled, their running tasks interrupted, and what it held released.
   */
  public List<ExecutionHandle> execute(List<? extends TileableData> targets) {
    ensureOpen();
    if (TaskContext.get() != null) {
      // a chunk task running in this JVM (local mode) executes more work: the execution that
      // holds the lock is waiting for this very task
      return executeNested(targets);
    }
    try (ExecutionStop stop = new ExecutionStop(options.timeout(), ticker)) {
      try {
        executeLock.lockInterruptibly();
      } catch (InterruptedException e) {
        throw stop.stopped(e);
      }
      try {
        running = stop;
        ensureOpen();
        stop.check();
        long id = EXECUTIONS.incrementAndGet();
        progress.beginExecution(id);
        ScheduledFuture<?> tick = ticker.scheduleAtFixedRate(progress::tick, 500, 500, TimeUnit.MILLISECONDS);
        try {
          return run(targets, progress, stop);
        } finally {
          tick.cancel(false);
          progress.endExecution();
        }
      } finally {
        running = null;
        executeLock.unlock();
      }
    }
  }

  /**
   * Runs {@code work} — code that executes and fetches Mars objects in this session — on a
   * thread of its own, and returns a handle to wait for it or {@linkplain Execution#cancel cancel}
   * it from any thread. Each {@code execute()} inside still has the session's timeout.
   */
  public <T> Execution<T> submit(Supplier<T> work) {
    return submit(work, Duration.ZERO);
  }

  /**
   * As {@link #submit(Supplier)}, and the work as a whole may run for at most {@code timeout}
   * ({@code Duration.ZERO}: no limit): then what it runs stops and it ends with {@code TIMED_OUT}.
   */
  public <T> Execution<T> submit(Supplier<T> work, Duration timeout) {
    ensureOpen();
    if (timeout == null || timeout.isNegative()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "submit: the timeout must be zero (no limit) or positive, got "
          + timeout);
    }
    return new Execution<>(work, timeout, ticker);
  }

  /**
   * As {@link #execute}, but alongside the execution in progress instead of after it, and
   * without progress reporting: for work a running task asks for on its own behalf — a
   * spawned function that spawns more functions and waits for them — since the execution in
   * progress is waiting for that task. The targets' graph must not share unexecuted
   * tileables with the execution in progress. It stops when its thread is interrupted (its task
   * was killed: the execution that runs the task was cancelled, or ran out of time).
   */
  public List<ExecutionHandle> executeNested(List<? extends TileableData> targets) {
    ensureOpen();
    try (ExecutionStop stop = new ExecutionStop(Duration.ZERO, ticker)) {
      return run(targets, GraphRunner.RunListener.NONE, stop);
    }
  }

  private List<ExecutionHandle> run(List<? extends TileableData> targets, GraphRunner.RunListener listener,
      ExecutionStop stop) {
    int[] depth = INSIDE_EXECUTION.get();
    depth[0]++;
    try {
      return runTargets(targets, listener, stop);
    } catch (MarsException e) {
      throw stop(e, stop);
    } finally {
      depth[0]--;
    }
  }

  /**
   * The exception a failed run ends with: a run stopped by an interrupt says why it was stopped
   * ({@link ExecutionStop#stopped}), one whose Spark was stopped under it that the session is
   * closed.
   */
  private MarsException stop(MarsException e, ExecutionStop stop) {
    if (e.errorClass() == ErrorClass.CANCELLED && Thread.currentThread().isInterrupted()) {
      return stop.stopped(e.getCause() != null ? e.getCause() : e);
    }
    if (sparkContext().isStopped() && e.errorClass() != ErrorClass.SESSION_CLOSED) {
      return sparkStopped(e);
    }
    return e;
  }

  private List<ExecutionHandle> runTargets(List<? extends TileableData> targets, GraphRunner.RunListener listener,
      ExecutionStop stop) {
    GraphRunner.Settings settings = settings();
    TileContext tileContext = new TileContext(options);
    tileContext.setValueReader(new TileContext.ValueReader() {
      @Override
      public boolean isMaterialized(Chunk c) {
        return store.isMaterialized(c);
      }

      @Override
      public long bytesOf(Chunk c) {
        return store.bytesOf(c);
      }

      @Override
      public Object[] read(List<Chunk> chunks) {
        return fetcher.fetch(chunks, null);
      }
    });
    Tiler tiler = new Tiler(tileContext);
    List<Chunk> iterationHeld = new ArrayList<>();
    Set<Long> alreadyAsked = new HashSet<>();
    int rounds = 0;
    try {
      while (true) {
        stop.check();
        try {
          tiler.tile(targets);
          break;
        } catch (TileContext.NeedsExecution ne) {
          if (++rounds > MAX_TILING_ROUNDS) {
            throw new MarsException(ErrorClass.TILING_DID_NOT_CONVERGE, "tiling asked for execution "
                + MAX_TILING_ROUNDS + " times; last asked for " + ne.tileables());
          }
          List<Chunk> chunks = new ArrayList<>();
          for (TileableData t : ne.tileables()) {
            if (!alreadyAsked.add(t.id())) {
              throw new MarsException(ErrorClass.TILING_DID_NOT_CONVERGE, "tiling asked twice for the sizes of " + t
                  + ", which stayed unknown after it ran");
            }
            chunks.addAll(t.chunks());
          }
          runner.run(chunks, List.of(), settings, listener);
          iterationHeld.addAll(chunks);
          for (TileableData t : ne.tileables()) {
            t.refreshShapeFromChunks();
          }
        }
      }
    } catch (RuntimeException e) {
      iterationHeld.forEach(store::release);
      throw e;
    }
    try {
      stop.check();
    } catch (MarsException e) {
      iterationHeld.forEach(store::release);
      throw e;
    }
    LinkedHashSet<Chunk> finalChunks = new LinkedHashSet<>();
    for (TileableData t : targets) {
      finalChunks.addAll(t.chunks());
    }
    runner.run(finalChunks, iterationHeld, settings, listener);
    for (TileableData t : targets) {
      if (t.hasUnknownShape() || org.marsonspark.core.Shapes.hasUnknown(t.nsplits())) {
        t.refreshShapeFromChunks();
      }
    }
    // one handle per target, then give back the run's own references
    List<ExecutionHandle> handles = new ArrayList<>();
    for (TileableData t : targets) {
      t.chunks().forEach(store::retain);
      handles.add(new ExecutionHandle(store, t.chunks()));
    }
    finalChunks.forEach(store::release);
    return handles;
  }

  /**
   * What {@link #explain} found: sizes of the plan, the time tiling and planning took, and the
   * plan itself, a {@link PlanStage} per RDD or exchange (producers first); {@link #toString}
   * prints it a line each.
   */
  public record Explain(int chunkOps, int subtasks, int rdds, long tileNanos, long planNanos,
      List<PlanStage> stages) {
    public Explain {
      stages = List.copyOf(stages);
    }

    @Override
    public String toString() {
      StringBuilder out = new StringBuilder(String.format(
          "%d chunk ops, %d subtasks, %d RDDs (tiled in %.1f ms, planned in %.1f ms)%n", chunkOps, subtasks, rdds,
          tileNanos / 1e6, planNanos / 1e6));
      stages.forEach(s -> out.append("  ").append(s).append(System.lineSeparator()));
      return out.toString();
    }
  }

  /**
   * Tiles and plans the targets as {@link #execute} would, without running anything. Graphs that
   * need iterative tiling (unknown sizes) cannot be explained before they run.
   */
  public Explain explain(List<? extends TileableData> targets) {
    ensureOpen();
    executeLock.lock();
    try {
      TileContext ctx = new TileContext(options);
      long t0 = System.nanoTime();
      int[] depth = INSIDE_EXECUTION.get();
      depth[0]++;
      try {
        new Tiler(ctx).tile(targets);
      } catch (TileContext.NeedsExecution e) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "explain: " + e.tileables()
            + " must run before the rest can be tiled (their sizes or values are needed)");
      } finally {
        depth[0]--;
      }
      long t1 = System.nanoTime();
      LinkedHashSet<Chunk> chunks = new LinkedHashSet<>();
      for (TileableData t : targets) {
        chunks.addAll(t.chunks());
      }
      GraphRunner.Planned planned = runner.plan(chunks, settings());
      long t2 = System.nanoTime();
      return new Explain(ctx.nodesCreated(), planned.subtasks(), planned.rdds(), t1 - t0, t2 - t1, planned.stages());
    } finally {
      executeLock.unlock();
    }
  }

  private GraphRunner.Settings settings() {
    return new GraphRunner.Settings(options.fusion(), options.storageLevel(), options.maxConcurrentJobs(),
        options.memoryBudget(), options.locality());
  }

  /** Whether every chunk of a tileable is materialized in this session. */
  public boolean isExecuted(TileableData t) {
    if (!t.isTiled()) {
      return false;
    }
    for (Chunk c : t.chunks()) {
      if (!store.isMaterialized(c)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Fetches chunk data to the driver; each transform (null for none) runs on the executor
   * holding its chunk.
   */
  public Object[] fetchChunks(List<Chunk> chunks, List<Fetcher.Transform> transforms) {
    ensureOpen();
    try (ExecutionStop stop = new ExecutionStop(Duration.ZERO, ticker)) {
      try {
        return fetcher.fetch(chunks, transforms);
      } catch (MarsException e) {
        throw stop(e, stop);
      }
    }
  }

  /**
   * The materialized chunks as an RDD (partition i yields the value of chunk i, read where its
   * block is), for Spark code that consumes Mars results on the executors — nothing is fetched.
   * The RDD reads the blocks the chunks' owners hold; once those are released Spark recomputes
   * them from lineage.
   */
  public org.apache.spark.rdd.RDD<Object> chunkValues(List<Chunk> chunks) {
    ensureOpen();
    return org.marsonspark.exec.ChunkValuesRDD.of(store, chunks);
  }

  private void ensureOpen() {
    if (closed) {
      throw new MarsException(ErrorClass.SESSION_CLOSED, closedReason);
    }
    if (sparkContext().isStopped()) {
      throw sparkStopped(null);
    }
  }

  /** The Spark under the session was stopped: the session closes and says so. */
  private MarsException sparkStopped(Throwable cause) {
    closedReason = "the SparkContext under this Mars session (" + sparkContext().master() + ") was stopped"
        + (ownsSpark ? "" : " by its owner") + ": the session is closed and the results it held are gone; start a "
        + "new session";
    close();
    return new MarsException(ErrorClass.SESSION_CLOSED, closedReason, cause);
  }

  /** Gives the execution being stopped a little time to cancel its jobs and let go of what it held. */
  private void awaitExecutionEnd() {
    try {
      if (executeLock.tryLock(10, TimeUnit.SECONDS)) {
        executeLock.unlock();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Whether the session is closed — by {@link #close}, or because its Spark was stopped. */
  public boolean isClosed() {
    return closed || sparkContext().isStopped();
  }

  /**
   * Drops every chunk and, for a session started by {@link #local}, stops Spark unless another
   * open local session shares it. An execution still running is stopped ({@code SESSION_CLOSED}).
   */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    ExecutionStop stop = running;
    if (stop != null) {
      stop.closeSession();
      awaitExecutionEnd();
    }
    boolean sparkAlive = !sparkContext().isStopped();
    boolean stopsSpark = ownsSpark && sparkAlive && LocalSpark.lastUser(spark);
    ticker.shutdownNow();
    jobThreads.shutdownNow();
    if (sparkAlive) {
      sparkContext().removeSparkListener(progress);
    }
    // stopping Spark drops every block: unpersisting first would only race the stop
    store.close(sparkAlive && !stopsSpark);
    if (ownsSpark) {
      LocalSpark.release(spark);
    }
    if (defaultSession == this) {
      defaultSession = null;
    }
  }
}
