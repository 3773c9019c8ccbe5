package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.learn.LearnFixtures.Case;
import org.marsonspark.learn.LearnFixtures.Layout;
import org.marsonspark.learn.base.Estimator;
import org.marsonspark.learn.linearmodel.LogisticRegression;
import org.marsonspark.learn.linearmodel.Ridge;
import org.marsonspark.learn.modelselection.GridSearchCV;
import org.marsonspark.learn.modelselection.KFold;
import org.marsonspark.learn.modelselection.ModelSelection;
import org.marsonspark.learn.modelselection.StratifiedKFold;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * GridSearchCV, cross_val_score and cross_validate against scikit-learn 1.2
 * ({@code gen_fixtures_search.py}): every split's test (and train) score of every candidate,
 * their means, stds and ranks, best_index_ / best_score_ / best_params_ — on both ways of
 * running the fits (spawned calls with in-task fits on two chunkings; distributed fits over held
 * folds for the cheaper cases).
 */
class ModelSearch_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  /** Scores: L-BFGS to tol 1e-10 and exact least squares agree with sklearn's to about this. */
  private static final double RTOL = 1e-6;
  private static final double ATOL = 1e-7;
  private static final java.util.Set<String> DISTRIBUTED = java.util.Set.of("lr_binary_roc_auc", "ridge_regression");

  @TestFactory
  List<DynamicTest> search() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Case c : LearnFixtures.load("search")) {
      for (Layout l : List.of(new Layout("rows=40", 40, false), LearnFixtures.LAYOUTS.get(3))) {
        tests.add(dynamicTest(c + " " + l + " spawned", () -> run(c, l, true)));
      }
      // a distributed L-BFGS fit is a Spark job per iteration: the cheaper cases, whole rows
      if (DISTRIBUTED.contains(c.name())) {
        Layout whole = LearnFixtures.LAYOUTS.get(3);
        tests.add(dynamicTest(c + " " + whole + " distributed", () -> run(c, whole, false)));
      }
    }
    return tests;
  }

  private static void run(Case c, Layout l, boolean spawned) {
    Tensor x = l.tensor(c.input("X"));
    Tensor y = l.tensor(c.input("y"));
    switch (c.estimator()) {
      case "GridSearchCV" -> gridSearch(c, x, y, spawned);
      case "cross_val_score" -> assertScores(c.expected("scores"),
          ModelSelection.crossValScore(new Ridge().alpha(c.params().get("alpha").asDouble()), x, y, null,
              c.params().get("cv").asInt()), c + " scores");
      case "cross_validate" -> crossValidate(c, x, y);
      default -> throw new AssertionError("no runner for " + c.estimator());
    }
  }

  private static void gridSearch(Case c, Tensor x, Tensor y, boolean spawned) {
    JsonNode p = c.params();
    GridSearchCV search = new GridSearchCV(estimator(p), grid(p.get("grid")))
        .scoring(scoring(p.get("scoring")))
        .cv(cv(p.get("cv")))
        .refit(p.get("refit").isBoolean() ? (Object) p.get("refit").asBoolean() : p.get("refit").asText())
        .returnTrainScore(p.get("train").asBoolean())
        .localFitLimit(spawned ? GridSearchCV.LOCAL_FIT_LIMIT : 0)
        .fit(x, y);
    assertEquals(spawned, search.spawnedFits_(), c + ": the way the fits ran");
    LocalFrame results = search.cvResults_().execute().fetch();
    c.expected().fieldNames().forEachRemaining(key -> {
      if (key.startsWith("split") || key.startsWith("mean_") || key.startsWith("std_") || key.startsWith("rank_")) {
        NDArray expected = c.expected(key);
        Column got = results.column(key);
        double[] actual = new double[got.size()];
        for (int i = 0; i < actual.length; i++) {
          actual[i] = ((Number) got.get(i)).doubleValue();
        }
        LearnAssert.assertClose(expected, NDArray.of(actual), RTOL, ATOL, c + " " + key);
      }
    });
    JsonNode params = c.expected().get("params");
    for (int i = 0; i < params.size(); i++) {
      assertEquals(javaParams(params.get(i)), results.column("params").get(i), c + " params " + i);
    }
    assertEquals(c.expected().get("best_index").asInt(), search.bestIndex_(), c + " best_index_");
    assertEquals(c.expected().get("best_score").asDouble(), search.bestScore_(), ATOL + RTOL * Math.abs(
        search.bestScore_()), c + " best_score_");
    assertEquals(javaParams(params.get(search.bestIndex_())), search.bestParams_(), c + " best_params_");
    assertTrue(search.bestEstimator_().isFitted(), c + ": the best estimator is refitted");
  }

  private static void crossValidate(Case c, Tensor x, Tensor y) {
    List<String> scoring = new ArrayList<>();
    c.params().get("scoring").forEach(n -> scoring.add(n.asText()));
    Map<String, Tensor> got = ModelSelection.crossValidate(new LogisticRegression().C(c.params().get("C").asDouble())
        .tol(1e-10).maxIter(1000), x, y, scoring, c.params().get("cv").asInt(), true, Double.NaN);
    c.expected().fieldNames().forEachRemaining(key -> assertScores(c.expected(key), got.get(key), c + " " + key));
  }

  private static void assertScores(NDArray expected, Tensor actual, String what) {
    LearnAssert.assertClose(expected, actual.execute().fetch(), RTOL, ATOL, what);
  }

  private static Estimator<?> estimator(JsonNode p) {
    if (p.get("estimator").asText().equals("Ridge")) {
      return new Ridge();
    }
    return new LogisticRegression().tol(p.get("base").get("tol").asDouble())
        .maxIter(p.get("base").get("max_iter").asInt());
  }

  /** sklearn's parameter names as ours. */
  private static String javaName(String sklearn) {
    return sklearn.equals("fit_intercept") ? "fitIntercept" : sklearn;
  }

  private static Object value(JsonNode v) {
    return v.isBoolean() ? (Object) v.asBoolean() : (Object) v.asDouble();
  }

  private static Map<String, Object> javaParams(JsonNode p) {
    Map<String, Object> out = new LinkedHashMap<>();
    p.fieldNames().forEachRemaining(k -> out.put(javaName(k), value(p.get(k))));
    return out;
  }

  private static Object grid(JsonNode g) {
    if (g.isArray()) {
      List<Object> grids = new ArrayList<>();
      g.forEach(one -> grids.add(grid(one)));
      return grids;
    }
    Map<String, List<Object>> out = new LinkedHashMap<>();
    g.fieldNames().forEachRemaining(k -> {
      List<Object> values = new ArrayList<>();
      g.get(k).forEach(v -> values.add(value(v)));
      out.put(javaName(k), values);
    });
    return out;
  }

  private static Object scoring(JsonNode s) {
    if (s.isTextual()) {
      return s.asText();
    }
    List<String> names = new ArrayList<>();
    s.forEach(n -> names.add(n.asText()));
    return names;
  }

  private static Object cv(JsonNode cv) {
    int n = cv.get("n").asInt();
    return cv.get("kind").asText().equals("KFold") ? new KFold(n, false, null) : new StratifiedKFold(n, false, null);
  }
}
