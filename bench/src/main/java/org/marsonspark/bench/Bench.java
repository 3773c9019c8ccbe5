package org.marsonspark.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * The benchmark harness: runs each workload in this project and in its references, side by side
 * in one JVM run, and writes the table into docs/performance.md (between the bench markers).
 *
 * <p>{@code bin/bench [W1 W1big W2 W3 W6 W6big L1 L2 L3 P1 P1big P2 ...] [--repeats 3] [--quick] [--no-docs]}; {@code bin/bench douban
 * [ratings] ...} runs the DataFrame benchmark instead ({@link org.marsonspark.bench.douban.DoubanBench}).
 */
public final class Bench {
  static final String BEGIN = "<!-- bench:begin -->";
  static final String END = "<!-- bench:end -->";

  private Bench() {}

  /** The first word that is neither an option nor {@code --root}'s value ("" when none): douban, scale or a workload. */
  static String command(String[] args) {
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--root")) {
        i++;
      } else if (!args[i].startsWith("--")) {
        return args[i];
      }
    }
    return "";
  }

  public static void main(String[] args) throws Exception {
    String command = command(args);
    if (command.equals("douban")) { // the DataFrame benchmark has a table of its own
      org.marsonspark.bench.douban.DoubanBench.main(args);
      return;
    }
    if (command.equals("scale")) { // so has the scale benchmark
      ScaleBench.main(args);
      return;
    }
    if (command.equals("cold")) { // and the cold start, in fresh JVMs
      ColdStart.main(args);
      return;
    }
    Path root = Path.of(".");
    int repeats = 3;
    boolean quick = false;
    boolean docs = true;
    List<String> selected = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--root" -> root = Path.of(args[++i]);
        case "--repeats" -> repeats = Integer.parseInt(args[++i]);
        case "--quick" -> quick = true;
        case "--no-docs" -> docs = false;
        default -> selected.add(args[i]);
      }
    }
    if (selected.isEmpty()) {
      selected = List.of("W1", "W2", "W3", "P1", "P2");
    }
    Map<String, List<Workload>> catalogue = catalogue(quick);
    Path script = root.resolve("bench/python/workloads.py");
    int cores = Runtime.getRuntime().availableProcessors();
    StringBuilder report = new StringBuilder();
    try (MarsSession mars = MarsSession.local(MarsOptions.defaults().withProgress(false))) {
      Env env = new Env(mars, mars.spark(), Python.available() ? script : null, quick, cores);
      report.append(header(env, repeats, quick, selected));
      for (String id : selected) {
        List<Workload> ws = catalogue.get(id);
        if (ws == null) {
          throw new IllegalArgumentException("unknown workload " + id + "; known: " + catalogue.keySet());
        }
        for (Workload w : ws) {
          report.append(run(w, env, repeats));
        }
      }
    }
    report.append(Python.skipped()).append(String.format(Locale.ROOT, "Load average at the end: %s.%n%n", load()));
    System.out.println(report);
    if (docs) {
      writeDocs(root.resolve("docs/performance.md"), report.toString(), BEGIN, END);
    }
  }

  private static Map<String, List<Workload>> catalogue(boolean quick) {
    Map<String, List<Workload>> c = new LinkedHashMap<>();
    c.put("W1", List.of(new MonteCarloPi(quick ? 20_000_000L : 200_000_000L, quick ? 1_000_000L : 10_000_000L)));
    c.put("W1big", List.of(new MonteCarloPi(1_000_000_000L, 10_000_000L)));
    c.put("W2", List.of(new ShiftScaleSum(quick ? 40_000_000L : 400_000_000L, 10_000_000L)));
    c.put("W3", quick ? List.of(new MatrixStd(1000)) : List.of(new MatrixStd(4000), new MatrixStd(8000)));
    c.put("R1", List.of(RowWindows.rolling(quick ? 2_000_000L : 20_000_000L, quick ? 250_000L : 2_500_000L)));
    c.put("R2", List.of(RowWindows.median(quick ? 2_000_000L : 20_000_000L, quick ? 250_000L : 2_500_000L)));
    c.put("R3", List.of(RowWindows.elementwise(quick ? 2_000_000L : 20_000_000L, quick ? 250_000L : 2_500_000L)));
    c.put("L1", List.of(new KMeansLloyd(quick ? 200_000 : 2_000_000, quick ? 50_000 : 500_000)));
    c.put("L2", List.of(new LogisticFit(quick ? 100_000L : 1_000_000L, 50, quick ? 25_000L : 125_000L)));
    c.put("L3", List.of(new PcaFit(quick ? 100_000L : 1_000_000L, 100, quick ? 25_000L : 125_000L)));
    c.put("W7", List.of(new ModelSearch(quick ? 6_000 : 60_000)));
    c.put("W6", List.of(new NearestNeighborsSearch("W6", quick ? 10_000 : 100_000, quick ? 2_000 : 20_000, true)));
    // ten times W6's items (256 MB, beyond the broadcast limit: item blocks and the top-k merge tree), its queries
    c.put("W6big", List.of(new NearestNeighborsSearch("W6big", quick ? 300_000 : 1_000_000, quick ? 2_000 : 20_000,
        false)));
    c.put("P1", List.of(Planner.planning(quick ? 10_000 : 100_000)));
    c.put("P1big", List.of(Planner.planning(1_000_000)));
    c.put("P2", List.of(Planner.throughput(quick ? 1_000 : 10_000)));
    return c;
  }

  private static String header(Env env, int repeats, boolean quick, List<String> selected) {
    return String.format(Locale.ROOT, "Run %s on %d cores, %s, Java %s, BLAS %s; %d timed repeats after a warm-up (in this JVM: 10 s of runs "
        + "each, then the repeats round by round, one run of each contender a round)%s;"
        + " load average at the start %s.%nCommand: `bin/bench %s%s`%n%n", LocalDate.now(), env.cores(),
        System.getProperty("os.name"), System.getProperty("java.version"),
        dev.ludovic.netlib.blas.BLAS.getInstance().getClass().getSimpleName(), repeats, quick ? " (quick sizes)" : "",
        load(), String.join(" ", selected), quick ? " --quick" : "");
  }

  /** The 1-, 5- and 15-minute load averages (/proc/loadavg), or "unknown". */
  static String load() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  /**
   * A warning when a hand-written Java loop on n threads ran less than 0.8·n times as fast as on
   * one: the machine did not give the run its cores (another process ran), so every ratio of that
   * workload is suspect. Empty when the loops scaled, or the workload has no such pair.
   */
  static String disturbed(Map<String, Double> minByContender, int cores) {
    for (Map.Entry<String, Double> one : minByContender.entrySet()) {
      String name = one.getKey();
      if (!name.startsWith("Java") || !name.endsWith(", 1 thread")) {
        continue;
      }
      Double many = minByContender.get(name.substring(0, name.length() - "1 thread".length()) + cores + " threads");
      if (many != null && cores > 1 && one.getValue() / many < 0.8 * cores) {
        return String.format(Locale.ROOT, "**Disturbed run**: %s on %d threads was only %.2f× as fast as on one "
            + "(expected about %d×): another process held a core, so this workload's ratios are suspect; rerun on a "
            + "quiet machine.%n%n", name.substring(0, name.length() - ", 1 thread".length()), cores,
            one.getValue() / many, cores);
      }
    }
    return "";
  }

  /**
   * Runs a workload's contenders: those in this JVM warmed up one after another, then timed
   * round by round (one run of each per round); those in another process (Python) after them,
   * each with its own warm-up and repeats. The table keeps the workload's order of contenders.
   */
  private static String run(Workload w, Env env, int repeats) {
    List<Contender> contenders = w.contenders(env);
    Map<Contender, List<Double>> times = new IdentityHashMap<>();
    Map<Contender, String> failed = new IdentityHashMap<>();
    List<Contender.InJvm> inJvm = new ArrayList<>();
    for (Contender c : contenders) {
      if (c instanceof Contender.InJvm j) {
        inJvm.add(j);
      }
    }
    for (Contender.InJvm c : inJvm) {
      System.err.println("[bench] " + w.id() + ": warming up " + c.name() + " ...");
      attempt(c, failed, () -> {
        c.warmUp();
        times.put(c, new ArrayList<>());
      });
    }
    for (int r = 0; r < repeats; r++) {
      for (Contender.InJvm c : inJvm) {
        if (!failed.containsKey(c)) {
          attempt(c, failed, () -> times.get(c).add(c.timeOnce()));
        }
      }
      System.err.printf(Locale.ROOT, "[bench] %s: round %d of %d done%n", w.id(), r + 1, repeats);
    }
    Map<Contender, Measurement> measured = new IdentityHashMap<>();
    for (Contender c : contenders) {
      if (failed.containsKey(c)) {
        continue;
      }
      attempt(c, failed, () -> {
        if (c instanceof Contender.InJvm j) {
          measured.put(c, new Measurement(times.get(c), j.result()));
        } else {
          System.err.println("[bench] " + w.id() + ": " + c.name() + " ...");
          measured.put(c, c.measure(repeats));
        }
      });
    }
    StringBuilder sb = new StringBuilder();
    sb.append("### ").append(w.id()).append(": ").append(w.description()).append("\n\n")
        .append("| contender | min s | median s | Mars on Spark is x faster (by min) | result |\n")
        .append("|---|---|---|---|---|\n");
    Measurement mars = null;
    Map<String, Double> mins = new LinkedHashMap<>();
    for (Contender c : contenders) {
      Measurement m = measured.get(c);
      if (m == null) {
        sb.append("| ").append(c.name()).append(" | failed: ").append(failed.get(c)).append(" | | | |\n");
        continue;
      }
      if (mars == null) {
        mars = m;
      }
      mins.put(c.name(), m.min());
      String agree = Math.abs(m.result() - mars.result()) <= w.tolerance() * Math.abs(mars.result()) ? ""
          : " (differs)";
      sb.append(String.format(Locale.ROOT, "| %s | %.3f | %.3f | %s | %.6g%s |%n", c.name(), m.min(), m.median(),
          m == mars ? "—" : String.format(Locale.ROOT, "%.2f", m.min() / mars.min()), m.result(), agree));
      System.err.printf(Locale.ROOT, "[bench]   %s: min %.3f s, median %.3f s, result %.6g%n", c.name(), m.min(),
          m.median(), m.result());
    }
    return sb.append('\n').append(disturbed(mins, env.cores())).toString();
  }

  /** Work of one contender that may throw: a failure is recorded (its first line) and the contender dropped. */
  private interface Step {
    void run() throws Exception;
  }

  private static void attempt(Contender c, Map<Contender, String> failed, Step step) {
    try {
      step.run();
    } catch (Exception e) {
      String msg = e.getMessage() == null ? e.toString() : e.getMessage();
      failed.put(c, msg.lines().findFirst().orElse(""));
    }
  }

  /** Replaces the part of docs/performance.md between {@code begin} and {@code end}, keeping the hand-written text. */
  static void writeDocs(Path file, String report, String begin, String end) throws IOException {
    String text = Files.exists(file) ? Files.readString(file) : "# Performance\n\n" + begin + "\n" + end + "\n";
    int a = text.indexOf(begin);
    int b = text.indexOf(end);
    if (a < 0 || b < a) {
      text = text + "\n" + begin + "\n" + end + "\n";
      a = text.indexOf(begin);
      b = text.indexOf(end);
    }
    String updated = text.substring(0, a + begin.length()) + "\n" + report + text.substring(b);
    Files.writeString(file, updated);
    System.err.println("[bench] wrote " + file);
  }
}
