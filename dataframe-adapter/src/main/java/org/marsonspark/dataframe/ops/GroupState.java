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
import org.marsonspark.dataframe.local.Column;

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
    int n = keys[0].size();
    int[] ids = new int[n];
    Map<List<Object>, Integer> seen = new HashMap<>();
    for (int i = 0; i < n; i++) {
      boolean na = false;
      for (Column c : keys) {
        na |= c.isNA(i);
      }
      if (na) {
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
  @SuppressWarnings({"unchecked", "rawtypes"})
  static int compare(Column[] a, int i, Column[] b, int j) {
      for (int k = 0; k < a.length; k++) {
        Object x = a[k].get(i);
        Object y = b[k].get(j);
        int r;
        if (x instanceof Number nx && y instanceof Number ny && x.getClass() != y.getClass()) {
          r = Double.compare(nx.doubleValue(), ny.doubleValue());
        } else if (x instanceof Comparable cx && x.getClass() == y.getClass()) {
          r = cx.compareTo(y);
        } else {
          throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "groupby keys cannot be sorted: '<' not supported "
              + "between '" + x.getClass().getSimpleName() + "' and '" + y.getClass().getSimpleName() + "'");
        }
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
    int[] ids = factorize(keys, first);
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
