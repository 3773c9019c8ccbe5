package org.marsonspark.dataframe.local;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.ChunkValue;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DfType;

/** A series held in one JVM: an index, a name (or null) and one column. Immutable. */
public final class LocalSeries implements ChunkValue, Serializable {
  private static final long serialVersionUID = 1L;
  private final LocalIndex index;
  private final String name;
  private final Column values;

  public LocalSeries(LocalIndex index, String name, Column values) {
    if (index.size() != values.size()) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "Length of values (" + values.size()
          + ") does not match length of index (" + index.size() + ")");
    }
    this.index = index;
    this.name = name;
    this.values = values;
  }

  /** A series with a RangeIndex. */
  public static LocalSeries of(String name, Column values) {
    return new LocalSeries(LocalIndex.range(values.size()), name, values);
  }

  public LocalIndex index() {
    return index;
  }

  public String name() {
    return name;
  }

  public Column values() {
    return values;
  }

  public DfType dtype() {
    return values.dtype();
  }

  public int size() {
    return values.size();
  }

  public Object get(int i) {
    return values.get(i);
  }

  public LocalSeries withValues(Column v) {
    return new LocalSeries(index, name, v);
  }

  public LocalSeries withName(String n) {
    return new LocalSeries(index, n, values);
  }

  public LocalSeries withIndex(LocalIndex idx) {
    return new LocalSeries(idx, name, values);
  }

  public LocalSeries slice(int from, int to) {
    return new LocalSeries(index.slice(from, to), name, values.slice(from, to));
  }

  public LocalSeries take(int[] positions) {
    return new LocalSeries(index.take(positions), name, values.take(positions));
  }

  public LocalSeries filter(boolean[] keep) {
    return take(Column.positions(keep));
  }

  public static LocalSeries concat(List<LocalSeries> parts) {
    if (parts.size() == 1) {
      return parts.get(0);
    }
    List<LocalIndex> idx = new ArrayList<>();
    List<Column> col = new ArrayList<>();
    for (LocalSeries p : parts) {
      idx.add(p.index);
      col.add(p.values);
    }
    return new LocalSeries(LocalIndex.concat(idx), parts.get(0).name, Column.concat(col));
  }

  /** A one-column frame (pandas {@code to_frame}); a null name becomes column 0, as in pandas. */
  public LocalFrame toFrame() {
    return new LocalFrame(index, new String[] {name == null ? "0" : name}, new Column[] {values});
  }

  @Override
  public long[] shape() {
    return new long[] {size()};
  }

  @Override
  public long nbytes() {
    return index.nbytes() + values.nbytes();
  }

  @Override
  public String kind() {
    return kindOf(dtype());
  }

  public static String kindOf(DfType dtype) {
    return "series[" + dtype + "]";
  }

  @Override
  public String toString() {
    return DfFormat.series(this, 60);
  }
}
