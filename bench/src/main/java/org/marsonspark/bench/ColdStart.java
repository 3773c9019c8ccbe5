package org.marsonspark.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.marsonspark.bench.douban.DoubanBench;
import org.marsonspark.bench.douban.MarsDouban;
import org.marsonspark.examples.DoubanData;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * Cold start (issue 15): the first results in a fresh JVM. Each repeat starts three child JVMs
 * (this class, same classpath and JVM options):
 * <ul>
 *   <li>{@code mars-pi}: {@code MarsSession.local()}, then W1's pi five times — the first, the
 *       second, and the best of the last three (warm);
 *   <li>{@code spark-pi}: the same for Spark alone — {@code SparkSession} start-up, then the plain
 *       RDD pi job of W1 — which is Spark's own cold cost;
 *   <li>{@code mars-douban}: the session, the Douban read of both CSVs and its first step.
 * </ul>
 * Each child prints {@code cold <key> <seconds>} lines; the parent gives min and median per key.
 * The JVM's own start (to {@code main}) is measured from the parent's launch of the child.
 *
 * <p>{@code bin/bench cold [--repeats 3] [--n 2e8] [--douban-ratings 1M] [--no-docs]}; prints a
 * table (docs/performance.md's cold-start section is written from it by hand).
 */
public final class ColdStart {
  private ColdStart() {}

  public static void main(String[] args) throws Exception {
    Path root = Path.of(".");
    int repeats = 3;
    long n = 200_000_000L;
    long ratings = 1_000_000L;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "cold", "--no-docs" -> { }
        case "--root" -> root = Path.of(args[++i]);
        case "--repeats" -> repeats = Integer.parseInt(args[++i]);
        case "--n" -> n = (long) Double.parseDouble(args[++i]);
        case "--douban-ratings" -> ratings = DoubanData.parseCount(args[++i]);
        case "--child" -> {
          child(args[i + 1], Long.parseLong(args[i + 2]), args.length > i + 3 ? Path.of(args[i + 3]) : null);
          return;
        }
        default -> throw new IllegalArgumentException("bin/bench cold: unknown argument " + args[i]);
      }
    }
    Path douban = DoubanBench.ensureData(root, ratings);
    String startLoad = Bench.load();
    Map<String, List<Double>> all = new LinkedHashMap<>();
    for (int r = 0; r < repeats; r++) {
      for (String mode : List.of("mars-pi", "spark-pi", "mars-douban")) {
        for (Map.Entry<String, Double> e : runChild(mode, mode.equals("mars-douban") ? ratings : n, douban).entrySet()) {
          all.computeIfAbsent(mode + " " + e.getKey(), k -> new ArrayList<>()).add(e.getValue());
        }
      }
      System.err.printf(Locale.ROOT, "[cold] repeat %d done%n", r + 1);
    }
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
        "Run on %d cores, Java %s; %d fresh JVMs of each kind; pi N = %.0e (W1, chunks of 1e7 rows), Douban %,d "
            + "ratings; load average at the start %s, at the end %s.%nCommand: `bin/bench cold --repeats %d --n %.0e "
            + "--douban-ratings %d`%n%n| JVM, step | min s | median s |%n|---|---|---|%n",
        Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), repeats, (double) n, ratings,
        startLoad, Bench.load(), repeats, (double) n, ratings));
    for (Map.Entry<String, List<Double>> e : all.entrySet()) {
      Measurement m = new Measurement(e.getValue(), 0);
      out.append(String.format(Locale.ROOT, "| %s | %.3f | %.3f |%n", e.getKey(), m.min(), m.median()));
    }
    double marsSession = min(all, "mars-pi session");
    double first = min(all, "mars-pi first pi");
    double warm = min(all, "mars-pi warm pi");
    double sparkSession = min(all, "spark-pi session");
    out.append(String.format(Locale.ROOT, "%nFirst pi after the session: %.3f s = %.2f × the warm pi (%.3f s); "
            + "session + first pi %.3f s against 2 × warm + Spark's own start-up (%.3f s) = %.3f s.%n", first,
        first / warm, warm, marsSession + first, sparkSession, 2 * warm + sparkSession));
    System.out.println(out);
  }

  private static double min(Map<String, List<Double>> all, String key) {
    return all.get(key).stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
  }

  /** Runs one child JVM and reads its {@code cold} lines; the JVM's start to main comes from its process start. */
  private static Map<String, Double> runChild(String mode, long size, Path douban) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse("java"));
    cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(ColdStart.class.getName());
    cmd.add("--child");
    cmd.add(mode);
    cmd.add(Long.toString(size));
    cmd.add(douban.toString());
    long launched = System.currentTimeMillis();
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    Map<String, Double> times = new LinkedHashMap<>();
    StringBuilder text = new StringBuilder();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        text.append(line).append('\n');
        String[] f = line.split("\t");
        if (f.length == 3 && f[0].equals("cold")) {
          if (f[1].equals(MAIN_AT)) { // the child's main in this (same) machine's clock: its launch from here
            times.put("JVM launch to main", (Long.parseLong(f[2]) - launched) / 1e3);
          } else {
            times.put(f[1], Double.parseDouble(f[2]));
          }
        }
      }
    }
    if (p.waitFor() != 0 || times.isEmpty()) {
      throw new IllegalStateException("cold-start child " + mode + " failed:\n" + text);
    }
    return times;
  }

  /**
   * The key of the child's first line: the wall clock at its {@code main}. (A process's own start
   * time, {@code ProcessHandle.info().startInstant()}, is derived from the boot time and was
   * 0.75 s off here.)
   */
  private static final String MAIN_AT = "main at (epoch ms)";

  private static void report(String key, long t0Nanos) {
    System.out.printf(Locale.ROOT, "cold\t%s\t%.6f%n", key, (System.nanoTime() - t0Nanos) / 1e9);
  }

  /** Runs one pi five times: reports the first, the second, and the best of the last three as warm. */
  private static void timeFive(Runnable pi) {
    String[] names = {"first pi", "second pi"};
    double warm = Double.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      long t = System.nanoTime();
      pi.run();
      if (i < names.length) {
        report(names[i], t);
      } else {
        warm = Math.min(warm, (System.nanoTime() - t) / 1e9);
      }
    }
    System.out.printf(Locale.ROOT, "cold\twarm pi\t%.6f%n", warm);
  }

  private static void child(String mode, long size, Path douban) throws Exception {
    System.out.printf(Locale.ROOT, "cold\t%s\t%d%n", MAIN_AT, System.currentTimeMillis());
    long chunk = 10_000_000L;
    long t = System.nanoTime();
    switch (mode) {
      case "mars-pi" -> {
        try (MarsSession s = MarsSession.local(MarsOptions.defaults().withProgress(false))) {
          report("session", t);
          timeFive(() -> MonteCarloPi.mars(s, size, chunk));
        }
      }
      case "spark-pi" -> {
        SparkSession spark = SparkSession.builder().master("local[*]").appName("cold-start")
            .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
        try {
          report("session", t);
          JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
          int parts = (int) Math.max(1, size / chunk);
          timeFive(() -> MonteCarloPi.sparkRdd(jsc, size, parts));
        } finally {
          spark.stop();
        }
      }
      case "mars-douban" -> {
        try (MarsSession s = MarsSession.local(MarsOptions.defaults().withProgress(false))) {
          report("session", t);
          MarsDouban d = new MarsDouban(s);
          t = System.nanoTime();
          d.read(douban.resolve(DoubanData.MOVIES_CSV), douban.resolve(DoubanData.RATINGS_CSV));
          report("read both CSVs", t);
          t = System.nanoTime();
          d.moviesPerYear();
          report("first step (movies per year)", t);
          d.release();
        }
      }
      default -> throw new IllegalArgumentException("bin/bench cold: unknown child " + mode);
    }
  }
}
