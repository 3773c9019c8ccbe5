package org.marsonspark.dataframe.ops;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.ChunkValue;
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
 * Partial groupby results: the distinct keys (one column per key, one row per group) and, per
 * aggregation, its state columns ({@link Agg}). Merging concatenates states in chunk order and
 * regroups by key, so first/last keep the frame's row order.
 */
public final class GroupState implements ChunkValue, Serializable {
  private static final long serialVersionUID = 1L;
  private final Column[] keys;
  private final Column[][] states;

  public GroupState(Column[] keys, Column[][] states) {
    this.keys = keys;
    this.states = states;
  }

  public Column[] keys() {
    return keys;
  }

  public Column[][] states() {
    return states;
  }

  public int ngroups() {
    return keys[0].size();
  }

  @Override
  public long[] shape() {
    return new long[] {ngroups()};
  }

  @Override
  public long nbytes() {
    long n = 16;
    for (Column k : keys) {
      n += k.nbytes();
    }
    for (Column[] s : states) {
      for (Column c : s) {
        n += c.nbytes();
      }
    }
    return n;
  }

  @Override
  public String kind() {
    return "group_state";
  }

  /** The key of row i (one object per key column). */
  static List<Object> keyOf(Column[] keys, int i) {
    List<Object> k = new ArrayList<>(keys.length);
    for (Column c : keys) {
      k.add(c.get(i));
    }
    return k;
  }

  /**
   * Group ids of the rows (-1 for rows with an NA key, which pandas drops) and, in {@code first},
   * the first row of each group.
   */
  static int[] factorize(Column[] keys, List<Integer> first) {
    return factorize(keys, first, true);
  }

  /**
   * Group ids of the rows, in order of first appearance, and in {@code first} the first row of
   * each group. With {@code dropna} rows with an NA key get -1 (pandas's dropna=True); without,
   * NA is one more key. One int64, float64, bool or datetime key is hashed as a primitive (no
   * boxing per row); one object key by its value; several keys as lists.
   */
  static int[] factorize(Column[] keys, List<Integer> first, boolean dropna) {
    int n = keys[0].size();
    int[] ids = new int[n];
    if (keys.length == 1 && !(keys[0] instanceof ObjectColumn) && !(keys[0] instanceof CategoryColumn)) {
      Column c = keys[0];
      LongGroups groups = new LongGroups(Math.min(n, 1 << 16));
      int naId = -1;
      for (int i = 0; i < n; i++) {
        long k;
        if (c instanceof LongColumn l) {
          k = l.getLong(i);
        } else if (c instanceof DoubleColumn d) {
          double x = d.getDouble(i);
          if (Double.isNaN(x)) {
            if (dropna) {
              ids[i] = -1;
              continue;
            }
            if (naId < 0) {
              naId = groups.idOf(Double.doubleToLongBits(Double.NaN));
              first.add(i);
            }
            ids[i] = naId;
            continue;
          }
          k = Double.doubleToLongBits(x == 0.0 ? 0.0 : x);
        } else if (c instanceof BoolColumn b) {
          k = b.getBool(i) ? 1 : 0;
        } else {
          k = ((DatetimeColumn) c).getNanos(i);
          if (k == DfType.NAT && dropna) {
            ids[i] = -1;
            continue;
          }
        }
        int before = groups.size();
        int g = groups.idOf(k);
        if (g == before) {
          first.add(i);
        }
        ids[i] = g;
      }
      return ids;
    }
    if (keys.length == 1) {
      Column c = keys[0];
      Map<Object, Integer> seen = new HashMap<>();
      int naId = -1;
      for (int i = 0; i < n; i++) {
        Object k = c.get(i);
        if (k == null) {
          if (dropna) {
            ids[i] = -1;
            continue;
          }
          if (naId < 0) {
            naId = first.size();
            first.add(i);
          }
          ids[i] = naId;
          continue;
        }
        Integer g = seen.get(k);
        if (g == null) {
          g = first.size();
          seen.put(k, g);
          first.add(i);
        }
        ids[i] = g;
      }
      return ids;
    }
    Map<List<Object>, Integer> seen = new HashMap<>();
    for (int i = 0; i < n; i++) {
      boolean na = false;
      for (Column c : keys) {
        na |= c.isNA(i);
      }
      if (na && dropna) {
        ids[i] = -1;
        continue;
      }
      List<Object> k = keyOf(keys, i);
      Integer g = seen.get(k);
      if (g == null) {
        g = seen.size();
        seen.put(k, g);
        first.add(i);
      }
      ids[i] = g;
    }
    return ids;
  }

  /** Compares key row i of {@code a} with key row j of {@code b}, column by column. */
  static int compare(Column[] a, int i, Column[] b, int j) {
      for (int k = 0; k < a.length; k++) {
        boolean naX = a[k].isNA(i);
        boolean naY = b[k].isNA(j);
        if (naX || naY) {
          if (naX && naY) {
            continue;
          }
          return naX ? 1 : -1; // NA keys (dropna=False) sort last, as in pandas
        }
        int r = PyOrder.compare(a[k].get(i), b[k].get(j), "groupby keys cannot be sorted: ");
        if (r != 0) {
          return r;
        }
      }
      return 0;
  }

  /** The order sorting the groups by key (pandas sort=True). */
  static int[] sortOrder(Column[] keys) {
    int n = keys[0].size();
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Comparator<Integer> cmp = (a, b) -> compare(keys, a, keys, b);
    Arrays.sort(order, cmp);
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = order[i];
    }
    return out;
  }

  /** Merges several partial results into one (groups in order of first appearance). */
  static GroupState merge(List<GroupState> parts, Agg[] aggs) {
    return merge(parts, aggs, true);
  }

  /** As {@link #merge(List, Agg[])}; without {@code dropna} an NA key is a group of its own. */
  static GroupState merge(List<GroupState> parts, Agg[] aggs, boolean dropna) {
    int nk = parts.get(0).keys.length;
    Column[] keys = new Column[nk];
    for (int j = 0; j < nk; j++) {
      List<Column> cols = new ArrayList<>();
      for (GroupState p : parts) {
        cols.add(p.keys[j]);
      }
      keys[j] = Column.concat(cols);
    }
    List<Integer> first = new ArrayList<>();
    int[] ids = factorize(keys, first, dropna);
    int ng = first.size();
    int[] firstAt = first.stream().mapToInt(Integer::intValue).toArray();
    Column[] outKeys = new Column[nk];
    for (int j = 0; j < nk; j++) {
      outKeys[j] = keys[j].take(firstAt);
    }
    Column[][] outStates = new Column[aggs.length][];
    for (int a = 0; a < aggs.length; a++) {
      int k = parts.get(0).states[a].length;
      Column[] cat = new Column[k];
      for (int s = 0; s < k; s++) {
        List<Column> cols = new ArrayList<>();
        for (GroupState p : parts) {
          cols.add(p.states[a][s]);
        }
        cat[s] = Column.concat(cols);
      }
      outStates[a] = aggs[a].merge(cat, ids, ng);
    }
    return new GroupState(outKeys, outStates);
  }
}
