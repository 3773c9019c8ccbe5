package org.marsonspark.learn.kernel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.local.BoolColumn;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DoubleColumn;
import org.marsonspark.dataframe.local.LongColumn;
import org.marsonspark.learn.ops.BlockMap;
import org.marsonspark.learn.ops.FrameBlocks;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/**
 * The fitted categories of each column and the code of a value: its position among them (int64).
 * Numeric columns keep their categories sorted in numpy's order (NaN last, one NaN) and are
 * searched by bisection; object and category columns (strings) by a hash lookup. A value not
 * among the categories gets code -1 when unknowns are ignored, and otherwise fails the task with
 * sklearn's message. Works on tensor blocks (numeric) and on DataFrame row chunks (any dtype).
 *
 */
public final class CategoryCodes implements BlockMap.Fn, FrameBlocks.Fn {
  private final double[][] numeric;
  private final Object[][] objects;
  private final boolean ignoreUnknown;
  private final boolean flat;
  private transient volatile List<Map<Object, Integer>> lookups;

  /**
   * @param numeric per column its sorted numeric categories, or null where they are objects
   * @param objects per column its object categories, or null where they are numeric
   * @param flat whether the result is 1-D (one column: labels), else {@code (rows, columns)}
   */
  public CategoryCodes(double[][] numeric, Object[][] objects, boolean ignoreUnknown, boolean flat) {
    this.numeric = numeric;
    this.objects = objects;
    this.ignoreUnknown = ignoreUnknown;
    this.flat = flat;
  }

  /** numpy's sort order of doubles: NaN after everything, NaN equal to NaN, -0.0 equal to 0.0. */
  public static int compare(double a, double b) {
    if (a < b) {
      return -1;
    }
    if (a > b) {
      return 1;
    }
    boolean na = Double.isNaN(a);
    boolean nb = Double.isNaN(b);
    return na == nb ? 0 : na ? 1 : -1;
  }

  @Override
  public String name() {
    return "CategoryCodes";
  }

  private int columns() {
    return numeric.length;
  }

  @Override
  public NDArray apply(NDArray[] blocks) {
    double[] x = blocks[0].astype(DType.FLOAT64).doubles();
    int d = columns();
    long[] out = new long[x.length];
    for (int i = 0; i < x.length; i++) {
      out[i] = code(i % d, x[i]);
    }
    return result(out, d);
  }

  @Override
  public NDArray apply(Column[] cols, int rows) {
    int d = columns();
    long[] out = new long[rows * d];
    for (int c = 0; c < d; c++) {
      Column col = cols[c];
      if (numeric[c] == null) {
        Map<Object, Integer> lookup = lookup(c);
        for (int r = 0; r < rows; r++) {
          Object v = col.get(r);
          Integer code = v == null ? null : lookup.get(v);
          out[r * d + c] = code != null ? code : unknown(c, v);
        }
      } else {
        for (int r = 0; r < rows; r++) {
          out[r * d + c] = code(c, number(col, r));
        }
      }
    }
    return result(out, d);
  }

  private NDArray result(long[] codes, int d) {
    return flat ? NDArray.of(codes, codes.length) : NDArray.of(codes, codes.length / Math.max(d, 1), d);
  }

  private static double number(Column col, int r) {
    if (col instanceof DoubleColumn dc) {
      return dc.getDouble(r);
    }
    if (col instanceof LongColumn lc) {
      return lc.getLong(r);
    }
    if (col instanceof BoolColumn bc) {
      return bc.getBool(r) ? 1 : 0;
    }
    Object v = col.get(r);
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "a column fitted with numeric categories holds "
        + (v == null ? "None" : "'" + v + "'") + " now");
  }

  private long code(int c, double v) {
    double[] cats = numeric[c];
    int lo = 0;
    int hi = cats.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int cmp = compare(cats[mid], v);
      if (cmp == 0) {
        return mid;
      }
      if (cmp < 0) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return unknown(c, v);
  }

  private long unknown(int c, Object v) {
    if (ignoreUnknown) {
      return -1;
    }
    String shown = v instanceof String s ? "'" + s + "'" : v == null ? "None" : String.valueOf(v);
    if (flat) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "y contains previously unseen labels: [" + shown + "]");
    }
    throw new MarsException(ErrorClass.INVALID_ARGUMENT, "Found unknown categories [" + shown + "] in column " + c);
  }

  private Map<Object, Integer> lookup(int c) {
    List<Map<Object, Integer>> l = lookups;
    if (l == null) {
      l = new ArrayList<>();
      for (Object[] cats : objects) {
        Map<Object, Integer> m = new HashMap<>();
        if (cats != null) {
          for (int i = 0; i < cats.length; i++) {
            m.put(cats[i], i);
          }
        }
        l.add(m);
      }
      lookups = l;
    }
    return l.get(c);
  }

  @Override
  public String toString() {
    return "CategoryCodes(" + columns() + " columns)";
  }
}
