package org.marsonspark.dataframe.local;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Python's {@code repr} / {@code str} of a float: the shortest digits that read back as the
 * same double (among those, the closest to it), written as Python writes them — exponent form
 * when the decimal exponent is below -4 or at least 16 ({@code 1e-05}, {@code 2e+23}), else
 * positional with at least one decimal ({@code 1.0}, {@code 1000000000000000.0}); {@code nan},
 * {@code inf}, {@code -inf}, {@code -0.0}.
 *
 * <p>Java 17's {@code Double.toString} reads back exactly but is not always shortest
 * ({@code 2e23} gives {@code 1.9999999999999998E23}) nor, with 16 or 17 digits, the closest:
 * its digits are used when checked to be shortest (and, up to 15 digits, they are then the only
 * ones); otherwise each length's candidates are rounded from the double's exact value.
 */
public final class PyRepr {
  private static final double[] POW10 = new double[23];

  static {
    POW10[0] = 1;
    for (int i = 1; i < POW10.length; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
  }

  private PyRepr() {}

  /** The shortest digits of a finite, non-zero |value|: {@code value = 0.digits × 10^point}. */
  record Digits(String digits, int point) {
    /** The decimal exponent of the first digit ({@code 2e+23}: 23). */
    int exponent() {
      return point - 1;
    }
  }

  public static String floatRepr(double v) {
    if (Double.isNaN(v)) {
      return "nan";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "inf" : "-inf";
    }
    if (v == 0) {
      return (1 / v < 0) ? "-0.0" : "0.0";
    }
    Digits d = shortest(Math.abs(v));
    String digits = d.digits();
    int exp = d.exponent();
    String sign = v < 0 ? "-" : "";
    if (exp < -4 || exp >= 16) {
      String mant = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
      return sign + mant + "e" + (exp < 0 ? "-" : "+") + (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp);
    }
    int point = d.point();
    if (point <= 0) {
      return sign + "0." + "0".repeat(-point) + digits;
    }
    if (point >= digits.length()) {
      return sign + digits + "0".repeat(point - digits.length()) + ".0";
    }
    return sign + digits.substring(0, point) + "." + digits.substring(point);
  }

  /** Shortest round-trip digits of a finite positive double. */
  static Digits shortest(double x) {
    Digits jdk = jdkDigits(x);
    int n = jdk.digits().length();
    long d = Long.parseLong(jdk.digits());
    int unitExp = jdk.point() - n;
    // a shorter candidate would be one of the two (n-1)-digit decimals around these digits
    boolean shorter = n > 1 && (readsBack(d / 10, unitExp + 1, x) || readsBack(d / 10 + 1, unitExp + 1, x));
    if (!shorter) {
      // up to 15 digits, decimals of that length are farther apart than doubles: these are the only
      // ones; with more, the closest of those that read back (Java's need not be)
      return n <= 15 ? jdk : closest(x, n, jdk.exponent());
    }
    int decade = decade(x, jdk.exponent());
    for (int p = 1; ; p++) {
      Digits c = closest(x, p, decade);
      if (c != null) {
        return c;
      }
    }
  }

  /**
   * Of the {@code p}-digit decimals that read back as {@code x} (whose first digit is at
   * 10^{@code decade}), the closest to it, null if none: the nearest one (a tie to the even
   * digit, as Python's dtoa), else — x's rounding interval is narrower below a power of two — its
   * neighbour on the side that reads back. Nearer powers of ten are shorter candidates.
   */
  private static Digits closest(double x, int p, int decade) {
    int unitExp = decade - p + 1;
    long nearest = nearest(x, unitExp);
    for (long c : new long[] {nearest, nearest - 1, nearest + 1}) {
      if (readsBack(c, unitExp, x)) {
        int k = unitExp;
        while (c % 10 == 0) {
          c /= 10;
          k++;
        }
        String digits = Long.toString(c);
        return new Digits(digits, digits.length() + k);
      }
    }
    return null;
  }

  /** {@code x / 10^k} rounded half-even, exactly. */
  private static long nearest(double x, int k) {
    Exact e = Exact.of(x);
    BigInteger[] sides = e.scaled(BigInteger.valueOf(e.m), 0, k);
    BigInteger[] qr = sides[1].divideAndRemainder(sides[0]);
    int half = qr[1].shiftLeft(1).compareTo(sides[0]);
    long r = qr[0].longValueExact();
    return half > 0 || (half == 0 && (r & 1) == 1) ? r + 1 : r;
  }

  /** A positive finite double as {@code m × 2^q} (m the 53-bit significand, hidden bit included). */
  private record Exact(long m, int q, boolean lopsided) {
    static Exact of(double x) {
      long bits = Double.doubleToRawLongBits(x);
      int biased = (int) (bits >>> 52);
      long m = bits & ((1L << 52) - 1);
      // a power of two above the subnormals is twice as close to its predecessor as to its successor
      return biased == 0 ? new Exact(m, -1074, false) : new Exact(m | 1L << 52, biased - 1075, m == 0 && biased > 1);
    }

    /**
     * {@code c × 10^k} against {@code num × 2^(q + shift)} as two integers with a common factor
     * taken out: {lhs, rhs}.
     */
    BigInteger[] scaled(BigInteger num, int shift, int k) {
      int s = q + shift;
      BigInteger lhs = BigInteger.ONE;
      BigInteger rhs = num;
      if (s >= 0) {
        rhs = rhs.shiftLeft(s);
      } else {
        lhs = lhs.shiftLeft(-s);
      }
      return k >= 0 ? new BigInteger[] {lhs.multiply(BigInteger.TEN.pow(k)), rhs}
          : new BigInteger[] {lhs, rhs.multiply(BigInteger.TEN.pow(-k))};
    }
  }

  /** The exponent e with 10^e <= x < 10^(e+1), from a guess that is at most one off. */
  private static int decade(double x, int guess) {
    BigDecimal v = new BigDecimal(x);
    if (v.compareTo(BigDecimal.ONE.scaleByPowerOfTen(guess)) < 0) {
      return guess - 1;
    }
    return v.compareTo(BigDecimal.ONE.scaleByPowerOfTen(guess + 1)) >= 0 ? guess + 1 : guess;
  }

  /** The digits of Java's {@code Double.toString} (which read back), trailing zeros dropped. */
  private static Digits jdkDigits(double x) {
    String s = Double.toString(x);
    int e = s.indexOf('E');
    int exp = e < 0 ? 0 : Integer.parseInt(s.substring(e + 1));
    String mant = e < 0 ? s : s.substring(0, e);
    int dot = mant.indexOf('.');
    String all = mant.substring(0, dot) + mant.substring(dot + 1);
    int point = dot + exp;
    int lead = 0;
    while (all.charAt(lead) == '0') {
      lead++;
    }
    int end = all.length();
    while (all.charAt(end - 1) == '0') {
      end--;
    }
    return new Digits(all.substring(lead, end), point - lead);
  }

  /**
   * Whether {@code c × 10^k} reads back as {@code x}: with both factors exact doubles, their
   * correctly rounded product or quotient; else whether it lies inside x's rounding interval
   * (its ends included when x's significand is even, as ties round to even).
   */
  private static boolean readsBack(long c, int k, double x) {
    if (c <= 0) {
      return false;
    }
    if (c < 1L << 53 && k >= -22 && k <= 22) {
      return (k >= 0 ? c * POW10[k] : c / POW10[-k]) == x;
    }
    Exact e = Exact.of(x);
    // interval ends in units of 2^(q-2): (4m - 2 or, lopsided, 4m - 1) and 4m + 2
    BigInteger lo = BigInteger.valueOf(4 * e.m - (e.lopsided ? 1 : 2));
    BigInteger hi = BigInteger.valueOf(4 * e.m + 2);
    BigInteger[] a = e.scaled(lo, -2, k);
    BigInteger[] b = e.scaled(hi, -2, k);
    BigInteger v = BigInteger.valueOf(c);
    int below = v.multiply(a[0]).compareTo(a[1]);
    int above = v.multiply(b[0]).compareTo(b[1]);
    boolean even = (e.m & 1) == 0;
    return (below > 0 || (even && below == 0)) && (above < 0 || (even && above == 0));
  }
}
