package org.marsonspark.dataframe.local;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Python's {@code repr} / {@code str} of a float: the shortest digits that read back as the
 * same double (among those, the closest to it), written as Python writes them — exponent form
 * when the decimal exponent is below -4 or at least 16 ({@code 1e-05}, {@code 2e+23}), else
 * positional with at least one decimal ({@code 1.0}, {@code 1000000000000000.0}); {@code nan},
 * {@code inf}, {@code -inf}, {@code -0.0}.
 *
 * <p>Java 17's {@code Double.toString} reads back exactly but is not always shortest
 * ({@code 2e23} gives {@code 1.9999999999999998E23}): its digits are used only when checked to
 * be shortest and closest; otherwise the digits are searched exactly, length by length.
 */
public final class PyRepr {
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
    if (n > 1 && (readsBack(d / 10, unitExp + 1, x) || readsBack(d / 10 + 1, unitExp + 1, x))) {
      return exact(x);
    }
    // with 16 or 17 digits a neighbour may read back too; then the closest must be found
    if (n >= 16 && (readsBack(d - 1, unitExp, x) || readsBack(d + 1, unitExp, x))) {
      return exact(x);
    }
    return jdk;
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

  /** Whether {@code unscaled × 10^unitExp} reads back as {@code x}. */
  private static boolean readsBack(long unscaled, int unitExp, double x) {
    return unscaled > 0 && Double.parseDouble(unscaled + "E" + unitExp) == x;
  }

  /**
   * The shortest digits found exactly: for each length, the two decimals of that length around
   * x's exact value; the first length where one reads back wins, the closer one if both do (a
   * tie goes to the even last digit, as Python's dtoa).
   */
  private static Digits exact(double x) {
    BigDecimal v = new BigDecimal(x);
    for (int p = 1; p <= 17; p++) {
      BigDecimal lo = v.round(new MathContext(p, RoundingMode.FLOOR));
      BigDecimal hi = v.round(new MathContext(p, RoundingMode.CEILING));
      boolean okLo = lo.signum() > 0 && lo.doubleValue() == x;
      boolean okHi = hi.doubleValue() == x;
      if (okLo || okHi) {
        BigDecimal pick;
        if (okLo && okHi && lo.compareTo(hi) != 0) {
          int c = v.subtract(lo).compareTo(hi.subtract(v));
          pick = c < 0 ? lo : c > 0 ? hi : v.round(new MathContext(p, RoundingMode.HALF_EVEN));
        } else {
          pick = okLo ? lo : hi;
        }
        BigDecimal s = pick.stripTrailingZeros();
        String digits = s.unscaledValue().toString();
        return new Digits(digits, digits.length() - s.scale());
      }
    }
    throw new IllegalStateException("no round-trip digits for " + x);
  }
}
