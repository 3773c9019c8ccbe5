package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.marsonspark.core.LayeringGuard;
import org.marsonspark.core.LayeringGuard.Rule;

/**
 * The dependency rule of tensor-tiling: operators ({@code ops}, {@code sparse}), the fusion
 * rewriter and the kernels return {@link TensorData} (the facade wraps it with
 * {@link Tensor#ofOutput}) and never import {@code Tensor} or {@code Mt}; the fusion rewriter
 * builds on the kernels and imports no operator (operators implement {@code fusion.Fusable}).
 */
class Tensor_LayeringTest {
  private static final Path SRC = Path.of("src/main/java/org/marsonspark/tensor");


  @Test
  void operatorsFusionAndKernelsImportNoFacade() {
    assertClean(LayeringGuard.scan(SRC, List.of("ops", "sparse", "fusion", "kernel"),
        List.of(new Rule("org.marsonspark.tensor.Tensor", "TensorData, wrapped by the facade (Tensor.ofOutput)"),
            new Rule("org.marsonspark.tensor.Mt", "the operators themselves; compositions live in the facade package")),
        Set.of()));
  }

  @Test
  void fusionAndKernelsImportNoOperatorAndKernelsNoFusion() {
    assertClean(LayeringGuard.scan(SRC, List.of("fusion", "kernel"), List.of(new Rule("org.marsonspark.tensor.ops.",
        "what both need, moved down into kernel (CounterRandom, Reductions, ReductionFn)")), Set.of()));
    assertClean(LayeringGuard.scan(SRC, List.of("kernel"), List.of(new Rule("org.marsonspark.tensor.fusion.",
        "nothing: kernels are the bottom layer, the fusion rewriter builds on them")), Set.of()));
  }

  private static void assertClean(LayeringGuard.Report r) {
    assertTrue(r.scanned() > 0, "no file found in the lower packages of " + SRC.toAbsolutePath());
    assertEquals(List.of(), r.problems(), r.explain());
  }
}
