package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.learn.LearnFixtures.Case;
import org.marsonspark.learn.LearnFixtures.Layout;
import org.marsonspark.learn.cluster.KMeans;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn.cluster.KMeans against scikit-learn 1.2 on every layout. With given initial centres:
 * sklearn's labels and n_iter_ exactly, its inertia and centres within 1e-10. With k-means++ or
 * random initialisation (other random numbers than sklearn's): the inertia sklearn's best run
 * reached, within 1e-9 on these well-separated blobs, and the same result on every layout.
 */
class Cluster_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  @TestFactory
  List<DynamicTest> kmeans() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Case c : LearnFixtures.load("cluster")) {
      List<double[]> seen = new ArrayList<>();
      for (Layout l : LearnFixtures.LAYOUTS) {
        tests.add(dynamicTest(c + " " + l, () -> run(c, l, seen)));
      }
    }
    return tests;
  }

  private static KMeans estimator(Case c, Layout l) {
    KMeans km = new KMeans().nClusters(c.params().get("nClusters").asInt());
    if (c.hasInput("init")) {
      km = km.init(l.tensor(c.input("init")));
    } else if (c.params().has("init")) {
      km = km.init(c.params().get("init").asText());
    }
    if (c.params().has("nInit")) {
      km = km.nInit(c.params().get("nInit").asInt());
    }
    if (c.params().has("maxIter")) {
      km = km.maxIter(c.params().get("maxIter").asInt());
    }
    if (c.params().has("tol")) {
      km = km.tol(c.params().get("tol").asDouble());
    }
    if (c.params().has("randomState")) {
      km = km.randomState(c.params().get("randomState").asInt());
    }
    if (c.params().has("algorithm")) {
      km = km.algorithm(c.params().get("algorithm").asText());
    }
    return km;
  }

  private static void run(Case c, Layout l, List<double[]> seen) {
    Tensor x = l.tensor(c.input("X"));
    Tensor w = c.hasInput("sample_weight") ? l.tensor(c.input("sample_weight")) : null;
    KMeans km = estimator(c, l).fit(x, null, w);
    double expectedInertia = c.expected().get("inertia_").asDouble();
    if (!c.hasInput("init")) {
      // another random stream than sklearn's: the optimum sklearn's best run found, and one result on every layout
      assertEquals(expectedInertia, km.inertia_(), 1e-9 * expectedInertia, c + " inertia_");
      double[] centres = km.clusterCenters_().execute().fetch().doubles();
      if (!seen.isEmpty()) {
        LearnAssert.assertClose(NDArray.of(seen.get(0)), NDArray.of(centres), 1e-12, 1e-12, c + " " + l
            + " centres as on the first layout");
      }
      seen.add(centres);
      return;
    }
    assertEquals(c.expected().get("n_iter_").asInt(), km.nIter_(), c + " n_iter_");
    LearnAssert.assertClose(c.expected("labels_"), km.labels_().astype(org.marsonspark.tensor.DType.INT64)
        .execute().fetch(), 0, 0, c + " labels_");
    assertEquals(expectedInertia, km.inertia_(), 1e-10 * expectedInertia, c + " inertia_");
    LearnAssert.assertClose(c.expected("cluster_centers_"), km.clusterCenters_(), c + " cluster_centers_");
    if (c.hasInput("Y")) {
      Tensor y = l.tensor(c.input("Y"));
      Tensor yw = c.hasInput("Y_weight") ? l.tensor(c.input("Y_weight")) : null;
      LearnAssert.assertClose(c.expected("predict"), km.predict(y).astype(org.marsonspark.tensor.DType.INT64)
          .execute().fetch(), 0, 0, c + " predict");
      LearnAssert.assertClose(c.expected("transform"), km.transform(y).execute().fetch(), 1e-10, 1e-10,
          c + " transform");
      double score = c.expected().get("score").asDouble();
      assertEquals(score, km.score(y, yw).execute().fetch().getDouble(0), 1e-10 * Math.abs(score), c + " score");
    }
  }

  /**
   * sklearn's parameter names (in lowerCamelCase) and defaults, but for {@code copy_x} (tensors are
   * never modified in place) and {@code verbose} (logging instead); k-means|| adds two of its own.
   */
  @TestFactory
  List<DynamicTest> parameterDefaults() {
    return ParamDefaults.tests("cluster", Map.of("KMeans", KMeans::new), Map.of("copyX", "never in place",
        "verbose", "logging instead"), Set.of("initSteps", "oversamplingFactor"));
  }
}
