package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.learn.LearnFixtures.Case;
import org.marsonspark.learn.LearnFixtures.Layout;
import org.marsonspark.learn.decomposition.PCA;
import org.marsonspark.learn.decomposition.TruncatedSVD;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn.decomposition against scikit-learn 1.2 on every layout: the exact solvers' attributes
 * and transforms within rounding; the randomized ones (another random generator) against the
 * exact answer, to which they converge on these inputs with a clear spectral gap. Components are
 * compared as they are, signs included: svd_flip makes them unique.
 */
class Decomposition_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static final double EXACT = 1e-10;
  /** The randomized answers reach the exact ones to about this (relative to each attribute's largest value). */
  private static final double RANDOMIZED = 1e-8;

  @TestFactory
  List<DynamicTest> decomposition() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Case c : LearnFixtures.load("decomposition")) {
      boolean big = c.inputs().get("big").asBoolean();
      for (Layout l : LearnFixtures.LAYOUTS) {
        Layout layout = big ? scaled(l, 50) : l;
        tests.add(dynamicTest(c + " " + layout, () -> {
          switch (c.estimator()) {
            case "PCA" -> pca(c, layout);
            case "TruncatedSVD" -> {
              truncatedSvd(c, layout, false);
              truncatedSvd(c, layout, true);
            }
            default -> throw new AssertionError("no runner for " + c.estimator());
          }
        }));
      }
    }
    return tests;
  }

  /** A layout with {@code factor} times the rows per chunk (the large inputs would make thousands of tasks). */
  private static Layout scaled(Layout l, int factor) {
    return new Layout(l.name() + " ×" + factor, l.rows() * factor, l.columnChunks());
  }

  private static void pca(Case c, Layout l) {
    JsonNode p = c.params();
    PCA pca = new PCA().randomState(7);
    if (p.has("nComponents")) {
      JsonNode n = p.get("nComponents");
      pca = n.isInt() ? pca.nComponents(n.asInt()) : n.isTextual() ? pca.nComponents(n.asText())
          : pca.nComponents((Object) n.asDouble());
    }
    if (p.has("svdSolver")) {
      pca = pca.svdSolver(p.get("svdSolver").asText());
    }
    if (p.has("whiten")) {
      pca = pca.whiten(p.get("whiten").asBoolean());
    }
    if (p.has("iteratedPower")) {
      pca = pca.iteratedPower(p.get("iteratedPower").asInt());
    }
    if (p.has("powerIterationNormalizer")) {
      pca = pca.powerIterationNormalizer(p.get("powerIterationNormalizer").asText());
    }
    Tensor x = l.tensor(c.input("X"));
    pca.fit(x);
    double tol = c.expected().get("exact").asBoolean() ? EXACT : RANDOMIZED;
    assertEquals(c.expected("n_components_").getLong(0), pca.nComponents_(), c + " n_components_");
    close(c, "components_", pca.components_(), tol);
    close(c, "explained_variance_", pca.explainedVariance_(), tol);
    close(c, "explained_variance_ratio_", pca.explainedVarianceRatio_(), tol);
    close(c, "singular_values_", pca.singularValues_(), tol);
    close(c, "mean_", pca.mean_(), EXACT);
    double noise = c.expected("noise_variance_").getDouble(0);
    assertEquals(noise, pca.noiseVariance_(), tol * Math.max(1e-3, Math.abs(noise)) * 1e3, c + " noise_variance_");
    Tensor rows = transformRows(c, l);
    close(c, "transform", pca.transform(rows), tol);
    close(c, "inverse_transform", pca.inverseTransform(pca.transform(rows)), tol);
  }

  /** TruncatedSVD of X, dense or as a sparse (CSR) tensor: the same answer. */
  private static void truncatedSvd(Case c, Layout l, boolean sparse) {
    JsonNode p = c.params();
    TruncatedSVD t = new TruncatedSVD().nComponents(p.get("nComponents").asInt()).randomState(7);
    if (p.has("nOversamples")) {
      t = t.nOversamples(p.get("nOversamples").asInt());
    }
    if (p.has("nIter")) {
      t = t.nIter(p.get("nIter").asInt());
    }
    if (p.has("powerIterationNormalizer")) {
      t = t.powerIterationNormalizer(p.get("powerIterationNormalizer").asText());
    }
    Tensor x = l.tensor(c.input("X"));
    t.fit(sparse ? x.toSparse() : x);
    close(c, "components_", t.components_(), RANDOMIZED);
    close(c, "singular_values_", t.singularValues_(), RANDOMIZED);
    close(c, "explained_variance_", t.explainedVariance_(), RANDOMIZED);
    close(c, "explained_variance_ratio_", t.explainedVarianceRatio_(), RANDOMIZED);
    Tensor rows = transformRows(c, l);
    close(c, "transform", t.transform(sparse ? rows.toSparse() : rows), RANDOMIZED);
    close(c, "inverse_transform", t.inverseTransform(t.transform(rows)), RANDOMIZED);
  }

  /** The rows whose transforms the fixture holds: all of X, or its first 20 rows for the large inputs. */
  private static Tensor transformRows(Case c, Layout l) {
    NDArray x = c.input("X");
    long rows = c.expected("transform").shape(0);
    if (rows == x.shape(0)) {
      return l.tensor(x);
    }
    double[] head = java.util.Arrays.copyOf(x.toDoubleArray(), (int) (rows * x.shape(1)));
    return l.tensor(NDArray.of(head, rows, x.shape(1)));
  }

  private static void close(Case c, String key, Tensor actual, double tol) {
    NDArray expected = c.expected(key);
    double scale = 0;
    for (int i = 0; i < expected.size(); i++) {
      scale = Math.max(scale, Math.abs(expected.getDouble(i)));
    }
    LearnAssert.assertClose(expected, actual.execute().fetch(), tol, tol * scale, c + " " + key);
  }

  /**
   * sklearn's parameter names (in lowerCamelCase) and defaults, but for {@code copy} (tensors are
   * never modified in place) and {@code tol} (arpack's, a solver not offered).
   */
  @TestFactory
  List<DynamicTest> parameterDefaults() {
    return ParamDefaults.tests("decomposition", Map.of("PCA", PCA::new, "TruncatedSVD", TruncatedSVD::new),
        Map.of("copy", "never in place", "tol", "arpack only"), Set.of());
  }
}
