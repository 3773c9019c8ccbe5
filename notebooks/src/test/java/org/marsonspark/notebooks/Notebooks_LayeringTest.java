package org.marsonspark.notebooks;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The dependency rule of the notebooks module: it consumes user objects (facades and their
 * fetched results) and never reaches below them into operators, planning or kernels; only the
 * {@code jupyter} package touches the kernel's classes (so nothing else loads them outside the
 * kernel); and its packages point one way — {@code Notebook} over {@code jupyter} over
 * {@code display}.
 */
class Notebooks_LayeringTest {
  private static final Path SRC = Path.of("src/main/java/org/marsonspark/notebooks");
  /** Imports no file of the module may have, with what to use instead. */
  private static final List<String[]> BELOW_FACADES = List.of(
      new String[] {"org.marsonspark.tensor.ops.", "Tensor, Mt and NDArray"},
      new String[] {"org.marsonspark.tensor.kernel.", "Tensor, Mt and NDArray"},
      new String[] {"org.marsonspark.tensor.fusion.", "Tensor, Mt and NDArray"},
      new String[] {"org.marsonspark.tensor.TensorOp", "Tensor, Mt and NDArray"},
      new String[] {"org.marsonspark.dataframe.ops.", "DataFrame, Series, Md and the local results"},
      new String[] {"org.marsonspark.dataframe.DfOp", "DataFrame, Series, Md and the local results"},
      new String[] {"org.marsonspark.exec.", "MarsSession"},
      new String[] {"org.marsonspark.plan.", "MarsSession"});
  private static final Pattern IMPORT = Pattern.compile("^import (static )?([\\w.]+)", Pattern.MULTILINE);

  @Test
  void facadeConsumerKernelOnlyInJupyterPackagesOneWay() throws IOException {
    List<String> violations = new ArrayList<>();
    int scanned = 0;
    try (Stream<Path> files = Files.walk(SRC)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        scanned++;
        Path rel = SRC.relativize(f);
        String pkg = rel.getNameCount() == 1 ? "" : rel.getName(0).toString();
        Matcher m = IMPORT.matcher(Files.readString(f));
        while (m.find()) {
          String imported = m.group(2);
          for (String[] rule : BELOW_FACADES) {
            if (imported.startsWith(rule[0])) {
              violations.add(rel + " imports " + imported + " — use " + rule[1]);
            }
          }
          if (imported.startsWith("org.rapaio.") && !pkg.equals("jupyter")) {
            violations.add(rel + " imports " + imported + " — only the jupyter package may touch the kernel");
          }
          if (imported.startsWith("org.marsonspark.notebooks.") && !above(pkg, imported)) {
            violations.add(rel + " imports " + imported + " — the packages go Notebook → jupyter → display");
          }
        }
      }
    }
    assertTrue(scanned >= 5, "found only " + scanned + " files under " + SRC.toAbsolutePath());
    assertTrue(violations.isEmpty(), "notebooks breaks its layering:\n  " + String.join("\n  ", violations));
  }

  /** Whether a file of package {@code pkg} ("" for the top) may import {@code imported} of this module. */
  private static boolean above(String pkg, String imported) {
    String target = imported.substring("org.marsonspark.notebooks.".length()).split("\\.")[0];
    List<String> order = List.of("", "jupyter", "display"); // top first
    int from = order.indexOf(pkg);
    int to = order.indexOf(Character.isUpperCase(target.charAt(0)) ? "" : target);
    return to >= from;
  }
}
