package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.LearnFixtures.Case;
import org.marsonspark.learn.LearnFixtures.Layout;
import org.marsonspark.learn.base.Estimator;
import org.marsonspark.learn.base.Predictor;
import org.marsonspark.learn.ensemble.GradientBoostingClassifier;
import org.marsonspark.learn.ensemble.GradientBoostingRegressor;
import org.marsonspark.learn.ensemble.RandomForestClassifier;
import org.marsonspark.learn.ensemble.RandomForestRegressor;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * The ensembles against scikit-learn 1.2 (gen_fixtures_ensemble.py): test-set accuracy and R²
 * close to sklearn's on each fixture (MLlib bins the features and bootstraps its own way, so not
 * equal), sklearn's parameter names and defaults, and clear errors for what MLlib cannot do.
 */
class Ensemble_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  /**
   * How far below sklearn's score ours may be: accuracy on 120 test rows, R² of the same rows.
   * MLlib's boosted regression starts from a tree fitted to y (sklearn from the mean) and steps by
   * the mean pseudo-residual; measured 0.828 against sklearn's 0.901 on this fixture.
   */
  private static final Map<String, Double> TOLERANCE = Map.of("boosting_regression", 0.08);
  private static final double SCORE_TOLERANCE = 0.05;

  static final Map<String, Supplier<Estimator<?>>> CLASSES = Map.of(
      "RandomForestClassifier", RandomForestClassifier::new, "RandomForestRegressor", RandomForestRegressor::new,
      "GradientBoostingClassifier", GradientBoostingClassifier::new,
      "GradientBoostingRegressor", GradientBoostingRegressor::new);

  /** sklearn parameters left out, with why (docs/coverage-sklearn.md says so too). */
  static final Map<String, String> LEFT_OUT = Map.of("nJobs", "the fit runs on the cluster's cores",
      "verbose", "logging instead", "warmStart", "MLlib cannot add trees to a fitted model");

  @TestFactory
  List<DynamicTest> scoresCloseToSklearns() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Case c : LearnFixtures.load("ensemble")) {
      for (Layout l : List.of(new Layout("rows=100", 100, false))) {
        tests.add(DynamicTest.dynamicTest(c + " " + l, () -> {
          Map<String, Object> params = new HashMap<>();
          c.params().fields().forEachRemaining(e -> params.put(e.getKey(), value(e.getValue())));
          Predictor<?> est = (Predictor<?>) CLASSES.get(c.estimator()).get().setParams(params);
          est.fit(l.tensor(c.input("X")), l.tensor(c.input("y")));
          double ours = est.score(l.tensor(c.input("X_test")), l.tensor(c.input("y_test"))).execute().fetch()
              .getDouble();
          double sklearn = c.expected("score").getDouble();
          assertTrue(ours >= sklearn - TOLERANCE.getOrDefault(c.name(), SCORE_TOLERANCE), c + ": our score " + ours + ", sklearn's " + sklearn);
        }));
      }
    }
    return tests;
  }

  private static Object value(JsonNode v) {
    return v.isInt() ? (Object) v.asInt() : v.isNumber() ? (Object) v.asDouble() : v.asText();
  }

  @TestFactory
  List<DynamicTest> parameterDefaults() {
    return ParamDefaults.tests("ensemble", CLASSES, LEFT_OUT, Set.of("maxBins"));
  }

  private static Tensor xy(int n) {
    double[] v = new double[n * 3];
    for (int i = 0; i < v.length; i++) {
      v[i] = Math.sin(0.7 * i);
    }
    return Mt.tensor(NDArray.of(v, n, 3));
  }

  private static Tensor labels(int n, int classes) {
    double[] y = new double[n];
    for (int i = 0; i < n; i++) {
      y[i] = i % classes;
    }
    return Mt.tensor(NDArray.of(y));
  }

  @Test
  void whatMllibCannotDoIsAClearErrorAndTheSessionStaysUsable() {
    Tensor x = xy(20);
    Tensor y = labels(20, 2);
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "The 'criterion' parameter of RandomForestClassifier must be a "
        + "str among {'gini', 'entropy', 'log_loss'}. Got 'mse' instead.",
        () -> new RandomForestClassifier().criterion("mse").fit(x, y));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "criterion='absolute_error' is not supported by MLlib's tree "
        + "learners; the supported values are 'squared_error' (MLlib's impurity 'variance'), 'friedman_mse'",
        () -> new RandomForestRegressor().criterion("absolute_error").fit(x, y));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "maxDepth=31 is not supported: MLlib's trees grow at most 30",
        () -> new RandomForestClassifier().maxDepth(31).fit(x, y));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "loss='exponential' is not supported",
        () -> new GradientBoostingClassifier().loss("exponential").fit(x, y));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "y has 3 classes [0.0, 1.0, 2.0]; MLlib's gradient-boosted trees "
        + "classify two classes only", () -> new GradientBoostingClassifier().fit(x, labels(20, 3)));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "minSamplesSplit=10 (10 samples) is not supported",
        () -> new RandomForestClassifier().minSamplesSplit(10).fit(x, y));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "oobScore=true is not supported",
        () -> new RandomForestClassifier().oobScore(true).fit(x, y));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "learningRate=2.0 is not supported: MLlib's step size is in (0, 1]",
        () -> new GradientBoostingRegressor().learningRate(2.0).fit(x, y));
    assertError(ErrorClass.NOT_FITTED, "This RandomForestClassifier instance is not fitted yet",
        () -> new RandomForestClassifier().predict(x));
    assertError(ErrorClass.NOT_FITTED, "This GradientBoostingRegressor instance is not fitted yet",
        () -> new GradientBoostingRegressor().featureImportances_());
    Tensor nan = Mt.where(x.gt(0.99), Double.NaN, x);
    assertError(ErrorClass.INVALID_ARGUMENT, "RandomForestRegressor: Input X contains NaN.",
        () -> new RandomForestRegressor().nEstimators(2).fit(nan, y));
    // the session still fits and predicts
    RandomForestClassifier fitted = new RandomForestClassifier().nEstimators(3).randomState(0).fit(x, y);
    assertEquals(20, fitted.predict(x).execute().fetch().size());
    assertError(ErrorClass.SHAPE_MISMATCH, "X has 2 features, but RandomForestClassifier is expecting 3 features",
        () -> fitted.predict(Mt.ones(4, 2)));
  }
}
