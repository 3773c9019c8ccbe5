package org.marsonspark.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.sql.functions;
import org.marsonspark.bench.douban.DoubanBench;
import org.marsonspark.bench.douban.DoubanResults;
import org.marsonspark.bench.douban.MarsDouban;
import org.marsonspark.bench.douban.SparkSqlDouban;
import org.marsonspark.bench.douban.Step;
import org.marsonspark.bench.douban.StepResult;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.OpNode;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.MergeOptions;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.examples.DoubanData;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * The scale benchmark (issue 15): the same rows in 100, 1 000 and 4 000 chunks, each DataFrame
 * operation that moves rows between chunks — drop_duplicates, sort_values, a shuffle merge, a
 * shuffle groupby, rolling, a shift after a filter, and the Douban pipeline (W5) with its ratings
 * file cut into as many chunks — timed with its Spark jobs and stages, the
 * size of its chunk graph (chunk ops from the source to the result) and the driver heap it holds
 * per chunk; pandas (one process) and Spark SQL (the same local Spark, input partitioned like
 * the chunks) on the same rows beside it. Rows: {@code i = 0 .. n-1}, {@code k = i·2654435761 mod
 * 100003}, {@code v = (i·40503 mod 1000003) / 1000003}, made the same way in each contender.
 *
 * <p>{@code bin/bench scale [--rows 4000000] [--chunks 100,1000,4000] [--repeats 2]
 * [--ops drop_duplicates,...,douban] [--douban-ratings 2M] [--no-docs] [--trace]}; the table replaces the part of docs/performance.md
 * between {@value #BEGIN} and {@value #END}.
 */
public final class ScaleBench {
  static final String BEGIN = "<!-- scale:begin -->";
  static final String END = "<!-- scale:end -->";
  static final long KEYS = 100_003;
  /** The name of the Douban pipeline among the ops ({@code --ops}). */
  static final String DOUBAN = "douban";

  private ScaleBench() {}

  /** One operation: in Mars (on the held input and right frames) and in Spark SQL. */
  private record Op(String name, String text, Function<DataFrame[], DataFrame> mars,
      Function<Dataset<Row>[], Dataset<Row>> spark) {}

  private static final List<Op> OPS = List.of(
      new Op("drop_duplicates", "`df.drop_duplicates(\"k\")`", d -> d[0].dropDuplicates("first", "k"),
          s -> s[0].dropDuplicates("k")),
      new Op("sort_values", "`df.sort_values(\"v\")`", d -> d[0].sortValues("v"), s -> s[0].orderBy("v")),
      new Op("merge", "`df.merge(keys, on=\"k\")` (shuffle; Spark SQL: sort-merge join)",
          d -> d[0].merge(d[1], MergeOptions.on("k").strategy(MergeOptions.Strategy.SHUFFLE)),
          s -> s[0].join(s[1], "k")),
      new Op("groupby", "`df.groupby(\"k\").sum()` (shuffle)", d -> d[0].groupby("k").method("shuffle").agg("sum"),
          s -> s[0].groupBy("k").sum("i", "v")),
      new Op("rolling", "`df.rolling(5).mean()`", d -> d[0].rolling(5).mean(),
          s -> s[0].select(functions.avg("i").over(Window.orderBy("i").rowsBetween(-4, 0)),
              functions.avg("k").over(Window.orderBy("i").rowsBetween(-4, 0)),
              functions.avg("v").over(Window.orderBy("i").rowsBetween(-4, 0)))),
      new Op("shift_after_filter", "`df[df.v > 0.5].shift(1)`",
          d -> d[0].filter(d[0].col("v").gt(0.5)).shift(1),
          s -> s[0].where("v > 0.5").select(functions.lag("i", 1).over(Window.orderBy("i")),
              functions.lag("k", 1).over(Window.orderBy("i")), functions.lag("v", 1).over(Window.orderBy("i")))));

  public static void main(String[] args) throws Exception {
    Path root = Path.of(".");
    long rows = 4_000_000;
    int[] chunkings = {100, 1000, 4000};
    int repeats = 2;
    boolean docs = true;
    List<String> only = null;
    boolean trace = false;
    long doubanRatings = 2_000_000;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "scale" -> { }
        case "--root" -> root = Path.of(args[++i]);
        case "--rows" -> rows = Long.parseLong(args[++i]);
        case "--chunks" -> chunkings = Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt).toArray();
        case "--repeats" -> repeats = Integer.parseInt(args[++i]);
        case "--ops" -> only = List.of(args[++i].split(","));
        case "--no-docs" -> docs = false;
        case "--trace" -> trace = true;
        case "--douban-ratings" -> doubanRatings = DoubanData.parseCount(args[++i]);
        default -> throw new IllegalArgumentException("bin/bench scale: unknown argument " + args[i]);
      }
    }
    List<Op> ops = new ArrayList<>();
    for (Op op : OPS) {
      if (only == null || only.contains(op.name())) {
        ops.add(op);
      }
    }
    if (only != null) {
      for (String name : only) {
        if (!name.equals(DOUBAN) && OPS.stream().noneMatch(op -> op.name().equals(name))) {
          throw new IllegalArgumentException("bin/bench scale: unknown op " + name + "; known: "
              + OPS.stream().map(Op::name).toList() + ", " + DOUBAN);
        }
      }
    }
    Path douban = only == null || only.contains(DOUBAN) ? DoubanBench.ensureData(root, doubanRatings) : null;
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "Run %s on %d cores, Java %s; %,d rows (i, k, v), %d timed repeats after a "
        + "warm-up; load average at the start %s.%nCommand: `bin/bench scale --rows %d --chunks %s --repeats %d%s`%n%n",
        LocalDate.now(), Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), rows,
        repeats, Bench.load(), rows, Arrays.toString(chunkings).replaceAll("[\\[\\] ]", ""), repeats,
        (only == null ? "" : " --ops " + String.join(",", only))
            + (douban == null ? "" : " --douban-ratings " + doubanRatings)));
    Path script = root.resolve("bench/python/scale.py");
    try (MarsSession mars = MarsSession.local(MarsOptions.defaults().withProgress(false))) {
      Map<String, List<String>> table = new LinkedHashMap<>();
      ops.forEach(op -> table.put(op.name(), new ArrayList<>()));
      List<String> doubanRows = new ArrayList<>();
      for (int chunks : chunkings) {
        if (douban != null) {
          System.err.printf(Locale.ROOT, "[scale] the Douban pipeline at %d chunks%n", chunks);
          String row = doubanRow(mars, douban, chunks, repeats, trace);
          System.err.print("[scale] douban " + row);
          doubanRows.add(row);
        }
        if (ops.isEmpty()) {
          continue;
        }
        System.err.printf(Locale.ROOT, "[scale] %d chunks: making the input%n", chunks);
        DataFrame[] in = {frame(rows, chunks).execute(mars), keys(chunks).execute(mars)};
        Dataset<Row>[] sin = sparkInput(mars.spark(), rows, chunks);
        for (Op op : ops) {
          System.err.printf(Locale.ROOT, "[scale] %s at %d chunks%n", op.name(), chunks);
          String row = row(mars, op, in, sin, chunks, repeats, trace);
          System.err.print("[scale] " + op.name() + " " + row); // kept if a later row fails
          table.get(op.name()).add(row);
        }
        in[0].release();
        in[1].release();
        sin[0].unpersist(true);
        sin[1].unpersist(true);
      }
      for (Op op : ops) {
        out.append("### ").append(op.name()).append(": ").append(op.text()).append("\n\n")
            .append("| chunks | Mars s, min | median | jobs | stages | chunk ops | driver heap, KiB per chunk "
                + "| Spark SQL s, min | rows |\n|---|---|---|---|---|---|---|---|---|\n");
        table.get(op.name()).forEach(out::append);
        out.append(pandas(script, op.name(), rows, repeats)).append('\n');
      }
      if (douban != null) {
        out.append(String.format(Locale.ROOT, "### douban: the Douban-like pipeline (W5: read both CSVs, then its six "
            + "steps), %,d ratings, the ratings file cut into about as many chunks%n%n", doubanRatings))
            .append("| chunks asked | ratings chunks | Mars s, min | median | jobs | stages | Spark SQL s, min "
                + "| Spark SQL partitions |\n|---|---|---|---|---|---|---|---|\n");
        doubanRows.forEach(out::append);
        out.append(doubanPandas(root, douban, repeats)).append('\n');
      }
    }
    out.append(String.format(Locale.ROOT, "Load average at the end: %s.%n", Bench.load()));
    System.out.println(out);
    if (docs) {
      Bench.writeDocs(root.resolve("docs/performance.md"), out.toString(), BEGIN, END);
    }
  }

  /** The input: columns i, k, v in chunks of rows / chunks rows. */
  static DataFrame frame(long rows, int chunks) {
    int n = Math.toIntExact(rows);
    long[] i = new long[n];
    long[] k = new long[n];
    double[] v = new double[n];
    for (int r = 0; r < n; r++) {
      i[r] = r;
      k[r] = Math.floorMod(r * 2654435761L, KEYS);
      v[r] = Math.floorMod(r * 40503L, 1_000_003L) / 1_000_003.0;
    }
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("i", Column.ofLongs(i));
    cols.put("k", Column.ofLongs(k));
    cols.put("v", Column.ofDoubles(v));
    return Md.dataFrame(cols, Math.max(1, (n + chunks - 1) / chunks));
  }

  /** The right side of the merge: every key once, with w = 3k, in as many chunks. */
  static DataFrame keys(int chunks) {
    int n = (int) KEYS;
    long[] k = new long[n];
    long[] w = new long[n];
    for (int r = 0; r < n; r++) {
      k[r] = r;
      w[r] = 3L * r;
    }
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("k", Column.ofLongs(k));
    cols.put("w", Column.ofLongs(w));
    return Md.dataFrame(cols, Math.max(1, (n + chunks - 1) / chunks));
  }

  @SuppressWarnings("unchecked")
  private static Dataset<Row>[] sparkInput(SparkSession spark, long rows, int chunks) {
    Dataset<Row> df = spark.range(0, rows, 1, chunks).selectExpr("id as i", "pmod(id * 2654435761, " + KEYS + ") as k",
        "cast(pmod(id * 40503, 1000003) as double) / 1000003 as v").cache();
    Dataset<Row> right = spark.range(0, KEYS, 1, chunks).selectExpr("id as k", "id * 3 as w").cache();
    df.count();
    right.count();
    return new Dataset[] {df, right};
  }

  private static String row(MarsSession mars, Op op, DataFrame[] in, Dataset<Row>[] sin, int chunks, int repeats,
      boolean trace) {
    List<Double> times = new ArrayList<>();
    int[] counts = null;
    long graph = 0;
    long heapPerChunk = 0;
    long resultRows = 0;
    for (int r = 0; r <= repeats; r++) { // run 0 warms up
      long before = usedHeap();
      DataFrame result = op.mars().apply(in);
      Probe probe = new Probe(mars);
      long t0 = System.nanoTime();
      result.execute(mars);
      double s = (System.nanoTime() - t0) / 1e9;
      counts = probe.stop();
      if (trace) {
        System.err.printf(Locale.ROOT, "[scale] %s, %d chunks, run %d: %.3f s%n%s", op.name(), chunks, r, s,
            probe.timeline(t0));
      }
      if (r > 0) {
        times.add(s);
      }
      graph = chunkOps(result.data().chunks());
      resultRows = 0;
      for (Chunk c : result.data().chunks()) {
        resultRows += c.shape(0);
      }
      heapPerChunk = Math.max(0, usedHeap() - before) / chunks;
      result.release();
    }
    Measurement m = new Measurement(times, resultRows);
    double spark = sparkSql(op, sin, repeats);
    return String.format(Locale.ROOT, "| %d | %.3f | %.3f | %d | %d | %,d | %.1f | %.3f | %,d |%n", chunks, m.min(),
        m.median(), counts[0], counts[1], graph, heapPerChunk / 1024.0, spark, resultRows);
  }

  /** The min of {@code repeats} timed runs (after one warm-up) writing the query's rows to Spark's no-op sink. */
  private static double sparkSql(Op op, Dataset<Row>[] sin, int repeats) {
    double min = Double.MAX_VALUE;
    for (int r = 0; r <= repeats; r++) {
      Dataset<Row> q = op.spark().apply(sin);
      long t0 = System.nanoTime();
      q.write().format("noop").mode("overwrite").save();
      double s = (System.nanoTime() - t0) / 1e9;
      if (r > 0) {
        min = Math.min(min, s);
      }
    }
    return min;
  }

  /**
   * The Douban pipeline (read plus its six steps, {@link DoubanBench#runOnce}) with the ratings file
   * read in {@code chunks} byte ranges, in Mars and in Spark SQL (input partitions of the same
   * size); Mars's results at every chunking must be the same as at the first (pandas's are
   * checked against them by {@code bin/bench douban}).
   */
  private static String doubanRow(MarsSession mars, Path data, int chunks, int repeats, boolean trace)
      throws Exception {
    long bytes = Files.size(data.resolve(DoubanData.RATINGS_CSV));
    long chunkBytes = Math.max(1, (bytes + chunks - 1) / chunks);
    MarsDouban m = new MarsDouban(mars, chunkBytes);
    List<Double> times = new ArrayList<>();
    int[] counts = null;
    for (int r = 0; r <= repeats; r++) { // run 0 warms up
      Probe probe = new Probe(mars);
      long t0 = System.nanoTime();
      DoubanBench.Run run = DoubanBench.runOnce(m, data);
      double s = (System.nanoTime() - t0) / 1e9;
      counts = probe.stop();
      if (trace) {
        System.err.printf(Locale.ROOT, "[scale] douban, %d chunks, run %d: %.3f s%n%s", chunks, r, s,
            probe.timeline(t0));
      }
      if (doubanReference == null) {
        doubanReference = run.results();
      } else {
        List<String> d = DoubanResults.differences(doubanReference, run.results());
        if (!d.isEmpty()) {
          throw new IllegalStateException("douban at " + chunks + " chunks differs from the first chunking: " + d.get(0));
        }
      }
      if (r > 0) {
        times.add(run.seconds().get(Step.TOTAL));
      }
    }
    Measurement mm = new Measurement(times, 0);
    SparkSqlDouban spark = new SparkSqlDouban(mars.spark(), true, chunkBytes);
    double sparkMin = Double.MAX_VALUE;
    for (int r = 0; r <= repeats; r++) {
      double s = DoubanBench.runOnce(spark, data).seconds().get(Step.TOTAL);
      if (r > 0) {
        sparkMin = Math.min(sparkMin, s);
      }
    }
    return String.format(Locale.ROOT, "| %d | %d | %.3f | %.3f | %d | %d | %.3f | %d |%n", chunks, m.ratingsChunks(),
        mm.min(), mm.median(), counts[0], counts[1], sparkMin, spark.ratingsPartitions());
  }

  /** Mars's Douban results at the first chunking, which every other chunking must repeat. */
  private static Map<String, StepResult> doubanReference;

  private static String doubanPandas(Path root, Path data, int repeats) {
    if (!Python.has("numpy", "pandas")) {
      return "pandas: skipped (" + Python.INTERPRETER + " lacks numpy or pandas).\n";
    }
    try {
      DoubanBench.PandasTotals p = DoubanBench.pandasTotals(root, data, repeats);
      List<String> d = DoubanResults.differences(p.results(), doubanReference);
      return String.format(Locale.ROOT, "pandas (one process, read and six steps): min %.3f s, median %.3f s; "
          + "Mars's results %s.%n", p.min(), p.median(), d.isEmpty() ? "equal to pandas's" : "DIFFER: " + d.get(0));
    } catch (Exception e) {
      return "pandas: failed: " + e.getMessage().lines().findFirst().orElse("") + "\n";
    }
  }

  /** pandas's row: one process, one thread; its time does not depend on the chunks. */
  private static String pandas(Path script, String op, long rows, int repeats) {
    if (!Python.has("numpy", "pandas")) {
      return "pandas: skipped (" + Python.INTERPRETER + " lacks numpy or pandas).\n";
    }
    try {
      Measurement m = new Python("pandas", script, Map.of(), op, Long.toString(rows)).measure(repeats);
      return String.format(Locale.ROOT, "pandas (one process): min %.3f s, median %.3f s, %,d rows.%n", m.min(),
          m.median(), (long) m.result());
    } catch (Exception e) {
      return "pandas: failed: " + e.getMessage().lines().findFirst().orElse("") + "\n";
    }
  }

  /** Chunk ops from the sources to these chunks (each op once). */
  static long chunkOps(List<Chunk> chunks) {
    Set<OpNode> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    List<Chunk> todo = new ArrayList<>(chunks);
    while (!todo.isEmpty()) {
      Chunk c = todo.remove(todo.size() - 1);
      OpNode n = c.producer();
      if (n != null && seen.add(n)) {
        todo.addAll(n.inputs());
      }
    }
    return seen.size();
  }

  private static long usedHeap() {
    for (int i = 0; i < 2; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** Counts the Spark jobs and stages started until {@link #stop}. */
  private static final class Probe extends SparkListener {
    private final MarsSession mars;
    private final AtomicInteger jobs = new AtomicInteger();
    private final AtomicInteger stages = new AtomicInteger();

    Probe(MarsSession mars) {
      this.mars = mars;
      mars.sparkContext().addSparkListener(this);
    }

    /** A job or stage event at {@code atMillis} (Spark's wall clock). */
    private record Event(long atMillis, String text) {}

    private final List<Event> events = java.util.Collections.synchronizedList(new ArrayList<>());
    /** Per stage: tasks, run, deserialize, shuffle-write and fetch-wait milliseconds. */
    private final Map<Integer, long[]> stageTasks = new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public void onJobStart(SparkListenerJobStart e) {
      jobs.incrementAndGet();
      events.add(new Event(e.time(), "job " + e.jobId() + " start, " + e.stageIds().size() + " stages"));
    }

    @Override
    public void onJobEnd(org.apache.spark.scheduler.SparkListenerJobEnd e) {
      events.add(new Event(e.time(), "job " + e.jobId() + " end"));
    }

    @Override
    public void onStageSubmitted(SparkListenerStageSubmitted e) {
      stages.incrementAndGet();
    }

    @Override
    public void onTaskEnd(org.apache.spark.scheduler.SparkListenerTaskEnd e) {
      long[] t = stageTasks.computeIfAbsent(e.stageId(), id -> new long[5]);
      synchronized (t) {
        t[0]++;
        if (e.taskMetrics() != null) {
          t[1] += e.taskMetrics().executorRunTime();
          t[2] += e.taskMetrics().executorDeserializeTime();
          t[3] += e.taskMetrics().shuffleWriteMetrics().writeTime() / 1_000_000L;
          t[4] += e.taskMetrics().shuffleReadMetrics().fetchWaitTime();
        }
      }
    }

    @Override
    public void onStageCompleted(org.apache.spark.scheduler.SparkListenerStageCompleted e) {
      org.apache.spark.scheduler.StageInfo info = e.stageInfo();
      long[] t = stageTasks.getOrDefault(info.stageId(), new long[5]);
      long start = (Long) info.submissionTime().getOrElse(() -> 0L);
      long end = (Long) info.completionTime().getOrElse(() -> 0L);
      events.add(new Event(start, String.format(Locale.ROOT,
          "stage %d (%s): %d tasks, %d ms wall, run %d ms, deserialize %d ms, shuffle write %d ms, fetch wait %d ms",
          info.stageId(), info.name(), t[0], end - start, t[1], t[2], t[3], t[4])));
    }

    /** The recorded jobs and stages in time order, as milliseconds after {@code t0Nanos} (a System.nanoTime). */
    String timeline(long t0Nanos) {
      long t0Millis = System.currentTimeMillis() - (System.nanoTime() - t0Nanos) / 1_000_000L;
      List<Event> sorted;
      synchronized (events) {
        sorted = new ArrayList<>(events);
      }
      sorted.sort(java.util.Comparator.comparingLong(Event::atMillis));
      StringBuilder b = new StringBuilder();
      for (Event x : sorted) {
        b.append(String.format(Locale.ROOT, "    +%6d ms %s%n", x.atMillis() - t0Millis, x.text()));
      }
      return b.toString();
    }

    int[] stop() {
      try {
        mars.sparkContext().listenerBus().waitUntilEmpty(30_000);
      } catch (java.util.concurrent.TimeoutException e) {
        throw new IllegalStateException("Spark's listener bus did not drain in 30 s", e);
      }
      mars.sparkContext().removeSparkListener(this);
      return new int[] {jobs.get(), stages.get()};
    }
  }
}
