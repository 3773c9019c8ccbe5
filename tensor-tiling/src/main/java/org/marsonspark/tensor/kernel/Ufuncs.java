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

  /** numpy's error for an integer raised to a negative integer power (also for DataFrame columns). */
  public static MarsException negativePower(long exp) {
    return new MarsException(ErrorClass.INVALID_ARGUMENT, "Integers to negative integer powers are not allowed (exponent "
        + exp + "); raise a float base instead (astype float64)");
  }

  /** Integer power with wrap-around, as numpy's; a negative exponent is an error there too. */
  public static long power(long base, long exp) {
    if (exp < 0) {
      throw negativePower(exp);
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

  // ---- the rest of the ufuncs ----

  /** numpy's left_shift: a shift by the bit width or more (or by a negative count) gives 0. */
  public static long leftShift(long a, long b) {
    return b >= 0 && b < 64 ? a << b : 0;
  }

  /** numpy's right_shift (arithmetic): a shift by the bit width or more gives 0 or -1. */
  public static long rightShift(long a, long b) {
    return b >= 0 && b < 64 ? a >> b : (a < 0 ? -1 : 0);
  }

  /** numpy's fmax: the larger, ignoring a NaN operand (NaN only when both are NaN). */
  public static double fmax(double a, double b) {
    return Double.isNaN(b) ? a : Double.isNaN(a) ? b : (a >= b ? a : b);
  }

  /** numpy's fmin: the smaller, ignoring a NaN operand. */
  public static double fmin(double a, double b) {
    return Double.isNaN(b) ? a : Double.isNaN(a) ? b : (a <= b ? a : b);
  }

  /** numpy's integer fmod: the sign of the dividend (C's %); by zero gives 0. */
  public static long fmod(long a, long b) {
    return b == 0 ? 0 : a % b;
  }

  /** numpy's {@code npy_logaddexp}: log(exp(x) + exp(y)) without overflow. */
  public static double logaddexp(double x, double y) {
    if (x == y) {
      return x + Math.log(2.0);
    }
    double t = x - y;
    if (t > 0) {
      return x + Math.log1p(Math.exp(-t));
    } else if (t <= 0) {
      return y + Math.log1p(Math.exp(t));
    }
    return t;
  }

  /** numpy's {@code npy_logaddexp2}: log2(2**x + 2**y) without overflow. */
  public static double logaddexp2(double x, double y) {
    if (x == y) {
      return x + 1;
    }
    double t = x - y;
    if (t > 0) {
      return x + Math.log1p(Math.pow(2, -t)) / Math.log(2.0);
    } else if (t <= 0) {
      return y + Math.log1p(Math.pow(2, t)) / Math.log(2.0);
    }
    return t;
  }

  public static double asinh(double x) {
    if (Double.isInfinite(x) || x == 0) {
      return x;
    }
    double a = Math.abs(x);
    double r = a > 1e8 ? Math.log(a) + Math.log(2.0) : Math.log1p(a + a * a / (1 + Math.sqrt(1 + a * a)));
    return Math.copySign(r, x);
  }

  public static double acosh(double x) {
    if (x < 1) {
      return Double.NaN;
    }
    if (x > 1e8) {
      return Math.log(x) + Math.log(2.0);
    }
    double t = x - 1;
    return Math.log1p(t + Math.sqrt(2 * t + t * t));
  }

  public static double atanh(double x) {
    return 0.5 * Math.log1p(2 * x / (1 - x));
  }

  /** numpy's spacing: the distance to the next double away from zero (negative for x < 0). */
  public static double spacing(double x) {
    if (!Double.isFinite(x)) {
      return Double.NaN;
    }
    if (x == 0) {
      return Double.MIN_VALUE;
    }
    return x > 0 ? Math.nextUp(x) - x : Math.nextDown(x) - x;
  }

  /** spacing of a float32 value (given as the double it is exactly), in float32 steps. */
  public static double spacingF32(double x) {
    float f = (float) x;
    if (!Float.isFinite(f)) {
      return Double.NaN;
    }
    if (f == 0) {
      return Float.MIN_VALUE;
    }
    return f > 0 ? Math.nextUp(f) - f : Math.nextDown(f) - f;
  }

  /** numpy's heaviside: 0 below zero, 1 above, {@code atZero} at zero, NaN for NaN. */
  public static double heaviside(double x, double atZero) {
    if (Double.isNaN(x)) {
      return Double.NaN;
    }
    return x < 0 ? 0 : x > 0 ? 1 : atZero;
  }

  /** x * 2^e, rounded once; {@code e} holds an integer (numpy's ldexp takes integer exponents only). */
  public static double ldexp(double x, double e) {
    return Math.scalb(x, (int) e);
  }

  /** The exponent of frexp: x = m * 2^e with 0.5 <= |m| < 1; 0 for zero, inf and NaN. */
  public static double frexpExponent(double x) {
    if (x == 0 || !Double.isFinite(x)) {
      return 0;
    }
    int e = Math.getExponent(x);
    if (e < Double.MIN_EXPONENT) {
      // subnormal: scale into the normal range first
      e = Math.getExponent(x * 0x1p54) - 54;
    }
    return e + 1;
  }

  /** The mantissa of frexp (x itself for zero, inf and NaN). */
  public static double frexpMantissa(double x) {
    if (x == 0 || !Double.isFinite(x)) {
      return x;
    }
    return Math.scalb(x, -(int) frexpExponent(x));
  }

  /** The fractional part of modf, with the sign of x (a signed zero for infinities). */
  public static double modfFraction(double x) {
    if (Double.isInfinite(x)) {
      return Math.copySign(0.0, x);
    }
    double whole = x < 0 ? Math.ceil(x) : Math.floor(x);
    return Math.copySign(x - whole, x);
  }

  /** numpy's gcd: non-negative; gcd(0, 0) = 0. */
  public static long gcd(long a, long b) {
    a = Math.abs(a);
    b = Math.abs(b);
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return a;
  }

  /** numpy's lcm: non-negative; 0 when either is 0. */
  public static long lcm(long a, long b) {
    long g = gcd(a, b);
    return g == 0 ? 0 : Math.abs(a / g * b);
  }
}
