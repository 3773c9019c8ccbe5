package org.marsonspark.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * A Spark standalone cluster on loopback that the test owns: a Master and one Worker, each a JVM
 * started with {@code java -cp} and only Spark on its classpath. The executors the Worker
 * launches are its child processes, so the test knows exactly which processes they are and can
 * kill one of them by pid ({@link #kill}) — never by matching a name. {@link #close} stops the
 * Worker (and with it its executors), then the Master.
 */
final class StandaloneCluster implements AutoCloseable {
  private static final String EXECUTOR_MAIN = "org.apache.spark.executor.CoarseGrainedExecutorBackend";

  private final Path work;
  private final List<String> sparkClassPath;
  private final String masterUrl;
  private Process master;
  private Process worker;
  /** Stops the daemons should this JVM end without {@link #close} (a failsafe timeout). */
  private final Thread onExit = new Thread(this::stopDaemons, "it-standalone-cluster-stop");

  private StandaloneCluster(Path work, List<String> sparkClassPath, String masterUrl) {
    this.work = work;
    this.sparkClassPath = sparkClassPath;
    this.masterUrl = masterUrl;
  }

  /**
   * Starts the Master, then a Worker offering {@code cores} cores and {@code memory} (Spark's
   * size syntax, "2g") to applications, and waits until the Worker has registered.
   *
   * @param name a name for the work folder (logs, the Worker's work and local dirs)
   * @param daemonProps Spark settings of both daemons ({@code -Dspark.x=y}), e.g. authentication
   */
  static StandaloneCluster start(String name, int cores, String memory, Map<String, String> daemonProps)
      throws Exception {
    Path work = ItSupport.workDir(name);
    int port = ItSupport.freePort();
    StandaloneCluster cluster = new StandaloneCluster(work, ItSupport.sparkClassPath(), "spark://127.0.0.1:" + port);
    Runtime.getRuntime().addShutdownHook(cluster.onExit);
    try {
      List<String> jvm = new ArrayList<>(List.of("-Xmx256m"));
      jvm.addAll(ItSupport.jvmOpens());
      // the Worker's local dirs (the executors' block manager folders) stay under the work folder
      jvm.add("-Dspark.local.dir=" + work.resolve("local"));
      daemonProps.forEach((k, v) -> jvm.add("-D" + k + "=" + v));

      Path masterLog = work.resolve("master.log");
      cluster.master = ItSupport.startJava(jvm, cluster.sparkClassPath, "org.apache.spark.deploy.master.Master",
          List.of("--host", "127.0.0.1", "--port", String.valueOf(port), "--webui-port", "0"), masterLog, masterLog);
      ItSupport.awaitLogLine(masterLog, "I have been elected leader", cluster.master, ItSupport.TIMEOUT);

      // the Worker launches executors as `java -cp $SPARK_HOME/jars/*:<extraClassPath>`; its
      // SPARK_HOME (empty jars/) and SPARK_SCALA_VERSION come from ItSupport.startJava's environment
      Path workerLog = work.resolve("worker.log");
      cluster.worker = ItSupport.startJava(jvm, cluster.sparkClassPath, "org.apache.spark.deploy.worker.Worker",
          List.of("--host", "127.0.0.1", "--port", "0", "--webui-port", "0", "--cores", String.valueOf(cores),
              "--memory", memory, "--work-dir", work.resolve("worker").toString(), cluster.masterUrl),
          workerLog, workerLog);
      ItSupport.awaitLogLine(workerLog, "Successfully registered with master", cluster.worker, ItSupport.TIMEOUT);
      return cluster;
    } catch (Exception | Error e) {
      cluster.close();
      throw e;
    }
  }

  String masterUrl() {
    return masterUrl;
  }

  Path work() {
    return work;
  }

  /** Spark and its dependencies, without Mars: what the daemons run with. */
  List<String> sparkClassPath() {
    return sparkClassPath;
  }

  /** The Worker's (and Master's) log, for failure messages. */
  String logs() {
    return "\n--- master.log:\n" + ItSupport.tail(work.resolve("master.log"), 3000) + "\n--- worker.log:\n"
        + ItSupport.tail(work.resolve("worker.log"), 3000);
  }

  /** The live executor JVMs the Worker launched, by Spark executor id. */
  Map<String, ProcessHandle> executors() {
    Map<String, ProcessHandle> out = new TreeMap<>();
    worker.descendants().filter(ProcessHandle::isAlive).forEach(p -> executorId(p).ifPresent(id -> out.put(id, p)));
    return out;
  }

  /**
   * The executor id a process of the Worker runs as, or empty if it is no executor. Read from
   * {@code /proc/<pid>/cmdline}: the JDK's {@code ProcessHandle.Info} gives no arguments for a
   * command line as long as an executor's (its classpath alone is kilobytes).
   */
  private static Optional<String> executorId(ProcessHandle p) {
    String[] args;
    try {
      args = new String(Files.readAllBytes(Path.of("/proc", String.valueOf(p.pid()), "cmdline")),
          StandardCharsets.UTF_8).split("\0");
    } catch (NoSuchFileException e) {
      return Optional.empty(); // it has just exited
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the command line of process " + p.pid()
          + " (these tests need Linux's /proc)", e);
    }
    boolean executor = false;
    for (int i = 0; i < args.length; i++) {
      executor |= args[i].equals(EXECUTOR_MAIN);
      if (executor && args[i].equals("--executor-id") && i + 1 < args.length) {
        return Optional.of(args[i + 1]);
      }
    }
    return Optional.empty();
  }

  /**
   * Kills executor {@code id} with SIGKILL ({@link ProcessHandle#destroyForcibly}) and waits until
   * the process is gone. It must be a live executor of this cluster's Worker.
   */
  void kill(String id) {
    ProcessHandle p = executors().get(id);
    if (p == null) {
      throw new AssertionError("executor " + id + " is no live child of this cluster's Worker: " + executors());
    }
    kill(p);
  }

  /** Kills the executor JVM with this pid, which must be one this cluster's Worker launched; returns its id. */
  String killPid(long pid) {
    Map.Entry<String, ProcessHandle> e = executors().entrySet().stream().filter(x -> x.getValue().pid() == pid)
        .findFirst()
        .orElseThrow(() -> new AssertionError("pid " + pid + " is no live executor of this cluster: " + executors()));
    kill(e.getValue());
    return e.getKey();
  }

  /**
   * Kills {@code p} and waits for it to be gone — uninterruptibly, so that a killer stopped while
   * it waits (the run it watched has failed) still finishes the kill and records it.
   */
  private static void kill(ProcessHandle p) {
    p.destroyForcibly();
    try {
      p.onExit().orTimeout(ItSupport.TIMEOUT.toSeconds(), TimeUnit.SECONDS).join();
    } catch (RuntimeException e) {
      throw new AssertionError("executor " + p.pid() + " survived SIGKILL", e);
    }
  }

  @Override
  public void close() {
    stopDaemons();
    try {
      Runtime.getRuntime().removeShutdownHook(onExit);
    } catch (IllegalStateException e) {
      // the JVM is shutting down: the hook runs anyway
    }
  }

  private void stopDaemons() {
    // the Worker first (it takes its executors down with it), then the Master
    ItSupport.stop(worker);
    ItSupport.stop(master);
  }
}
