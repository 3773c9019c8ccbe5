package org.marsonspark.dataframe.local;

import java.util.ArrayList;
import java.util.List;

/**
 * Row operations on any chunk value with rows — a {@link LocalFrame}, a {@link LocalSeries} or a
 * {@link LocalIndexChunk} — so that tiling code (rechunking, slicing, filtering, assembling a
 * fetched result) is written once for the three.
 */
public final class Rows {
  private Rows() {}

  public static int size(Object v) {
    if (v instanceof LocalFrame f) {
      return f.nrows();
    }
    if (v instanceof LocalSeries s) {
      return s.size();
    }
    return ((LocalIndexChunk) v).index().size();
  }

  /** The value columns of a frame, or a series's one column. */
  public static Column[] columns(Object v) {
    if (v instanceof LocalSeries s) {
      return new Column[] {s.values()};
    }
    LocalFrame f = (LocalFrame) v;
    Column[] cols = new Column[f.ncols()];
    for (int j = 0; j < cols.length; j++) {
      cols[j] = f.column(j);
    }
    return cols;
  }

  /** The same frame or series (index, names) with other value columns, as {@link #columns} gives them. */
  public static Object withColumns(Object v, Column[] cols) {
    if (v instanceof LocalSeries s) {
      return s.withValues(cols[0]);
    }
    LocalFrame f = (LocalFrame) v;
    return new LocalFrame(f.index(), f.columnNames().toArray(new String[0]), cols);
  }

  public static LocalIndex index(Object v) {
    if (v instanceof LocalFrame f) {
      return f.index();
    }
    if (v instanceof LocalSeries s) {
      return s.index();
    }
    return ((LocalIndexChunk) v).index();
  }

  public static Object slice(Object v, int from, int to) {
    if (v instanceof LocalFrame f) {
      return f.slice(from, to);
    }
    if (v instanceof LocalSeries s) {
      return s.slice(from, to);
    }
    return new LocalIndexChunk(((LocalIndexChunk) v).index().slice(from, to));
  }

  /** Rows {@code from, from + step, ...} ({@code count} of them); a range index stays a range. */
  public static Object slice(Object v, int from, int step, int count) {
    if (step == 1) {
      return slice(v, from, from + count);
    }
    int[] at = new int[count];
    for (int i = 0; i < count; i++) {
      at[i] = from + i * step;
    }
    LocalIndex idx = index(v);
    Object out = take(v, at);
    if (idx instanceof RangeIndex r) {
      return withIndex(out, r.slice(from, count, step));
    }
    return out;
  }

  public static Object take(Object v, int[] at) {
    if (v instanceof LocalFrame f) {
      return f.take(at);
    }
    if (v instanceof LocalSeries s) {
      return s.take(at);
    }
    return new LocalIndexChunk(((LocalIndexChunk) v).index().take(at));
  }

  public static Object filter(Object v, boolean[] keep) {
    return take(v, Column.positions(keep));
  }

  public static Object withIndex(Object v, LocalIndex idx) {
    if (v instanceof LocalFrame f) {
      return f.withIndex(idx);
    }
    if (v instanceof LocalSeries s) {
      return s.withIndex(idx);
    }
    return new LocalIndexChunk(idx);
  }

  public static Object concat(List<?> parts) {
    Object first = parts.get(0);
    if (first instanceof LocalFrame) {
      List<LocalFrame> l = new ArrayList<>();
      parts.forEach(p -> l.add((LocalFrame) p));
      return LocalFrame.concat(l);
    }
    if (first instanceof LocalSeries) {
      List<LocalSeries> l = new ArrayList<>();
      parts.forEach(p -> l.add((LocalSeries) p));
      return LocalSeries.concat(l);
    }
    List<LocalIndex> l = new ArrayList<>();
    parts.forEach(p -> l.add(((LocalIndexChunk) p).index()));
    return new LocalIndexChunk(LocalIndex.concat(l));
  }
}
