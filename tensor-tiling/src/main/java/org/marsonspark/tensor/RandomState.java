package org.marsonspark.tensor;

import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.tensor.kernel.CounterRandom;
import org.marsonspark.tensor.kernel.CounterRandom.Distribution;
import org.marsonspark.tensor.ops.RandomOp;
import org.marsonspark.tensor.ops.Sampling;
import org.marsonspark.tensor.ops.Sort;

/**
 * numpy-style {@code RandomState}: a seed and a count of draws. The k-th tensor drawn uses the
 * stream key {@code mix64(seed + mix64(k))}; see {@link RandomOp} for how elements are drawn.
 * Results depend on the seed and the order of draws only — not on chunk sizes or the cluster.
 * (Values differ from numpy's Mersenne Twister: the distributions match, the streams do not.)
 *
 * <p>{@link #permutation}, {@link #shuffle} and {@link #choice} without replacement order the
 * positions by one random 62-bit key each (a draw of its own) with the stable parallel argsort,
 * so they too depend on seed, draw and position only; weighted sampling without replacement uses
 * the exponential keys of Efraimidis and Spirakis. See docs/architecture.md, "Random numbers".
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
    return CounterRandom.mix64(seed + CounterRandom.mix64(draws.getAndIncrement()));
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
    return Tensor.ofOutput(
        new RandomOp(Distribution.UNIFORM, low, high, nextKey(), shape, DType.FLOAT64, chunkSize).create());
  }

  public Tensor normal(double loc, double scale, long... shape) {
    return normal(loc, scale, shape, ChunkSize.auto());
  }

  /** Normal with mean {@code loc} and standard deviation {@code scale} (Box–Muller). */
  public Tensor normal(double loc, double scale, long[] shape, ChunkSize chunkSize) {
    return Tensor.ofOutput(
        new RandomOp(Distribution.NORMAL, loc, scale, nextKey(), shape, DType.FLOAT64, chunkSize).create());
  }

  public Tensor randint(long low, long high, long... shape) {
    return randint(low, high, shape, DType.INT64, ChunkSize.auto());
  }

  /** Integers uniform on [low, high); dtype int64 (numpy's default) or int32. */
  public Tensor randint(long low, long high, long[] shape, DType dtype, ChunkSize chunkSize) {
    if (!dtype.isInteger()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "randint: dtype must be int32 or int64, got " + dtype);
    }
    return Tensor.ofOutput(
        new RandomOp(Distribution.RANDINT, low, high, nextKey(), shape, dtype, chunkSize).create());
  }

  /** The sort keys of a permutation: one uniform 62-bit integer per position (ties are broken by position). */
  private Tensor keys(long n, ChunkSize chunkSize) {
    return Tensor.ofOutput(
        new RandomOp(Distribution.RANDINT, 0, KEY_RANGE, nextKey(), new long[] {n}, DType.INT64, chunkSize).create());
  }

  private static final double KEY_RANGE = 0x1.0p62;

  /** numpy's {@code permutation(n)}: 0 .. n - 1 (int64) in a random order. */
  public Tensor permutation(long n) {
    return permutation(n, ChunkSize.auto());
  }

  /**
   * {@link #permutation(long)} with the keys drawn in chunks of {@code chunkSize} (the result
   * comes in the sort's buckets, whose sizes are known once it ran; the values do not depend on
   * either).
   */
  public Tensor permutation(long n, ChunkSize chunkSize) {
    if (n < 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "permutation: n must be non-negative, got " + n);
    }
    return Tensor.ofOutput(Sort.SortOp.of(keys(n, chunkSize).data(), 0, true));
  }

  /** numpy's {@code permutation(x)}: the rows (first axis) of {@code x} in a random order, as a new tensor. */
  public Tensor permutation(Tensor x) {
    if (x.ndim() == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "permutation: x must be an integer or at least "
          + "1-dimensional, got a 0-d tensor");
    }
    return x.take(permutation(x.shape(0)), 0);
  }

  /**
   * numpy's {@code shuffle(x)}, functionally: tensors are immutable, so instead of shuffling
   * {@code x} in place this returns it with its rows in a random order (the same as
   * {@link #permutation(Tensor)}).
   */
  public Tensor shuffle(Tensor x) {
    return permutation(x);
  }

  /** numpy's {@code choice(a, size)}: uniform draws from 0 .. a - 1 with replacement. */
  public Tensor choice(long a, long... size) {
    return choice(a, size, true, (Tensor) null, ChunkSize.auto());
  }

  /** {@link #choice(long, long[], boolean, Tensor, ChunkSize)} with the probabilities given on the driver. */
  public Tensor choice(long a, long[] size, boolean replace, double[] p) {
    return choice(a, size, replace, p == null ? null : Mt.array(p.clone(), p.length), ChunkSize.auto());
  }

  /**
   * numpy's {@code choice(a, size, replace, p)} for a population 0 .. a - 1 (int64 result of
   * shape {@code size}). With replacement: uniform integers, or with {@code p} the inverse of its
   * cumulative sum at uniform points (numpy's method). Without: the first entries of a
   * permutation, or with {@code p} the smallest of the keys {@code -log(1 - u) / p} (Efraimidis
   * and Spirakis; the same law as drawing one at a time in proportion to p, as numpy does).
   * {@code p} (1-D, length {@code a}) is checked as numpy checks it — when it is a lazy tensor,
   * on the executors when the result runs.
   */
  public Tensor choice(long a, long[] size, boolean replace, Tensor p, ChunkSize chunkSize) {
    for (long d : size) {
      if (d < 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "choice: negative dimensions are not allowed: "
            + Shapes.toString(size));
      }
    }
    long k = Shapes.size(size);
    if (a <= 0 && k != 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "choice: a must be greater than 0 unless no samples are "
          + "taken, got " + a);
    }
    if (!replace && k > a) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "choice: Cannot take a larger sample than population "
          + "when 'replace=False' (" + k + " > " + a + ")");
    }
    if (k == 0) {
      return Mt.zeros(size, DType.INT64, chunkSize);
    }
    Tensor probs = p == null ? null : checked(p, a, replace ? 0 : k);
    Tensor flat;
    if (replace) {
      flat = probs == null
          ? randint(0, Math.max(a, 1), new long[] {k}, DType.INT64, chunkSize)
          : inverseCdf(probs, rand(new long[] {k}, chunkSize));
    } else if (probs == null) {
      flat = permutation(a, chunkSize).slice(Slice.of(0L, k));
    } else {
      Tensor u = rand(new long[] {a}, chunkSize);
      Tensor exponential = Mt.log1p(u.neg()).neg();
      flat = Mt.argsort(exponential.div(probs)).slice(Slice.of(0L, k));
    }
    return flat.reshape(size);
  }

  /** numpy's {@code choice(a, size, replace, p)} drawing from the values of the 1-D tensor {@code a}. */
  public Tensor choice(Tensor a, long[] size, boolean replace, Tensor p, ChunkSize chunkSize) {
    if (a.ndim() != 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "choice: a must be 1-dimensional, got shape "
          + Shapes.toString(a.shape()));
    }
    if (a.shape(0) == 0 && Shapes.size(size) != 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "choice: 'a' cannot be empty unless no samples are taken");
    }
    Tensor idx = choice(a.shape(0), size, replace, p, chunkSize);
    return a.take(idx.reshape(-1), 0).reshape(size);
  }

  /** {@code p} as float64, its shape checked now and its values when it runs. */
  private static Tensor checked(Tensor p, long a, long needNonzero) {
    Sampling.checkShape(p.data(), a);
    Tensor d = p.dtype() == DType.FLOAT64 ? p : p.astype(DType.FLOAT64);
    return Tensor.ofOutput(Sampling.checkedProbabilities(d.data(), d.sum().data(), d.min().data(),
        d.gt(0).sum().data(), needNonzero));
  }

  /** Positions where uniform draws fall in the normalised cumulative sum of {@code p}. */
  private static Tensor inverseCdf(Tensor p, Tensor u) {
    Tensor cdf = p.cumsum(0);
    return Mt.searchsorted(cdf.div(cdf.index(-1L)), u, "right");
  }
}
