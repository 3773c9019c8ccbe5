package org.marsonspark.learn.modelselection;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Classifier;
import org.marsonspark.learn.base.DecisionFunction;
import org.marsonspark.learn.base.Estimator;
import org.marsonspark.learn.base.LocalModel;
import org.marsonspark.learn.base.Predictor;
import org.marsonspark.learn.metrics.Metrics;
import org.marsonspark.learn.metrics.ScoreOptions;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Slice;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's scorers by name ({@code get_scorer}): what each predicts — labels or values
 * ({@code predict}), a threshold score ({@code decision_function}, else the probability of the
 * second class), or probabilities — and the metric it applies, on distributed fits through
 * {@link Metrics}, on local fits through {@link LocalScores} (the same kernels where there are).
 */
final class Scorers {
  private Scorers() {}

  /** A built-in scorer: its name, the metric (with its average) and its sign. */
  record BuiltIn(String name, String metric, String average, double sign) implements Scorer {
    @Override
    public Tensor score(Estimator<?> fitted, TileableHandle x, TileableHandle y) {
      Tensor s = switch (metric) {
        case "accuracy" -> Metrics.accuracyScore(y, predictor(fitted).predict(x));
        case "precision" -> Metrics.precisionScore(y, predictor(fitted).predict(x), options());
        case "recall" -> Metrics.recallScore(y, predictor(fitted).predict(x), options());
        case "f1" -> Metrics.f1Score(y, predictor(fitted).predict(x), options());
        case "roc_auc" -> Metrics.rocAucScore(y, threshold(fitted, x));
        case "log_loss" -> Metrics.logLoss(y, classifier(fitted).predictProba(x));
        case "r2" -> Metrics.r2Score(y, predictor(fitted).predict(x));
        case "mean_squared_error" -> Metrics.meanSquaredError(y, predictor(fitted).predict(x));
        case "mean_absolute_error" -> Metrics.meanAbsoluteError(y, predictor(fitted).predict(x));
        default -> throw new IllegalStateException(metric);
      };
      return sign < 0 ? s.neg() : s;
    }

    @Override
    public double scoreLocal(LocalModel model, NDArray x, NDArray y) {
      double[] t = y.astype(org.marsonspark.tensor.DType.FLOAT64).doubles();
      double s = switch (metric) {
        case "accuracy" -> LocalScores.accuracy(t, values(model.predict(x)));
        case "precision", "recall", "f1" -> LocalScores.prf(t, values(model.predict(x)), average, metric);
        case "roc_auc" -> LocalScores.rocAuc(t, localThreshold(model, x));
        case "log_loss" -> LocalScores.logLoss(t, model.predictProba(x));
        case "r2" -> LocalScores.r2(t, values(model.predict(x)));
        case "mean_squared_error" -> LocalScores.meanSquaredError(t, values(model.predict(x)));
        case "mean_absolute_error" -> LocalScores.meanAbsoluteError(t, values(model.predict(x)));
        default -> throw new IllegalStateException(metric);
      };
      return sign * s;
    }

    @Override
    public boolean scoresLocally() {
      return true;
    }

    private ScoreOptions options() {
      return ScoreOptions.defaults().average(average);
    }

    private Predictor<?> predictor(Estimator<?> e) {
      if (e instanceof Predictor<?> p) {
        return p;
      }
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "scoring '" + name + "' needs an estimator that predicts, "
          + "got " + e.name());
    }

    private Classifier<?> classifier(Estimator<?> e) {
      if (e instanceof Classifier<?> c) {
        return c;
      }
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "scoring '" + name + "' needs a classifier with "
          + "predict_proba, got " + e.name());
    }

    /** sklearn's threshold scorer: decision_function, else the probability of the second class. */
    private Tensor threshold(Estimator<?> e, TileableHandle x) {
      if (e instanceof DecisionFunction d) {
        return d.decisionFunction(x);
      }
      return classifier(e).predictProba(x).index(Slice.all(), 1L);
    }

    private static NDArray localThreshold(LocalModel m, NDArray x) {
      if (m.hasDecisionFunction()) {
        return m.decisionFunction(x);
      }
      NDArray p = m.predictProba(x);
      int n = (int) p.shape(0);
      int k = (int) p.shape(1);
      double[] v = p.doubles();
      double[] out = new double[n];
      for (int i = 0; i < n; i++) {
        out[i] = v[i * k + 1];
      }
      return NDArray.of(out);
    }

    private static double[] values(NDArray a) {
      return a.astype(org.marsonspark.tensor.DType.FLOAT64).doubles();
    }

    @Override
    public String toString() {
      return "Scorer(" + name + ")";
    }
  }

  private static final Map<String, BuiltIn> NAMED = new TreeMap<>();

  private static void add(String name, String metric, String average, double sign) {
    NAMED.put(name, new BuiltIn(name, metric, average, sign));
  }

  static {
    add("accuracy", "accuracy", null, 1);
    for (String m : List.of("precision", "recall", "f1")) {
      add(m, m, "binary", 1);
      for (String avg : List.of("micro", "macro", "weighted")) {
        add(m + "_" + avg, m, avg, 1);
      }
    }
    add("roc_auc", "roc_auc", null, 1);
    add("neg_log_loss", "log_loss", null, -1);
    add("r2", "r2", null, 1);
    add("neg_mean_squared_error", "mean_squared_error", null, -1);
    add("neg_mean_absolute_error", "mean_absolute_error", null, -1);
  }

  /** sklearn's {@code get_scorer(name)}. */
  static Scorer named(String name) {
    BuiltIn s = NAMED.get(name);
    if (s == null) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "'" + name + "' is not a valid scoring value. "
          + "Valid options are " + new ArrayList<>(NAMED.keySet()) + ".");
    }
    return s;
  }
}
