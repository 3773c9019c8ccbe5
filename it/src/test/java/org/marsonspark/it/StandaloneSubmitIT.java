package org.marsonspark.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marsonspark.examples.MonteCarloPi;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * A standalone cluster as in production, but on loopback: a Master and a Worker in their own
 * JVMs with only Spark on their classpath, and the examples' -assembly jar submitted to them
 * through {@code SparkSubmit} (client mode, the driver in a third JVM). Mars reaches the driver
 * and the executor only through the assembly jar.
 */
class StandaloneSubmitIT {
  private static final String PI_N = "2000000";
  private static final String PI_ROWS_PER_CHUNK = "100000";
  // a fixed seed makes the printed value deterministic (3.14135400); with seed 0 the estimate
  // happens to be 3.13927, a 2-sigma draw for N = 2e6
  private static final String PI_SEED = "7";

  private static StandaloneCluster cluster;

  @BeforeAll
  static void startCluster() throws Exception {
    cluster = StandaloneCluster.start("standalone", 2, "1g", Map.of());
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void submittedAssemblyJarComputesPiOnTheCluster() throws Exception {
    Path jar = Path.of(System.getProperty("assembly.jar", "")).toAbsolutePath();
    assertTrue(Files.isRegularFile(jar), "no assembly jar at " + jar + "; build the examples module first");

    Path work = cluster.work();
    String masterUrl = cluster.masterUrl();
    List<String> sparkClassPath = cluster.sparkClassPath();
    List<String> submitArgs = List.of(
        "--master", masterUrl,
        "--deploy-mode", "client",
        "--class", "org.marsonspark.examples.Examples",
        // executors start with an empty $SPARK_HOME/jars: Spark itself comes from here, Mars
        // from the application jar they fetch from the driver
        "--conf", "spark.executor.extraClassPath=" + ItSupport.joinPath(sparkClassPath),
        "--conf", "spark.executor.extraJavaOptions=" + String.join(" ", ItSupport.jvmOpens()),
        "--conf", "spark.executor.memory=1g",
        "--conf", "spark.serializer=org.apache.spark.serializer.KryoSerializer",
        "--conf", "spark.kryo.registrator=org.marsonspark.exec.MarsKryoRegistrator",
        "--conf", "spark.driver.host=127.0.0.1",
        "--conf", "spark.ui.enabled=false",
        jar.toString(), "pi", PI_N, PI_ROWS_PER_CHUNK, PI_SEED);
    // client mode: the driver runs inside this SparkSubmit JVM. Without the spark-submit script
    // nobody adds Spark's --add-opens, so we do; UTF-8 so that the printed "≈" survives any locale
    List<String> driverJvm = new ArrayList<>(List.of("-Xmx1g", "-Dfile.encoding=UTF-8"));
    driverJvm.addAll(ItSupport.jvmOpens());
    Path stdout = work.resolve("submit.out");
    Path stderr = work.resolve("submit.err");
    Process submit = ItSupport.startJava(driverJvm, sparkClassPath, "org.apache.spark.deploy.SparkSubmit",
        submitArgs, stdout, stderr);
    boolean exited;
    try {
      exited = submit.waitFor(ItSupport.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } finally {
      ItSupport.stop(submit); // no-op when it has exited
    }
    String logs = "\n--- stdout:\n" + ItSupport.tail(stdout, 4000) + "\n--- stderr:\n" + ItSupport.tail(stderr, 8000);
    assertTrue(exited, "SparkSubmit did not finish within " + ItSupport.TIMEOUT.toSeconds() + " s" + logs);
    assertEquals(0, submit.exitValue(), "SparkSubmit's exit code" + logs);

    List<String> lines = ItSupport.read(stdout).lines().toList();
    // MonteCarloPi prints "pi ≈ 3.14135400 (error 2.39e-04)"
    Optional<String> piLine = lines.stream().filter(l -> l.startsWith("pi \u2248 ")).findFirst();
    assertTrue(piLine.isPresent(), "no 'pi \u2248' line" + logs);
    assertTrue(piLine.get().startsWith("pi \u2248 3.14"), piLine.get());
    String printed = piLine.get().split("\\s+")[2];
    assertEquals(Math.PI, Double.parseDouble(printed), 0.01);
    // the same program in-process gives the same value (MonteCarloPi prints 8 decimals)
    assertEquals(String.format("%.8f", localPi()), printed, "pi from the cluster vs local[2]");
    // it ran against the standalone master, not an embedded local[*]
    assertTrue(lines.stream().anyMatch(l -> l.endsWith(" on " + masterUrl)), "master in the program's output" + logs);
    // and the Worker launched an executor for it: <work-dir>/<app id>/<executor id>/
    try (Stream<Path> apps = Files.list(work.resolve("worker"))) {
      assertTrue(apps.anyMatch(d -> d.getFileName().toString().startsWith("app-")), "no application folder on the worker");
    }
  }

  /** MonteCarloPi's value for the same arguments, on an in-process local[2]. */
  private static double localPi() {
    try (MarsSession local = MarsSession.local("local[2]", MarsOptions.defaults())) {
      return MonteCarloPi.pi(Long.parseLong(PI_N), Long.parseLong(PI_ROWS_PER_CHUNK), Long.parseLong(PI_SEED)).execute(local).fetch()
          .getDouble(0);
    }
  }
}
