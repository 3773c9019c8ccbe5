package org.marsonspark.examples;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.learn.datasets.Dataset;
import org.marsonspark.learn.datasets.MakeClassification;
import org.marsonspark.learn.linearmodel.LogisticRegression;
import org.marsonspark.learn.modelselection.GridSearchCV;
import org.marsonspark.learn.modelselection.ModelSelection;
import org.marsonspark.learn.modelselection.Split;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * Hyper-parameter search with learn's {@code GridSearchCV} (workload W7, scaled): a
 * {@code make_classification} data set is made on the cluster and split 2:1, then 12
 * LogisticRegression configurations are each fitted on the training rows and scored on the test
 * rows — every configuration one spawned call, fitted inside its task on the data its executor
 * holds. A line is printed as each configuration finishes; then the table of results, and the
 * search's time against its fits' summed times ({@code bin/bench W7} times a true serial run).
 *
 * <p>Usage: {@code HyperParameterSearch [samples] [features] [classes]} (defaults 60000, 93, 9).
 */
public final class HyperParameterSearch {
  private HyperParameterSearch() {}

  /** 12 LogisticRegression configurations: C × (multinomial, one-vs-rest) with an intercept, and C without one. */
  public static List<Map<String, List<?>>> grid() {
    List<Double> c = List.of(0.01, 0.1, 1.0, 10.0);
    return List.of(Map.of("C", c, "multiClass", List.of("multinomial", "ovr")),
        Map.of("C", c, "fitIntercept", List.of(false)));
  }

  static GridSearchCV search(int samples, int features, int classes, int verbose) {
    Dataset d = new MakeClassification().nSamples(samples).nFeatures(features).nInformative(Math.min(features, 30))
        .nRedundant(Math.min(10, Math.max(0, features - 30))).nClasses(classes).randomState(42).generate();
    Tensor x = d.x().execute();
    Tensor y = d.y().astype(DType.FLOAT64).execute();
    List<TileableHandle> parts = ModelSelection.trainTestSplit(1.0 / 3, 42, Mt.arange(0, samples, 1));
    Split split = new Split(Mt.sort((Tensor) parts.get(0)), Mt.sort((Tensor) parts.get(1)));
    return new GridSearchCV(new LogisticRegression(), grid()).cv(List.of(split)).refit(false).verbose(verbose)
        .fit(x, y);
  }

  public static void main(String[] args) {
    int samples = args.length > 0 ? (int) Double.parseDouble(args[0]) : 60_000;
    int features = args.length > 1 ? Integer.parseInt(args[1]) : 93;
    int classes = args.length > 2 ? Integer.parseInt(args[2]) : 9;
    try (MarsSession session = MarsSession.local()) {
      search(3000, features, classes, 0); // warm-up: class loading and JIT
      long t0 = System.nanoTime();
      GridSearchCV s = search(samples, features, classes, 1);
      double seconds = (System.nanoTime() - t0) / 1e9;
      LocalFrame r = s.cvResults_().execute().fetch();
      System.out.printf("%-4s %-55s %9s %8s%n", "rank", "configuration", "accuracy", "fit s");
      double fits = 0;
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < r.nrows(); i++) {
        order.add(i);
        fits += number(r, "mean_fit_time", i) + number(r, "mean_score_time", i);
      }
      order.sort((a, b) -> Double.compare(number(r, "rank_test_score", a), number(r, "rank_test_score", b)));
      for (int i : order) {
        System.out.printf("%-4d %-55s %9.4f %8.2f%n", (long) number(r, "rank_test_score", i), r.column("params").get(i),
            number(r, "mean_test_score", i), number(r, "mean_fit_time", i));
      }
      System.out.printf("best: %s with test accuracy %.4f%n", s.bestParams_(), s.bestScore_());
      System.out.printf("%d configurations on %s (%d cores), each a spawned call: the search took %.2f s (data made "
          + "and split included); its fits took %.2f s summed, %.2fx the search%n", r.nrows(),
          session.sparkContext().master(), session.sparkContext().defaultParallelism(), seconds, fits, fits / seconds);
    }
  }

  private static double number(LocalFrame r, String column, int row) {
    return ((Number) r.column(column).get(row)).doubleValue();
  }
}
