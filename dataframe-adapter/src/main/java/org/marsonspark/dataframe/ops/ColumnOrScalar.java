package org.marsonspark.dataframe.ops;

import java.io.Serializable;
import java.time.LocalDateTime;
import java.util.Arrays;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.local.BoolColumn;
import org.marsonspark.dataframe.local.CategoryColumn;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DatetimeColumn;
import org.marsonspark.dataframe.local.DoubleColumn;
import org.marsonspark.dataframe.local.LongColumn;
import org.marsonspark.dataframe.local.ObjectColumn;

/**
 * One side of an element-wise operation: a column, or a scalar repeated over every row. Reads
 * values by row as long, double, object or NA, whatever the column's dtype.
 */
final class ColumnOrScalar {
  private final Column column;
  private final Object scalar;
  private final DfType dtype;

  private ColumnOrScalar(Column column, Object scalar, DfType dtype) {
    this.column = column;
    this.scalar = scalar;
    this.dtype = dtype;
  }

  static ColumnOrScalar of(Column c) {
    return new ColumnOrScalar(c, null, c.dtype());
  }

  static ColumnOrScalar of(Scalar s) {
    return new ColumnOrScalar(null, s.value(), s.dtype());
  }

  DfType dtype() {
    return dtype;
  }

  boolean isNA(int i) {
    if (column != null) {
      return column.isNA(i);
    }
    return scalar == null || (scalar instanceof Double d && d.isNaN());
  }

  long getLong(int i) {
    if (column instanceof LongColumn l) {
      return l.getLong(i);
    }
    if (column instanceof BoolColumn b) {
      return b.getBool(i) ? 1 : 0;
    }
    if (column instanceof DatetimeColumn d) {
      return d.getNanos(i);
    }
    if (column == null) {
      return scalar instanceof Boolean b ? (b ? 1 : 0)
          : scalar instanceof LocalDateTime t ? DatetimeColumn.toNanos(t) : ((Number) scalar).longValue();
    }
    throw new IllegalStateException("no long value in " + dtype);
  }

  double getDouble(int i) {
    if (column instanceof DoubleColumn d) {
      return d.getDouble(i);
    }
    if (column == null && scalar instanceof Double d) {
      return d;
    }
    return getLong(i);
  }

  boolean isScalar() {
    return column == null;
  }

  /**
   * The values as doubles, read once for a whole loop: a float64 column's own array, an int64,
   * bool or datetime column converted, a scalar repeated {@code n} times. A float64 NA is NaN
   * here; other NAs ({@link #hasNonNaNMissing}) are not visible in the values.
   */
  double[] doubles(int n) {
    if (column instanceof DoubleColumn d) {
      return d.values();
    }
    double[] out = new double[n];
    if (column == null) {
      Arrays.fill(out, getDouble(0));
      return out;
    }
    long[] l = longs(n);
    for (int i = 0; i < n; i++) {
      out[i] = l[i];
    }
    return out;
  }

  /**
   * The values as longs, read once for a whole loop: an int64 column's own array, a datetime
   * column's nanoseconds (NaT as {@link DfType#NAT}), bools as 0/1, a scalar repeated.
   */
  long[] longs(int n) {
    if (column instanceof LongColumn l) {
      return l.values();
    }
    if (column instanceof DatetimeColumn d) {
      return d.nanos();
    }
    long[] out = new long[n];
    if (column instanceof BoolColumn b) {
      boolean[] v = b.values();
      for (int i = 0; i < n; i++) {
        out[i] = v[i] ? 1 : 0;
      }
    } else {
      Arrays.fill(out, getLong(0));
    }
    return out;
  }

  /**
   * Whether a row can be NA in a way its primitive value does not carry: NaT in a datetime
   * column, a NA scalar, or any non-primitive column. A float64 NaN and an int64 or bool value
   * (never NA) carry their own meaning through a loop.
   */
  boolean hasNonNaNMissing() {
    if (column == null) {
      return scalar == null;
    }
    return !(column instanceof DoubleColumn || column instanceof LongColumn || column instanceof BoolColumn);
  }

  /** The value as an object (String for categories, boxed numbers). */
  Object get(int i) {
    if (column == null) {
      return scalar;
    }
    if (column instanceof ObjectColumn o) {
      return o.get(i);
    }
    if (column instanceof CategoryColumn c) {
      return c.get(i);
    }
    return column.get(i);
  }

  /** The scalar side: a Java value and its dtype. */
  record Scalar(Object value, DfType dtype) implements Serializable {
    static Scalar of(Object v) {
      DfType t = DfType.ofValue(v);
      if (t != null) {
        return new Scalar(DfType.canonical(v), t);
      }
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "scalar " + v + " of type "
          + (v == null ? "null" : v.getClass().getName())
          + " is not supported: use Long/Integer, Double, Boolean, String or LocalDateTime");
    }
  }
}
