package org.marsonspark.dataframe.ops;

import java.io.Serializable;
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
import org.marsonspark.dataframe.local.PyOrder;

/**
 * The sort keys of a block of rows, compared as pandas orders them: key by key, each ascending
 * or descending, NA first or last whatever the direction ({@code na_position}), and last by the
 * row's <em>position tag</em> — {@code chunk << 32 | row} in the input — so that no two rows tie
 * and the order is stable (equal keys keep their input order, pandas's kind='mergesort'). The
 * tags grow in input order even when chunk sizes are unknown (after a filter), which is why a
 * sort never needs the sizes before it runs. Keys read primitive arrays (long for int64, bool
 * and datetime; double for float64); object keys compare as Java {@code Comparable}s and
 * category keys by their labels (the categories of an unordered categorical sort as strings).
 */
public final class SortKeys {
  private final Key[] keys;
  private final boolean[] ascending;
  private final boolean naFirst;
  private final long[] tags;

  public SortKeys(Column[] columns, boolean[] ascending, boolean naFirst, long[] tags) {
    this.keys = new Key[columns.length];
    for (int k = 0; k < columns.length; k++) {
      keys[k] = Key.of(columns[k]);
    }
    this.ascending = ascending;
    this.naFirst = naFirst;
    this.tags = tags;
  }

  /** Tags {@code chunk << 32 | row} for the rows of one input chunk. */
  public static long[] tags(int chunk, int rows) {
    long[] t = new long[rows];
    long base = (long) chunk << 32;
    for (int i = 0; i < rows; i++) {
      t[i] = base | i;
    }
    return t;
  }

  public int size() {
    return tags.length;
  }

  public long[] tags() {
    return tags;
  }

  /** Row i of these keys against row j of {@code o}: negative when i comes first. */
  public int compare(int i, SortKeys o, int j) {
    for (int k = 0; k < keys.length; k++) {
      Key a = keys[k];
      Key b = o.keys[k];
      boolean na = a.isNA(i);
      boolean nb = b.isNA(j);
      if (na || nb) {
        if (na && nb) {
          continue;
        }
        int r = na ? 1 : -1;
        return naFirst ? -r : r;
      }
      int r = a.compare(i, b, j);
      if (r != 0) {
        return ascending[k] ? r : -r;
      }
    }
    return Long.compare(tags[i], o.tags[j]);
  }

  /**
   * The permutation putting these rows in order: a radix sort for one int64, datetime, bool or
   * float64 key whose tags follow the row order (a block of input rows), else a bottom-up merge
   * sort over int positions.
   */
  public int[] order() {
    int[] radix = radixOrder();
    if (radix != null) {
      return radix;
    }
    int n = size();
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    return mergeRuns(a, runsOfOne(n));
  }

  /**
   * One primitive key: its values mapped to unsigned-comparable longs (float -0.0 as 0.0, which
   * compare equal; descending keys complemented), sorted by a stable LSD radix sort of 11-bit
   * digits — equal keys keep their row order, which is their tag order — with the NA rows before
   * or after them in row order. Null when the keys are not of that kind.
   */
  private int[] radixOrder() {
    if (!primitive()) {
      return null;
    }
    int n = size();
    for (int i = 1; i < n; i++) {
      if (tags[i] <= tags[i - 1]) {
        return null;
      }
    }
    Key key = keys[0];
    long[] u = new long[n];
    int[] rows = new int[n];
    int[] na = new int[n];
    int valid = 0;
    int missing = 0;
    for (int i = 0; i < n; i++) {
      if (key.isNA(i)) {
        na[missing++] = i;
        continue;
      }
      u[valid] = unsigned(key, i);
      rows[valid++] = i;
    }
    int[] sorted = radixSort(u, rows, valid);
    int[] out = new int[n];
    int at = 0;
    if (naFirst) {
      System.arraycopy(na, 0, out, 0, missing);
      at = missing;
    }
    System.arraycopy(sorted, 0, out, at, valid);
    if (!naFirst) {
      System.arraycopy(na, 0, out, valid, missing);
    }
    return out;
  }

  /** Whether there is one key and it reads a primitive array (int64, datetime, bool, float64). */
  private boolean primitive() {
    return keys.length == 1 && (keys[0] instanceof LongKey || keys[0] instanceof DoubleKey);
  }

  /**
   * Row i's key as an unsigned-comparable long in sort order: float -0.0 as 0.0 (they compare
   * equal), descending keys complemented. Not for NA rows.
   */
  private long unsigned(Key key, int i) {
    long s;
    if (key instanceof DoubleKey d) {
      double v = d.v[i] == 0 ? 0.0 : d.v[i];
      long bits = Double.doubleToRawLongBits(v);
      s = bits ^ ((bits >> 63) & Long.MAX_VALUE);
    } else {
      s = ((LongKey) key).v[i];
    }
    long unsigned = s ^ Long.MIN_VALUE;
    return ascending[0] ? unsigned : ~unsigned;
  }

  /** Bits per radix pass: 2 048 buckets keep the scatter within the caches (6 passes for 64 bits). */
  private static final int DIGIT = 11;
  private static final int RADIX = 1 << DIGIT;

  /** Stable LSD radix sort of the first {@code n} unsigned keys, returning their rows in order. */
  private static int[] radixSort(long[] keys, int[] rows, int n) {
    if (n == 0) {
      return new int[0];
    }
    long[] k2 = new long[n];
    int[] r2 = new int[n];
    int[] count = new int[RADIX + 1];
    for (int shift = 0; shift < 64; shift += DIGIT) {
      java.util.Arrays.fill(count, 0);
      for (int i = 0; i < n; i++) {
        count[(int) ((keys[i] >>> shift) & (RADIX - 1)) + 1]++;
      }
      if (count[(int) ((keys[0] >>> shift) & (RADIX - 1)) + 1] == n) {
        continue; // every key has this digit: the pass would change nothing
      }
      for (int d = 0; d < RADIX; d++) {
        count[d + 1] += count[d];
      }
      for (int i = 0; i < n; i++) {
        int d = (int) ((keys[i] >>> shift) & (RADIX - 1));
        int to = count[d]++;
        k2[to] = keys[i];
        r2[to] = rows[i];
      }
      long[] tk = keys;
      keys = k2;
      k2 = tk;
      int[] tr = rows;
      rows = r2;
      r2 = tr;
    }
    return n == rows.length ? rows : java.util.Arrays.copyOf(rows, n);
  }

  private static int[] runsOfOne(int n) {
    int[] starts = new int[n + 1];
    for (int i = 0; i <= n; i++) {
      starts[i] = i;
    }
    return starts;
  }

  /**
   * The order of rows made of consecutive sorted runs ({@code runStarts}: the first row of each
   * run, then the row count): merges neighbouring runs until one is left, O(n log runs).
   */
  public int[] mergeSortedRuns(int[] runStarts) {
    // runs taken from the input chunks in order carry increasing tags: one radix pass does it
    int[] radix = radixOrder();
    if (radix != null) {
      return radix;
    }
    int n = size();
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    return mergeRuns(a, runStarts);
  }

  private int[] mergeRuns(int[] a, int[] starts) {
    java.util.function.IntBinaryOperator cmp = comparator();
    int n = a.length;
    int[] b = new int[n];
    int runs = starts.length - 1;
    while (runs > 1) {
      int[] next = new int[(runs + 1) / 2 + 1];
      int nr = 0;
      for (int r = 0; r < runs; r += 2) {
        int lo = starts[r];
        int mid = starts[Math.min(r + 1, runs)];
        int hi = starts[Math.min(r + 2, runs)];
        next[nr++] = lo;
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
          b[k++] = cmp.applyAsInt(a[j], a[i]) < 0 ? a[j++] : a[i++];
        }
        while (i < mid) {
          b[k++] = a[i++];
        }
        while (j < hi) {
          b[k++] = a[j++];
        }
      }
      next[nr] = n;
      starts = java.util.Arrays.copyOf(next, nr + 1);
      runs = nr;
      int[] t = a;
      a = b;
      b = t;
    }
    return a;
  }

  /**
   * How {@link #mergeRuns} compares rows x and y (negative when x comes first): for one primitive
   * key on precomputed longs — the NA group (0 when NA comes first, 2 when last; valid rows 1),
   * the unsigned key, then the tag — else through {@link #compare}.
   */
  private java.util.function.IntBinaryOperator comparator() {
    if (!primitive()) {
      return (x, y) -> compare(x, this, y);
    }
    int n = size();
    Key key = keys[0];
    long[] u = new long[n];
    byte[] group = new byte[n];
    for (int i = 0; i < n; i++) {
      if (key.isNA(i)) {
        group[i] = (byte) (naFirst ? 0 : 2);
      } else {
        group[i] = 1;
        u[i] = unsigned(key, i);
      }
    }
    return (x, y) -> group[x] != group[y] ? Integer.compare(group[x], group[y])
        : u[x] != u[y] ? Long.compareUnsigned(u[x], u[y]) : Long.compare(tags[x], tags[y]);
  }

  /** The first row of these (sorted) keys that comes after row j of {@code pivot}. */
  public int upperBound(SortKeys pivot, int j) {
    int lo = 0;
    int hi = size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (compare(mid, pivot, j) <= 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** One key column, read without boxing where its dtype allows. */
  abstract static class Key implements Serializable {
    abstract boolean isNA(int i);

    abstract int compare(int i, Key o, int j);

    static Key of(Column c) {
      if (c instanceof LongColumn l) {
        return new LongKey(l.values(), false);
      }
      if (c instanceof DatetimeColumn d) {
        return new LongKey(d.nanos(), true);
      }
      if (c instanceof BoolColumn b) {
        long[] v = new long[b.size()];
        for (int i = 0; i < v.length; i++) {
          v[i] = b.getBool(i) ? 1 : 0;
        }
        return new LongKey(v, false);
      }
      if (c instanceof DoubleColumn d) {
        return new DoubleKey(d.values());
      }
      if (c instanceof CategoryColumn k) {
        Object[] v = new Object[k.size()];
        for (int i = 0; i < v.length; i++) {
          v[i] = k.get(i);
        }
        return new ObjectKey(v);
      }
      return new ObjectKey(((ObjectColumn) c).values());
    }
  }

  static final class LongKey extends Key {
    private final long[] v;
    private final boolean nat;

    LongKey(long[] v, boolean nat) {
      this.v = v;
      this.nat = nat;
    }

    @Override
    boolean isNA(int i) {
      return nat && v[i] == DfType.NAT;
    }

    @Override
    int compare(int i, Key o, int j) {
      if (o instanceof LongKey l) {
        return Long.compare(v[i], l.v[j]);
      }
      return Double.compare(v[i], ((DoubleKey) o).v[j]);
    }
  }

  static final class DoubleKey extends Key {
    private final double[] v;

    DoubleKey(double[] v) {
      this.v = v;
    }

    @Override
    boolean isNA(int i) {
      return Double.isNaN(v[i]);
    }

    @Override
    int compare(int i, Key o, int j) {
      double x = v[i];
      double y = o instanceof DoubleKey d ? d.v[j] : ((LongKey) o).v[j];
      return x < y ? -1 : x > y ? 1 : 0;
    }
  }

  static final class ObjectKey extends Key {
    private final Object[] v;

    ObjectKey(Object[] v) {
      this.v = v;
    }

    @Override
    boolean isNA(int i) {
      return v[i] == null;
    }

    @Override
    int compare(int i, Key o, int j) {
      return PyOrder.compare(v[i], ((ObjectKey) o).v[j], "sort: ");
    }
  }
}
