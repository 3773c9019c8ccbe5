package org.marsonspark.dataframe.ops;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.local.BoolColumn;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DatetimeColumn;
import org.marsonspark.dataframe.local.DfFormat;
import org.marsonspark.dataframe.local.DoubleColumn;
import org.marsonspark.dataframe.local.LongColumn;
import org.marsonspark.dataframe.local.PyRepr;
import org.marsonspark.tensor.Casting;

/**
 * {@code astype}: which casts exist (checked before anything runs) and how a column converts.
 * Casting to {@code str} gives an object column of Python's {@code str()} of every value (NA
 * included, as pandas does: 'nan', 'None', 'NaT'); to {@code object}, boxed values. float64 to
 * int64 is pandas 1.5's: NaN or ±inf raise (its {@code IntCastingNaNError}), finite values out of
 * range become numpy's -2**63 with numpy's RuntimeWarning ({@link Casting}); floats in object
 * columns convert as Python's {@code int()}.
 */
public final class Casts {
  private Casts() {}

  /** Checks that {@code from} can be cast to {@code to}; throws UNSUPPORTED_DTYPE otherwise. */
  public static void check(DfType from, DfType to, boolean str) {
    if (str || from == to || to == DfType.OBJECT) {
      return;
    }
    boolean ok = switch (to) {
      case INT64, FLOAT64, BOOL -> from.isNumeric() || from == DfType.OBJECT || (to == DfType.INT64 && from == DfType.DATETIME);
      case DATETIME -> from == DfType.OBJECT || from == DfType.INT64;
      case CATEGORY -> from == DfType.OBJECT || from.isNumeric();
      default -> false;
    };
    if (!ok) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "Cannot cast " + from + " to " + to);
    }
  }

  public static Column cast(Column c, DfType to, boolean str) {
    int n = c.size();
    if (str) {
      Object[] out = new Object[n];
      for (int i = 0; i < n; i++) {
        out[i] = strOf(c, i);
      }
      return Column.ofObjects(out);
    }
    if (c.dtype() == to) {
      return c;
    }
    switch (to) {
      case OBJECT -> {
        Object[] out = new Object[n];
        for (int i = 0; i < n; i++) {
          out[i] = c.get(i);
        }
        return Column.ofObjects(out);
      }
      case FLOAT64 -> {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
          out[i] = toDouble(c, i);
        }
        return Column.ofDoubles(out);
      }
      case INT64 -> {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
          out[i] = toLong(c, i);
        }
        return Column.ofLongs(out);
      }
      case BOOL -> {
        boolean[] out = new boolean[n];
        for (int i = 0; i < n; i++) {
          out[i] = toBool(c, i);
        }
        return Column.ofBools(out);
      }
      case DATETIME -> {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
          out[i] = c.isNA(i) ? DfType.NAT : c instanceof LongColumn l ? l.getLong(i) : parseDatetime(c.get(i).toString());
        }
        return Column.ofDatetimes(out);
      }
      case CATEGORY -> {
        String[] v = new String[n];
        for (int i = 0; i < n; i++) {
          v[i] = c.isNA(i) ? null : c.dtype() == DfType.OBJECT ? c.get(i).toString() : strOf(c, i);
        }
        return Column.categoricalOf(v);
      }
      default -> throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "Cannot cast " + c.dtype() + " to " + to);
    }
  }

  /** Python's str() of a value, NA included. */
  static String strOf(Column c, int i) {
    if (c instanceof DoubleColumn d) {
      return PyRepr.floatRepr(d.getDouble(i));
    }
    if (c instanceof BoolColumn b) {
      return b.getBool(i) ? "True" : "False";
    }
    if (c instanceof DatetimeColumn d) {
      return c.isNA(i) ? "NaT" : DfFormat.timestamp(d.getNanos(i), false);
    }
    if (c.dtype() == DfType.CATEGORY) {
      return c.isNA(i) ? "nan" : c.get(i).toString();
    }
    Object v = c.get(i);
    if (v == null) {
      return "None";
    }
    if (v instanceof Boolean b) {
      return b ? "True" : "False";
    }
    if (v instanceof Double d) {
      return PyRepr.floatRepr(d);
    }
    return v.toString();
  }

  private static double toDouble(Column c, int i) {
    if (c.isNA(i)) {
      return Double.NaN;
    }
    Object v = c.get(i);
    if (v instanceof Number num) {
      return num.doubleValue();
    }
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    try {
      return Double.parseDouble(v.toString().trim());
    } catch (NumberFormatException e) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "could not convert string to float: '" + v + "'");
    }
  }

  private static long toLong(Column c, int i) {
    if (c instanceof DatetimeColumn d) {
      if (c.isNA(i)) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "Cannot convert NaT values to integer");
      }
      return d.getNanos(i);
    }
    if (c instanceof DoubleColumn d) {
      double x = d.getDouble(i);
      if (!Double.isFinite(x)) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT,
            "IntCastingNaNError: Cannot convert non-finite values (NA or inf) to integer (found " + PyRepr.floatRepr(x)
                + "); fill or drop them first (fillna, dropna), or keep a float dtype");
      }
      return Casting.toInt64(x);
    }
    if (c.isNA(i)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, c.dtype() == DfType.OBJECT
          ? "TypeError: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'"
          : "IntCastingNaNError: Cannot convert non-finite values (NA or inf) to integer");
    }
    Object v = c.get(i);
    if (v instanceof Double d) {
      return Casting.pythonInt(d);
    }
    if (v instanceof Number num) {
      return num.longValue();
    }
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    try {
      return Long.parseLong(v.toString().trim());
    } catch (NumberFormatException e) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "invalid literal for int() with base 10: '" + v + "'");
    }
  }

  private static boolean toBool(Column c, int i) {
    if (c instanceof DoubleColumn d) {
      return d.getDouble(i) != 0; // NaN is true, as numpy's bool(nan)
    }
    if (c.isNA(i)) {
      return false;
    }
    Object v = c.get(i);
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof Number num) {
      return num.doubleValue() != 0;
    }
    return !v.toString().isEmpty();
  }

  /** Parses pandas-style datetime text: 2020-01-31, 2020-01-31 12:30, 2020-01-31T12:30:15.5. */
  public static long parseDatetime(String s) {
    String t = s.trim();
    try {
      if (t.length() <= 10) {
        return DatetimeColumn.toNanos(LocalDate.parse(t).atStartOfDay());
      }
      String iso = t.replace(' ', 'T');
      if (iso.length() == 16) {
        iso += ":00";
      }
      return DatetimeColumn.toNanos(LocalDateTime.parse(iso));
    } catch (DateTimeParseException e) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "could not parse '" + s + "' as a datetime "
          + "(expected YYYY-MM-DD[ HH:MM[:SS[.fraction]]])");
    }
  }
}
