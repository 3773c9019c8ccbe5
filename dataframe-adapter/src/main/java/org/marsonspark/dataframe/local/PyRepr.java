package org.marsonspark.dataframe.local;

import java.math.BigDecimal;

/** Python's {@code repr} / {@code str} of a float: shortest digits, "1.0", "1e+16", "nan", "inf". */
public final class PyRepr {
  private PyRepr() {}

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
    BigDecimal b = new BigDecimal(Double.toString(v)).stripTrailingZeros();
    String digits = b.unscaledValue().abs().toString();
    int exp = digits.length() - 1 - b.scale();
    String sign = v < 0 ? "-" : "";
    if (exp < -4 || exp >= 16) {
      String mant = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
      return sign + mant + "e" + (exp < 0 ? "-" : "+") + String.format("%02d", Math.abs(exp));
    }
    String plain = b.abs().toPlainString();
    return sign + (plain.contains(".") ? plain : plain + ".0");
  }
}
