package org.marsonspark.learn.modelselection;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * sklearn's {@code ParameterGrid}: every combination of the values of one or more grids (maps from
 * a parameter name to the list of its values), in sklearn's order — grid by grid, names sorted,
 * the last name's values varying fastest. An empty grid yields one empty combination.
 */
public final class ParameterGrid implements Iterable<Map<String, Object>> {
  private final List<TreeMap<String, List<?>>> grids = new ArrayList<>();

  /** One grid. */
  public ParameterGrid(Map<String, ? extends List<?>> grid) {
    this(List.of(grid));
  }

  /** Several grids, explored one after the other. */
  public ParameterGrid(List<? extends Map<String, ? extends List<?>>> grids) {
    for (Map<String, ? extends List<?>> g : grids) {
      TreeMap<String, List<?>> sorted = new TreeMap<>();
      g.forEach((name, values) -> {
        if (values == null) {
          throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Parameter grid for parameter '" + name
              + "' needs to be a list or a numpy array, but got None instead. Single values need to be wrapped in a "
              + "list with one element.");
        }
        if (values.isEmpty()) {
          throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Parameter grid for parameter '" + name
              + "' need to be a non-empty sequence, got: []");
        }
        sorted.put(name, List.copyOf(values));
      });
      this.grids.add(sorted);
    }
  }

  /** The number of combinations ({@code len}). */
  public long size() {
    long n = 0;
    for (TreeMap<String, List<?>> g : grids) {
      n += combinations(g);
    }
    return n;
  }

  private static long combinations(TreeMap<String, List<?>> g) {
    long n = 1;
    for (List<?> v : g.values()) {
      n *= v.size();
    }
    return n;
  }

  /** Combination {@code i} in iteration order (sklearn's {@code __getitem__}). */
  public Map<String, Object> get(long i) {
    long at = i;
    for (TreeMap<String, List<?>> g : grids) {
      long total = combinations(g);
      if (at < total) {
        List<String> names = new ArrayList<>(g.keySet());
        Object[] picked = new Object[names.size()];
        for (int k = names.size() - 1; k >= 0; k--) {
          List<?> values = g.get(names.get(k));
          picked[k] = values.get((int) (at % values.size()));
          at /= values.size();
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (int k = 0; k < names.size(); k++) {
          out.put(names.get(k), picked[k]);
        }
        return out;
      }
      at -= total;
    }
    throw new MarsException(ErrorClass.INVALID_ARGUMENT, "ParameterGrid index out of range: " + i + " (size "
        + size() + ")");
  }

  @Override
  public Iterator<Map<String, Object>> iterator() {
    return new Iterator<>() {
      private long next;

      @Override
      public boolean hasNext() {
        return next < size();
      }

      @Override
      public Map<String, Object> next() {
        return get(next++);
      }
    };
  }
}
