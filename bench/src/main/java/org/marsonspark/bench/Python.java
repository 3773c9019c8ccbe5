package org.marsonspark.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A contender in Debian's python3 (numpy; numexpr or scikit-learn where a workload uses them):
 * {@code bench/python/workloads.py} times its own repeats after a warm-up and prints
 * {@code time=<s>} lines and one {@code result=<x>}.
 */
final class Python implements Contender {
  private final String name;
  private final Path script;
  private final List<String> args;
  private final Map<String, String> env;

  Python(String name, Path script, Map<String, String> env, String... args) {
    this.name = name;
    this.script = script;
    this.env = env;
    this.args = List.of(args);
  }

  /** Debian's interpreter, where python3-numpy lives (a python3 earlier on PATH may lack it). */
  static final String INTERPRETER = java.nio.file.Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3"
      : "python3";

  /** Whether the interpreter runs and has numpy (a contender missing another module fails on its own row). */
  static boolean available() {
    return has("numpy");
  }

  /** Python modules a workload asked for that the interpreter lacks (its contenders were skipped or failed). */
  private static final java.util.Set<String> MISSING = new java.util.TreeSet<>();

  /** Whether the interpreter can import these modules; those it cannot are remembered ({@link #skipped}). */
  static boolean has(String... modules) {
    if (imports(modules)) {
      return true;
    }
    for (String m : modules) {
      if (!imports(m)) {
        synchronized (MISSING) {
          MISSING.add(m);
        }
      }
    }
    return false;
  }

  private static boolean imports(String... modules) {
    try {
      Process p = new ProcessBuilder(INTERPRETER, "-c", "import " + String.join(", ", modules))
          .redirectErrorStream(true).start();
      return p.waitFor() == 0;
    } catch (Exception e) {
      return false;
    }
  }

  /**
   * A line saying which Python modules were missing, so which contenders this run skipped, and
   * the Debian command that installs them; empty when none was.
   */
  static String skipped() {
    synchronized (MISSING) {
      if (MISSING.isEmpty()) {
        return "";
      }
      StringBuilder pkgs = new StringBuilder();
      MISSING.forEach(m -> pkgs.append(" python3-").append(m));
      return "Skipped: the contenders needing " + String.join(", ", MISSING) + " (" + INTERPRETER + " lacks "
          + (MISSING.size() > 1 ? "them" : "it") + "). Install with `apt-get install -y" + pkgs + "` and rerun.\n\n";
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Measurement measure(int repeats) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(INTERPRETER, script.toString()));
    cmd.addAll(args);
    cmd.add(Integer.toString(repeats));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().putAll(env);
    Process p = pb.start();
    List<Double> times = new ArrayList<>();
    double result = Double.NaN;
    StringBuilder all = new StringBuilder();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        all.append(line).append('\n');
        if (line.startsWith("time=")) {
          times.add(Double.parseDouble(line.substring(5)));
        } else if (line.startsWith("result=")) {
          result = Double.parseDouble(line.substring(7));
        }
      }
    }
    if (p.waitFor() != 0 || times.isEmpty()) {
      throw new IllegalStateException(name + " failed:\n" + all);
    }
    return new Measurement(times, result);
  }
}
