package org.marsonspark.tensor.fusion;

/** What a generated fused loop implements (see {@link KernelSource}). */
public interface FusedKernel {
  /**
   * @param in input chunk buffers, by slot
   * @param dp double parameters (constants)
   * @param lp long parameters (constants, random keys and offsets)
   * @param rows iterations of the outer loop
   * @param inner iterations of the inner (reduction) loop per row
   * @return the output buffer, or a one-element accumulator
   */
  Object run(Object[] in, double[] dp, long[] lp, int rows, int inner);
}
