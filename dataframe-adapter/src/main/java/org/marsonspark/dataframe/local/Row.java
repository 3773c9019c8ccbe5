package org.marsonspark.dataframe.local;

import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * One row of a frame chunk as {@code DataFrame.apply(fn, axis=1)} hands it to the function: a
 * view (nothing is copied) of position {@code i} of a {@link LocalFrame}. Values come as
 * {@link Column#get} gives them: {@code Long}, {@code Double} (NaN for NA), {@code Boolean},
 * objects (null for NA), {@code LocalDateTime} (null for NaT), category strings.
 */
public final class Row {
  private final LocalFrame frame;
  private final int i;

  public Row(LocalFrame frame, int i) {
    this.frame = frame;
    this.i = i;
  }

  /** The row's label (pandas {@code row.name}). */
  public Object label() {
    return frame.index().label(i);
  }

  public List<String> columns() {
    return frame.columnNames();
  }

  public Object get(String column) {
    return frame.column(column).get(i);
  }

  public Object get(int column) {
    return frame.column(column).get(i);
  }

  public boolean isNA(String column) {
    return frame.column(column).isNA(i);
  }

  /** A numeric value as a double (NaN for NA; a bool as 1 / 0). */
  public double getDouble(String column) {
    Object v = get(column);
    if (v == null) {
      return Double.NaN;
    }
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "column '" + column + "' holds " + v.getClass().getSimpleName()
        + " '" + v + "', not a number");
  }

  public long getLong(String column) {
    Object v = get(column);
    if (v instanceof Long l) {
      return l;
    }
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "column '" + column + "' holds "
        + (v == null ? "NA" : v.getClass().getSimpleName() + " '" + v + "'") + ", not an int64 value");
  }

  public String getString(String column) {
    Object v = get(column);
    return v == null ? null : v.toString();
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("Row(").append(label()).append(": ");
    for (int j = 0; j < frame.ncols(); j++) {
      sb.append(j > 0 ? ", " : "").append(frame.columnNames().get(j)).append('=').append(frame.column(j).get(i));
    }
    return sb.append(')').toString();
  }
}
