package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.marsonspark.learn.LearnFixtures.Case;
import org.marsonspark.learn.LearnFixtures.Layout;
import org.marsonspark.learn.neighbors.KNeighborsClassifier;
import org.marsonspark.learn.neighbors.KNeighborsRegressor;
import org.marsonspark.learn.neighbors.NearestNeighbors;
import org.marsonspark.learn.neighbors.RadiusNeighbors;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * The sklearn.neighbors cases (gen_fixtures_neighbors.py) and how each runs: the same table for
 * the broadcast plan ({@link Neighbors_FixtureTest}) and the tree of item blocks
 * ({@link Neighbors_TreeFixtureTest}). Data without distance ties: indices exactly sklearn's,
 * distances within 1e-10 (float32: 1e-5).
 */
final class NeighborsFixtures {
  static final Map<String, BiConsumer<Case, Layout>> RUNNERS = Map.of(
      "kneighbors", NeighborsFixtures::kneighbors,
      "radius", NeighborsFixtures::radius,
      "KNeighborsClassifier", NeighborsFixtures::classifier,
      "KNeighborsRegressor", NeighborsFixtures::regressor);

  private NeighborsFixtures() {}

  private static NearestNeighbors nearest(Case c) {
    NearestNeighbors nn = new NearestNeighbors().metric(c.params().get("metric").asText());
    if (c.params().has("nNeighbors")) {
      nn = nn.nNeighbors(c.params().get("nNeighbors").asInt());
    }
    if (c.params().has("radius")) {
      nn = nn.radius(c.params().get("radius").asDouble());
    }
    return c.params().has("p") ? nn.p(c.params().get("p").asDouble()) : nn;
  }

  private static void kneighbors(Case c, Layout l) {
    NearestNeighbors nn = nearest(c).fit(l.tensor(c.input("X")));
    Tensor q = c.hasInput("Q") ? l.tensor(c.input("Q")) : null;
    Tensor[] r = nn.kneighbors(q, null, true);
    org.marsonspark.tensor.Mt.execute(r);
    close(c, "distances", r[0].fetch());
    assertArrayEquals(c.expected("indices").longs(), r[1].fetch().longs(), c + " " + l + " indices");
    assertEquals(DType.INT64, r[1].dtype());
    close(c, "graph_connectivity", dense(nn.kneighborsGraph(q, null, "connectivity")));
    close(c, "graph_distance", dense(nn.kneighborsGraph(q, null, "distance")));
    assertArrayEquals(c.expected("indices").longs(), nn.kneighbors(q, null, false)[0].execute().fetch().longs(),
        c + " " + l + " indices without distances");
  }

  private static void radius(Case c, Layout l) {
    NearestNeighbors nn = nearest(c).fit(l.tensor(c.input("X")));
    Tensor q = c.hasInput("Q") ? l.tensor(c.input("Q")) : null;
    RadiusNeighbors.Ragged r = nn.radiusNeighbors(q, null, true).fetch();
    long[] counts = c.expected("counts").longs();
    NDArray dist = c.expected("distances");
    long[] ind = c.expected("indices").longs();
    int width = (int) dist.shape(1);
    for (int row = 0; row < counts.length; row++) {
      assertEquals(counts[row], r.indices()[row].length, c + " " + l + " neighbours of row " + row);
      for (int j = 0; j < counts[row]; j++) {
        assertEquals(ind[row * width + j], r.indices()[row][j], c + " " + l + " row " + row);
        assertEquals(dist.getDouble(row * width + j), r.distances()[row][j], 1e-10, c + " " + l + " row " + row);
      }
    }
    close(c, "graph_connectivity", dense(nn.radiusNeighborsGraph(q, null, "connectivity")));
    close(c, "graph_distance", dense(nn.radiusNeighborsGraph(q, null, "distance")));
  }

  private static void classifier(Case c, Layout l) {
    KNeighborsClassifier clf = new KNeighborsClassifier().nNeighbors(c.params().get("nNeighbors").asInt())
        .weights(c.params().get("weights").asText()).metric(c.params().get("metric").asText())
        .fit(l.tensor(c.input("X")), l.tensor(c.input("y")));
    Tensor q = l.tensor(c.input("Q"));
    assertArrayEquals(c.expected("predict").toLongArray(), clf.predict(q).execute().fetch().toLongArray(),
        c + " " + l + " predict");
    close(c, "predict_proba", clf.predictProba(q).execute().fetch());
    assertEquals(c.expected().get("score").asDouble(), clf.score(q, l.tensor(c.input("y_test"))).execute().fetch()
        .getDouble(0), 1e-12, c + " score");
    assertArrayEquals(c.expected("classes_").toLongArray(), clf.classes_().execute().fetch().toLongArray());
  }

  private static void regressor(Case c, Layout l) {
    KNeighborsRegressor reg = new KNeighborsRegressor().nNeighbors(c.params().get("nNeighbors").asInt())
        .weights(c.params().get("weights").asText()).metric(c.params().get("metric").asText())
        .fit(l.tensor(c.input("X")), l.tensor(c.input("y")));
    Tensor q = l.tensor(c.input("Q"));
    close(c, "predict", reg.predict(q).execute().fetch());
    assertEquals(c.expected().get("score").asDouble(), reg.score(q, l.tensor(c.input("y_test"))).execute().fetch()
        .getDouble(0), 1e-10, c + " score");
  }

  private static NDArray dense(Tensor sparse) {
    try {
      return sparse.execute().fetchSparse().toDense();
    } finally {
      sparse.release();
    }
  }

  private static void close(Case c, String key, NDArray actual) {
    boolean f32 = "float32".equals(c.inputs().get("X").path("dtype").asText());
    double tol = f32 ? 1e-5 : LearnAssert.RTOL;
    LearnAssert.assertClose(c.expected(key), actual.astype(DType.FLOAT64), tol, f32 ? 1e-5 : LearnAssert.ATOL,
        c + " " + key);
  }

  /** sklearn parameters these estimators leave out, and why (docs/coverage-sklearn.md says so too). */
  static final Map<String, String> LEFT_OUT = Map.of(
      "leafSize", "trees only: the search is brute force",
      "metricParams", "not supported: the metrics take no parameters but p",
      "nJobs", "the tasks run in parallel on the cluster");

  static final List<String> CLASSES = List.of("NearestNeighbors", "KNeighborsClassifier", "KNeighborsRegressor");
}
