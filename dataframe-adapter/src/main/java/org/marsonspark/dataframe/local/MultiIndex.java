package org.marsonspark.dataframe.local;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DfType;

/**
 * pandas's MultiIndex: several levels of labels, each a {@link Column} of the index's length,
 * with a name per level. A label is the list of the level values at a row (pandas's tuple);
 * {@link #values()} gives them as an object column of such lists. The index as a whole has no
 * name (pandas's {@code mi.name} is None) and dtype object.
 */
public final class MultiIndex extends LocalIndex {
  private static final long serialVersionUID = 1L;
  private final Column[] levels;
  private final String[] names;

  // a class with array fields: Kryo and Java serialization both handle it like the other index kinds
  MultiIndex(Column[] levels, String[] names) {
    if (levels.length < 2 || names.length != levels.length) {
      throw new IllegalArgumentException("a MultiIndex needs two levels or more, one name each: " + levels.length
          + " levels, " + names.length + " names");
    }
    for (Column c : levels) {
      if (c.size() != levels[0].size()) {
        throw new IllegalArgumentException("MultiIndex levels of different lengths: " + c.size() + " and "
            + levels[0].size());
      }
    }
    this.levels = levels.clone();
    this.names = names.clone();
  }

  public static MultiIndex of(List<Column> levels, List<String> names) {
    return new MultiIndex(levels.toArray(new Column[0]), names.toArray(new String[0]));
  }

  @Override
  public int size() {
    return levels[0].size();
  }

  /** Level {@code j}'s values, one per row. */
  public Column level(int j) {
    return levels[j];
  }

  public List<Column> levels() {
    return Collections.unmodifiableList(Arrays.asList(levels));
  }

  /** The level names (pandas {@code mi.names}; null entries for unnamed levels). */
  public List<String> names() {
    return Collections.unmodifiableList(Arrays.asList(names));
  }

  @Override
  public int nlevels() {
    return levels.length;
  }

  /** pandas's {@code mi.name}: always None. */
  @Override
  public String name() {
    return null;
  }

  /** Only a null name is accepted (pandas sets level names through {@code names}). */
  @Override
  public MultiIndex withName(String name) {
    if (name != null) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "a MultiIndex has one name per level, not one name: "
          + "use withNames");
    }
    return this;
  }

  public MultiIndex withNames(List<String> n) {
    return new MultiIndex(levels, n.toArray(new String[0]));
  }

  @Override
  public DfType dtype() {
    return DfType.OBJECT;
  }

  @Override
  public String kind() {
    return "MultiIndex";
  }

  /** The row's level values, as a list (pandas's tuple). */
  @Override
  public List<Object> label(int i) {
    List<Object> l = new ArrayList<>(levels.length);
    for (Column c : levels) {
      l.add(c.get(i));
    }
    return l;
  }

  /** The labels as an object column of lists. */
  @Override
  public Column values() {
    Object[] v = new Object[size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = label(i);
    }
    return new ObjectColumn(v);
  }

  @Override
  public MultiIndex slice(int from, int to) {
    Column[] l = new Column[levels.length];
    for (int j = 0; j < l.length; j++) {
      l[j] = levels[j].slice(from, to);
    }
    return new MultiIndex(l, names);
  }

  @Override
  public MultiIndex take(int[] positions) {
    Column[] l = new Column[levels.length];
    for (int j = 0; j < l.length; j++) {
      l[j] = levels[j].take(positions);
    }
    return new MultiIndex(l, names);
  }

  @Override
  public long nbytes() {
    long n = 0;
    for (Column c : levels) {
      n += c.nbytes();
    }
    return n;
  }

  /** Concatenates multi-indexes of the same number of levels; names kept per level where all agree. */
  static MultiIndex concatMulti(List<LocalIndex> parts) {
    MultiIndex first = (MultiIndex) parts.get(0);
    int nl = first.nlevels();
    String[] names = first.names.clone();
    List<List<Column>> cols = new ArrayList<>();
    for (int j = 0; j < nl; j++) {
      cols.add(new ArrayList<>());
    }
    for (LocalIndex p : parts) {
      if (!(p instanceof MultiIndex m) || m.nlevels() != nl) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "concatenating a MultiIndex of " + nl
            + " levels with a " + p.kind() + (p instanceof MultiIndex m2 ? " of " + m2.nlevels() + " levels" : "")
            + " is not supported");
      }
      for (int j = 0; j < nl; j++) {
        if (!Objects.equals(names[j], m.names[j])) {
          names[j] = null;
        }
        if (m.size() > 0 || parts.size() == 1) {
          cols.get(j).add(m.levels[j]);
        }
      }
    }
    if (cols.get(0).isEmpty()) {
      return first.withNames(Arrays.asList(names));
    }
    Column[] l = new Column[nl];
    for (int j = 0; j < nl; j++) {
      l[j] = Column.concat(cols.get(j));
    }
    return new MultiIndex(l, names);
  }

  @Override
  public String toString() {
    return super.toString() + " names=" + Arrays.toString(names);
  }
}
