package org.marsonspark.dataframe.ops;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.local.BoolColumn;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DoubleColumn;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.local.LongColumn;
import org.marsonspark.dataframe.local.PyOrder;
import org.marsonspark.dataframe.local.Rows;

/**
 * Value-wise operations of series and frame columns, run chunk by chunk: {@code isin},
 * {@code clip}, {@code round}, {@code where} / {@code mask} and {@code between}, with pandas's
 * dtype rules.
 */
public final class ValueOps {
  private ValueOps() {}

  /** Applies a column function to every column of a frame chunk, or to a series chunk. */
  private static Object perColumn(Object chunk, java.util.function.UnaryOperator<Column> fn) {
    Column[] cols = Rows.columns(chunk);
    Column[] out = new Column[cols.length];
    for (int j = 0; j < cols.length; j++) {
      out[j] = fn.apply(cols[j]);
    }
    return Rows.withColumns(chunk, out);
  }

  // ---- isin -------------------------------------------------------------------------------------

  /**
   * Refuses what {@code isin} does not take: no collection, datetime columns, and None or NaN among the values
   * for an object column — pandas matches them against an NA by how the NA was made (None only
   * None, NaN only NaN), which an object column here does not keep.
   */
  public static void checkIsIn(DfType t, Collection<?> values, String what) {
    if (values == null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "isin: values must be a collection, got null; pass "
          + "an empty list to match nothing");
    }
    if (t == DfType.DATETIME) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "isin of " + what
          + " (dtype datetime64[ns]) is not supported yet");
    }
    boolean na = values.stream().anyMatch(v -> v == null || (v instanceof Double d && d.isNaN())
        || (v instanceof Float f && f.isNaN()));
    if (t == DfType.OBJECT && na) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "isin of " + what + " (dtype object) with None or NaN"
          + " among the values: pandas matches None only with an NA held as None and NaN only with one held as NaN"
          + " (read_csv, shift, merge and where make NaN), and an object column here holds one NA; select NA rows"
          + " with isna(): s.isin(values without None / NaN).or(s.isna())");
    }
  }

  /**
   * {@code isin(values)}: true where the value is one of {@code values}; NA matches NaN (and, in a
   * category column, None too).
   */
  public record IsIn(Object[] values) implements ChunkOp {
    public static IsIn of(Collection<?> values) {
      return new IsIn(values.toArray());
    }

    @Override
    public Object execute(Object[] in) {
      Set<Object> keys = new HashSet<>();
      for (Object v : values) {
        keys.add(PyOrder.equalityKey(v));
      }
      return perColumn(in[0], c -> isin(c, keys));
    }

    private static Column isin(Column c, Set<Object> keys) {
      boolean[] r = new boolean[c.size()];
      boolean category = c.dtype() == DfType.CATEGORY;
      for (int i = 0; i < r.length; i++) {
        if (c.isNA(i)) {
          // pandas 1.5: NA of a category matches any NA value; NaN of a float column matches NaN
          // only (not None); object columns never get None or NaN among the values (checkIsIn)
          r[i] = keys.contains(Double.NaN) || (category && keys.contains(null));
        } else {
          r[i] = keys.contains(PyOrder.equalityKey(c.get(i)));
        }
      }
      return Column.ofBools(r);
    }

    @Override
    public String name() {
      return "isin";
    }
  }

  // ---- clip -------------------------------------------------------------------------------------

  /** The dtype {@code clip} gives: int64 stays int64 with integral bounds, else float64; only numbers. */
  public static DfType clipType(DfType t, Double lower, Double upper, String what) {
    if (t != DfType.INT64 && t != DfType.FLOAT64) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "clip of " + what + " (dtype " + t.pandasName()
          + ") is not supported: int64 and float64 only");
    }
    boolean ints = (lower == null || integral(lower)) && (upper == null || integral(upper));
    return t == DfType.INT64 && ints ? DfType.INT64 : DfType.FLOAT64;
  }

  private static boolean integral(double d) {
    return d == Math.rint(d) && Math.abs(d) < 0x1p63;
  }

  /** {@code clip(lower, upper)} (null: no bound); NaN stays NaN. */
  public record Clip(Double lower, Double upper) implements ChunkOp {
    /** Bounds given the wrong way round are swapped, as pandas 1.5 does. */
    public static Clip of(Double lower, Double upper) {
      if (lower != null && upper != null && lower > upper) {
        return new Clip(upper, lower);
      }
      return new Clip(lower, upper);
    }

    @Override
    public Object execute(Object[] in) {
      return perColumn(in[0], this::clip);
    }

    private Column clip(Column c) {
      double lo = lower == null ? Double.NEGATIVE_INFINITY : lower;
      double hi = upper == null ? Double.POSITIVE_INFINITY : upper;
      if (c instanceof LongColumn l && (lower == null || integral(lower)) && (upper == null || integral(upper))) {
        long[] v = l.values();
        long[] r = new long[v.length];
        for (int i = 0; i < v.length; i++) {
          long x = v[i];
          if (lower != null) {
            x = Math.max(x, (long) lo);
          }
          if (upper != null) {
            x = Math.min(x, (long) hi);
          }
          r[i] = x;
        }
        return Column.ofLongs(r);
      }
      double[] v = Windowed.doubles(c);
      double[] r = new double[v.length];
      for (int i = 0; i < v.length; i++) {
        double x = v[i];
        r[i] = Double.isNaN(x) ? x : Math.min(Math.max(x, lo), hi);
      }
      return Column.ofDoubles(r);
    }

    @Override
    public String name() {
      return "clip";
    }
  }

  // ---- round ------------------------------------------------------------------------------------

  /**
   * {@code round(decimals)} as numpy's {@code around}: halves to even, on {@code x * 10^d} (on
   * {@code x / 10^-d} for negative {@code d}); int64 columns change only for negative decimals;
   * other dtypes are left as they are (a frame's non-numeric columns, as pandas).
   */
  public record Round(int decimals) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      return perColumn(in[0], this::round);
    }

    private Column round(Column c) {
      if (c instanceof DoubleColumn d) {
        double[] v = d.values();
        double[] r = new double[v.length];
        if (decimals >= 0) {
          double f = Math.pow(10, decimals);
          for (int i = 0; i < v.length; i++) {
            r[i] = Math.rint(v[i] * f) / f;
          }
        } else {
          double f = Math.pow(10, -decimals);
          for (int i = 0; i < v.length; i++) {
            r[i] = Math.rint(v[i] / f) * f;
          }
        }
        return Column.ofDoubles(r);
      }
      if (c instanceof LongColumn l && decimals < 0) {
        long f = 1;
        for (int k = 0; k < -decimals && f <= Long.MAX_VALUE / 10; k++) {
          f *= 10;
        }
        long[] v = l.values();
        long[] r = new long[v.length];
        for (int i = 0; i < v.length; i++) {
          r[i] = halfEven(v[i], f) * f;
        }
        return Column.ofLongs(r);
      }
      return c;
    }

    /** x / f rounded half to even, exactly. */
    private static long halfEven(long x, long f) {
      long q = Math.floorDiv(x, f);
      long rem = Math.floorMod(x, f);
      long twice = 2 * rem;
      if (twice > f || (twice == f && (q & 1) != 0)) {
        q++;
      }
      return q;
    }

    @Override
    public String name() {
      return "round";
    }
  }

  // ---- where / mask -----------------------------------------------------------------------------

  /**
   * The dtype of {@code s.where(cond, other)}: with other NA (the default) the series's NA dtype
   * (int64 becomes float64 and bool object even where nothing is replaced: pandas decides by the
   * values, which are unknown before running); else the dtype both fit in (int64 with float64 is
   * float64; other mixes object). Category series take no other than NA.
   */
  public static DfType whereType(DfType t, DfType other, String fn) {
    if (other == null) {
      return t == DfType.INT64 ? DfType.FLOAT64 : t == DfType.BOOL ? DfType.OBJECT : t;
    }
    if (t == DfType.CATEGORY) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, fn + " of a category series with an 'other' is "
          + "not supported yet (only NA)");
    }
    if (t == other) {
      return t;
    }
    if ((t == DfType.INT64 && other == DfType.FLOAT64) || (t == DfType.FLOAT64 && other == DfType.INT64)) {
      return DfType.FLOAT64;
    }
    return DfType.OBJECT;
  }

  /**
   * {@code where(cond, other)} ({@code mask}: where cond is false): inputs are the series chunk,
   * the bool condition's chunk and, for a series {@code other}, its chunk; a constant other
   * (null for NA) is in the op.
   */
  public record Where(boolean mask, Object constant, DfType result) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalSeries s = (LocalSeries) in[0];
      boolean[] cond = ((BoolColumn) ((LocalSeries) in[1]).values()).values();
      int n = s.size();
      Column self = Casts.cast(s.values(), result, false);
      Column other;
      if (in.length > 2) {
        other = Casts.cast(((LocalSeries) in[2]).values(), result, false);
      } else if (constant == null) {
        other = Column.na(result, n);
      } else {
        other = Casts.cast(RowOps.broadcast(constant, n), result, false);
      }
      int[] at = new int[n];
      for (int i = 0; i < n; i++) {
        at[i] = cond[i] != mask ? i : n + i;
      }
      return s.withValues(Column.concat(List.of(self, other)).take(at));
    }

    @Override
    public String name() {
      return mask ? "mask" : "where";
    }
  }

  // ---- between ----------------------------------------------------------------------------------

  /** Refuses what {@code between} does not take: numbers only; inclusive one of pandas's four. */
  public static boolean[] inclusive(DfType t, String inclusive) {
    if (t != DfType.INT64 && t != DfType.FLOAT64) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "between of a series of dtype " + t.pandasName()
          + " is not supported: int64 and float64 only");
    }
    return switch (inclusive) {
      case "both" -> new boolean[] {true, true};
      case "neither" -> new boolean[] {false, false};
      case "left" -> new boolean[] {true, false};
      case "right" -> new boolean[] {false, true};
      default -> throw new MarsException(ErrorClass.INVALID_ARGUMENT, "between: inclusive has to be either string "
          + "of 'both', 'left', 'right', or 'neither', got '" + inclusive + "'");
    };
  }

  /** {@code between(left, right, inclusive)}: false for NaN. */
  public record Between(double left, double right, boolean leftIn, boolean rightIn) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      return perColumn(in[0], c -> {
        double[] v = Windowed.doubles(c);
        boolean[] r = new boolean[v.length];
        for (int i = 0; i < v.length; i++) {
          double x = v[i];
          r[i] = (leftIn ? x >= left : x > left) && (rightIn ? x <= right : x < right);
        }
        return Column.ofBools(r);
      });
    }

    @Override
    public String name() {
      return "between";
    }
  }
}
