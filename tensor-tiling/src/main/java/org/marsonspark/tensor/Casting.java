package org.marsonspark.tensor;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * numpy's casts of floats to integers, one rule for every path that converts (astype, fill
 * values, the generated fused loops, DataFrame casts): the value truncated toward zero, and
 * where that is not a value of the target — NaN, ±inf, or out of range — numpy's result on
 * x86, the target's minimum ({@code INT_MIN}), with numpy's RuntimeWarning
 * {@value #INVALID_CAST} ({@link RuntimeWarnings}). Java's own {@code (long) x} would give 0 for
 * NaN and saturate, and {@code (int) x} of an int64 would wrap: silently different values.
 */
public final class Casting {
  /** numpy's warning text for a float that has no integer value in the target dtype. */
  public static final String INVALID_CAST = "invalid value encountered in cast";

  private static final double TWO_63 = 0x1p63;
  private static final double TWO_31 = 0x1p31;

  private Casting() {}

  /** {@code np.float64(x).astype(np.int64)}. */
  public static long toInt64(double x) {
    if (x >= -TWO_63 && x < TWO_63) {
      return (long) x;
    }
    invalid(x, DType.INT64);
    return Long.MIN_VALUE;
  }

  /** {@code np.float64(x).astype(np.int32)}: directly, not through int64 (3e9 gives INT_MIN, not a wrap). */
  public static int toInt32(double x) {
    if (x > -TWO_31 - 1 && x < TWO_31) {
      return (int) x;
    }
    invalid(x, DType.INT32);
    return Integer.MIN_VALUE;
  }

  /**
   * Python's {@code int(x)} of a float (what numpy's setitem and pandas's cast of an object
   * column do with a float): truncated toward zero; NaN, ±inf and values beyond int64 raise
   * Python's errors, as {@code INVALID_ARGUMENT}.
   */
  public static long pythonInt(double x) {
    if (Double.isNaN(x)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "ValueError: cannot convert float NaN to integer");
    }
    if (Double.isInfinite(x)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "OverflowError: cannot convert float infinity to integer");
    }
    if (!(x >= -TWO_63 && x < TWO_63)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "OverflowError: Python int too large to convert to C long ("
          + x + ")");
    }
    return (long) x;
  }

  /**
   * A Java scalar as numpy's setitem stores it into an array of {@code to}: a float into an
   * integer dtype through {@link #pythonInt} (then wrapped into int32, as numpy), anything else
   * unchanged (converted as {@link NDArray#full} converts).
   */
  public static Object assigned(Object scalar, DType to) {
    if (to.isInteger() && Scalars.isFloat(scalar)) {
      return pythonInt(((Number) scalar).doubleValue());
    }
    return scalar;
  }

  private static void invalid(double x, DType to) {
    RuntimeWarnings.warn(INVALID_CAST, () -> "a float cast to " + to + " was " + x + ", which has no " + to
        + " value; it became " + (to == DType.INT32 ? Integer.MIN_VALUE : Long.MIN_VALUE)
        + ", as in numpy. Replace NaN and infinities, or clip the values to the range, before casting");
  }
}
