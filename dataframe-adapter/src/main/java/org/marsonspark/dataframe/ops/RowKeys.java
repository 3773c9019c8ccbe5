package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.dataframe.local.BoolColumn;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DatetimeColumn;
import org.marsonspark.dataframe.local.DoubleColumn;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LongColumn;

/**
 * Row keys for joins and duplicate detection: one Java object per row that is equal for rows
 * pandas treats as equal — NA equals NA (NaN, None and NaT alike, as pandas's merge and
 * drop_duplicates match them), an int64 key compared with a float64 one is read as double on
 * both sides. Hash codes are the same in every JVM (no identity hashes), so both sides of a
 * shuffle and every executor put a key in the same bucket. Also the row positions that travel
 * with shuffled rows: {@code chunk << 32 | row}, ordered like the rows of the whole frame even
 * when chunk sizes are unknown.
 */
final class RowKeys {
  private RowKeys() {}

  /** The one NA key. */
  static final Object NA = new NaKey();

  /** The name of the position column shuffled pieces carry. */
  static final String POS = "__mars_pos";

  private static final class NaKey {
    @Override
    public int hashCode() {
      return 0x2f6a3c1d;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof NaKey;
    }

    @Override
    public String toString() {
      return "NA";
    }
  }

  /** The key of row i of a column; {@code asDouble} reads int64 as double (mixed int/float keys). */
  static Object of(Column c, int i, boolean asDouble) {
    if (c.isNA(i)) {
      return NA;
    }
    if (c instanceof LongColumn l) {
      return asDouble ? (Object) normal(l.getLong(i)) : (Object) l.getLong(i);
    }
    if (c instanceof DoubleColumn d) {
      return normal(d.getDouble(i));
    }
    if (c instanceof BoolColumn b) {
      return b.getBool(i);
    }
    if (c instanceof DatetimeColumn d) {
      return d.getNanos(i);
    }
    return c.get(i);
  }

  private static Double normal(double v) {
    return v == 0.0 ? 0.0 : v; // -0.0 equals 0.0
  }

  /** Keys of every row over some columns (a single object for one column, a list for several). */
  static Object[] of(List<Column> cols, boolean[] asDouble) {
    int n = cols.isEmpty() ? 0 : cols.get(0).size();
    Object[] keys = new Object[n];
    for (int i = 0; i < n; i++) {
      if (cols.size() == 1) {
        keys[i] = of(cols.get(0), i, asDouble[0]);
      } else {
        Object[] k = new Object[cols.size()];
        for (int j = 0; j < k.length; j++) {
          k[j] = of(cols.get(j), i, asDouble[j]);
        }
        keys[i] = Arrays.asList(k);
      }
    }
    return keys;
  }

  /** The key columns of a frame: named columns, or its index labels when {@code names} is null. */
  static List<Column> columns(LocalFrame f, List<String> names) {
    if (names == null) {
      return List.of(f.index().values());
    }
    List<Column> out = new ArrayList<>();
    for (String n : names) {
      out.add(f.column(n));
    }
    return out;
  }

  /** The bucket of a key among p (a mixed hash, the same in every JVM). */
  static int bucket(Object key, int p) {
    int h = key.hashCode() * 0x9E3779B9;
    h ^= h >>> 16;
    return Math.floorMod(h, p);
  }

  static long pos(int chunk, int row) {
    return ((long) chunk << 32) | row;
  }

  static int chunkOf(long pos) {
    return (int) (pos >>> 32);
  }

  /** The frame with its position column appended: rows of chunk {@code chunk}. */
  static LocalFrame withPositions(LocalFrame f, int chunk) {
    long[] p = new long[f.nrows()];
    for (int i = 0; i < p.length; i++) {
      p[i] = pos(chunk, i);
    }
    return f.withColumn(POS, Column.ofLongs(p));
  }

  /** Splits rows into p frames by the bucket of their key (order kept within each). */
  static Object[] split(LocalFrame f, Object[] keys, int p) {
    int[] counts = new int[p];
    int[] b = new int[keys.length];
    for (int i = 0; i < keys.length; i++) {
      b[i] = bucket(keys[i], p);
      counts[b[i]]++;
    }
    return scatter(f, b, counts);
  }

  /** Splits rows into frames by a destination per row (order kept within each). */
  static Object[] scatter(LocalFrame f, int[] dest, int[] counts) {
    int[][] at = new int[counts.length][];
    int[] fill = new int[counts.length];
    for (int j = 0; j < counts.length; j++) {
      at[j] = new int[counts[j]];
    }
    for (int i = 0; i < dest.length; i++) {
      at[dest[i]][fill[dest[i]]++] = i;
    }
    Object[] out = new Object[counts.length];
    for (int j = 0; j < out.length; j++) {
      out[j] = f.take(at[j]);
    }
    return out;
  }

  /** What a chunk op with {@code outs.length} outputs returns: the one value itself when there is one. */
  static Object outputs(Object[] outs) {
    return outs.length == 1 ? outs[0] : outs;
  }

  /** The frame without its last {@code k} columns (the helper columns a shuffle adds). */
  static LocalFrame dropLast(LocalFrame f, int k) {
    return f.select(f.columnNames().subList(0, f.ncols() - k));
  }

  static long[] longs(LocalFrame f, String name) {
    return ((LongColumn) f.column(name)).values();
  }
}
