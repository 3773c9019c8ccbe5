package org.marsonspark.notebooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Executes every notebook under {@code ipynb/} with nbconvert on the rapaio Java kernel, from a
 * kernelspec written into {@code target/jupyter}: a failing cell (an exception, or a check
 * that throws) fails the test. The executed copies land in {@code target/executed-notebooks};
 * with {@code -Dnotebooks.refresh=true} (bin/refresh-notebooks) they replace the committed ones.
 *
 * <p>The kernel JVM runs {@code org.marsonspark.notebooks.jupyter.KernelMain} (rapaio's kernel without its
 * start-up race) with the module's whole
 * class path on {@code -cp}: the cells' compiler sees it (JShell compiles against
 * {@code java.class.path}) and the kernel's ServiceLoader finds {@code MarsDisplayProvider} in
 * the same class loader that loads the Mars classes the cells use — so no {@code RJK_CLASSPATH}.
 */
class Notebooks_ExecuteTest {
  private static final Path NBCONVERT = Path.of("/usr/bin/jupyter-nbconvert");
  private static final Path NOTEBOOKS = Path.of("ipynb");
  private static final Path TARGET = Path.of("target");
  private static final Path OUT = TARGET.resolve("executed-notebooks");
  private static final String KERNEL = "mars-java";
  private static final int CELL_TIMEOUT_SECONDS = 180;

  @BeforeAll
  static void kernelspec() throws IOException {
    assumeTrue(Files.isExecutable(NBCONVERT), NBCONVERT + " is missing: the notebooks are not executed (apt-get "
        + "install --no-install-recommends jupyter-nbconvert python3-nbclient, as .ci/run does)");
    List<String> classpath = new ArrayList<>();
    classpath.add(TARGET.resolve("classes").toAbsolutePath().toString());
    for (String e : Files.readString(TARGET.resolve("classpath.txt")).trim().split(File.pathSeparator)) {
      classpath.add(Path.of(e).toAbsolutePath().toString());
    }
    List<String> argv = new ArrayList<>();
    argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    argv.add("-Xmx1500m");
    argv.add("-Dlog4j2.configurationFile=" + TARGET.resolve("test-classes/kernel-log4j2.properties").toAbsolutePath());
    for (String opt : System.getProperty("notebooks.jvm.opens", "").trim().split("\\s+")) {
      if (!opt.isEmpty()) {
        argv.add(opt);
      }
    }
    argv.addAll(List.of("-cp", String.join(File.pathSeparator, classpath), "org.marsonspark.notebooks.jupyter.KernelMain",
        "{connection_file}"));
    StringBuilder json = new StringBuilder("{\n  \"argv\": [");
    for (int i = 0; i < argv.size(); i++) {
      json.append(i > 0 ? ", " : "").append(quote(argv.get(i)));
    }
    json.append("],\n  \"display_name\": \"Java (Mars on Spark)\",\n  \"language\": \"java\",\n")
        .append("  \"interrupt_mode\": \"message\",\n")
        .append("  \"env\": {\"SPARK_LOCAL_IP\": \"127.0.0.1\", \"OPENBLAS_NUM_THREADS\": \"1\"}\n}\n");
    Path spec = TARGET.resolve("jupyter/kernels/" + KERNEL);
    Files.createDirectories(spec);
    Files.writeString(spec.resolve("kernel.json"), json.toString());
    Files.createDirectories(OUT);
  }

  static Stream<String> notebooks() throws IOException {
    try (Stream<Path> files = Files.list(NOTEBOOKS)) {
      List<String> names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".ipynb")).sorted().toList();
      assertFalse(names.isEmpty(), "no notebooks under " + NOTEBOOKS.toAbsolutePath());
      return names.stream();
    }
  }

  @ParameterizedTest
  @MethodSource("notebooks")
  void executes(String name) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(NBCONVERT.toString(), "--to", "notebook", "--execute",
        "--ExecutePreprocessor.kernel_name=" + KERNEL, "--ExecutePreprocessor.timeout=" + CELL_TIMEOUT_SECONDS,
        "--ExecutePreprocessor.record_timing=False", "--output-dir", OUT.toString(), NOTEBOOKS.resolve(name).toString());
    pb.environment().put("JUPYTER_PATH", TARGET.resolve("jupyter").toAbsolutePath().toString());
    pb.environment().put("JUPYTER_RUNTIME_DIR", TARGET.resolve("jupyter/runtime").toAbsolutePath().toString());
    Path log = OUT.resolve(name + ".log");
    pb.redirectErrorStream(true).redirectOutput(log.toFile());
    long t0 = System.nanoTime();
    Process p = pb.start();
    if (!p.waitFor(10, TimeUnit.MINUTES)) {
      p.destroyForcibly();
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    System.out.printf("%s: nbconvert exited %s in %.1f s%n", name, p.isAlive() ? "(killed)" : p.exitValue(),
        (System.nanoTime() - t0) / 1e9);
    assertEquals(0, p.exitValue(), name + " failed under nbconvert:\n" + output);
    Path executed = OUT.resolve(name);
    String nb = Files.readString(executed, StandardCharsets.UTF_8);
    assertFalse(nb.contains("\"output_type\": \"error\""), name + " has an error output");
    assertTrue(nb.contains("text/html"), name + " shows no HTML: were the cells' objects rendered by MarsDisplayProvider?");
    if (Boolean.getBoolean("notebooks.refresh")) {
      Files.copy(executed, NOTEBOOKS.resolve(name), StandardCopyOption.REPLACE_EXISTING);
      System.out.println("refreshed " + NOTEBOOKS.resolve(name));
    }
  }

  private static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
