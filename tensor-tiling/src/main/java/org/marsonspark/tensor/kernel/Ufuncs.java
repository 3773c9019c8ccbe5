package org.marsonspark.tensor.kernel;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/** Scalar helpers with numpy's semantics where Java's operators differ (also called by generated kernels). */
public final class Ufuncs {
  private Ufuncs() {}

  /** numpy integer floor division: rounds toward minus infinity; division by zero gives 0. */
  public static long floorDivide(long a, long b) {
    return b == 0 ? 0 : Math.floorDiv(a, b);
  }

  /** numpy integer remainder: the sign of the divisor; by zero gives 0. */
  public static long mod(long a, long b) {
    return b == 0 ? 0 : Math.floorMod(a, b);
  }

  /** numpy float remainder ({@code npy_divmod}): the sign of the divisor. */
  public static double mod(double a, double b) {
    if (b == 0) {
      return Double.NaN;
    }
    double m = a % b;
    if (m != 0) {
      if ((b < 0) != (m < 0)) {
        m += b;
      }
    } else {
      m = Math.copySign(0.0, b);
    }
    return m;
  }

  /** numpy float floor division ({@code npy_divmod}). */
  public static double floorDivide(double a, double b) {
    if (b == 0) {
      return a / b;
    }
    double m = a % b;
    double div = (a - m) / b;
    if (m != 0 && (b < 0) != (m < 0)) {
      div -= 1.0;
    }
    if (div != 0) {
      double floor = Math.floor(div);
      if (div - floor > 0.5) {
        floor += 1.0;
      }
      return floor;
    }
    return Math.copySign(0.0, a / b);
  }

  /** Integer power with wrap-around, as numpy's; a negative exponent is an error there too. */
  public static long power(long base, long exp) {
    if (exp < 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "Integers to negative integer powers are not allowed");
    }
    long result = 1;
    long b = base;
    long e = exp;
    while (e > 0) {
      if ((e & 1) != 0) {
        result *= b;
      }
      b *= b;
      e >>= 1;
    }
    return result;
  }

  /**
   * Float power with C99's (numpy's) special cases where Java's {@link Math#pow} differs: 1 to
   * any power (NaN included) and -1 to an infinite power are 1, not NaN.
   */
  public static double power(double base, double exp) {
    if (base == 1.0 || (base == -1.0 && Double.isInfinite(exp))) {
      return 1.0;
    }
    return Math.pow(base, exp);
  }

  public static double sign(double a) {
    return Double.isNaN(a) ? Double.NaN : Math.signum(a);
  }

  public static double rint(double a) {
    return Math.rint(a);
  }
}
