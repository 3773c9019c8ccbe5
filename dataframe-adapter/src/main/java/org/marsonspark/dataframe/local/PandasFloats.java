package org.marsonspark.dataframe.local;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The cells of a float64 column as pandas 1.5 prints them ({@code FloatArrayFormatter} with
 * {@code display.precision} 6): every shown value with 6 decimals, trailing zeros trimmed
 * equally from all (one decimal at least); exponent form with 6 decimals for all when a value
 * is below 1e-6 in magnitude, or when one exceeds 1e6 and the widest cell is longer than 12.
 * Digits are rounded half-even on the double's exact value, as Python's {@code format}
 * (Java's {@code %f} rounds ties up). Cells carry no sign space; NaN is {@code NaN}.
 */
final class PandasFloats {
  private static final int DIGITS = 6;
  private static final MathContext SCI = new MathContext(DIGITS + 1, RoundingMode.HALF_EVEN);
  private static final Pattern NUMBER = Pattern.compile("^\\s*[+-]?[0-9]+\\.[0-9]*$");

  private PandasFloats() {}

  /** The cells at {@code rows} (-1 for the elision row, {@code ...}). */
  static List<String> cells(DoubleColumn c, int[] rows) {
    List<String> fixed = new ArrayList<>();
    boolean large = false;
    boolean small = false;
    for (int r : rows) {
      double v = r < 0 ? Double.NaN : c.getDouble(r);
      double a = Math.abs(v);
      large |= a > 1e6;
      small |= a > 0 && a < 1e-6;
      fixed.add(r < 0 ? "..." : Double.isFinite(v) ? fixed(v) : special(v));
    }
    trimZeros(fixed);
    int widest = 0;
    for (int i = 0; i < rows.length; i++) {
      if (rows[i] >= 0) {
        double v = c.getDouble(rows[i]);
        // pandas's format leaves a space for the sign of non-negative numbers
        widest = Math.max(widest, fixed.get(i).length() + (Double.isNaN(v) || negative(v) ? 0 : 1));
      }
    }
    if (!small && !(large && widest > DIGITS + 6)) {
      return fixed;
    }
    List<String> sci = new ArrayList<>();
    for (int r : rows) {
      double v = r < 0 ? Double.NaN : c.getDouble(r);
      sci.add(r < 0 ? "..." : Double.isFinite(v) ? scientific(v) : special(v));
    }
    return sci;
  }

  private static String special(double v) {
    return Double.isNaN(v) ? "NaN" : v > 0 ? "inf" : "-inf";
  }

  private static boolean negative(double v) {
    return Double.doubleToRawLongBits(v) < 0;
  }

  /** {@code "{:.6f}".format(v)}. */
  private static String fixed(double v) {
    String digits = new BigDecimal(Math.abs(v)).setScale(DIGITS, RoundingMode.HALF_EVEN).toPlainString();
    return (negative(v) ? "-" : "") + digits;
  }

  /** {@code "{:.6e}".format(v)}. */
  private static String scientific(double v) {
    String sign = negative(v) ? "-" : "";
    if (v == 0) {
      return sign + "0." + "0".repeat(DIGITS) + "e+00";
    }
    BigDecimal b = new BigDecimal(Math.abs(v)).round(SCI);
    String digits = b.unscaledValue().toString();
    int exp = digits.length() - 1 - b.scale();
    digits = digits + "0".repeat(DIGITS + 1 - digits.length());
    return sign + digits.charAt(0) + "." + digits.substring(1) + "e" + (exp < 0 ? "-" : "+")
        + (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp);
  }

  /**
   * pandas's {@code _trim_zeros_float}: while every number with decimals ends in a zero, drops the
   * last character of each; then one zero after a bare decimal point.
   */
  private static void trimZeros(List<String> cells) {
    while (cells.stream().anyMatch(PandasFloats::isNumber)
        && cells.stream().filter(PandasFloats::isNumber).allMatch(s -> s.endsWith("0"))) {
      cells.replaceAll(s -> isNumber(s) ? s.substring(0, s.length() - 1) : s);
    }
    cells.replaceAll(s -> isNumber(s) && s.endsWith(".") ? s + "0" : s);
  }

  private static boolean isNumber(String s) {
    return NUMBER.matcher(s).matches();
  }
}
