package org.marsonspark.tensor.fusion;

import org.marsonspark.tensor.kernel.ReductionFn;

/** What operands ask about fusion without depending on its internals. */
public final class FusionSupport {
  private FusionSupport() {}

  /** Whether a reduction's map step can end a generated loop. */
  public static boolean reduces(ReductionFn fn) {
    return ReduceCode.supports(fn);
  }
}
