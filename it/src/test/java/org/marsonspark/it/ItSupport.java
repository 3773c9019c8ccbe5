package org.marsonspark.it;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.examples.MonteCarloPi;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.Mt;

/** Classpaths, folders and child JVMs shared by the integration tests. */
final class ItSupport {
  /** Upper bound for every wait, so that a hang fails the test instead of blocking the build. */
  static final Duration TIMEOUT = Duration.ofSeconds(180);

  private ItSupport() {}

  /**
   * The test JVM's classpath, one absolute entry per element. Failsafe starts the JVM with a
   * manifest-only booter jar, so {@code java.class.path} names just that jar; the real list is
   * in {@code surefire.test.class.path}.
   */
  static List<String> testClassPath() {
    String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    return Arrays.stream(cp.split(File.pathSeparator))
        .filter(e -> !e.isBlank())
        .map(e -> Path.of(e).toAbsolutePath().toString())
        .filter(e -> Files.exists(Path.of(e)))
        .collect(Collectors.toList());
  }

  /**
   * The test classpath without Mars's own classes (the core, tensor, examples and test
   * jars/folders): Spark and its dependencies, what a Spark distribution would provide. Used where
   * Mars must arrive through the assembly jar.
   */
  static List<String> sparkClassPath() {
    // every module of this project: built in the reactor (under the repository) or installed
    // (under org/marsonspark in the local Maven repository)
    String repo = Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent().toString();
    Set<String> mars = Set.of(location(MarsSession.class), location(Mt.class), location(MonteCarloPi.class),
        location(ItSupport.class));
    return testClassPath().stream()
        .filter(e -> !mars.contains(e))
        .filter(e -> !e.startsWith(repo + File.separator))
        .filter(e -> !e.contains(File.separator + "org" + File.separator + "marsonspark" + File.separator))
        .collect(Collectors.toList());
  }

  private static String location(Class<?> c) {
    try {
      return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath().toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static String joinPath(List<String> entries) {
    return String.join(File.pathSeparator, entries);
  }

  /** Spark's --add-opens list (the root pom's spark.jvm.opens, passed in by failsafe). */
  static List<String> jvmOpens() {
    String opens = System.getProperty("it.jvm.opens", "");
    return Arrays.stream(opens.trim().split("\\s+")).filter(s -> !s.isEmpty()).collect(Collectors.toList());
  }

  /**
   * The fake Spark distribution: Spark's launcher refuses to build an executor command unless
   * {@code $SPARK_HOME/jars} exists. It may stay empty since executors get their classes from
   * {@code spark.executor.extraClassPath}. Failsafe sets SPARK_HOME for the test JVM, where
   * local-cluster's in-process Workers read it.
   */
  static Path sparkHome() {
    String env = System.getenv("SPARK_HOME");
    if (env == null) {
      throw new IllegalStateException("SPARK_HOME is not set; run these tests with 'mvn verify' (failsafe sets it)");
    }
    Path home = Path.of(env).toAbsolutePath();
    try {
      Files.createDirectories(home.resolve("jars"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return home;
  }

  /** A fresh folder for one test's logs and work files. */
  static Path workDir(String name) throws IOException {
    Path base = Path.of(System.getProperty("it.work.dir", "target/it-work")).toAbsolutePath();
    Path dir = base.resolve(name + "-" + System.currentTimeMillis());
    return Files.createDirectories(dir);
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      return s.getLocalPort();
    }
  }

  /**
   * Starts {@code java <jvmArgs> -cp <classpath> <mainClass> <args>} with stdout and stderr
   * going to files (never to pipes, which could fill up and block the child). The child sees a
   * Spark environment: SPARK_HOME, SPARK_SCALA_VERSION and loopback only.
   */
  static Process startJava(List<String> jvmArgs, List<String> classpath, String mainClass, List<String> args,
      Path stdout, Path stderr) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(jvmArgs);
    cmd.add("-cp");
    cmd.add(joinPath(classpath));
    cmd.add(mainClass);
    cmd.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("SPARK_HOME", sparkHome().toString());
    pb.environment().put("SPARK_SCALA_VERSION", "2.13");
    pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    pb.redirectOutput(stdout.toFile());
    if (stdout.equals(stderr)) {
      pb.redirectErrorStream(true);
    } else {
      pb.redirectError(stderr.toFile());
    }
    return pb.start();
  }

  /** Waits until a log file contains a text; fails if the process dies first or time runs out. */
  static void awaitLogLine(Path log, String text, Process process, Duration timeout) throws Exception {
    awaitTrue(() -> read(log).contains(text), timeout,
        () -> "'" + text + "' never appeared in " + log + ":\n" + tail(log, 4000), process);
  }

  /** Polls a condition every 200 ms until it holds; fails on timeout, or if a given process dies. */
  static void awaitTrue(BooleanSupplier condition, Duration timeout, Supplier<String> message,
      Process process) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (process != null && !process.isAlive()) {
        throw new AssertionError("process exited with " + process.exitValue() + " while waiting: " + message.get());
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out after " + timeout.toSeconds() + " s: " + message.get());
      }
      Thread.sleep(200);
    }
  }

  static String read(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String tail(Path file, int chars) {
    String s = read(file);
    return s.length() <= chars ? s : "..." + s.substring(s.length() - chars);
  }

  /**
   * Stops a child JVM and everything it started (a Worker's executors): SIGTERM first, so Spark's
   * shutdown hooks run, then SIGKILL for whatever is left after 10 s.
   */
  static void stop(Process process) {
    if (process == null) {
      return;
    }
    List<ProcessHandle> all = new ArrayList<>(process.descendants().collect(Collectors.toList()));
    all.add(process.toHandle());
    all.forEach(ProcessHandle::destroy);
    for (ProcessHandle h : all) {
      try {
        h.onExit().get(10, TimeUnit.SECONDS);
      } catch (Exception e) {
        h.destroyForcibly();
      }
    }
  }

  /** A frame as comparable values: one list per row, its index label then its values (exact: doubles by bits). */
  static List<Object> rows(LocalFrame f) {
    List<Object> out = new ArrayList<>();
    for (int r = 0; r < f.nrows(); r++) {
      List<Object> row = new ArrayList<>();
      row.add(f.index().label(r));
      for (int c = 0; c < f.ncols(); c++) {
        row.add(f.column(c).get(r));
      }
      out.add(row);
    }
    return out;
  }
}
