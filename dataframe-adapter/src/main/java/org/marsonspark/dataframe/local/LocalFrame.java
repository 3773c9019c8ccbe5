package org.marsonspark.dataframe.local;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.ChunkValue;
import org.marsonspark.core.Errors;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DfType;

/**
 * A frame held in one JVM: an index and ordered, named columns of equal length. It is the data
 * of one DataFrame chunk (a block of rows with every column) and what {@code DataFrame.fetch()}
 * returns. Immutable.
 */
public final class LocalFrame implements ChunkValue, Serializable {
  private static final long serialVersionUID = 1L;
  private final LocalIndex index;
  private final String[] names;
  private final Column[] columns;

  public LocalFrame(LocalIndex index, String[] names, Column[] columns) {
    if (names.length != columns.length) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, names.length + " column names for " + columns.length + " columns");
    }
    for (int i = 0; i < columns.length; i++) {
      if (columns[i].size() != index.size()) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, "Length of values (" + columns[i].size()
            + ") of column '" + names[i] + "' does not match length of index (" + index.size() + ")");
      }
    }
    this.index = index;
    this.names = names.clone();
    this.columns = columns.clone();
  }

  /** A frame with a RangeIndex from named columns in map order; all must have one length. */
  public static LocalFrame of(Map<String, Column> columns) {
    int n = columns.isEmpty() ? 0 : columns.values().iterator().next().size();
    for (Map.Entry<String, Column> e : columns.entrySet()) {
      if (e.getValue().size() != n) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, "All arrays must be of the same length: column '"
            + e.getKey() + "' has " + e.getValue().size() + " values, the first has " + n);
      }
    }
    return of(LocalIndex.range(n), columns);
  }

  public static LocalFrame of(LocalIndex index, Map<String, Column> columns) {
    return new LocalFrame(index, columns.keySet().toArray(new String[0]), columns.values().toArray(new Column[0]));
  }

  public LocalIndex index() {
    return index;
  }

  public int nrows() {
    return index.size();
  }

  public int ncols() {
    return columns.length;
  }

  public List<String> columnNames() {
    return List.of(names);
  }

  public List<DfType> dtypes() {
    List<DfType> d = new ArrayList<>();
    for (Column c : columns) {
      d.add(c.dtype());
    }
    return d;
  }

  public Column column(int i) {
    return columns[i];
  }

  /** The position of a column, or -1. */
  public int columnIndex(String name) {
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    return -1;
  }

  public Column column(String name) {
    int i = columnIndex(name);
    if (i < 0) {
      throw Errors.columnNotFound("", name, Arrays.asList(names));
    }
    return columns[i];
  }

  /** One column with this frame's index. */
  public LocalSeries series(String name) {
    return new LocalSeries(index, name, column(name));
  }

  public LocalFrame select(List<String> cols) {
    String[] n = cols.toArray(new String[0]);
    Column[] c = new Column[n.length];
    for (int i = 0; i < n.length; i++) {
      c[i] = column(n[i]);
    }
    return new LocalFrame(index, n, c);
  }

  /** This frame with a column replaced, or appended when it is new. */
  public LocalFrame withColumn(String name, Column values) {
    int i = columnIndex(name);
    String[] n = i >= 0 ? names : Arrays.copyOf(names, names.length + 1);
    Column[] c = i >= 0 ? columns.clone() : Arrays.copyOf(columns, columns.length + 1);
    int at = i >= 0 ? i : names.length;
    n[at] = name;
    c[at] = values;
    return new LocalFrame(index, n, c);
  }

  public LocalFrame withIndex(LocalIndex idx) {
    return new LocalFrame(idx, names, columns);
  }

  public LocalFrame slice(int from, int to) {
    Column[] c = new Column[columns.length];
    for (int i = 0; i < c.length; i++) {
      c[i] = columns[i].slice(from, to);
    }
    return new LocalFrame(index.slice(from, to), names, c);
  }

  public LocalFrame take(int[] positions) {
    Column[] c = new Column[columns.length];
    for (int i = 0; i < c.length; i++) {
      c[i] = columns[i].take(positions);
    }
    return new LocalFrame(index.take(positions), names, c);
  }

  public LocalFrame filter(boolean[] keep) {
    return take(Column.positions(keep));
  }

  /** Rows of frames with the same columns, one after another. */
  public static LocalFrame concat(List<LocalFrame> parts) {
    LocalFrame first = parts.get(0);
    if (parts.size() == 1) {
      return first;
    }
    List<LocalIndex> idx = new ArrayList<>();
    for (LocalFrame p : parts) {
      if (!Arrays.equals(p.names, first.names)) {
        throw new MarsException(ErrorClass.INTERNAL, "concat of frames with columns " + Arrays.toString(first.names)
            + " and " + Arrays.toString(p.names));
      }
      idx.add(p.index);
    }
    Column[] c = new Column[first.columns.length];
    for (int i = 0; i < c.length; i++) {
      List<Column> col = new ArrayList<>();
      for (LocalFrame p : parts) {
        col.add(p.columns[i]);
      }
      c[i] = Column.concat(col);
    }
    return new LocalFrame(LocalIndex.concat(idx), first.names, c);
  }

  /** The columns by name, in order. */
  public Map<String, Column> columnMap() {
    Map<String, Column> m = new LinkedHashMap<>();
    for (int i = 0; i < names.length; i++) {
      m.put(names[i], columns[i]);
    }
    return m;
  }

  @Override
  public long[] shape() {
    return new long[] {nrows(), ncols()};
  }

  @Override
  public long nbytes() {
    long n = index.nbytes();
    for (Column c : columns) {
      n += c.nbytes();
    }
    return n;
  }

  @Override
  public String kind() {
    return kindOf(dtypes());
  }

  /** The kind a frame chunk of these dtypes reports (checked against what tiling predicted). */
  public static String kindOf(List<DfType> dtypes) {
    StringBuilder sb = new StringBuilder("frame[");
    for (int i = 0; i < dtypes.size(); i++) {
      sb.append(i > 0 ? "," : "").append(dtypes.get(i));
    }
    return sb.append(']').toString();
  }

  @Override
  public String toString() {
    return DfFormat.frame(this, 60, 10);
  }

  /** pandas's {@code DataFrame.to_html()} style table (head and tail rows when long). */
  public String toHtml() {
    return DfFormat.frameHtml(this, 60);
  }
}
