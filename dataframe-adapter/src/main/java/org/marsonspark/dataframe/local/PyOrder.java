package org.marsonspark.dataframe.local;

import java.util.Comparator;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * Python's order and equality of the values object columns hold: the one comparison every place
 * that orders them uses (sorting, group and index keys, min / max, comparison operators, label slices,
 * categories): strings by Unicode code point — Java's {@code String.compareTo} compares UTF-16
 * units, which puts characters beyond the BMP (emoji) before U+E000..U+FFFF — numbers (and
 * bools, which are ints in Python) by their exact value whatever their class, equal when
 * {@code ==} says so ({@code -0.0 == 0.0}); any other mix is Python's {@code TypeError}.
 */
public final class PyOrder {
  /** Strings by code point, as Python's {@code str} comparison. */
  public static final Comparator<String> STRINGS = PyOrder::compareStrings;

  private static final double TWO_63 = 0x1p63;

  private PyOrder() {}

  /** Compares two strings by code point (Python's order). */
  public static int compareStrings(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      char x = a.charAt(i);
      char y = b.charAt(i);
      if (x != y) {
        return codePointRank(x) - codePointRank(y);
      }
    }
    return a.length() - b.length();
  }

  /**
   * A UTF-16 unit ranked so that units order as the code points they start: surrogates (which
   * encode U+10000 and above) move above U+E000..U+FFFF. Units that differ at the first
   * difference are either both surrogates (ordered as their code points) or not surrogates.
   */
  private static int codePointRank(char c) {
    return c >= 0xE000 ? c - 0x800 : c >= 0xD800 ? c + 0x2000 : c;
  }

  /**
   * Compares two non-null values as Python's {@code <} orders them; {@code context} prefixes the
   * TypeError ({@code UNSUPPORTED_DTYPE}) raised for values Python cannot order ({@code "sort: "}).
   */
  public static int compare(Object a, Object b, String context) {
    return compare(a, b, context, "<");
  }

  /** As {@link #compare(Object, Object, String)}, naming the operator {@code symbol} in the TypeError. */
  public static int compare(Object a, Object b, String context, String symbol) {
    if (a instanceof String x && b instanceof String y) {
      return compareStrings(x, y);
    }
    if (isNumber(a) && isNumber(b)) {
      return compareNumbers(a, b);
    }
    if (a.getClass() == b.getClass() && a instanceof Comparable<?>) {
      @SuppressWarnings("unchecked")
      Comparable<Object> c = (Comparable<Object>) a;
      return c.compareTo(b);
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, context + "TypeError: '" + symbol + "' not supported between instances of '"
        + pyType(a) + "' and '" + pyType(b) + "'");
  }

  private static boolean isNumber(Object o) {
    return o instanceof Number || o instanceof Boolean;
  }

  private static boolean isFloating(Object o) {
    return o instanceof Double || o instanceof Float;
  }

  private static long longOf(Object o) {
    return o instanceof Boolean b ? (b ? 1 : 0) : ((Number) o).longValue();
  }

  private static int compareNumbers(Object a, Object b) {
    if (isFloating(a) && isFloating(b)) {
      double x = ((Number) a).doubleValue();
      double y = ((Number) b).doubleValue();
      return x < y ? -1 : x > y ? 1 : 0;
    }
    if (isFloating(a)) {
      return -compareLongDouble(longOf(b), ((Number) a).doubleValue());
    }
    if (isFloating(b)) {
      return compareLongDouble(longOf(a), ((Number) b).doubleValue());
    }
    return Long.compare(longOf(a), longOf(b));
  }

  /** An integer against a float exactly, as Python compares them (not through a rounded double). */
  private static int compareLongDouble(long l, double d) {
    if (Double.isNaN(d)) {
      return 0;
    }
    if (d >= TWO_63) {
      return -1;
    }
    if (d < -TWO_63) {
      return 1;
    }
    long t = (long) d;
    if (l != t) {
      return Long.compare(l, t);
    }
    double frac = d - t;
    return frac > 0 ? -1 : frac < 0 ? 1 : 0;
  }

  /**
   * A value as Python's {@code ==} and hash sets see it, for every place that matches values
   * (isin, nunique, object {@code ==}): numbers and booleans by numeric value (1, 1.0 and True
   * are one key; -0.0 is 0.0; NaN a key of its own), strings as themselves, null for None.
   */
  public static Object equalityKey(Object v) {
    if (v instanceof Boolean b) {
      return b ? 1.0 : 0.0;
    }
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      long l = ((Number) v).longValue();
      // beyond 2^53 a long is not a double: keep it exact
      return Math.abs(l) <= (1L << 53) ? (Object) (double) l : (Object) l;
    }
    if (v instanceof Number n) {
      double d = n.doubleValue();
      return Double.isNaN(d) ? Double.NaN : d == 0 ? 0.0 : d;
    }
    return v;
  }

  /** Python's name of a value's type, for TypeError messages. */
  public static String pyType(Object o) {
    return o instanceof String ? "str" : o instanceof Boolean ? "bool" : o instanceof Double || o instanceof Float
        ? "float" : o instanceof Number ? "int" : o.getClass().getSimpleName();
  }
}
