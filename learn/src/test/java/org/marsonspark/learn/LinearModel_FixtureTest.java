package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.learn.LearnFixtures.Case;
import org.marsonspark.learn.LearnFixtures.Layout;
import org.marsonspark.learn.linearmodel.LeastSquaresRegressor;
import org.marsonspark.learn.linearmodel.LinearRegression;
import org.marsonspark.learn.linearmodel.Ridge;
import org.marsonspark.tensor.LocalSession;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/** sklearn.linear_model against scikit-learn 1.2's fitted attributes and outputs, on every layout. */
class LinearModel_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  /** Least squares agree with scipy's lstsq to rounding: relative 1e-10, absolute 1e-10 for near-zero values. */
  private static final double LS_TOL = 1e-10;

  private static final Map<String, BiConsumer<Case, Layout>> RUNNERS = Map.of(
      "LinearRegression", LinearModel_FixtureTest::linearRegression,
      "Ridge", LinearModel_FixtureTest::ridge);

  @TestFactory
  List<DynamicTest> linearModels() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Case c : LearnFixtures.load("linear")) {
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

  private static void assertClose(NDArray expected, Tensor actual, String what) {
    LearnAssert.assertClose(expected, actual.execute().fetch(), LS_TOL, LS_TOL, what);
  }
}
