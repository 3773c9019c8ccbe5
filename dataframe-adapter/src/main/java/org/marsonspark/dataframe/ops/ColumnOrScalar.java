package org.marsonspark.dataframe.ops;

import java.io.Serializable;
import java.time.LocalDateTime;
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
      if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
        return new Scalar(((Number) v).longValue(), DfType.INT64);
      }
      if (v instanceof Double || v instanceof Float) {
        return new Scalar(((Number) v).doubleValue(), DfType.FLOAT64);
      }
      if (v instanceof Boolean) {
        return new Scalar(v, DfType.BOOL);
      }
      if (v instanceof String) {
        return new Scalar(v, DfType.OBJECT);
      }
      if (v instanceof LocalDateTime) {
        return new Scalar(v, DfType.DATETIME);
      }
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "scalar " + v + " of type "
          + (v == null ? "null" : v.getClass().getName())
          + " is not supported: use Long/Integer, Double, Boolean, String or LocalDateTime");
    }
  }
}
