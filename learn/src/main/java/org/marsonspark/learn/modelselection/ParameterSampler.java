package org.marsonspark.learn.modelselection;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.slf4j.LoggerFactory;

/**
 * sklearn's {@code ParameterSampler}: {@code nIter} settings drawn from {@code paramDistributions}
 * (a map from names to a list of values — drawn uniformly — or a {@link Distribution}; or a list of
 * such maps, one picked at random per draw). When every value is a list, the settings are drawn
 * without replacement from their {@link ParameterGrid} (all of it, with a warning, when it is
 * smaller than {@code nIter}). Names are drawn in sorted order, as sklearn; the generator is
 * seeded by {@code randomState} (null: from the system), the same law as sklearn's, not its
 * stream.
 */
public final class ParameterSampler {
  private final List<TreeMap<String, Object>> distributions = new ArrayList<>();
  private final int nIter;
  private final Integer randomState;

  /** {@code distributions}: a {@code Map<String, ?>} of lists and {@link Distribution}s, or a list of them. */
  public ParameterSampler(Object distributions, int nIter, Integer randomState) {
    List<?> all = distributions instanceof List<?> l ? l : List.of(distributions);
    for (Object d : all) {
      if (!(d instanceof Map<?, ?> m)) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Parameter distribution is not a dict (" + d
            + ")");
      }
      TreeMap<String, Object> sorted = new TreeMap<>();
      m.forEach((k, v) -> {
        if (!(v instanceof List<?>) && !(v instanceof Distribution)) {
          throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Parameter grid for parameter '" + k + "' is "
              + "not iterable or a distribution (value=" + v + ")");
        }
        if (v instanceof List<?> values && values.isEmpty()) {
          throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Parameter grid for parameter '" + k + "' need "
              + "to be a non-empty sequence, got: []");
        }
        sorted.put(String.valueOf(k), v);
      });
      this.distributions.add(sorted);
    }
    if (this.distributions.isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "paramDistributions is an empty list: give at least "
          + "one map of parameter distributions");
    }
    if (nIter < 1) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "nIter must be >= 1, got " + nIter);
    }
    this.nIter = nIter;
    this.randomState = randomState;
  }

  /** The settings, in draw order. */
  @SuppressWarnings("unchecked")
  public List<Map<String, Object>> samples() {
    SplittableRandom rng = randomState == null ? new SplittableRandom() : new SplittableRandom(randomState);
    boolean allLists = distributions.stream().allMatch(d -> d.values().stream().allMatch(v -> v instanceof List<?>));
    List<Map<String, Object>> out = new ArrayList<>();
    if (allLists) {
      List<Map<String, List<?>>> grids = new ArrayList<>();
      distributions.forEach(d -> grids.add((Map<String, List<?>>) (Map<String, ?>) d));
      ParameterGrid grid = new ParameterGrid(grids);
      long size = grid.size();
      int n = nIter;
      if (size < nIter) {
        LoggerFactory.getLogger(ParameterSampler.class).warn("The total space of parameters {} is smaller than "
            + "n_iter={}. Running {} iterations. For exhaustive searches, use GridSearchCV.", size, nIter, size);
        n = (int) size;
      }
      for (long i : withoutReplacement(size, n, rng)) {
        out.add(grid.get(i));
      }
      return out;
    }
    for (int i = 0; i < nIter; i++) {
      TreeMap<String, Object> d = distributions.get(rng.nextInt(distributions.size()));
      Map<String, Object> setting = new LinkedHashMap<>();
      d.forEach((name, v) -> setting.put(name, v instanceof Distribution dist ? dist.sample(rng)
          : ((List<?>) v).get(rng.nextInt(((List<?>) v).size()))));
      out.add(setting);
    }
    return out;
  }

  /** {@code k} distinct positions of {@code [0, n)} in draw order (Floyd's algorithm, then shuffled). */
  private static long[] withoutReplacement(long n, int k, SplittableRandom rng) {
    java.util.LinkedHashSet<Long> picked = new java.util.LinkedHashSet<>();
    for (long j = n - k; j < n; j++) {
      long t = rng.nextLong(j + 1);
      picked.add(picked.contains(t) ? j : t);
    }
    long[] out = picked.stream().mapToLong(Long::longValue).toArray();
    for (int i = out.length - 1; i > 0; i--) {
      int s = rng.nextInt(i + 1);
      long tmp = out[i];
      out[i] = out[s];
      out[s] = tmp;
    }
    return out;
  }
}
