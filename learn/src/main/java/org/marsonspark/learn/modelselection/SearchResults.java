package org.marsonspark.learn.modelselection;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.local.Column;
import org.slf4j.LoggerFactory;

/**
 * A search's fits summed up as sklearn's {@code cv_results_} (its {@code _format_results}):
 * per candidate the fit and score times (mean, std), the parameters ({@code param_<name>},
 * {@code params}), and per scorer the score of every split, their mean, std (numpy's, ddof 0)
 * and rank (scipy's {@code rankdata(-mean, 'min')}, failed candidates tied last); and the failed
 * fits, reported as sklearn's {@code FitFailedWarning} with their parameters.
 */
final class SearchResults {
  private final List<Map<String, Object>> candidates;
  private final List<String> scorers;
  private final int folds;
  private final boolean train;
  private final Map<String, double[]> means = new LinkedHashMap<>();
  private final Map<String, long[]> ranks = new LinkedHashMap<>();
  private final Map<String, Column> columns = new LinkedHashMap<>();
  private final List<String> failures = new ArrayList<>();

  SearchResults(List<Map<String, Object>> candidates, List<String> scorers, Search.Outcome o, boolean train,
      String who, Object errorScore) {
    this.candidates = candidates;
    this.scorers = scorers;
    this.folds = o.folds();
    this.train = train;
    List<FoldScores> s = o.scores();
    store("fit_time", s.stream().mapToDouble(FoldScores::fitTime).toArray(), false, false);
    store("score_time", s.stream().mapToDouble(FoldScores::scoreTime).toArray(), false, false);
    params();
    for (int k = 0; k < scorers.size(); k++) {
      int at = k;
      store("test_" + scorers.get(k), s.stream().mapToDouble(f -> f.test()[at]).toArray(), true, true);
      if (train) {
        store("train_" + scorers.get(k), s.stream().mapToDouble(f -> f.train()[at]).toArray(), true, false);
      }
    }
    for (FoldScores f : s) {
      if (f.error() != null) {
        failures.add("candidate " + f.candidate() + " " + candidates.get(f.candidate()) + ", fold " + f.fold() + ": "
            + f.error());
      }
    }
    reportFailures(who, errorScore, s.size());
  }

  private void store(String key, double[] flat, boolean splits, boolean rank) {
    int n = candidates.size();
    double[] mean = new double[n];
    double[] std = new double[n];
    double[][] bySplit = new double[folds][n];
    for (int c = 0; c < n; c++) {
      double sum = 0;
      for (int f = 0; f < folds; f++) {
        bySplit[f][c] = flat[c * folds + f];
        sum += flat[c * folds + f];
      }
      mean[c] = sum / folds;
      double sq = 0;
      for (int f = 0; f < folds; f++) {
        double d = flat[c * folds + f] - mean[c];
        sq += d * d;
      }
      std[c] = Math.sqrt(sq / folds);
    }
    if (splits) {
      for (int f = 0; f < folds; f++) {
        columns.put("split" + f + "_" + key, Column.ofDoubles(bySplit[f]));
      }
    }
    columns.put("mean_" + key, Column.ofDoubles(mean));
    columns.put("std_" + key, Column.ofDoubles(std));
    means.put(key, mean);
    if (rank) {
      long[] r = rank(mean);
      columns.put("rank_" + key, Column.ofLongs(r));
      ranks.put(key, r);
    }
  }

  /** sklearn's ranking: NaN means tie below the worst; all NaN: all first. */
  static long[] rank(double[] mean) {
    double[] m = mean.clone();
    double min = Arrays.stream(m).filter(v -> !Double.isNaN(v)).min().orElse(Double.NaN);
    long[] r = new long[m.length];
    if (Double.isNaN(min)) {
      Arrays.fill(r, 1);
      return r;
    }
    for (int i = 0; i < m.length; i++) {
      m[i] = Double.isNaN(m[i]) ? min - 1 : m[i];
    }
    for (int i = 0; i < m.length; i++) {
      long better = 0;
      for (double v : m) {
        better += v > m[i] ? 1 : 0;
      }
      r[i] = better + 1;
    }
    return r;
  }

  private void params() {
    Set<String> names = new LinkedHashSet<>();
    candidates.forEach(c -> names.addAll(c.keySet()));
    for (String name : names) {
      Object[] v = new Object[candidates.size()];
      for (int c = 0; c < v.length; c++) {
        v[c] = candidates.get(c).get(name);
      }
      columns.put("param_" + name, Column.ofObjects(v));
    }
    columns.put("params", Column.ofObjects(candidates.stream().map(c -> (Object) new LinkedHashMap<>(c)).toArray()));
  }

  private void reportFailures(String who, Object errorScore, int fits) {
    if (failures.isEmpty()) {
      return;
    }
    String details = String.join("\n", failures);
    if (failures.size() == fits) {
      throw new MarsException(ErrorClass.TASK_FAILED, who + ": All the " + fits + " fits failed. It is very likely "
          + "that your model is misconfigured. You can try to debug the error by setting errorScore='raise'. The "
          + "failures:\n" + details);
    }
    LoggerFactory.getLogger(SearchResults.class).warn("{}: {} fits failed out of a total of {}. The score on these "
        + "train-test partitions for these parameters will be set to {}. If these failures are not expected, you can "
        + "try to debug them by setting errorScore='raise'. The failures:\n{}", who, failures.size(), fits, errorScore,
        details);
  }

  /** {@code cv_results_} as a DataFrame (one row per candidate; built from these small columns). */
  DataFrame frame() {
    return Md.dataFrame(columns, 0);
  }

  /** The candidate ranked first by {@code scorer} (the first of ties: numpy's argmin of the ranks). */
  int best(String scorer) {
    long[] r = ranks.get("test_" + scorer);
    int best = 0;
    for (int i = 1; i < r.length; i++) {
      if (r[i] < r[best]) {
        best = i;
      }
    }
    return best;
  }

  double meanTest(String scorer, int candidate) {
    return means.get("test_" + scorer)[candidate];
  }

  /** The failed fits: candidate, its parameters, fold and error. */
  List<String> failures() {
    return List.copyOf(failures);
  }
}
