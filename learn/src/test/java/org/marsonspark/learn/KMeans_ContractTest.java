package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.learn.LearnFixtures.Case;
import org.marsonspark.learn.cluster.KMeans;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/** KMeans's parameters, attributes, k-means|| and bad input, beyond the sklearn fixtures. */
class KMeans_ContractTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static Case blobs() {
    return LearnFixtures.load("cluster").stream().filter(c -> c.name().equals("kmeans_pp_seed0")).findFirst()
        .orElseThrow();
  }

  @Test
  void defaultsAreSklearn12s() {
    Map<String, Object> p = new KMeans().getParams();
    assertEquals(8, p.get("nClusters"));
    assertEquals("k-means++", p.get("init"));
    assertEquals(10, p.get("nInit"));
    assertEquals(300, p.get("maxIter"));
    assertEquals(1e-4, p.get("tol"));
    assertEquals(null, p.get("randomState"));
    assertEquals("lloyd", p.get("algorithm"));
    assertEquals("KMeans(nClusters=3, init='random')", new KMeans().nClusters(3).init("random").toString());
  }

  @Test
  void invalidParametersNameWhatIsAllowed() {
    Tensor x = Mt.ones(10, 2);
    MarsException e = assertError(ErrorClass.INVALID_PARAMETER_VALUE, () -> new KMeans().init("kmeans").fit(x));
    assertTrue(e.getMessage().contains("The 'init' parameter of KMeans must be a str among {'k-means++', 'random', "
        + "'k-means||'}"), e.getMessage());
    e = assertError(ErrorClass.INVALID_PARAMETER_VALUE, () -> new KMeans().nClusters(0).fit(x));
    assertTrue(e.getMessage().contains("an int in the range [1, inf). Got 0 instead."), e.getMessage());
    e = assertError(ErrorClass.INVALID_PARAMETER_VALUE, () -> new KMeans().algorithm("fast").fit(x));
    assertTrue(e.getMessage().contains("{'lloyd', 'elkan', 'auto', 'full'}"), e.getMessage());
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, () -> new KMeans().tol(-1).fit(x));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, () -> new KMeans().setParams(Map.of("n_clusters", 3)));
  }

  @Test
  void badInputGetsSklearnsErrorsAndTheSessionStaysUsable() {
    MarsException e = assertError(ErrorClass.INVALID_ARGUMENT, () -> new KMeans().nClusters(5).fit(Mt.ones(3, 2)));
    assertEquals("[INVALID_ARGUMENT] n_samples=3 should be >= n_clusters=5.", e.getMessage());
    Tensor nan = Mt.array(new double[] {1, 2, Double.NaN, 4, 5, 6}, 3, 2);
    e = assertError(ErrorClass.INVALID_ARGUMENT, () -> new KMeans().nClusters(2).fit(nan));
    assertTrue(e.getMessage().contains("Input X contains NaN"), e.getMessage());
    Tensor x = Mt.random.rand(20, 3);
    e = assertError(ErrorClass.SHAPE_MISMATCH, () -> new KMeans().nClusters(2).init(Mt.ones(3, 3)).fit(x));
    assertEquals("[SHAPE_MISMATCH] The shape of the initial centers (3, 3) does not match the number of clusters 2.",
        e.getMessage());
    e = assertError(ErrorClass.SHAPE_MISMATCH, () -> new KMeans().nClusters(2).init(Mt.ones(2, 4)).fit(x));
    assertTrue(e.getMessage().endsWith("does not match the number of features of the data 3."), e.getMessage());
    assertError(ErrorClass.SHAPE_MISMATCH, () -> new KMeans().nClusters(2).fit(x, null, Mt.ones(19)));
    assertError(ErrorClass.SHAPE_MISMATCH, () -> new KMeans().nClusters(2).fit(Mt.ones(20)));
    KMeans unfitted = new KMeans();
    assertError(ErrorClass.NOT_FITTED, unfitted::clusterCenters_);
    assertError(ErrorClass.NOT_FITTED, () -> unfitted.predict(x));
    KMeans km = new KMeans().nClusters(2).nInit(1).randomState(0).fit(x);
    e = assertError(ErrorClass.SHAPE_MISMATCH, () -> km.predict(Mt.ones(4, 2)));
    assertEquals("[SHAPE_MISMATCH] X has 2 features, but KMeans is expecting 3 features as input.", e.getMessage());
    // the session still runs work
    assertEquals(20, km.labels_().execute().fetch().size());
  }

  @Test
  void attributesPredictTransformScoreAgreeWithTheFit() {
    Case c = blobs();
    Tensor x = Mt.tensor(c.input("X"), ChunkSize.of(7, 3));
    KMeans km = new KMeans().nClusters(4).nInit(2).randomState(3).fit(x);
    assertEquals(4, km.nClusters());
    assertArrayEquals(new long[] {4, 3}, km.clusterCenters_().shape());
    assertEquals(DType.INT32, km.labels_().dtype());
    assertEquals(3, km.nFeaturesIn_());
    NDArray labels = km.labels_().execute().fetch();
    assertEquals(labels, km.predict(x).execute().fetch(), "predict on the training rows gives labels_");
    assertEquals(-km.inertia_(), km.score(x).execute().fetch().getDouble(0), 1e-9 * km.inertia_());
    NDArray distances = km.transform(x).execute().fetch();
    double inertia = 0;
    for (int i = 0; i < labels.size(); i++) {
      double dist = distances.getDouble((int) (i * 4 + labels.getLong(i)));
      inertia += dist * dist;
    }
    assertEquals(km.inertia_(), inertia, 1e-9 * inertia, "transform is the distance to each centre");
    assertEquals(labels, new KMeans().nClusters(4).nInit(2).randomState(3).fitPredict(x).execute().fetch(),
        "a seed gives the same fit");
  }

  @Test
  void scalableKMeansParallelReachesSklearnsOptimum() {
    Case c = blobs();
    double best = c.expected().get("inertia_").asDouble();
    for (long rows : new long[] {5, 60}) {
      Tensor x = Mt.tensor(c.input("X"), ChunkSize.of(rows, 3));
      KMeans km = new KMeans().nClusters(4).init("k-means||").nInit(2).randomState(0).fit(x);
      assertEquals(best, km.inertia_(), 1e-9 * best, "k-means|| on chunks of " + rows);
    }
    KMeans random = new KMeans().nClusters(4).init("random").nInit(5).randomState(1).fit(Mt.tensor(c.input("X")));
    assertEquals(best, random.inertia_(), 1e-9 * best, "random init, best of 5");
  }

  @Test
  void dataFrameFeatureNamesAndFloat32() {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofDoubles(0, 0.1, 10, 10.2, 0.2, 9.9));
    cols.put("b", Column.ofDoubles(1, 1.1, 5, 5.1, 0.9, 4.8));
    DataFrame df = Md.dataFrame(cols, 3);
    KMeans km = new KMeans().nClusters(2).nInit(3).randomState(0).fit(df);
    assertEquals(List.of("a", "b"), km.featureNamesIn_());
    NDArray labels = km.labels_().execute().fetch();
    assertEquals(labels.getLong(0), labels.getLong(1));
    assertTrue(labels.getLong(0) != labels.getLong(2));
    Tensor f32 = Mt.tensor(NDArray.of(new float[] {0, 1, 0.1f, 1.1f, 10, 5, 10.2f, 5.1f}, 4, 2));
    KMeans k32 = new KMeans().nClusters(2).randomState(0).fit(f32);
    assertEquals(DType.FLOAT64, k32.clusterCenters_().dtype(), "float32 X is clustered in float64");
  }
}
