package org.marsonspark.learn;

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
 * The dependency rule of the learn module: operators ({@code learn.ops}, and an operator in any
 * other package — a class extending {@code TensorOp} or {@code TileableOp}, or a {@code ChunkOp},
 * such as the interop edge's vector source) and chunk kernels ({@code learn.kernel}) take and
 * return data objects ({@code TensorData}, {@code NDArray}) and never import a user object — a
 * tensor or DataFrame facade, or an estimator package above them.
 */
class Learn_LayeringTest {
  private static final Path SRC = Path.of("src/main/java/org/marsonspark/learn");
  private static final List<String> LOWER = List.of("ops", "kernel");
  /** Imports a lower package may not have, with what to use instead. */
  private static final List<String[]> FORBIDDEN = List.of(
      new String[] {"org.marsonspark.tensor.Tensor;", "TensorData (the facade wraps it with Tensor.ofOutput)"},
      new String[] {"org.marsonspark.tensor.Mt;", "the tensor operators, or a facade-side composition"},
      new String[] {"org.marsonspark.dataframe.DataFrame;", "DataFrameData"},
      new String[] {"org.marsonspark.dataframe.Series;", "SeriesData"},
      new String[] {"org.marsonspark.dataframe.Md;", "the dataframe operators"},
      new String[] {"org.marsonspark.learn.base.", "ops/kernel types only; estimators live above"});
  /** An operator wherever it lives: it extends an operator base class or implements ChunkOp. */
  private static final Pattern OPERATOR = Pattern.compile(
      "\\b(extends (TensorOp|TileableOp)\\b|implements [^{]*\\bChunkOp\\b)");
  private static final Pattern IMPORT = Pattern.compile("^import (static )?([\\w.]+;?)", Pattern.MULTILINE);

  @Test
  void operatorsAndKernelsImportNoUserObject() throws IOException {
    List<String> violations = new ArrayList<>();
    int scanned = 0;
    List<Path> operatorFiles = new ArrayList<>();
    try (Stream<Path> files = Files.walk(SRC)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        String pkg = SRC.relativize(f).getName(0).toString();
        if (LOWER.contains(pkg) || OPERATOR.matcher(Files.readString(f)).find()) {
          operatorFiles.add(f);
        }
      }
    }
    for (Path f : operatorFiles) {
      scanned++;
      Matcher m = IMPORT.matcher(Files.readString(f));
      while (m.find()) {
        String imported = m.group(2);
        for (String[] rule : FORBIDDEN) {
          if (imported.startsWith(rule[0]) || imported.startsWith(rule[0].replace(";", "."))) {
            violations.add(SRC.relativize(f) + " imports " + imported + " — use " + rule[1]);
          }
        }
        if (isEstimatorPackage(imported)) {
          violations.add(SRC.relativize(f) + " imports " + imported + " — operators never import estimators");
        }
      }
    }
    assertTrue(operatorFiles.contains(SRC.resolve("interop/VectorSource.java")), "the guard must cover operators "
        + "outside ops/ (interop's VectorSource): " + operatorFiles);
    assertTrue(scanned >= 3, "found only " + scanned + " operator/kernel files under " + SRC.toAbsolutePath());
    assertTrue(violations.isEmpty(), "learn's operators and kernels import user objects:\n  "
        + String.join("\n  ", violations));
  }

  /** A learn package above the operators: anything but ops and kernel. */
  private static boolean isEstimatorPackage(String imported) {
    String prefix = "org.marsonspark.learn.";
    if (!imported.startsWith(prefix)) {
      return false;
    }
    String pkg = imported.substring(prefix.length()).split("\\.")[0];
    return !LOWER.contains(pkg);
  }
}
