package org.marsonspark.tensor.kernel;

import java.io.Serializable;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/**
 * One member of the reduction family: how a chunk becomes a partial, how partials of the same
 * output position merge, and how the last partial becomes the result. Partials keep the
 * chunk's shape with the reduced axes set to 1.
 */
public interface ReductionFn extends Serializable {
  String name();

  DType resultType(DType in);

  /**
   * @param offset the chunk's position in the whole tensor (for arg-reductions)
   * @param globalShape the whole tensor's shape
   */
  Object map(NDArray chunk, int[] axes, long[] offset, long[] globalShape);

  Object combine(Object[] partials);

  /** The result, with the reduced axes kept as size 1. */
  NDArray finish(Object partial);

  /** Whether map needs the chunk's offsets (known sizes). */
  default boolean needsOffsets() {
    return false;
  }

  /** Whether only one axis (or all) may be reduced, as numpy's argmin/argmax. */
  default boolean singleAxisOnly() {
    return false;
  }
}
