package org.marsonspark.bench.douban;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.marsonspark.examples.DoubanData;
import org.marsonspark.examples.PeakMemory;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * The DataFrame benchmark: the Douban demo analysis in pandas (a child process, one
 * thread), in Spark SQL's DataFrame API and in Mars on Spark, side by side on the
 * same generated data. Each contender runs once to warm up, then the timed runs; the table gives
 * min and median per step (seconds), peak memory, and whether the results equal pandas'. The
 * table replaces the part of docs/performance.md between {@value #BEGIN} and {@value #END}.
 *
 * <p>{@code bin/bench douban [ratings] [--movies 50000] [--seed 42] [--repeats 3] [--warmup 1]
 * [--data DIR] [--only pandas,spark,mars] [--no-docs]}; ratings default to 20M; {@code --only} also takes
 * {@code spark-nocache} (Spark SQL scanning the CSVs in every step instead of caching them). Data is generated
 * into {@code data/douban-<ratings>} unless it is there already; each contender's results go to
 * {@code <data>/results/<contender>.json}.
 */
public final class DoubanBench {
  static final String BEGIN = "<!-- douban:begin -->";
  static final String END = "<!-- douban:end -->";
  /** The Mars implementation: a class of this name implementing {@link DoubanAnalysis}, constructor (MarsSession). */
  static final String MARS_CLASS = "org.marsonspark.bench.douban.MarsDouban";
  static final String MARS_NAME = "Mars on Spark";

  /** The in-JVM contenders besides Mars (which is found by {@link #MARS_CLASS}), by their --only name. */
  static final Map<String, Function<MarsSession, DoubanAnalysis>> JVM_CONTENDERS = Map.of(
      "spark", session -> new SparkSqlDouban(session.spark()),
      "spark-nocache", session -> new SparkSqlDouban(session.spark(), false));

  private DoubanBench() {}

  /** One run: seconds per step (and the total), the process's CPU seconds, and each query step's result. */
  public record Run(Map<Step, Double> seconds, double cpuSeconds, Map<String, StepResult> results) {}

  /** All runs of one contender. */
  record Outcome(String name, List<Map<Step, Double>> runs, List<Double> cpu, Map<String, StepResult> results,
      String memory, String error) {
    static Outcome missing(String name, String error) {
      return new Outcome(name, List.of(), List.of(), null, "", error);
    }

    double min(Step s) {
      return runs.stream().mapToDouble(r -> r.get(s)).min().orElse(Double.NaN);
    }

    double median(Step s) {
      List<Double> v = new ArrayList<>();
      runs.forEach(r -> v.add(r.get(s)));
      return medianOf(v);
    }
  }

  static double medianOf(List<Double> values) {
    List<Double> v = new ArrayList<>(values);
    Collections.sort(v);
      int n = v.size();
    return n == 0 ? Double.NaN : n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
  }

  /** CPU time of this process (all threads: Spark's tasks, JIT, GC), in seconds. */
  static double processCpuSeconds() {
    return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
        .getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
  }

  /** Reads, runs every step in order, releases; times each. */
  public static Run runOnce(DoubanAnalysis a, Path dir) throws Exception {
    Map<Step, Double> seconds = new EnumMap<>(Step.class);
    Map<String, StepResult> results = new LinkedHashMap<>();
    double cpu0 = processCpuSeconds();
    try {
      long t0 = System.nanoTime();
      a.read(dir.resolve(DoubanData.MOVIES_CSV), dir.resolve(DoubanData.RATINGS_CSV));
      long t = System.nanoTime();
      seconds.put(Step.READ, (t - t0) / 1e9);
      for (Step s : Step.values()) {
        if (s == Step.READ || s == Step.TOTAL) {
          continue;
        }
        long s0 = System.nanoTime();
        results.put(s.id, s.run(a));
        t = System.nanoTime();
        seconds.put(s, (t - s0) / 1e9);
      }
      seconds.put(Step.TOTAL, (t - t0) / 1e9);
    } finally {
      a.release();
    }
    return new Run(seconds, processCpuSeconds() - cpu0, results);
  }

  static Outcome measureJvm(DoubanAnalysis a, Path dir, int warmup, int repeats) throws Exception {
    for (int i = 0; i < warmup; i++) {
      runOnce(a, dir);
    }
    System.gc();
    boolean rssReset = PeakMemory.reset();
    List<Map<Step, Double>> runs = new ArrayList<>();
    List<Double> cpu = new ArrayList<>();
    Map<String, StepResult> results = null;
    for (int i = 0; i < repeats; i++) {
      System.gc();
      Run r = runOnce(a, dir);
      runs.add(r.seconds());
      cpu.add(r.cpuSeconds());
      results = r.results();
      System.err.printf(Locale.ROOT, "[douban] %s run %d: %.3f s%n", a.name(), i + 1, r.seconds().get(Step.TOTAL));
    }
    String memory = String.format(Locale.ROOT, "heap %,.0f MB of %,.0f MB; RSS %,.0f MB%s",
        PeakMemory.heapPeakBytes() / 1e6, Runtime.getRuntime().maxMemory() / 1e6, PeakMemory.residentPeakBytes() / 1e6,
        rssReset ? "" : " (whole process)");
    return new Outcome(a.name(), runs, cpu, results, memory, null);
  }

  static final String PYTHON = Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";

  static boolean pandasAvailable() {
    try {
      Process p = new ProcessBuilder(PYTHON, "-c", "import pandas").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Runs bench/python/douban_pandas.py (it times itself) with one thread everywhere. */
  static Outcome measurePandas(Path script, Path dir, int warmup, int repeats, Path out) throws Exception {
    List<String> cmd = List.of(PYTHON, script.toString(), dir.toString(), "--repeats", String.valueOf(repeats),
        "--warmup", String.valueOf(warmup), "--out", out.toString());
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    for (String v : List.of("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_MAX_THREADS")) {
      pb.environment().put(v, "1");
    }
    Process p = pb.start();
    Map<Integer, Map<Step, Double>> byRun = new LinkedHashMap<>();
    List<Double> cpu = new ArrayList<>();
    String memory = "";
    String version = "pandas";
    StringBuilder all = new StringBuilder();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        all.append(line).append('\n');
        String[] f = line.split("\t");
        if (f[0].equals("douban-time") && f.length == 4) {
          byRun.computeIfAbsent(Integer.parseInt(f[1]), k -> new EnumMap<>(Step.class))
              .put(Step.byId(f[2]), Double.parseDouble(f[3]));
        } else if (f[0].equals("douban-cpu") && f.length == 3) {
          cpu.add(Double.parseDouble(f[2]));
        } else if (f[0].equals("douban-peak-rss-mb") && f.length == 2) {
          memory = String.format(Locale.ROOT, "RSS %,.0f MB", Double.parseDouble(f[1]));
        } else if (line.startsWith("pandas ")) {
          version = line.substring(0, line.indexOf(',') < 0 ? line.length() : line.indexOf(','));
        }
      }
    }
    if (p.waitFor() != 0 || byRun.isEmpty()) {
      throw new IllegalStateException("pandas failed:\n" + all);
    }
    System.err.print(all.toString().lines().filter(l -> !l.startsWith("douban-")).map(l -> "[douban] " + l + "\n")
        .reduce("", String::concat));
    return new Outcome(version + " (1 thread)", new ArrayList<>(byRun.values()), cpu, DoubanResults.read(out), memory,
        null);
  }

  public static void main(String[] args) throws Exception {
    Path root = Path.of(".");
    long ratings = DoubanData.DEFAULT_RATINGS;
    int movies = DoubanData.DEFAULT_MOVIES;
    long seed = DoubanData.DEFAULT_SEED;
    int repeats = 3;
    int warmup = 1;
    boolean docs = true;
    Path data = null;
    List<String> only = List.of("pandas", "spark", "mars");
    List<String> command = new ArrayList<>(); // as typed after bin/bench, for the report
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--root")) {
        i++;
      } else {
        command.add(args[i]);
      }
    }
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--root" -> root = Path.of(args[++i]);
        case "douban" -> { }
        case "--movies" -> movies = Math.toIntExact(DoubanData.parseCount(args[++i]));
        case "--seed" -> seed = Long.parseLong(args[++i]);
        case "--repeats" -> repeats = Integer.parseInt(args[++i]);
        case "--warmup" -> warmup = Integer.parseInt(args[++i]);
        case "--data" -> data = Path.of(args[++i]);
        case "--only" -> only = List.of(args[++i].split(","));
        case "--no-docs" -> docs = false;
        default -> {
          if (args[i].startsWith("--")) {
            throw new IllegalArgumentException("unknown option " + args[i]);
          }
          ratings = DoubanData.parseCount(args[i]);
        }
      }
    }
    if (data == null) {
      data = dataDir(root, ratings, movies, seed);
    }
    ensureData(data, movies, ratings, seed);
    Path resultsDir = Files.createDirectories(data.resolve("results"));

    List<Outcome> outcomes = new ArrayList<>();
    Outcome pandas = null;
    if (only.contains("pandas")) {
      if (pandasAvailable()) {
        System.err.println("[douban] pandas ...");
        try {
          pandas = measurePandas(root.resolve("bench/python/douban_pandas.py"), data, warmup, repeats,
              resultsDir.resolve("pandas.json"));
        } catch (Exception e) {
          System.err.println("[douban] " + e.getMessage());
          pandas = Outcome.missing("pandas", "failed: " + e.getMessage().lines().findFirst().orElse(""));
        }
      } else {
        pandas = Outcome.missing("pandas", "python3 with pandas not found");
      }
      outcomes.add(pandas);
    }
    String sparkInfo;
    try (MarsSession session = MarsSession.local(MarsOptions.defaults().withProgress(false))) {
      sparkInfo = String.format(Locale.ROOT, "Spark %s %s (%d cores, spark.sql.shuffle.partitions=%s)",
          session.spark().version(), session.sparkContext().master(), session.sparkContext().defaultParallelism(),
          session.spark().conf().get("spark.sql.shuffle.partitions"));
      List<Function<MarsSession, DoubanAnalysis>> jvm = new ArrayList<>();
      for (String name : only) {
        if (name.equals("mars")) {
          jvm.add(DoubanBench::mars);
        } else if (JVM_CONTENDERS.containsKey(name)) {
          jvm.add(JVM_CONTENDERS.get(name));
        } else if (!name.equals("pandas")) {
          throw new IllegalArgumentException("unknown contender " + name + "; known: pandas, mars, "
              + JVM_CONTENDERS.keySet());
        }
      }
      for (Function<MarsSession, DoubanAnalysis> f : jvm) {
        DoubanAnalysis a = f.apply(session);
        if (a == null) {
          outcomes.add(Outcome.missing(MARS_NAME, "not yet implemented (" + MARS_CLASS + ")"));
          continue;
        }
        System.err.println("[douban] " + a.name() + " ...");
        Outcome o;
        try {
          o = measureJvm(a, data, warmup, repeats);
          DoubanResults.write(o.results(), resultsDir.resolve(slug(a.name()) + ".json"));
        } catch (Exception e) {
          e.printStackTrace();
          o = Outcome.missing(a.name(), "failed: " + e);
        }
        outcomes.add(o);
      }
    }
    String report = report(outcomes, pandas, header(data, movies, ratings, seed, warmup, repeats, sparkInfo,
        String.join(" ", command)));
    System.out.println(report);
    if (docs) {
      writeDocs(root.resolve("docs/performance.md"), report);
    }
  }

  /** Generated Douban-like data of {@code ratings} ratings (default movies and seed) under {@code root/data}. */
  public static Path ensureData(Path root, long ratings) throws IOException {
    Path data = dataDir(root, ratings, DoubanData.DEFAULT_MOVIES, DoubanData.DEFAULT_SEED);
    ensureData(data, DoubanData.DEFAULT_MOVIES, ratings, DoubanData.DEFAULT_SEED);
    return data;
  }

  private static Path dataDir(Path root, long ratings, int movies, long seed) {
    return root.resolve("data").resolve(String.format(Locale.ROOT, "douban-%d-%d-%d", ratings, movies, seed));
  }

  private static void ensureData(Path data, int movies, long ratings, long seed) throws IOException {
    if (DoubanData.isGenerated(data, movies, ratings, seed)) {
      System.err.println("[douban] using the data in " + data);
    } else {
      System.err.println("[douban] generating " + data + " ...");
      System.err.println("[douban] " + DoubanData.generate(data, movies, ratings, seed,
          Runtime.getRuntime().availableProcessors()));
    }
  }

  /** pandas on {@code data}: the min and median of the total over {@code repeats} runs after a warm-up, and its results. */
  public record PandasTotals(double min, double median, Map<String, StepResult> results) {}

  public static PandasTotals pandasTotals(Path root, Path data, int repeats) throws Exception {
    Path out = Files.createDirectories(data.resolve("results")).resolve("pandas.json");
    Outcome o = measurePandas(root.resolve("bench/python/douban_pandas.py"), data, 1, repeats, out);
    return new PandasTotals(o.min(Step.TOTAL), o.median(Step.TOTAL), o.results());
  }

  /** The Mars contender, or null while {@link #MARS_CLASS} does not exist. */
  static DoubanAnalysis mars(MarsSession session) {
    Class<?> c;
    try {
      c = Class.forName(MARS_CLASS);
    } catch (ClassNotFoundException e) {
      return null;
    }
    try {
      try {
        return (DoubanAnalysis) c.getConstructor(MarsSession.class).newInstance(session);
      } catch (NoSuchMethodException e) {
        return (DoubanAnalysis) c.getConstructor().newInstance();
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create " + MARS_CLASS, e);
    }
  }

  private static String slug(String name) {
    return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
  }

  private static String header(Path data, int movies, long ratings, long seed, int warmup, int repeats,
      String sparkInfo, String command) throws IOException {
    long bytes = Files.size(data.resolve(DoubanData.MOVIES_CSV)) + Files.size(data.resolve(DoubanData.RATINGS_CSV));
    return String.format(Locale.ROOT, "Run %s on %d cores, %s, Java %s; %s; %d warm-up and %d timed runs per contender."
        + "%nData: %,d ratings and %,d movies, seed %d (%.0f MiB of CSV). Command: `bin/bench %s`%n%n",
        LocalDate.now(), Runtime.getRuntime().availableProcessors(), System.getProperty("os.name"),
        System.getProperty("java.version"), sparkInfo, warmup, repeats, ratings, movies, seed,
        bytes / 1048576.0, command.isEmpty() ? "douban" : command);
  }

  static String report(List<Outcome> outcomes, Outcome reference, String header) {
    List<Outcome> cols = new ArrayList<>(outcomes);
    if (cols.stream().noneMatch(o -> o.name().equals(MARS_NAME))) {
      cols.add(Outcome.missing(MARS_NAME, "not run"));
    }
    StringBuilder sb = new StringBuilder(header);
    sb.append("| step |");
    for (Outcome o : cols) {
      sb.append(' ').append(o.name()).append(" min s | median s |");
    }
    sb.append("\n|---|");
    sb.append("---|---|".repeat(cols.size()));
    sb.append('\n');
    for (Step s : Step.values()) {
      sb.append("| ").append(s == Step.TOTAL ? "**total**" : s.label).append(" |");
      for (Outcome o : cols) {
        if (o.runs().isEmpty()) {
          sb.append(" — | — |");
        } else if (s == Step.TOTAL) {
          sb.append(String.format(Locale.ROOT, " **%.3f** | **%.3f** |", o.min(s), o.median(s)));
        } else {
          sb.append(String.format(Locale.ROOT, " %.3f | %.3f |", o.min(s), o.median(s)));
        }
      }
      sb.append('\n');
    }
    sb.append("| CPU s per run (all threads) |");
    for (Outcome o : cols) {
      sb.append(o.cpu().isEmpty() ? " — | — |" : String.format(Locale.ROOT, " %.1f | %.1f |",
          o.cpu().stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN), medianOf(o.cpu())));
    }
    sb.append("\n| peak memory |");
    for (Outcome o : cols) {
      sb.append(' ').append(o.memory().isEmpty() ? "—" : o.memory()).append(" | |");
    }
    sb.append("\n| results |");
    for (Outcome o : cols) {
      String verdict;
      if (o.error() != null) {
        verdict = o.error();
      } else if (o == reference) {
        verdict = "reference";
      } else if (reference == null || reference.results() == null) {
        verdict = "not checked";
      } else {
        List<String> d = DoubanResults.differences(reference.results(), o.results());
        verdict = d.isEmpty() ? "equal to pandas" : "DIFFER: " + d.get(0);
        d.forEach(line -> System.err.println("[douban] " + o.name() + " differs from pandas: " + line));
      }
      sb.append(' ').append(verdict).append(" | |");
    }
    return sb.append('\n').toString();
  }

  /** Replaces the generated part of the DataFrames section, keeping the hand-written text. */
  private static void writeDocs(Path file, String report) throws IOException {
    String text = Files.readString(file);
    int a = text.indexOf(BEGIN);
    int b = text.indexOf(END);
    if (a < 0 || b < a) {
      System.err.println("[douban] " + file + " has no " + BEGIN + " ... " + END + " markers; not written");
      return;
    }
    Files.writeString(file, text.substring(0, a + BEGIN.length()) + "\n" + report + text.substring(b));
    System.err.println("[douban] wrote " + file);
  }
}
