package org.marsonspark.tensor.fusion;

import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.kernel.ReductionFn;
import org.marsonspark.tensor.kernel.Reductions;

/**
 * How the reductions that fuse accumulate in generated code: exactly as their map steps do
 * ({@link Reductions.Simple#map}, {@link Reductions.Moment#map} for the mean): float sums in
 * double, in {@link Reductions#LANES} interleaved lanes; everything else in order, in long for
 * integers.
 */
final class ReduceCode {
  private ReduceCode() {}

  static boolean supports(ReductionFn fn) {
    return fn instanceof Reductions.Simple || (fn instanceof Reductions.Moment m && !m.variance());
  }

  static boolean isMean(ReductionFn fn) {
    return fn instanceof Reductions.Moment;
  }

  /**
   * Whether the reduction sums floats, so accumulates in {@code Reductions.LANES} lanes as the
   * unfused {@code Reductions.laneSum} does (a sum or a mean; products, extremes and integer
   * sums need no lanes: they keep one accumulator, in order).
   */
  static boolean laned(ReductionFn fn, DType in) {
    Reductions.Merge m = fn instanceof Reductions.Simple s ? s.merge() : Reductions.Merge.SUM;
    return m == Reductions.Merge.SUM && floating(fn, in);
  }

  /** Whether the accumulator is a double (else a long). */
  static boolean floating(ReductionFn fn, DType in) {
    if (fn instanceof Reductions.Simple s) {
      return in.isFloat() && !s.nonzero();
    }
    return true;
  }

  static DType accumulator(ReductionFn fn, DType in) {
    return floating(fn, in) ? DType.FLOAT64 : DType.INT64;
  }

  /** The value merged for one element {@code x} of dtype {@code in}. */
  static String element(ReductionFn fn, String x, DType in) {
    if (fn instanceof Reductions.Simple s && s.nonzero()) {
      return "(" + Conversions.convert(x, in, DType.BOOL) + " ? 1L : 0L)";
    }
    return Conversions.convert(x, in, accumulator(fn, in));
  }

  static String init(ReductionFn fn, DType in) {
    Reductions.Merge m = fn instanceof Reductions.Simple s ? s.merge() : Reductions.Merge.SUM;
    boolean f = floating(fn, in);
    if (fn instanceof Reductions.Simple s && s.nonzero() && (m == Reductions.Merge.MIN || m == Reductions.Merge.MAX)) {
      // all/any count in 0/1: an empty all is true, an empty any false
      return m == Reductions.Merge.MIN ? "1L" : "0L";
    }
    return switch (m) {
      case SUM -> f ? "0.0" : "0L";
      case PROD -> f ? "1.0" : "1L";
      case MIN -> f ? "Double.POSITIVE_INFINITY" : "Long.MAX_VALUE";
      case MAX -> f ? "Double.NEGATIVE_INFINITY" : "Long.MIN_VALUE";
    };
  }

  static String merge(ReductionFn fn, String acc, String x) {
    Reductions.Merge m = fn instanceof Reductions.Simple s ? s.merge() : Reductions.Merge.SUM;
    return switch (m) {
      case SUM -> acc + " + " + x;
      case PROD -> acc + " * " + x;
      case MIN -> "Math.min(" + acc + ", " + x + ")";
      case MAX -> "Math.max(" + acc + ", " + x + ")";
    };
  }

  /** Whether an empty reduction is an error (numpy: min/max of nothing have no identity). */
  static boolean needsElements(ReductionFn fn) {
    return fn instanceof Reductions.Simple s && !s.nonzero()
        && (s.merge() == Reductions.Merge.MIN || s.merge() == Reductions.Merge.MAX);
  }
}
