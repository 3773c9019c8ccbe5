package org.marsonspark.learn;

import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.learn.LearnFixtures.Case;
import org.marsonspark.learn.LearnFixtures.Layout;
import org.marsonspark.learn.preprocessing.StandardScaler;
import org.marsonspark.tensor.LocalSession;
import org.marsonspark.tensor.Tensor;

/** sklearn.preprocessing against scikit-learn 1.2's fitted attributes and outputs, on every layout. */
class Preprocessing_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  /** How each estimator of the fixtures runs one case on one layout. */
  private static final Map<String, BiConsumer<Case, Layout>> RUNNERS = Map.of(
      "StandardScaler", Preprocessing_FixtureTest::standardScaler);

  @TestFactory
  List<DynamicTest> preprocessing() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Case c : LearnFixtures.load("preprocessing")) {
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

  private static void standardScaler(Case c, Layout l) {
    Tensor x = l.tensor(c.input("X"));
    Tensor w = c.hasInput("sample_weight") ? l.tensor(c.input("sample_weight")) : null;
    StandardScaler s = new StandardScaler().withMean(c.params().get("withMean").asBoolean())
        .withStd(c.params().get("withStd").asBoolean()).fit(x, null, w);
    LearnAssert.assertClose(c.expected("transform"), s.transform(x), c + " transform");
    LearnAssert.assertClose(c.expected("inverse_transform"), s.inverseTransform(s.transform(x)), c + " inverse");
    LearnAssert.assertClose(c.expected("n_samples_seen_"), s.nSamplesSeen_(), c + " n_samples_seen_");
    for (String attr : List.of("mean_", "var_", "scale_")) {
      Tensor actual = switch (attr) {
        case "mean_" -> s.mean_();
        case "var_" -> s.var_();
        default -> s.scale_();
      };
      if (c.hasExpected(attr)) {
        LearnAssert.assertClose(c.expected(attr), actual, c + " " + attr);
      } else if (actual != null) {
        throw new AssertionError(c + ": sklearn has no " + attr + " here, got " + actual);
      }
    }
  }
}
