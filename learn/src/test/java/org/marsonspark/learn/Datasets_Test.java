package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;
import static org.marsonspark.core.MarsAssert.assertError;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.LearnFixtures.Case;
import org.marsonspark.learn.datasets.Dataset;
import org.marsonspark.learn.datasets.MakeBlobs;
import org.marsonspark.learn.datasets.MakeClassification;
import org.marsonspark.learn.datasets.MakeRegression;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/**
 * The generators' contract — they cannot reproduce sklearn's Mersenne Twister streams: what does
 * not depend on the stream is sklearn's (shapes, dtypes, rows per class, from fixtures), the
 * structure is sklearn's construction (redundant and repeated features, blob centres and spreads,
 * the linear model of make_regression), and a data set is bit for bit the same for any chunking.
 */
class Datasets_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static NDArray run(org.marsonspark.tensor.Tensor t) {
    return t.execute().fetch();
  }

  @TestFactory
  List<DynamicTest> whatDoesNotDependOnTheStreamIsSklearns() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Case c : LearnFixtures.load("datasets")) {
      tests.add(dynamicTest(c.toString(), () -> {
        Dataset d = generate(c);
        JsonNode e = c.expected();
        NDArray x = run(d.x());
        assertArrayEquals(longs(e.get("shape")), x.shape(), c + " X shape");
        assertEquals(DType.FLOAT64, x.dtype(), c + " X dtype");
        NDArray y = run(d.y());
        if (e.has("class_counts")) {
          assertEquals(DType.INT64, y.dtype(), c + " y dtype");
          assertArrayEquals(longs(e.get("class_counts")), counts(y.longs()), c + " rows per class");
        } else {
          assertArrayEquals(longs(e.get("y_shape")), y.shape(), c + " y shape");
          NDArray coef = run(d.extra());
          assertArrayEquals(longs(e.get("coef_shape")), coef.shape(), c + " coef shape");
          assertEquals(e.get("nonzero_coef_rows").asInt(), nonzeroRows(coef), c + " informative features");
        }
      }));
    }
    return tests;
  }

  private static Dataset generate(Case c) {
    JsonNode p = c.params();
    switch (c.estimator()) {
      case "make_classification" -> {
        MakeClassification m = new MakeClassification().flipY(0).randomState(0);
        m = p.has("n_samples") ? m.nSamples(p.get("n_samples").asInt()) : m;
        m = p.has("n_classes") ? m.nClasses(p.get("n_classes").asInt()) : m;
        m = p.has("n_informative") ? m.nInformative(p.get("n_informative").asInt()) : m;
        m = p.has("n_features") ? m.nFeatures(p.get("n_features").asInt()) : m;
        m = p.has("n_redundant") ? m.nRedundant(p.get("n_redundant").asInt()) : m;
        m = p.has("n_repeated") ? m.nRepeated(p.get("n_repeated").asInt()) : m;
        m = p.has("n_clusters_per_class") ? m.nClustersPerClass(p.get("n_clusters_per_class").asInt()) : m;
        if (p.has("weights")) {
          List<Double> w = new ArrayList<>();
          p.get("weights").forEach(v -> w.add(v.asDouble()));
          m = m.weights(w);
        }
        return m.generate();
      }
      case "make_blobs" -> {
        MakeBlobs m = new MakeBlobs().randomState(0);
        if (p.has("n_samples") && p.get("n_samples").isArray()) {
          List<Integer> per = new ArrayList<>();
          p.get("n_samples").forEach(v -> per.add(v.asInt()));
          m = m.nSamples(per);
        } else if (p.has("n_samples")) {
          m = m.nSamples(p.get("n_samples").asInt());
        }
        m = p.has("centers") ? m.centers(p.get("centers").asInt()) : m;
        m = p.has("n_features") ? m.nFeatures(p.get("n_features").asInt()) : m;
        return m.generate();
      }
      default -> {
        MakeRegression m = new MakeRegression().coef(true).randomState(0);
        m = p.has("n_samples") ? m.nSamples(p.get("n_samples").asInt()) : m;
        m = p.has("n_features") ? m.nFeatures(p.get("n_features").asInt()) : m;
        m = p.has("n_informative") ? m.nInformative(p.get("n_informative").asInt()) : m;
        m = p.has("n_targets") ? m.nTargets(p.get("n_targets").asInt()) : m;
        return m.generate();
      }
    }
  }

  private static long[] longs(JsonNode list) {
    long[] out = new long[list.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = list.get(i).asLong();
    }
    return out;
  }

  private static long[] counts(long[] labels) {
    long[] out = new long[(int) java.util.Arrays.stream(labels).max().orElse(0) + 1];
    for (long v : labels) {
      out[(int) v]++;
    }
    return out;
  }

  private static int nonzeroRows(NDArray coef) {
    int rows = (int) coef.shape()[0];
    int w = coef.size() / rows;
    int n = 0;
    for (int r = 0; r < rows; r++) {
      boolean any = false;
      for (int t = 0; t < w; t++) {
        any |= coef.getDouble(r * w + t) != 0;
      }
      n += any ? 1 : 0;
    }
    return n;
  }

  @Test
  void everyGeneratorIsTheSameForAnyChunking() {
    List<NDArray> first = null;
    for (Long rows : new Long[] {null, 1000L, 77L}) {
      Dataset c = new MakeClassification().nSamples(1000).nRepeated(2).flipY(0.1).randomState(5).chunkRows(rows)
          .generate();
      Dataset b = new MakeBlobs().nSamples(1000).centers(4).randomState(5).chunkRows(rows).generate();
      Dataset r = new MakeRegression().nSamples(1000).nFeatures(12).noise(1.5).randomState(5).chunkRows(rows)
          .generate();
      List<NDArray> now = List.of(run(c.x()), run(c.y()), run(b.x()), run(b.y()), run(r.x()), run(r.y()));
      if (first == null) {
        first = now;
      } else {
        for (int i = 0; i < now.size(); i++) {
          assertEquals(first.get(i), now.get(i), "output " + i + " changed with chunks of " + rows + " rows");
        }
      }
      if (rows != null) {
        assertEquals(rows, c.x().nsplits()[0][0], "chunkRows sets the rows per chunk");
      }
    }
  }

  @Test
  void classificationHasSklearnsStructure() {
    // no shuffle: informative (3), redundant (2), repeated (2), then noise (3) in that order
    Dataset d = new MakeClassification().nSamples(2000).nFeatures(10).nInformative(3).nRedundant(2).nRepeated(2)
        .nClustersPerClass(1).flipY(0).shuffle(false).classSep(2).randomState(3).generate();
    NDArray x = run(d.x());
    long[] y = run(d.y()).longs();
    int n = 2000;
    int w = 10;
    // redundant columns are exact linear combinations of the informative ones: least squares leaves nothing
    for (int j = 3; j < 5; j++) {
      assertTrue(residual(x, n, w, j) < 1e-9, "column " + j + " is a combination of the informative features");
    }
    for (int j = 5; j < 7; j++) {
      int col = j;
      boolean copy = java.util.stream.IntStream.range(0, 5).anyMatch(k -> sameColumn(x, n, w, col, k));
      assertTrue(copy, "column " + j + " repeats an informative or redundant one");
    }
    for (int j = 7; j < 10; j++) {
      double[] m = moments(x, n, w, j, y, -1);
      assertEquals(0, m[0], 0.15, "noise column " + j + " mean");
      assertEquals(1, m[1], 0.15, "noise column " + j + " variance");
    }
    // one cluster per class, on a hypercube vertex: each class's informative means are +-classSep
    for (int cls = 0; cls < 2; cls++) {
      for (int j = 0; j < 3; j++) {
        double mean = moments(x, n, w, j, y, cls)[0];
        assertEquals(2, Math.abs(mean), 0.25, "class " + cls + " mean of informative feature " + j);
      }
    }
  }

  /** The mean and variance of column j (of rows of class cls, or all when cls is -1). */
  private static double[] moments(NDArray x, int n, int w, int j, long[] y, int cls) {
    double s = 0;
    double ss = 0;
    int k = 0;
    for (int r = 0; r < n; r++) {
      if (cls < 0 || y[r] == cls) {
        double v = x.getDouble(r * w + j);
        s += v;
        ss += v * v;
        k++;
      }
    }
    double mean = s / k;
    return new double[] {mean, ss / k - mean * mean};
  }

  private static boolean sameColumn(NDArray x, int n, int w, int a, int b) {
    for (int r = 0; r < n; r++) {
      if (x.getDouble(r * w + a) != x.getDouble(r * w + b)) {
        return false;
      }
    }
    return true;
  }

  /** The largest residual of column j fitted by the first three columns (normal equations). */
  private static double residual(NDArray x, int n, int w, int j) {
    double[][] g = new double[3][4];
    for (int r = 0; r < n; r++) {
      for (int a = 0; a < 3; a++) {
        for (int b = 0; b < 3; b++) {
          g[a][b] += x.getDouble(r * w + a) * x.getDouble(r * w + b);
        }
        g[a][3] += x.getDouble(r * w + a) * x.getDouble(r * w + j);
      }
    }
    for (int p = 0; p < 3; p++) {
      for (int q = p + 1; q < 3; q++) {
        double f = g[q][p] / g[p][p];
        for (int c = p; c < 4; c++) {
          g[q][c] -= f * g[p][c];
        }
      }
    }
    double[] beta = new double[3];
    for (int p = 2; p >= 0; p--) {
      double v = g[p][3];
      for (int c = p + 1; c < 3; c++) {
        v -= g[p][c] * beta[c];
      }
      beta[p] = v / g[p][p];
    }
    double worst = 0;
    for (int r = 0; r < n; r++) {
      double fit = 0;
      for (int a = 0; a < 3; a++) {
        fit += beta[a] * x.getDouble(r * w + a);
      }
      worst = Math.max(worst, Math.abs(fit - x.getDouble(r * w + j)));
    }
    return worst;
  }

  @Test
  void blobsHaveTheirCentresAndSpreads() {
    double[][] centres = {{0, 0}, {10, 10}, {-10, 5}};
    Dataset d = new MakeBlobs().nSamples(6000).centers(centres).clusterStd(List.of(0.5, 1.0, 2.0))
        .returnCenters(true).randomState(2).chunkRows(1000L).generate();
    NDArray x = run(d.x());
    long[] y = run(d.y()).longs();
    assertArrayEquals(new long[] {2000, 2000, 2000}, counts(y));
    double[] sd = {0.5, 1.0, 2.0};
    for (int c = 0; c < 3; c++) {
      for (int j = 0; j < 2; j++) {
        double[] m = moments(x, 6000, 2, j, y, c);
        assertEquals(centres[c][j], m[0], 5 * sd[c] / Math.sqrt(2000), "centre " + c + " coordinate " + j);
        assertEquals(sd[c], Math.sqrt(m[1]), 0.1 * sd[c], "spread of centre " + c);
      }
    }
    assertEquals(NDArray.of(new double[] {0, 0, 10, 10, -10, 5}, 3, 2), run(d.extra()));
    long[] sorted = run(new MakeBlobs().nSamples(30).shuffle(false).randomState(1).generate().y()).longs();
    for (int i = 1; i < sorted.length; i++) {
      assertTrue(sorted[i] >= sorted[i - 1], "without shuffle the rows come centre by centre");
    }
    boolean mixed = false;
    for (int i = 1; i < y.length && !mixed; i++) {
      mixed = y[i] < y[i - 1];
    }
    assertTrue(mixed, "with shuffle they come mixed");
  }

  @Test
  void regressionIsItsLinearModel() {
    double bias = 3.5;
    Dataset d = new MakeRegression().nSamples(300).nFeatures(9).nInformative(4).bias(bias).coef(true).randomState(8)
        .chunkRows(64L).generate();
    NDArray x = run(d.x());
    double[] y = run(d.y()).doubles();
    double[] coef = run(d.extra()).doubles();
    for (int r = 0; r < 300; r++) {
      double v = 0;
      for (int j = 0; j < 9; j++) {
        v += x.getDouble(r * 9 + j) * coef[j];
      }
      assertEquals(v + bias, y[r], 0.0, "row " + r + ": y = X coef + bias exactly without noise");
    }
    assertEquals(4, java.util.Arrays.stream(coef).filter(v -> v != 0).count());
    assertTrue(java.util.Arrays.stream(coef).allMatch(v -> v >= 0 && v < 100), "coefficients are uniform on [0, 100)");
    double[] plain = run(new MakeRegression().nSamples(10).nFeatures(9).nInformative(4).shuffle(false).coef(true)
        .randomState(8).generate().extra()).doubles();
    for (int j = 0; j < 9; j++) {
      assertEquals(j < 4, plain[j] != 0, "without shuffle the informative features come first");
    }
    Dataset noisy = new MakeRegression().nSamples(4000).nFeatures(5).noise(2).coef(true).randomState(8).generate();
    NDArray xn = run(noisy.x());
    double[] yn = run(noisy.y()).doubles();
    double[] cn = run(noisy.extra()).doubles();
    double ss = 0;
    for (int r = 0; r < 4000; r++) {
      double v = 0;
      for (int j = 0; j < 5; j++) {
        v += xn.getDouble(r * 5 + j) * cn[j];
      }
      ss += (yn[r] - v) * (yn[r] - v);
    }
    assertEquals(2, Math.sqrt(ss / 4000), 0.1, "the noise's standard deviation");
  }

  @Test
  void badParametersGetClearErrors() {
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "must sum to less than", () -> new MakeClassification()
        .nFeatures(3).generate());
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "must be smaller or equal 2**n_informative", () ->
        new MakeClassification().nClasses(5).generate());
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "incompatible with number of classes", () ->
        new MakeClassification().weights(List.of(0.1, 0.2, 0.3, 0.4)).generate());
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "'flipY' parameter of make_classification", () ->
        new MakeClassification().flipY(2).generate());
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "not consistent with number of centers", () -> new MakeBlobs()
        .nSamples(List.of(3, 4)).centers(new double[][] {{0, 0}}).generate());
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "effective_rank", () -> new MakeRegression().effectiveRank(3)
        .generate());
  }
}
