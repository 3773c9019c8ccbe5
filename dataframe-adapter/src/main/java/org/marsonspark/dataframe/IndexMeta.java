package org.marsonspark.dataframe;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.dataframe.local.ColumnIndex;

/**
 * What is known of an index before anything runs: whether it is a RangeIndex, the dtype and name
 * of each level (one for a flat index, several for a MultiIndex). For a MultiIndex {@link #dtype}
 * and {@link #name} are those of the first level; {@link #kind} is "MultiIndex".
 */
public record IndexMeta(boolean range, List<DfType> dtypes, List<String> names) implements Serializable {
  public IndexMeta {
    dtypes = List.copyOf(dtypes);
    names = java.util.Collections.unmodifiableList(new ArrayList<>(names));
    if (dtypes.size() != names.size() || dtypes.isEmpty()) {
      throw new IllegalArgumentException("index levels: " + dtypes + " / " + names);
    }
  }

  public static IndexMeta rangeIndex() {
    return new IndexMeta(true, List.of(DfType.INT64), Arrays.asList((String) null));
  }

  public static IndexMeta of(DfType dtype, String name) {
    return new IndexMeta(false, List.of(dtype), Arrays.asList(name));
  }

  public DfType dtype() {
    return dtypes.get(0);
  }

  public String name() {
    return names.get(0);
  }

  public int nlevels() {
    return dtypes.size();
  }

  /** The index once rows have been picked by position: a range becomes an Int64Index. */
  public IndexMeta taken() {
    return range ? new IndexMeta(false, dtypes, names) : this;
  }

  public IndexMeta withName(String name) {
    if (nlevels() > 1) {
      throw new org.marsonspark.core.MarsException(org.marsonspark.core.MarsException.ErrorClass.UNSUPPORTED_OPERATION,
          "a MultiIndex has one name per level, not one name (" + names + ")");
    }
    return new IndexMeta(range, dtypes, Arrays.asList(name));
  }

  /** pandas's class name of this index. */
  public String kind() {
    return nlevels() > 1 ? "MultiIndex" : range ? "RangeIndex" : ColumnIndex.kindOf(dtype());
  }
}
