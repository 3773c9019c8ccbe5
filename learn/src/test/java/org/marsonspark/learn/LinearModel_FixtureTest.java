package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.learn.LearnFixtures.Case;
import org.marsonspark.learn.LearnFixtures.Layout;
import org.marsonspark.learn.linearmodel.LeastSquaresRegressor;
import org.marsonspark.learn.linearmodel.LinearRegression;
import org.marsonspark.learn.linearmodel.LogisticRegression;
import org.marsonspark.learn.linearmodel.Ridge;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/** sklearn.linear_model against scikit-learn 1.2's fitted attributes and outputs, on every layout. */
class LinearModel_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  /** Least squares agree with scipy's lstsq to rounding: relative 1e-10, absolute 1e-10 for near-zero values. */
  private static final double LS_TOL = 1e-10;

  /** Logistic regression: sklearn's lbfgs stops near the optimum, at 1e-4 relative of its largest coefficient. */
  private static final double LOGISTIC_TOL = 1e-4;

  private static final Map<String, BiConsumer<Case, Layout>> RUNNERS = Map.of(
      "LinearRegression", LinearModel_FixtureTest::linearRegression,
      "Ridge", LinearModel_FixtureTest::ridge,
      "LogisticRegression", LinearModel_FixtureTest::logistic);

  @TestFactory
  List<DynamicTest> linearModels() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Case c : LearnFixtures.load("linear")) {
      if (c.estimator().equals("Lbfgs")) {
        continue; // the optimizer's own cases: Lbfgs_Test
      }
      BiConsumer<Case, Layout> run = RUNNERS.get(c.estimator());
      for (Layout l : LearnFixtures.LAYOUTS) {
        tests.add(dynamicTest(c + " " + l, () -> {
          if (run == null) {
            throw new AssertionError("no runner for " + c.estimator());
          }
          run.accept(c, l);
        }));
      }
    }
    return tests;
  }

  private static Tensor optional(Case c, Layout l, String key) {
    return c.hasInput(key) ? l.tensor(c.input(key)) : null;
  }

  private static void linearRegression(Case c, Layout l) {
    LinearRegression lr = new LinearRegression().fitIntercept(c.params().get("fitIntercept").asBoolean());
    Tensor x = l.tensor(c.input("X"));
    lr.fit(x, l.tensor(c.input("y")), optional(c, l, "sample_weight"));
    assertEquals(c.expected("rank_").getLong(0), lr.rank_(), c + " rank_");
    assertClose(c.expected("singular_"), lr.singular_(), c + " singular_");
    assertRegression(c, l, lr, x);
  }

  private static void ridge(Case c, Layout l) {
    JsonNode alpha = c.params().get("alpha");
    Ridge r = new Ridge().fitIntercept(c.params().get("fitIntercept").asBoolean())
        .solver(c.params().get("solver").asText());
    if (alpha.isArray()) {
      double[] a = new double[alpha.size()];
      for (int i = 0; i < a.length; i++) {
        a[i] = alpha.get(i).asDouble();
      }
      r = r.alpha(a);
    } else {
      r = r.alpha(alpha.asDouble());
    }
    Tensor x = l.tensor(c.input("X"));
    r.fit(x, l.tensor(c.input("y")), optional(c, l, "sample_weight"));
    assertRegression(c, l, r, x);
  }

  private static void assertRegression(Case c, Layout l, LeastSquaresRegressor<?> est, Tensor x) {
    assertClose(c.expected("coef_"), est.coef_(), c + " coef_");
    assertClose(c.expected("intercept_"), est.intercept_(), c + " intercept_");
    assertClose(c.expected("predict"), est.predict(x), c + " predict");
    assertClose(c.expected("score"), est.score(x, l.tensor(c.input("y")), optional(c, l, "sample_weight")),
        c + " score");
  }

  private static void logistic(Case c, Layout l) {
    JsonNode p = c.params();
    LogisticRegression lr = new LogisticRegression().tol(p.get("tol").asDouble()).maxIter(p.get("maxIter").asInt());
    if (p.has("C")) {
      lr = lr.C(p.get("C").asDouble());
    }
    if (p.has("fitIntercept")) {
      lr = lr.fitIntercept(p.get("fitIntercept").asBoolean());
    }
    if (p.has("penalty")) {
      lr = lr.penalty(p.get("penalty").isNull() ? null : p.get("penalty").asText());
    }
    if (p.has("multiClass")) {
      lr = lr.multiClass(p.get("multiClass").asText());
    }
    if (p.has("classWeight")) {
      JsonNode cw = p.get("classWeight");
      if (cw.isTextual()) {
        lr = lr.classWeight(cw.asText());
      } else {
        Map<Object, Object> weights = new java.util.HashMap<>();
        cw.fields().forEachRemaining(e -> weights.put(Integer.parseInt(e.getKey()), e.getValue().asDouble()));
        lr = lr.classWeight(weights);
      }
    }
    Tensor x = l.tensor(c.input("X"));
    JsonNode y = c.inputs().get("y");
    boolean strings = y.has("labels");
    org.marsonspark.core.TileableHandle target = strings ? labelSeries(y.get("labels"), l) : l.tensor(c.input("y"));
    lr.fit(x, target, optional(c, l, "sample_weight"));
    // the driver's L-BFGS takes scipy's steps: the same iterations as sklearn
    LearnAssert.assertClose(c.expected("n_iter_"), lr.nIter_().execute().fetch(), 0, 0, c + " n_iter_");
    NDArray coef = c.expected("coef_");
    double scale = LOGISTIC_TOL * maxAbs(coef);
    LearnAssert.assertClose(coef, lr.coef_().execute().fetch(), LOGISTIC_TOL, scale, c + " coef_");
    LearnAssert.assertClose(c.expected("intercept_"), lr.intercept_().execute().fetch(), LOGISTIC_TOL, scale,
        c + " intercept_");
    NDArray decision = c.expected("decision_function");
    LearnAssert.assertClose(decision, lr.decisionFunction(x).execute().fetch(), LOGISTIC_TOL,
        LOGISTIC_TOL * maxAbs(decision), c + " decision_function");
    LearnAssert.assertClose(c.expected("predict_proba"), lr.predictProba(x).execute().fetch(), LOGISTIC_TOL, 1e-6,
        c + " predict_proba");
    LearnAssert.assertClose(c.expected("predict_log_proba"), lr.predictLogProba(x).execute().fetch(), LOGISTIC_TOL,
        1e-5, c + " predict_log_proba");
    if (strings) {
      assertEquals(texts(c.expected().get("classes_").get("labels")), lr.classLabels_(), c + " classes_");
      LocalSeries predicted = lr.predictLabels(x).execute().fetch();
      List<Object> got = new ArrayList<>();
      for (int i = 0; i < predicted.size(); i++) {
        got.add(predicted.get(i));
      }
      assertEquals(texts(c.expected().get("predict").get("labels")), got, c + " predict");
    } else {
      LearnAssert.assertClose(c.expected("classes_"), lr.classes_(), c + " classes_");
      LearnAssert.assertClose(c.expected("predict"), lr.predict(x), c + " predict");
      LearnAssert.assertClose(c.expected("score"), lr.score(x, target, optional(c, l, "sample_weight")), c + " score");
    }
  }

  private static Series labelSeries(JsonNode labels, Layout l) {
    String[] v = texts(labels).toArray(new String[0]);
    return Md.series("y", Column.ofStrings(v), l.rows() > 0 ? l.rows() : Math.max(1, v.length));
  }

  private static List<Object> texts(JsonNode labels) {
    List<Object> out = new ArrayList<>();
    labels.forEach(n -> out.add(n.asText()));
    return out;
  }

  private static double maxAbs(NDArray a) {
    double m = 0;
    for (int i = 0; i < a.size(); i++) {
      m = Math.max(m, Math.abs(a.getDouble(i)));
    }
    return m;
  }

  private static void assertClose(NDArray expected, Tensor actual, String what) {
    LearnAssert.assertClose(expected, actual.execute().fetch(), LS_TOL, LS_TOL, what);
  }

  /** sklearn parameters left out on purpose, with why ({@code Class.param}: of that class only). */
  private static final Map<String, String> NOT_PARAMETERS = Map.of(
      "copyX", "tensors are never modified in place",
      "nJobs", "Spark's parallelism",
      "Ridge.maxIter", "its iterative solvers are not offered (the SVD solves exactly)",
      "Ridge.tol", "likewise",
      "randomState", "unused by the solvers offered",
      "interceptScaling", "liblinear only",
      "l1Ratio", "elasticnet only",
      "verbose", "logging instead");

  /** sklearn's parameter names (in lowerCamelCase) and defaults, but for the ones left out on purpose. */
  @TestFactory
  List<DynamicTest> parameterDefaults() {
    return ParamDefaults.tests("linear", Map.of("LinearRegression", LinearRegression::new, "Ridge", Ridge::new,
        "LogisticRegression", LogisticRegression::new), NOT_PARAMETERS, Set.of());
  }
}
