package org.marsonspark.learn.xgboost;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import ml.dmlc.xgboost4j.scala.spark.XGBoostClassificationModel;
import ml.dmlc.xgboost4j.scala.spark.XGBoostClassifier;
import ml.dmlc.xgboost4j.scala.spark.XGBoostRegressionModel;
import ml.dmlc.xgboost4j.scala.spark.XGBoostRegressor;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.LearnFixtures;
import org.marsonspark.learn.LearnFixtures.Case;
import org.marsonspark.learn.LearnFixtures.Layout;
import org.marsonspark.learn.interop.SparkML;
import org.marsonspark.learn.modelselection.GridSearchCV;
import org.marsonspark.learn.modelselection.KFold;
import org.marsonspark.learn.modelselection.LocalRows;
import org.marsonspark.learn.modelselection.ParameterGrid;
import org.marsonspark.learn.modelselection.Scorer;
import org.marsonspark.learn.modelselection.Split;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * XGBClassifier/XGBRegressor are xgboost4j's: the distributed fit predicts what xgboost4j-spark
 * run directly on the same Dataset predicts (on two chunkings), the in-task fit what the
 * distributed fit on one worker predicts (to float rounding), and bad input is a clear error.
 */
class XGB_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  static final List<Layout> CHUNKINGS = List.of(new Layout("whole", 0, false), new Layout("rows=70, cols=1", 70,
      true));

  private static Case data(String name) {
    return LearnFixtures.load("ensemble").stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
  }

  private static double[] fetch(Tensor t) {
    return t.execute().fetch().toDoubleArray();
  }

  /** A transformed Dataset's double column, or its vector column flattened. */
  private static double[] column(Dataset<Row> out, String name) {
    List<Double> v = new ArrayList<>();
    for (Row r : out.select(name).collectAsList()) {
      Object o = r.get(0);
      if (o instanceof Vector vec) {
        for (double d : vec.toArray()) {
          v.add(d);
        }
      } else {
        v.add(((Number) o).doubleValue());
      }
    }
    return v.stream().mapToDouble(Double::doubleValue).toArray();
  }

  @Test
  void theDistributedClassifierIsXgboost4jSparks() {
    Case c = data("forest_3_classes");
    for (Layout l : CHUNKINGS) {
      Tensor x = l.tensor(c.input("X"));
      Tensor y = l.tensor(c.input("y"));
      XGBClassifier ours = new XGBClassifier().nEstimators(8).maxDepth(4).learningRate(0.5).numWorkers(2)
          .randomState(3).fit(x, y);
      Dataset<Row> ds = SparkML.toDataset(x, y);
      XGBoostClassifier direct = new XGBoostClassifier();
      direct.setNumRound(8);
      direct.setMaxDepth(4);
      direct.setEta(0.5);
      direct.setNumWorkers(2);
      direct.setSeed(3);
      direct.setObjective("multi:softprob");
      direct.setNumClass(3);
      direct.setTreeMethod("hist");
      XGBoostClassificationModel model = direct.fit(ds);
      Dataset<Row> out = model.transform(ds);
      assertArrayEquals(column(out, "prediction"), fetch(ours.predict(x)), 0.0, l + " predict");
      assertArrayEquals(column(out, "probability"), fetch(ours.predictProba(x)), 1e-7, l + " predictProba");
      assertEquals(3, ours.nClasses_());
      double[] importances = fetch(ours.featureImportances_());
      assertEquals(1.0, java.util.Arrays.stream(importances).sum(), 1e-12);
    }
  }

  @Test
  void theDistributedRegressorIsXgboost4jSparksAndTheInTaskFitAgrees() {
    Case c = data("forest_regression");
    NDArray xa = c.input("X");
    NDArray ya = c.input("y");
    XGBRegressor params = new XGBRegressor().nEstimators(10).maxDepth(3).subsample(1.0).randomState(1)
        .numWorkers(1);
    XGBLocalModel local = params.fitLocal(xa, ya, null);
    for (Layout l : CHUNKINGS) {
      Tensor x = l.tensor(xa);
      Tensor y = l.tensor(ya);
      XGBRegressor ours = params.fit(x, y);
      Dataset<Row> ds = SparkML.toDataset(x, y);
      XGBoostRegressor direct = new XGBoostRegressor();
      direct.setNumRound(10);
      direct.setMaxDepth(3);
      direct.setNumWorkers(1);
      direct.setSeed(1);
      XGBoostRegressionModel model = direct.fit(ds);
      double[] predicted = fetch(ours.predict(x));
      assertArrayEquals(column(model.transform(ds), "prediction"), predicted, 1e-6, l + " predict");
      assertArrayEquals(local.predict(xa).toDoubleArray(), predicted, 1e-5, l + ": the in-task fit agrees");
    }
    XGBRegressor adopted = params.fromLocal(local);
    assertArrayEquals(local.predict(xa).toDoubleArray(), fetch(adopted.predict(Mt.tensor(xa))), 0.0);
    assertEquals(adopted.score(Mt.tensor(xa), Mt.tensor(ya)).execute().fetch().getDouble(), local.score(xa, ya), 1e-9);
  }

  @Test
  void theInTaskClassifierKeepsItsLabelsAndBecomesAFittedEstimator() {
    Case c = data("boosting_binary");
    NDArray xa = c.input("X");
    double[] labels = c.input("y").toDoubleArray();
    for (int i = 0; i < labels.length; i++) {
      labels[i] = labels[i] == 0 ? 5 : 7; // any labels, encoded as 0, 1 for XGBoost
    }
    NDArray ya = NDArray.of(labels);
    XGBClassifier est = new XGBClassifier().nEstimators(10).maxDepth(3);
    XGBLocalModel local = est.fitLocal(xa, ya, null);
    assertArrayEquals(new double[] {5, 7}, local.classes(), 0.0);
    assertTrue(local.score(xa, ya) > 0.9, "training accuracy " + local.score(xa, ya));
    XGBClassifier fitted = est.fromLocal(local);
    assertArrayEquals(local.predict(xa).toDoubleArray(), fetch(fitted.predict(Mt.tensor(xa))), 0.0);
    assertArrayEquals(local.predictProba(xa).toDoubleArray(), fetch(fitted.predictProba(Mt.tensor(xa))), 0.0);
    assertTrue(!est.isFitted(), "fitLocal leaves the estimator as it was");
  }

  @Test
  void gridSearchFitsEachCandidateInATaskAsASerialLoopOfInTaskFits() {
    Case c = data("forest_3_classes");
    NDArray xa = c.input("X");
    NDArray ya = c.input("y");
    Tensor x = Mt.tensor(xa);
    Tensor y = Mt.tensor(ya);
    List<Map<String, List<?>>> grid = List.of(Map.of("maxDepth", List.of(2, 4), "learningRate", List.of(0.3, 1.0)));
    XGBClassifier base = new XGBClassifier().nEstimators(5).randomState(0);
    KFold cv = new KFold(3, true, 5);
    GridSearchCV search = new GridSearchCV(base, grid).cv(cv).scoring("accuracy").refit(false).fit(x, y);
    assertTrue(search.spawnedFits_(), "XGBClassifier fits inside a task");
    List<Split> splits = cv.split(x);
    Scorer accuracy = Scorer.of("accuracy");
    int candidate = 0;
    double best = Double.NEGATIVE_INFINITY;
    for (Map<String, Object> params : new ParameterGrid(grid)) {
      double sum = 0;
      for (int f = 0; f < splits.size(); f++) {
        long[] train = splits.get(f).train().execute().fetch().longs();
        long[] test = splits.get(f).test().execute().fetch().longs();
        XGBClassifier e = base.setParams(new java.util.LinkedHashMap<>(params));
        double score = accuracy.scoreLocal(e.fitLocal(LocalRows.take(xa, train), LocalRows.take(ya, train), null),
            LocalRows.take(xa, test), LocalRows.take(ya, test));
        Object got = search.cvResults_().execute().fetch().column("split" + f + "_test_score").get(candidate);
        assertEquals(score, ((Number) got).doubleValue(), 1e-12, params + " fold " + f);
        sum += score;
      }
      best = Math.max(best, sum / splits.size());
      candidate++;
    }
    assertEquals(4, candidate);
    assertEquals(best, search.bestScore_(), 1e-12);
  }

  @Test
  void badInputIsAClearErrorAndTheSessionStaysUsable() {
    Tensor x = Mt.tensor(NDArray.of(new double[] {0, 1, 2, 3, 4, 5, 6, 7}, 4, 2));
    Tensor y = Mt.tensor(NDArray.of(new double[] {0, 1, 0, 1}));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "XGBClassifier needs XGBoost, an optional dependency that is not "
        + "on the class path", () -> XgbRuntime.require("XGBClassifier", "ml.dmlc.NotThere"));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "The 'treeMethod' parameter of XGBClassifier must be a str "
        + "among {'hist', 'approx'}. Got 'exact' instead.", () -> new XGBClassifier().treeMethod("exact").fit(x, y));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "objective='reg:squarederror' does not fit two classes",
        () -> new XGBClassifier().objective("reg:squarederror").fit(x, y));
    assertError(ErrorClass.NOT_FITTED, "This XGBRegressor instance is not fitted yet",
        () -> new XGBRegressor().predict(x));
    assertError(ErrorClass.INVALID_ARGUMENT, "XGBRegressor: Input X contains infinity",
        () -> new XGBRegressor().nEstimators(2).fitLocal(NDArray.of(new double[] {1, Double.POSITIVE_INFINITY},
            2, 1), NDArray.of(new double[] {1, 2}), null));
    assertError(ErrorClass.INVALID_ARGUMENT, "XGBClassifier: Unknown label type: 'continuous'",
        () -> new XGBClassifier().fitLocal(NDArray.of(new double[] {1, 2}, 2, 1), NDArray.of(new double[] {0.5,
            1}), null));
    // NaN in X is a missing value, not an error; the session still fits
    Tensor withNaN = Mt.where(x.gt(6.5), Double.NaN, x);
    XGBRegressor fitted = new XGBRegressor().nEstimators(3).numWorkers(1).fit(withNaN, y);
    assertEquals(4, fetch(fitted.predict(withNaN)).length);
  }
}
