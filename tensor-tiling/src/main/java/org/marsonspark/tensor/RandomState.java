package org.marsonspark.tensor;

import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.tensor.ops.RandomOp;
import org.marsonspark.tensor.ops.RandomOp.Distribution;

/**
 * numpy-style {@code RandomState}: a seed and a count of draws. The k-th tensor drawn uses the
 * stream key {@code mix64(seed + mix64(k))}; see {@link RandomOp} for how elements are drawn.
 * Results depend on the seed and the order of draws only — not on chunk sizes or the cluster.
 * (Values differ from numpy's Mersenne Twister: the distributions match, the streams do not.)
 */
public final class RandomState {
  private volatile long seed;
  private final AtomicLong draws = new AtomicLong();

  public RandomState(long seed) {
    this.seed = seed;
  }

  /** Seeded from the operating system's entropy. */
  public RandomState() {
    this(new SecureRandom().nextLong());
  }

  /** Re-seeds and restarts the sequence of draws. */
  public void seed(long s) {
    this.seed = s;
    draws.set(0);
  }

  private long nextKey() {
    return RandomOp.mix64(seed + RandomOp.mix64(draws.getAndIncrement()));
  }

  /** Uniform on [0, 1). */
  public Tensor rand(long... shape) {
    return uniform(0, 1, shape, ChunkSize.auto());
  }

  public Tensor rand(long[] shape, ChunkSize chunkSize) {
    return uniform(0, 1, shape, chunkSize);
  }

  /** numpy's {@code random_sample}: the same as {@link #rand}. */
  public Tensor randomSample(long[] shape, ChunkSize chunkSize) {
    return uniform(0, 1, shape, chunkSize);
  }

  /** Standard normal. */
  public Tensor randn(long... shape) {
    return normal(0, 1, shape, ChunkSize.auto());
  }

  public Tensor randn(long[] shape, ChunkSize chunkSize) {
    return normal(0, 1, shape, chunkSize);
  }

  public Tensor uniform(double low, double high, long... shape) {
    return uniform(low, high, shape, ChunkSize.auto());
  }

  /** Uniform on [low, high). */
  public Tensor uniform(double low, double high, long[] shape, ChunkSize chunkSize) {
    return new RandomOp(Distribution.UNIFORM, low, high, nextKey(), shape, DType.FLOAT64, chunkSize).create();
  }

  public Tensor normal(double loc, double scale, long... shape) {
    return normal(loc, scale, shape, ChunkSize.auto());
  }

  /** Normal with mean {@code loc} and standard deviation {@code scale} (Box–Muller). */
  public Tensor normal(double loc, double scale, long[] shape, ChunkSize chunkSize) {
    return new RandomOp(Distribution.NORMAL, loc, scale, nextKey(), shape, DType.FLOAT64, chunkSize).create();
  }

  public Tensor randint(long low, long high, long... shape) {
    return randint(low, high, shape, DType.INT64, ChunkSize.auto());
  }

  /** Integers uniform on [low, high); dtype int64 (numpy's default) or int32. */
  public Tensor randint(long low, long high, long[] shape, DType dtype, ChunkSize chunkSize) {
    if (!dtype.isInteger()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "randint: dtype must be int32 or int64, got " + dtype);
    }
    return new RandomOp(Distribution.RANDINT, low, high, nextKey(), shape, dtype, chunkSize).create();
  }
}
