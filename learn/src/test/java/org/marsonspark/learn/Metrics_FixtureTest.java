package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.learn.LearnFixtures.Case;
import org.marsonspark.learn.LearnFixtures.Layout;
import org.marsonspark.learn.metrics.Metrics;
import org.marsonspark.learn.metrics.ScoreOptions;
import org.marsonspark.learn.metrics.pairwise.Pairwise;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Tensor;

/** sklearn.metrics and sklearn.metrics.pairwise against scikit-learn 1.2's results, on every layout. */
class Metrics_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static final Map<String, BiConsumer<Case, Layout>> RUNNERS = Map.ofEntries(
      Map.entry("precision_recall_fscore_support", Metrics_FixtureTest::prf),
      Map.entry("accuracy_score", Metrics_FixtureTest::accuracy),
      Map.entry("confusion_matrix", Metrics_FixtureTest::confusion),
      Map.entry("classification_report", Metrics_FixtureTest::report),
      Map.entry("roc_curve", Metrics_FixtureTest::rocCurve),
      Map.entry("roc_auc_score", Metrics_FixtureTest::rocAuc),
      Map.entry("log_loss", Metrics_FixtureTest::logLoss),
      Map.entry("mean_squared_error", Metrics_FixtureTest::regression),
      Map.entry("mean_absolute_error", Metrics_FixtureTest::regression),
      Map.entry("r2_score", Metrics_FixtureTest::regression),
      Map.entry("euclidean_distances", Metrics_FixtureTest::pairwise),
      Map.entry("cosine_similarity", Metrics_FixtureTest::pairwise),
      Map.entry("cosine_distances", Metrics_FixtureTest::pairwise),
      Map.entry("manhattan_distances", Metrics_FixtureTest::pairwise),
      Map.entry("rbf_kernel", Metrics_FixtureTest::pairwise),
      Map.entry("pairwise_distances_argmin_min", Metrics_FixtureTest::argminMin));

  @TestFactory
  List<DynamicTest> metrics() {
    return LearnFixtures.tests("metrics", RUNNERS);
  }

  private static Tensor input(Case c, Layout l, String key) {
    return c.hasInput(key) ? l.tensor(c.input(key)) : null;
  }

  private static double[] doubles(JsonNode node) {
    if (node == null || node.isNull()) {
      return null;
    }
    double[] v = new double[node.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = node.get(i).asDouble();
    }
    return v;
  }

  private static String text(JsonNode node) {
    return node == null || node.isNull() ? null : node.asText();
  }

  private static Object zeroDivision(JsonNode node) {
    return node.isTextual() ? node.asText() : (Object) node.asDouble();
  }

  private static ScoreOptions options(Case c, Layout l) {
    JsonNode p = c.params();
    ScoreOptions o = ScoreOptions.defaults().sampleWeight(input(c, l, "sample_weight"))
        .zeroDivision(zeroDivision(p.get("zeroDivision"))).labels(doubles(p.get("labels")));
    if (p.has("average")) {
      o = o.average(text(p.get("average")));
    }
    if (p.has("posLabel")) {
      o = o.posLabel(p.get("posLabel").asDouble());
    }
    return o;
  }

  private static void close(Case c, String key, Tensor actual, double rtol) {
    LearnAssert.assertClose(c.expected(key), actual.execute().fetch().astype(DType.FLOAT64), rtol, 1e-14,
        c + " " + key);
  }

  private static void prf(Case c, Layout l) {
    Tensor[] r = Metrics.precisionRecallFscoreSupport(input(c, l, "y_true"), input(c, l, "y_pred"),
        c.params().get("beta").asDouble(), options(c, l));
    close(c, "precision", r[0], 1e-12);
    close(c, "recall", r[1], 1e-12);
    close(c, "fscore", r[2], 1e-12);
    if (c.hasExpected("support")) {
      close(c, "support", r[3], 0);
    } else {
      assertEquals(null, r[3], c + ": no support when averaged");
    }
  }

  private static void accuracy(Case c, Layout l) {
    Tensor v = Metrics.accuracyScore(input(c, l, "y_true"), input(c, l, "y_pred"), c.params().get("normalize")
        .asBoolean(), input(c, l, "sample_weight"));
    close(c, "value", v, 1e-12);
  }

  private static void confusion(Case c, Layout l) {
    Tensor cm = Metrics.confusionMatrix(input(c, l, "y_true"), input(c, l, "y_pred"), doubles(c.params()
        .get("labels")), input(c, l, "sample_weight"), text(c.params().get("normalize")));
    assertEquals(c.expected().get("dtype").asText(), cm.dtype().toString(), c + " dtype");
    close(c, "matrix", cm, 1e-12);
  }

  private static void report(Case c, Layout l) {
    JsonNode p = c.params();
    ScoreOptions o = options(c, l);
    List<String> names = null;
    if (p.has("targetNames")) {
      names = new ArrayList<>();
      for (JsonNode n : p.get("targetNames")) {
        names.add(n.asText());
      }
    }
    String text = Metrics.classificationReport(input(c, l, "y_true"), input(c, l, "y_pred"), o, names,
        p.get("digits").asInt());
    assertEquals(c.expected().get("text").asText(), text, c + " text");
    Map<String, Object> dict = Metrics.classificationReportDict(input(c, l, "y_true"), input(c, l, "y_pred"), o,
        names);
    JsonNode expected = c.expected().get("dict");
    assertEquals(expected.size(), dict.size(), c + " dict rows " + dict.keySet());
    Iterator<Map.Entry<String, JsonNode>> rows = expected.fields();
    Iterator<Map.Entry<String, Object>> actual = dict.entrySet().iterator();
    while (rows.hasNext()) {
      Map.Entry<String, JsonNode> e = rows.next();
      Map.Entry<String, Object> a = actual.next();
      assertEquals(e.getKey(), a.getKey(), c + " dict order");
      if (e.getValue().isNumber()) {
        assertEquals(e.getValue().asDouble(), (Double) a.getValue(), 1e-12, c + " " + e.getKey());
        continue;
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> scores = (Map<String, Object>) a.getValue();
      e.getValue().fields().forEachRemaining(s -> {
        Object v = scores.get(s.getKey());
        assertTrue(s.getValue().isIntegralNumber() == v instanceof Long, c + " " + e.getKey() + "/" + s.getKey()
            + " type " + v.getClass());
        assertEquals(s.getValue().asDouble(), ((Number) v).doubleValue(), 1e-12, c + " " + e.getKey() + "/"
            + s.getKey());
      });
    }
  }

  private static void rocCurve(Case c, Layout l) {
    JsonNode p = c.params();
    Double pos = p.get("posLabel").isNull() ? null : p.get("posLabel").asDouble();
    Tensor[] r = Metrics.rocCurve(input(c, l, "y_true"), input(c, l, "y_score"), pos, input(c, l, "sample_weight"),
        p.get("dropIntermediate").asBoolean());
    close(c, "fpr", r[0], 1e-12);
    close(c, "tpr", r[1], 1e-12);
    close(c, "thresholds", r[2], 0);
  }

  private static void rocAuc(Case c, Layout l) {
    JsonNode p = c.params();
    Tensor auc = Metrics.rocAucScore(input(c, l, "y_true"), input(c, l, "y_score"), text(p.get("average")),
        input(c, l, "sample_weight"), p.get("multiClass").asText(), doubles(p.get("labels")));
    close(c, "auc", auc, 1e-12);
  }

  private static void logLoss(Case c, Layout l) {
    JsonNode p = c.params();
    Double eps = p.get("eps").isNull() ? null : p.get("eps").asDouble();
    Tensor loss = Metrics.logLoss(input(c, l, "y_true"), input(c, l, "y_pred"), eps, p.get("normalize").asBoolean(),
        input(c, l, "sample_weight"), doubles(p.get("labels")));
    close(c, "loss", loss, 1e-12);
  }

  private static void regression(Case c, Layout l) {
    JsonNode p = c.params();
    Object multioutput = p.has("outputWeights") ? doubles(p.get("outputWeights")) : p.get("multioutput").asText();
    Tensor yt = input(c, l, "y_true");
    Tensor yp = input(c, l, "y_pred");
    Tensor w = input(c, l, "sample_weight");
    Tensor v = switch (c.estimator()) {
      case "mean_squared_error" -> Metrics.meanSquaredError(yt, yp, w, multioutput, !p.has("squared")
          || p.get("squared").asBoolean());
      case "mean_absolute_error" -> Metrics.meanAbsoluteError(yt, yp, w, multioutput);
      default -> Metrics.r2Score(yt, yp, w, multioutput);
    };
    close(c, "value", v, 1e-12);
  }

  private static void pairwise(Case c, Layout l) {
    Tensor x = input(c, l, "X");
    Tensor y = input(c, l, "Y");
    JsonNode p = c.params();
    Tensor v = switch (c.estimator()) {
      case "euclidean_distances" -> Pairwise.euclideanDistances(x, y, p.get("squared").asBoolean());
      case "cosine_similarity" -> Pairwise.cosineSimilarity(x, y);
      case "cosine_distances" -> Pairwise.cosineDistances(x, y);
      case "manhattan_distances" -> Pairwise.manhattanDistances(x, y);
      default -> Pairwise.rbfKernel(x, y, p.get("gamma").isNull() ? null : p.get("gamma").asDouble());
    };
    LearnAssert.assertClose(c.expected("value"), v.execute().fetch(), 1e-10, 1e-12, c + " value");
  }

  private static void argminMin(Case c, Layout l) {
    Tensor[] r = Pairwise.pairwiseDistancesArgminMin(input(c, l, "X"), input(c, l, "Y"), c.params().get("axis")
        .asInt(), c.params().get("metric").asText());
    close(c, "indices", r[0], 0);
    LearnAssert.assertClose(c.expected("values"), r[1].execute().fetch(), 1e-10, 1e-12, c + " values");
  }

}
