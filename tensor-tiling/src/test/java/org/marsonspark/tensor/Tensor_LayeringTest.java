package org.marsonspark.tensor;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.marsonspark.core.LayeringGuard;
import org.marsonspark.core.LayeringGuard.Rule;

/**
 * The dependency rule of tensor-tiling: operators ({@code ops}, {@code sparse}), the fusion
 * rewriter and the kernels return {@link TensorData} (the facade wraps it with
 * {@link Tensor#ofOutput}) and never import {@code Tensor} or {@code Mt}.
 */
class Tensor_LayeringTest {

  @Test
  void operatorsFusionAndKernelsImportNoFacade() {
    LayeringGuard.check(Path.of("src/main/java/org/marsonspark/tensor"), List.of("ops", "sparse", "fusion", "kernel"),
        List.of(new Rule("org.marsonspark.tensor.Tensor", "TensorData, wrapped by the facade (Tensor.ofOutput)"),
            new Rule("org.marsonspark.tensor.Mt", "the operators themselves; compositions live in the facade package")),
        Set.of());
  }
}
