package org.marsonspark.dataframe.local;

import java.io.Serializable;
import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DfType;

/**
 * One column of a frame chunk: a primitive (or object) array of one {@link DfType}. NA is
 * marked as pandas marks it (NaN, null, NaT, code -1; see {@link DfType}); {@link #isNA} reads
 * it uniformly and Arrow conversion turns it into a validity bitmap. Columns are immutable:
 * every operation returns a new column.
 */
public abstract sealed class Column implements Serializable
    permits LongColumn, DoubleColumn, BoolColumn, ObjectColumn, DatetimeColumn, CategoryColumn {
  private static final long serialVersionUID = 1L;

  public abstract DfType dtype();

  public abstract int size();

  public abstract boolean isNA(int i);

  /**
   * The value as a Java object: {@code Long}, {@code Double} (NaN for NA), {@code Boolean}, the
   * object itself (null for NA), {@link java.time.LocalDateTime} for datetimes (null for NaT),
   * the category's {@code String} (null for NA).
   */
  public abstract Object get(int i);

  /** Rows at the positions given; position -1 gives NA (int64 becomes float64, bool object). */
  public abstract Column take(int[] positions);

  /** Rows {@code from} (inclusive) to {@code to} (exclusive). */
  public abstract Column slice(int from, int to);

  /** Bytes held, for the chunk store. */
  public abstract long nbytes();

  /** The rows where {@code keep} is true. */
  public Column filter(boolean[] keep) {
    return take(positions(keep));
  }

  public int naCount() {
    int n = 0;
    for (int i = 0; i < size(); i++) {
      if (isNA(i)) {
        n++;
      }
    }
    return n;
  }

  /** Whether any position is -1 (an NA row to be made). */
  static boolean anyMissing(int[] positions) {
    for (int p : positions) {
      if (p < 0) {
        return true;
      }
    }
    return false;
  }

  /** Positions of the true entries. */
  public static int[] positions(boolean[] keep) {
    int n = 0;
    for (boolean k : keep) {
      if (k) {
        n++;
      }
    }
    int[] at = new int[n];
    for (int i = 0, j = 0; i < keep.length; i++) {
      if (keep[i]) {
        at[j++] = i;
      }
    }
    return at;
  }

  // ---- factories --------------------------------------------------------------------------

  public static Column ofLongs(long... v) {
    return new LongColumn(v);
  }

  public static Column ofDoubles(double... v) {
    return new DoubleColumn(v);
  }

  public static Column ofBools(boolean... v) {
    return new BoolColumn(v);
  }

  /** An object column; NaN doubles are stored as null (NA). */
  public static Column ofObjects(Object... v) {
    return new ObjectColumn(v);
  }

  public static Column ofStrings(String... v) {
    return new ObjectColumn(v);
  }

  /** Datetimes as nanoseconds since the epoch ({@link DfType#NAT} for NaT). */
  public static Column ofDatetimes(long... nanos) {
    return new DatetimeColumn(nanos);
  }

  /** A categorical column from its values (null is NA); categories are the sorted distinct values. */
  public static Column categoricalOf(String... values) {
    return CategoryColumn.fromValues(values);
  }

  /** A column of {@code n} NA values of {@code dtype} (made NA-capable). */
  public static Column na(DfType dtype, int n) {
    int[] at = new int[n];
    java.util.Arrays.fill(at, -1);
    return empty(dtype).take(at);
  }

  /** A column without rows. */
  public static Column empty(DfType dtype) {
    return switch (dtype) {
      case INT64 -> new LongColumn(new long[0]);
      case FLOAT64 -> new DoubleColumn(new double[0]);
      case BOOL -> new BoolColumn(new boolean[0]);
      case OBJECT -> new ObjectColumn(new Object[0]);
      case DATETIME -> new DatetimeColumn(new long[0]);
      case CATEGORY -> new CategoryColumn(new int[0], new String[0]);
    };
  }

  /** Concatenates columns of one dtype (category columns: the sorted union of their categories). */
  public static Column concat(List<Column> parts) {
    if (parts.isEmpty()) {
      throw new IllegalArgumentException("concat of no columns");
    }
    DfType dt = parts.get(0).dtype();
    for (Column c : parts) {
      if (c.dtype() != dt) {
        throw new MarsException(ErrorClass.INTERNAL, "concat of columns of dtypes " + dt + " and " + c.dtype());
      }
    }
    if (parts.size() == 1) {
      return parts.get(0);
    }
    int n = 0;
    for (Column c : parts) {
      n += c.size();
    }
    switch (dt) {
      case INT64, DATETIME -> {
        long[] out = new long[n];
        int at = 0;
        for (Column c : parts) {
          long[] v = dt == DfType.INT64 ? ((LongColumn) c).values() : ((DatetimeColumn) c).nanos();
          System.arraycopy(v, 0, out, at, v.length);
          at += v.length;
        }
        return dt == DfType.INT64 ? new LongColumn(out) : new DatetimeColumn(out);
      }
      case FLOAT64 -> {
        double[] out = new double[n];
        int at = 0;
        for (Column c : parts) {
          double[] v = ((DoubleColumn) c).values();
          System.arraycopy(v, 0, out, at, v.length);
          at += v.length;
        }
        return new DoubleColumn(out);
      }
      case BOOL -> {
        boolean[] out = new boolean[n];
        int at = 0;
        for (Column c : parts) {
          boolean[] v = ((BoolColumn) c).values();
          System.arraycopy(v, 0, out, at, v.length);
          at += v.length;
        }
        return new BoolColumn(out);
      }
      case OBJECT -> {
        Object[] out = new Object[n];
        int at = 0;
        for (Column c : parts) {
          Object[] v = ((ObjectColumn) c).values();
          System.arraycopy(v, 0, out, at, v.length);
          at += v.length;
        }
        return new ObjectColumn(out);
      }
      case CATEGORY -> {
        return CategoryColumn.concatCategories(parts);
      }
      default -> throw new IllegalStateException(dt.toString());
    }
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(dtype().toString()).append('[');
    for (int i = 0; i < Math.min(size(), 20); i++) {
      sb.append(i > 0 ? ", " : "").append(get(i));
    }
    return sb.append(size() > 20 ? ", ...]" : "]").toString();
  }
}
