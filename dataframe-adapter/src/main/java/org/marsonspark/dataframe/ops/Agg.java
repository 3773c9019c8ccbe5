package org.marsonspark.dataframe.ops;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.local.BoolColumn;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DatetimeColumn;
import org.marsonspark.dataframe.local.DoubleColumn;
import org.marsonspark.dataframe.local.LongColumn;
import org.marsonspark.dataframe.local.ObjectColumn;
import org.marsonspark.dataframe.local.PyOrder;

/**
 * Aggregation functions, written once for series reductions and groupby: each is three grouped
 * steps over partial states held as columns (one row per group). {@link #map} reduces values
 * to states per group, {@link #merge} combines states (rows of the same group, in order),
 * {@link #finish} turns states into results. A series reduction is the case of one group.
 * NA is skipped (pandas's skipna=True).
 */
public enum Agg {
  SUM, MEAN, MIN, MAX, COUNT, SIZE, VAR, STD, FIRST, LAST, NUNIQUE;

  /** pandas's name of the function ({@code "sum"}, {@code "nunique"}). */
  public String pandasName() {
    return name().toLowerCase();
  }

  public static Agg of(String name) {
    for (Agg a : values()) {
      if (a.pandasName().equals(name)) {
        return a;
      }
    }
    throw new MarsException(ErrorClass.INVALID_ARGUMENT, "unknown aggregation '" + name + "': use one of "
        + Arrays.toString(Arrays.stream(values()).map(Agg::pandasName).toArray()));
  }

  /** The result dtype for an input dtype, or an error (before anything runs) when pandas has none. */
  public DfType resultType(DfType in) {
    switch (this) {
      case COUNT, SIZE, NUNIQUE -> {
        return DfType.INT64;
      }
      case SUM -> {
        if (in == DfType.INT64 || in == DfType.BOOL) {
          return DfType.INT64;
        }
        if (in == DfType.FLOAT64) {
          return DfType.FLOAT64;
        }
      }
      case MEAN, VAR, STD -> {
        if (in.isNumeric()) {
          return DfType.FLOAT64;
        }
      }
      case MIN, MAX, FIRST, LAST -> {
        if (in != DfType.CATEGORY || this == FIRST || this == LAST) {
          return in;
        }
      }
      default -> { }
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, pandasName() + " is not supported for dtype " + in
        + "; select the columns it applies to, or cast them with astype first");
  }

  private static boolean longLike(Column c) {
    return c instanceof LongColumn || c instanceof BoolColumn || c instanceof DatetimeColumn;
  }

  private static long longAt(Column c, int i) {
    if (c instanceof LongColumn l) {
      return l.getLong(i);
    }
    if (c instanceof BoolColumn b) {
      return b.getBool(i) ? 1 : 0;
    }
    return ((DatetimeColumn) c).getNanos(i);
  }

  /** Partial states of {@code values} per group (group ids 0 .. ngroups - 1, one per row). */
  public Column[] map(Column values, int[] groups, int ngroups) {
    int n = values.size();
    switch (this) {
      case COUNT, SIZE -> {
        long[] cnt = new long[ngroups];
        for (int i = 0; i < n; i++) {
          if (this == SIZE || !values.isNA(i)) {
            cnt[groups[i]]++;
          }
        }
        return new Column[] {Column.ofLongs(cnt)};
      }
      case SUM -> {
        if (longLike(values)) {
          long[] s = new long[ngroups];
          for (int i = 0; i < n; i++) {
            s[groups[i]] += longAt(values, i);
          }
          return new Column[] {Column.ofLongs(s)};
        }
        double[] s = new double[ngroups];
        double[] v = ((DoubleColumn) values).values();
        for (int i = 0; i < n; i++) {
          if (!Double.isNaN(v[i])) {
            s[groups[i]] += v[i];
          }
        }
        return new Column[] {Column.ofDoubles(s)};
      }
      case MEAN -> {
        // count and sum (not a running mean: inf - inf would turn the mean of [inf, 1] into NaN)
        double[] cnt = new double[ngroups];
        double[] sum = new double[ngroups];
        for (int i = 0; i < n; i++) {
          if (!values.isNA(i)) {
            cnt[groups[i]]++;
            sum[groups[i]] += values instanceof DoubleColumn d ? d.getDouble(i) : longAt(values, i);
          }
        }
        return new Column[] {Column.ofDoubles(cnt), Column.ofDoubles(sum)};
      }
      case VAR, STD -> {
        // count, mean, M2 (sum of squared deviations): merged with Chan's formula
        double[] cnt = new double[ngroups];
        double[] mean = new double[ngroups];
        double[] m2 = new double[ngroups];
        for (int i = 0; i < n; i++) {
          if (values.isNA(i)) {
            continue;
          }
          double x = values instanceof DoubleColumn d ? d.getDouble(i) : longAt(values, i);
          int g = groups[i];
          cnt[g]++;
          double delta = x - mean[g];
          mean[g] += delta / cnt[g];
          m2[g] += delta * (x - mean[g]);
        }
        return new Column[] {Column.ofDoubles(cnt), Column.ofDoubles(mean), Column.ofDoubles(m2)};
      }
      case MIN, MAX, FIRST, LAST -> {
        int[] pick = new int[ngroups];
        Arrays.fill(pick, -1);
        for (int i = 0; i < n; i++) {
          if (values.isNA(i)) {
            continue;
          }
          int g = groups[i];
          if (pick[g] < 0 || this == LAST || (this != FIRST && better(values, i, pick[g]))) {
            pick[g] = i;
          }
        }
        return new Column[] {takeKeepingType(values, pick), counts(pick)};
      }
      case NUNIQUE -> {
        Object[] sets = new Object[ngroups];
        for (int g = 0; g < ngroups; g++) {
          sets[g] = new HashSet<Object>();
        }
        for (int i = 0; i < n; i++) {
          if (!values.isNA(i)) {
            set(sets[groups[i]]).add(PyOrder.equalityKey(values.get(i)));
          }
        }
        return new Column[] {Column.ofObjects(sets)};
      }
      default -> throw new IllegalStateException(name());
    }
  }

  /**
   * Partial sums (or counts) added per group. Unlike the values {@link #map} reads, a NaN here
   * is a result — inf + -inf — and propagates, as in one sum over all values.
   */
  private static Column addStates(Column states, int[] groups, int ngroups) {
    int n = states.size();
    if (states instanceof LongColumn l) {
      long[] s = new long[ngroups];
      for (int i = 0; i < n; i++) {
        s[groups[i]] += l.getLong(i);
      }
      return Column.ofLongs(s);
    }
    double[] s = new double[ngroups];
    double[] v = ((DoubleColumn) states).values();
    for (int i = 0; i < n; i++) {
      s[groups[i]] += v[i];
    }
    return Column.ofDoubles(s);
  }

  @SuppressWarnings("unchecked")
  private static Set<Object> set(Object o) {
    return (Set<Object>) o;
  }

  /**
   * Rows at {@code pick}; a group without a row (-1) gets a placeholder of the column's own dtype
   * (its count of 0 marks it), so states of every chunk keep one dtype and concatenate.
   */
  private static Column takeKeepingType(Column c, int[] pick) {
    if (c.dtype().holdsNA()) {
      return c.take(pick);
    }
    if (c.size() == 0) {
      return c instanceof BoolColumn ? Column.ofBools(new boolean[pick.length]) : Column.ofLongs(new long[pick.length]);
    }
    int[] at = pick.clone();
    for (int g = 0; g < at.length; g++) {
      at[g] = Math.max(0, at[g]);
    }
    return c.take(at);
  }

  private static Column counts(int[] pick) {
    long[] c = new long[pick.length];
    for (int g = 0; g < pick.length; g++) {
      c[g] = pick[g] < 0 ? 0 : 1;
    }
    return Column.ofLongs(c);
  }

  /** Whether row i beats row j for MIN / MAX. */
  private boolean better(Column c, int i, int j) {
    int cmp;
    if (c instanceof DoubleColumn d) {
      cmp = Double.compare(d.getDouble(i), d.getDouble(j));
    } else if (longLike(c)) {
      cmp = Long.compare(longAt(c, i), longAt(c, j));
    } else {
      cmp = PyOrder.compare(c.get(i), c.get(j), "", this == MIN ? "<" : ">");
    }
    return this == MIN ? cmp < 0 : cmp > 0;
  }

  /** Combines states: rows of {@code states} belong to the groups {@code groups}, in order. */
  public Column[] merge(Column[] states, int[] groups, int ngroups) {
    int n = states[0].size();
    switch (this) {
      case COUNT, SIZE, SUM -> {
        return new Column[] {addStates(states[0], groups, ngroups)};
      }
      case MEAN -> {
        return new Column[] {addStates(states[0], groups, ngroups), addStates(states[1], groups, ngroups)};
      }
      case VAR, STD -> {
        double[] c = ((DoubleColumn) states[0]).values();
        double[] m = ((DoubleColumn) states[1]).values();
        double[] q = ((DoubleColumn) states[2]).values();
        double[] cnt = new double[ngroups];
        double[] mean = new double[ngroups];
        double[] m2 = new double[ngroups];
        for (int i = 0; i < n; i++) {
          if (c[i] == 0) {
            continue;
          }
          int g = groups[i];
          double total = cnt[g] + c[i];
          double delta = m[i] - mean[g];
          mean[g] += delta * c[i] / total;
          m2[g] += q[i] + delta * delta * cnt[g] * c[i] / total;
          cnt[g] = total;
        }
        return new Column[] {Column.ofDoubles(cnt), Column.ofDoubles(mean), Column.ofDoubles(m2)};
      }
      case MIN, MAX, FIRST, LAST -> {
        long[] has = ((LongColumn) states[1]).values();
        int[] pick = new int[ngroups];
        Arrays.fill(pick, -1);
        for (int i = 0; i < n; i++) {
          if (has[i] == 0) {
            continue;
          }
          int g = groups[i];
          if (pick[g] < 0 || this == LAST || (this != FIRST && better(states[0], i, pick[g]))) {
            pick[g] = i;
          }
        }
        return new Column[] {takeKeepingType(states[0], pick), counts(pick)};
      }
      case NUNIQUE -> {
        Object[] sets = new Object[ngroups];
        for (int g = 0; g < ngroups; g++) {
          sets[g] = new HashSet<Object>();
        }
        Object[] in = ((ObjectColumn) states[0]).values();
        for (int i = 0; i < n; i++) {
          set(sets[groups[i]]).addAll(set(in[i]));
        }
        return new Column[] {Column.ofObjects(sets)};
      }
      default -> throw new IllegalStateException(name());
    }
  }

  /** Results per group from merged states; {@code in} is the dtype of the aggregated values. */
  public Column finish(Column[] states, DfType in) {
    return finish(states, in, 1);
  }

  /**
   * As {@link #finish(Column[], DfType)}, var and std with {@code ddof} delta degrees of
   * freedom (divisor n - ddof; NaN where n <= ddof, as pandas).
   */
  public Column finish(Column[] states, DfType in, int ddof) {
    int ng = states[0].size();
    switch (this) {
      case COUNT, SIZE, SUM -> {
        return states[0];
      }
      case MEAN -> {
        double[] c = ((DoubleColumn) states[0]).values();
        double[] s = ((DoubleColumn) states[1]).values();
        double[] r = new double[ng];
        for (int g = 0; g < ng; g++) {
          r[g] = c[g] == 0 ? Double.NaN : s[g] / c[g];
        }
        return Column.ofDoubles(r);
      }
      case VAR, STD -> {
        double[] c = ((DoubleColumn) states[0]).values();
        double[] q = ((DoubleColumn) states[2]).values();
        double[] r = new double[ng];
        for (int g = 0; g < ng; g++) {
          double var = c[g] <= ddof ? Double.NaN : q[g] / (c[g] - ddof);
          r[g] = this == VAR ? var : Math.sqrt(var);
        }
        return Column.ofDoubles(r);
      }
      case MIN, MAX, FIRST, LAST -> {
        long[] has = ((LongColumn) states[1]).values();
        int[] at = new int[ng];
        boolean missing = false;
        for (int g = 0; g < ng; g++) {
          at[g] = has[g] == 0 ? -1 : g;
          missing |= has[g] == 0;
        }
        // a group without values gives NA (an int64 result becomes float64 NaN, as in pandas)
        return missing ? states[0].take(at) : states[0];
      }
      case NUNIQUE -> {
        Object[] sets = ((ObjectColumn) states[0]).values();
        long[] r = new long[ng];
        for (int g = 0; g < ng; g++) {
          r[g] = set(sets[g]).size();
        }
        return Column.ofLongs(r);
      }
      default -> throw new IllegalStateException(name());
    }
  }
}
