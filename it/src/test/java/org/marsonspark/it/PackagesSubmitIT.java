package org.marsonspark.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code spark-submit --packages org.marsonspark:examples:<version> --repositories file:…}: the
 * way a Spark user takes a library from a Maven repository. The modules this build made are laid
 * out as a Maven repository (jars and POMs, the parent POM and the BOM), SparkSubmit's Ivy
 * resolves the examples module and everything it depends on from there (Spark itself excluded,
 * as SparkSubmit does), and runs the Monte Carlo pi with no Mars jar on its class path.
 */
class PackagesSubmitIT {
  /** The modules examples needs at run time, and what it is made of. */
  private static final List<String> MODULES = List.of("mars-on-spark", "tensor-tiling", "remote-functions",
      "dataframe-adapter", "learn", "notebooks", "examples");

  @Test
  void packagesFromAFileRepositoryRunPi() throws Exception {
    Path work = ItSupport.workDir("packages");
    Path build = Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent(); // the repository root
    String version = System.getProperty("project.version", "0.1.0-SNAPSHOT");
    Path repo = work.resolve("repo");
    publish(repo, "mars-on-spark-parent", version, build.resolve("pom.xml"), null);
    publish(repo, "mars-on-spark-bom", version, build.resolve("bom/pom.xml"), null);
    for (String m : MODULES) {
      Path jar = build.resolve(m).resolve("target").resolve(m + "-" + version + ".jar");
      assertTrue(Files.isRegularFile(jar), "no " + jar + "; package the modules first (mvn verify does)");
      publish(repo, m, version, build.resolve(m).resolve("pom.xml"), jar);
    }
    // Ivy: our repository for our modules, then the local Maven repository (where this build
    // got XChart and the rest); no network, and an Ivy cache of the test's own
    Path settings = work.resolve("ivysettings.xml");
    Files.writeString(settings, """
        <ivysettings>
          <settings defaultResolver="chain"/>
          <caches defaultCacheDir="%s"/>
          <resolvers>
            <chain name="chain" returnFirst="true">
              <ibiblio name="mars-build" m2compatible="true" root="%s"/>
              <ibiblio name="local-m2" m2compatible="true" root="%s"/>
            </chain>
          </resolvers>
        </ivysettings>
        """.formatted(work.resolve("ivy-cache"), repo.toUri(), localMavenRepository().toUri()));

    List<String> args = List.of(
        "--master", "local[2]",
        "--packages", "org.marsonspark:examples:" + version,
        "--repositories", repo.toUri().toString(),
        "--conf", "spark.jars.ivySettings=" + settings,
        "--conf", "spark.jars.ivy=" + work.resolve("ivy"),
        "--conf", "spark.ui.enabled=false",
        "--conf", "spark.driver.host=127.0.0.1",
        "--class", "org.marsonspark.examples.Examples",
        "spark-internal", // no application jar: the class comes from the packages
        "pi", "2000000", "100000", "7");
    List<String> jvm = new ArrayList<>(List.of("-Xmx1g", "-Dfile.encoding=UTF-8"));
    jvm.addAll(ItSupport.jvmOpens());
    Path stdout = work.resolve("submit.out");
    Path stderr = work.resolve("submit.err");
    Process submit = ItSupport.startJava(jvm, ItSupport.sparkClassPath(), "org.apache.spark.deploy.SparkSubmit", args,
        stdout, stderr);
    boolean exited;
    try {
      exited = submit.waitFor(ItSupport.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } finally {
      ItSupport.stop(submit);
    }
    String logs = "\n--- stdout:\n" + ItSupport.tail(stdout, 4000) + "\n--- stderr:\n" + ItSupport.tail(stderr, 8000);
    assertTrue(exited, "SparkSubmit did not finish within " + ItSupport.TIMEOUT.toSeconds() + " s" + logs);
    assertEquals(0, submit.exitValue(), "SparkSubmit's exit code" + logs);
    String err = ItSupport.read(stderr);
    // Ivy resolved our modules from the build's repository, not from anywhere else
    for (String m : MODULES) {
      assertTrue(err.contains("org.marsonspark#" + m + ";" + version + " in mars-build"), m + " not resolved from the "
          + "build's repository" + logs);
    }
    Optional<String> piLine = ItSupport.read(stdout).lines().filter(l -> l.startsWith("pi \u2248 ")).findFirst();
    assertTrue(piLine.isPresent(), "no 'pi \u2248' line" + logs);
    // the seed-7 value of StandaloneSubmitIT (the same program, arguments and seed)
    assertEquals("3.14135400", piLine.get().split("\\s+")[2], piLine.get());
  }

  /** Lays a module out as Maven does: {@code org/marsonspark/<a>/<v>/<a>-<v>.pom} and its jar. */
  private static void publish(Path repo, String artifact, String version, Path pom, Path jar) throws IOException {
    Path dir = repo.resolve("org/marsonspark").resolve(artifact).resolve(version);
    Files.createDirectories(dir);
    Files.copy(pom, dir.resolve(artifact + "-" + version + ".pom"), StandardCopyOption.REPLACE_EXISTING);
    if (jar != null) {
      Files.copy(jar, dir.resolve(artifact + "-" + version + ".jar"), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** Where this build's Maven took its artifacts from (the local repository holding Spark's jars). */
  private static Path localMavenRepository() {
    try (Stream<String> cp = ItSupport.sparkClassPath().stream()) {
      String sparkCore = cp.filter(e -> e.contains("spark-core_")).findFirst()
          .orElseThrow(() -> new IllegalStateException("spark-core is not on the test class path"));
      // <repo>/org/apache/spark/spark-core_2.13/<version>/spark-core_2.13-<version>.jar
      return Path.of(sparkCore).getParent().getParent().getParent().getParent().getParent().getParent();
    }
  }
}
