package org.marsonspark.dataframe.local;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.marsonspark.dataframe.DfType;

/**
 * The row labels of a frame chunk, a series chunk or an index chunk. Two kinds today:
 * {@link RangeIndex} (start, stop, step — no values stored) and {@link ColumnIndex} (labels held
 * in a {@link Column}: pandas's Int64Index, Float64Index, Index of objects, DatetimeIndex,
 * CategoricalIndex). A multi-level index is a further subclass (its {@link #nlevels} above one).
 */
public abstract class LocalIndex implements Serializable {
  private static final long serialVersionUID = 1L;

  public abstract int size();

  /** The index's name (pandas {@code index.name}), or null. */
  public abstract String name();

  public abstract LocalIndex withName(String name);

  /** The labels' dtype (int64 for a range). */
  public abstract DfType dtype();

  /** pandas's class name: RangeIndex, Int64Index, Float64Index, Index, DatetimeIndex, CategoricalIndex. */
  public abstract String kind();

  public int nlevels() {
    return 1;
  }

  /** The label at a position, as {@link Column#get} gives it. */
  public abstract Object label(int i);

  /** The labels as a column. */
  public abstract Column values();

  public abstract LocalIndex slice(int from, int to);

  /** Labels at the positions (a range becomes an Int64Index, as pandas's take does). */
  public LocalIndex take(int[] positions) {
    return new ColumnIndex(values().take(positions), name());
  }

  public LocalIndex filter(boolean[] keep) {
    return take(Column.positions(keep));
  }

  public long nbytes() {
    return values().nbytes();
  }

  public static RangeIndex range(long start, long stop, long step) {
    return new RangeIndex(start, stop, step, null);
  }

  public static RangeIndex range(long n) {
    return new RangeIndex(0, n, 1, null);
  }

  /** A MultiIndex of the levels (two or more, of one length), one name each. */
  public static MultiIndex multi(List<Column> levels, List<String> names) {
    return MultiIndex.of(levels, names);
  }

  public static LocalIndex of(Column labels, String name) {
    return new ColumnIndex(labels, name);
  }

  /**
   * Concatenates indexes: consecutive ranges with one step stay a range (as pandas's concat
   * keeps a RangeIndex), anything else becomes a column index. The name is kept when all agree.
   */
  public static LocalIndex concat(List<LocalIndex> parts) {
    if (parts.size() == 1) {
      return parts.get(0);
    }
    if (parts.get(0) instanceof MultiIndex) {
      return MultiIndex.concatMulti(parts);
    }
    String name = parts.get(0).name();
    for (LocalIndex p : parts) {
      if (!Objects.equals(name, p.name())) {
        name = null;
      }
    }
    RangeIndex merged = RangeIndex.mergeConsecutive(parts);
    if (merged != null) {
      return merged.withName(name);
    }
    List<Column> cols = new ArrayList<>();
    DfType dt = null;
    for (LocalIndex p : parts) {
      if (p.size() == 0 && parts.size() > 1) {
        continue;
      }
      cols.add(p.values());
      dt = dt == null ? p.dtype() : dt;
    }
    if (cols.isEmpty()) {
      return parts.get(0).withName(name);
    }
    return new ColumnIndex(Column.concat(cols), name);
  }

  /** Same labels in the same order (names and kinds aside). */
  public boolean sameLabels(LocalIndex o) {
    if (this == o) {
      return true;
    }
    if (size() != o.size()) {
      return false;
    }
    if (this instanceof RangeIndex a && o instanceof RangeIndex b) {
      return size() == 0 || (a.start() == b.start() && (size() == 1 || a.step() == b.step()));
    }
    for (int i = 0; i < size(); i++) {
      if (!Objects.equals(label(i), o.label(i))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(kind()).append('[');
    for (int i = 0; i < Math.min(size(), 20); i++) {
      sb.append(i > 0 ? ", " : "").append(label(i));
    }
    return sb.append(size() > 20 ? ", ...]" : "]").append(name() == null ? "" : " name=" + name()).toString();
  }
}
