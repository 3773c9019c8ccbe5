package org.marsonspark.learn.modelselection;

import java.io.Serializable;
import java.util.SplittableRandom;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * A distribution to draw a parameter from in {@link RandomizedSearchCV} (scipy.stats' frozen
 * distributions, with their parameters): {@link #uniform}, {@link #loguniform} and
 * {@link #randint}. Draws come from the search's seeded generator.
 */
public interface Distribution extends Serializable {
  /** One value. */
  Object sample(SplittableRandom rng);

  /** {@code scipy.stats.uniform(loc, scale)}: uniform on {@code [loc, loc + scale]}. */
  static Distribution uniform(double loc, double scale) {
    if (!(scale > 0)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "uniform(loc, scale): scale must be > 0, got " + scale);
    }
    return new Uniform(loc, scale);
  }

  /** {@code scipy.stats.loguniform(a, b)}: log-uniform on {@code [a, b]}, 0 < a < b. */
  static Distribution loguniform(double a, double b) {
    if (!(a > 0 && b > a)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "loguniform(a, b) needs 0 < a < b, got a=" + a + ", b="
          + b);
    }
    return new LogUniform(a, b);
  }

  /** {@code scipy.stats.randint(low, high)}: an integer in {@code [low, high)}. */
  static Distribution randint(long low, long high) {
    if (high <= low) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "randint(low, high) needs low < high, got low=" + low
          + ", high=" + high);
    }
    return new RandInt(low, high);
  }

  /** Uniform on {@code [loc, loc + scale]}. */
  record Uniform(double loc, double scale) implements Distribution {
    @Override
    public Object sample(SplittableRandom rng) {
      return loc + scale * rng.nextDouble();
    }
  }

  /** Log-uniform on {@code [a, b]}. */
  record LogUniform(double a, double b) implements Distribution {
    @Override
    public Object sample(SplittableRandom rng) {
      return Math.exp(Math.log(a) + (Math.log(b) - Math.log(a)) * rng.nextDouble());
    }
  }

  /** An integer in {@code [low, high)}; an Integer when both ends fit one (an int parameter takes it). */
  record RandInt(long low, long high) implements Distribution {
    @Override
    public Object sample(SplittableRandom rng) {
      long v = rng.nextLong(low, high);
      return v == (int) v && high <= Integer.MAX_VALUE ? (Object) (int) v : (Object) v;
    }
  }
}
