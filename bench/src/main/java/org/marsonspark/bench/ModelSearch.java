package org.marsonspark.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.marsonspark.learn.base.Estimator;
import org.marsonspark.learn.base.LocalFit;
import org.marsonspark.learn.datasets.Dataset;
import org.marsonspark.learn.datasets.MakeClassification;
import org.marsonspark.learn.linearmodel.LogisticRegression;
import org.marsonspark.learn.modelselection.GridSearchCV;
import org.marsonspark.learn.modelselection.LocalRows;
import org.marsonspark.learn.modelselection.ModelSelection;
import org.marsonspark.learn.modelselection.ParameterGrid;
import org.marsonspark.learn.modelselection.Scorer;
import org.marsonspark.learn.modelselection.Split;
import org.marsonspark.learn.xgboost.XGBClassifier;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * W7: model search — {@code make_classification(n × 93, 9 classes)}, one 2:1 train/test split, a
 * grid of 12 configurations, each fitted on the training rows and scored (accuracy) on the test
 * rows. Mars runs it as {@code GridSearchCV} with every configuration a spawned call (an in-task
 * fit); the references do the same in-task fits on the same local arrays in this JVM, one after
 * the other and on a plain Java thread pool of one thread per core. The result is the best
 * configuration's accuracy.
 */
final class ModelSearch implements Workload {
  private final int n;

  ModelSearch(int n) {
    this.n = n;
  }

  /**
   * The estimators searched, each with its grid, each estimator one {@code GridSearchCV}: 8
   * LogisticRegression configurations (C ∈ {0.01, 0.1, 1, 10} × multinomial / one-vs-rest, lbfgs)
   * and 4 of a tree ensemble, XGBoost (20 rounds, depth 3 or 6, learning rate 0.1 or 0.3, one
   * thread), 12 in all, every one fitted inside one task ({@code LocalFit}).
   */
  static List<Map.Entry<Estimator<?>, List<Map<String, List<?>>>>> grids() {
    List<Double> c = List.of(0.01, 0.1, 1.0, 10.0);
    return List.of(
        Map.entry(new LogisticRegression(), List.of(Map.of("C", c, "multiClass", List.of("multinomial", "ovr")))),
        Map.entry(new XGBClassifier().nEstimators(20).nThread(1).randomState(0),
            List.of(Map.of("maxDepth", List.of(3, 6), "learningRate", List.of(0.1, 0.3)))));
  }

  @Override
  public String id() {
    return "W7";
  }

  @Override
  public String description() {
    return String.format("model search: make_classification(%d × 93, 9 classes), a 2:1 split, 12 "
        + "configurations (8 LogisticRegression, 4 XGBClassifier), each a task", n);
  }

  @Override
  public double tolerance() {
    return 1e-9; // the same in-task fits everywhere
  }

  @Override
  public List<Contender> contenders(Env env) {
    Dataset d = new MakeClassification().nSamples(n).nFeatures(93).nInformative(30).nRedundant(10).nClasses(9)
        .randomState(7).generate();
    Tensor x = d.x().execute();
    Tensor y = d.y().astype(DType.FLOAT64).execute();
    List<org.marsonspark.core.TileableHandle> parts = ModelSelection.trainTestSplit(1.0 / 3, 7, Mt.arange(0, n, 1));
    Split split = new Split(Mt.sort((Tensor) parts.get(0)).execute(), Mt.sort((Tensor) parts.get(1)).execute());
    List<Contender> c = new ArrayList<>();
    // one search per model family, both at once from two driver threads (one session serves
    // them together): run one after the other, the first one's last call would hold one core
    // while the other waits, where the pool below runs all twelve fits as one queue
    c.add(Contender.java("Mars on Spark GridSearchCV (spawned calls, local[*])", () -> {
      List<java.util.concurrent.Callable<Double>> searches = new ArrayList<>();
      for (Map.Entry<Estimator<?>, List<Map<String, List<?>>>> g : grids()) {
        searches.add(() -> new GridSearchCV(g.getKey(), g.getValue()).cv(List.of(split)).refit(false).verbose(0)
            .fit(x, y).bestScore_());
      }
      return best(searches, searches.size());
    }));
    // the references: the same fits on local arrays (fetched once, before the timing)
    Local data = new Local(x.fetch(), y.fetch(), split.train().fetch().longs(), split.test().fetch().longs());
    c.add(Contender.java("serial in-task fits (one thread, same JVM)", () -> data.best(1)));
    c.add(Contender.java("plain Java thread pool (" + env.cores() + " threads, same fits)",
        () -> data.best(env.cores())));
    return c;
  }

  /** The data as local arrays, and the configurations fitted on them. */
  private record Local(NDArray x, NDArray y, long[] train, long[] test) {
    double best(int threads) throws Exception {
      NDArray xTrain = LocalRows.take(x, train);
      NDArray yTrain = LocalRows.take(y, train);
      NDArray xTest = LocalRows.take(x, test);
      NDArray yTest = LocalRows.take(y, test);
      Scorer accuracy = Scorer.of("accuracy");
      List<java.util.concurrent.Callable<Double>> fits = new ArrayList<>();
      for (Map.Entry<Estimator<?>, List<Map<String, List<?>>>> g : grids()) {
        for (Map<String, Object> params : new ParameterGrid(g.getValue())) {
          LocalFit e = (LocalFit) g.getKey().setParams(new LinkedHashMap<>(params));
          fits.add(() -> accuracy.scoreLocal(e.fitLocal(xTrain, yTrain, null), xTest, yTest));
        }
      }
      return ModelSearch.best(fits, threads);
    }
  }

  /** Runs the scores on a pool of {@code threads} threads; the best of them. */
  static double best(List<java.util.concurrent.Callable<Double>> scores, int threads) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      double best = Double.NEGATIVE_INFINITY;
      for (Future<Double> f : pool.invokeAll(scores)) {
        best = Math.max(best, f.get());
      }
      return best;
    } finally {
      pool.shutdown();
    }
  }
}
