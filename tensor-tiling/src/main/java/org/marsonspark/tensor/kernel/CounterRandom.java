package org.marsonspark.tensor.kernel;

/**
 * The counter-based generator of seeded random tensors, shared by the random operator's chunk
 * loop and the fused kernels that draw inside a generated loop: element {@code i} of the stream
 * {@code key} (its C-order position in the whole tensor) uses the 64-bit word
 * {@code mix64(key + (i + 1) * GAMMA)} — SplitMix64 read at position i — so a value depends only
 * on the seed, the draw and its position.
 */
public final class CounterRandom {
  private CounterRandom() {}

  /** The distributions, each drawing from the element's word(s). */
  public enum Distribution { UNIFORM, NORMAL, RANDINT }

  /** SplitMix64's increment, the golden ratio in 64 bits. */
  public static final long GAMMA = 0x9e3779b97f4a7c15L;

  /** SplitMix64's output function. */
  public static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /** The 64-bit word of element {@code i} of the stream {@code key}. */
  public static long word(long key, long i) {
    return mix64(key + (i + 1) * GAMMA);
  }

  /** A double in [0, 1) from the top 53 bits of a word. */
  public static double unit(long word) {
    return (word >>> 11) * 0x1.0p-53;
  }

  /**
   * An integer uniform on [low, high) for element {@code i}: the unit double scaled (bias below
   * 2^-53 of the range), or the word modulo the range for ranges over 2^53.
   */
  public static long randint(long key, long i, long low, long high) {
    return randint(word(key, i), low, high);
  }

  /** {@link #randint(long, long, long, long)} from the element's word. */
  public static long randint(long w, long low, long high) {
    long range = high - low;
    return low + (range <= (1L << 53) ? (long) (unit(w) * range) : Long.remainderUnsigned(w, range));
  }
}
