package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.ml.PredictionModel;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.learn.LearnFixtures.Case;
import org.marsonspark.learn.LearnFixtures.Layout;
import org.marsonspark.learn.ensemble.GradientBoostingClassifier;
import org.marsonspark.learn.ensemble.GradientBoostingRegressor;
import org.marsonspark.learn.ensemble.RandomForestClassifier;
import org.marsonspark.learn.ensemble.RandomForestRegressor;
import org.marsonspark.learn.interop.SparkML;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.Tensor;

/**
 * Our tree ensembles are MLlib's: the same predictions, probabilities and feature importances as
 * MLlib's own learner run directly (with the parameters written out here, in MLlib's names) on the
 * same Dataset, on several chunkings; where MLlib draws nothing at random (boosting without
 * subsampling), the same predictions whatever the chunking.
 */
class Ensemble_MllibTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  /** Whole, and uneven row chunks with one-column chunks. */
  static final List<Layout> CHUNKINGS = List.of(new Layout("whole", 0, false), new Layout("rows=70, cols=1", 70,
      true));

  private static Case data(String name) {
    return LearnFixtures.load("ensemble").stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
  }

  /** MLlib's transform of the Dataset of (x, y): per row its prediction, then its probabilities when asked. */
  private static double[][] mllib(PredictionModel<Vector, ?> model, Dataset<Row> ds, boolean probabilities) {
    List<Row> rows = model.transform(ds).select(probabilities ? new org.apache.spark.sql.Column[] {
        org.apache.spark.sql.functions.col("prediction"), org.apache.spark.sql.functions.col("probability")}
        : new org.apache.spark.sql.Column[] {org.apache.spark.sql.functions.col("prediction")}).collectAsList();
    double[] prediction = new double[rows.size()];
    List<Double> proba = new ArrayList<>();
    for (int r = 0; r < rows.size(); r++) {
      prediction[r] = rows.get(r).getDouble(0);
      if (probabilities) {
        for (double p : ((Vector) rows.get(r).get(1)).toArray()) {
          proba.add(p);
        }
      }
    }
    return new double[][] {prediction, proba.stream().mapToDouble(Double::doubleValue).toArray()};
  }

  private static double[] fetch(Tensor t) {
    return t.execute().fetch().toDoubleArray();
  }

  @Test
  void randomForestClassifierIsMllibsForest() {
    Case c = data("forest_3_classes");
    for (Layout l : CHUNKINGS) {
      Tensor x = l.tensor(c.input("X"));
      Tensor y = l.tensor(c.input("y"));
      RandomForestClassifier ours = new RandomForestClassifier().nEstimators(8).maxDepth(5).randomState(7)
          .fit(x, y);
      Dataset<Row> ds = SparkML.toDataset(x, y);
      var model = new org.apache.spark.ml.classification.RandomForestClassifier().setNumTrees(8).setMaxDepth(5)
          .setSeed(7).setImpurity("gini").setFeatureSubsetStrategy("2") // sklearn's 'sqrt': ⌊√6⌋
          .setBootstrap(true).setMinInstancesPerNode(1).setMaxBins(32).fit(ds);
      double[][] expected = mllib(model, ds, true);
      assertArrayEquals(expected[0], fetch(ours.predict(x)), 0.0, l + " predict");
      assertArrayEquals(expected[1], fetch(ours.predictProba(x)), 1e-15, l + " predictProba");
      assertArrayEquals(model.featureImportances().toArray(), fetch(ours.featureImportances_()), 1e-15, l + "");
      assertEquals(3, ours.nClasses_());
      assertArrayEquals(new double[] {0, 1, 2}, fetch(ours.classes_()), 0.0);
    }
  }

  @Test
  void randomForestRegressorIsMllibsForest() {
    Case c = data("forest_regression");
    for (Layout l : CHUNKINGS) {
      Tensor x = l.tensor(c.input("X"));
      Tensor y = l.tensor(c.input("y"));
      RandomForestRegressor ours = new RandomForestRegressor().nEstimators(6).maxDepth(6).maxFeatures(0.5)
          .minSamplesLeaf(2).randomState(3).fit(x, y);
      Dataset<Row> ds = SparkML.toDataset(x, y);
      var model = new org.apache.spark.ml.regression.RandomForestRegressor().setNumTrees(6).setMaxDepth(6)
          .setSeed(3).setImpurity("variance").setFeatureSubsetStrategy("3").setMinInstancesPerNode(2).fit(ds);
      assertArrayEquals(mllib(model, ds, false)[0], fetch(ours.predict(x)), 1e-12, l + " predict");
      assertArrayEquals(model.featureImportances().toArray(), fetch(ours.featureImportances_()), 1e-15, l + "");
    }
  }

  @Test
  void gradientBoostingIsMllibsGbtAndDoesNotDependOnTheChunking() {
    Case c = data("boosting_binary");
    double[] first = null;
    for (Layout l : List.of(CHUNKINGS.get(0), CHUNKINGS.get(1), new Layout("rows=80", 80, false))) {
      Tensor x = l.tensor(c.input("X"));
      Tensor y = l.tensor(c.input("y"));
      GradientBoostingClassifier ours = new GradientBoostingClassifier().nEstimators(6).learningRate(0.3)
          .randomState(1).fit(x, y);
      Dataset<Row> ds = SparkML.toDataset(x, y);
      var model = new org.apache.spark.ml.classification.GBTClassifier().setMaxIter(6).setStepSize(0.3)
          .setMaxDepth(3).setSeed(1).setLossType("logistic").fit(ds);
      double[][] expected = mllib(model, ds, true);
      double[] predicted = fetch(ours.predict(x));
      assertArrayEquals(expected[0], predicted, 0.0, l + " predict");
      assertArrayEquals(expected[1], fetch(ours.predictProba(x)), 1e-15, l + " predictProba");
      assertEquals(6, ours.nEstimators_());
      if (first == null) {
        first = predicted;
      }
      assertArrayEquals(first, predicted, 0.0, l + ": boosting draws nothing at random, the chunking changes nothing");
    }
  }

  @Test
  void gradientBoostingRegressorIsMllibsGbt() {
    Case c = data("boosting_regression");
    for (Layout l : CHUNKINGS) {
      Tensor x = l.tensor(c.input("X"));
      Tensor y = l.tensor(c.input("y"));
      GradientBoostingRegressor ours = new GradientBoostingRegressor().nEstimators(6).loss("absolute_error")
          .subsample(0.8).randomState(5).fit(x, y);
      Dataset<Row> ds = SparkML.toDataset(x, y);
      var model = new org.apache.spark.ml.regression.GBTRegressor().setMaxIter(6).setStepSize(0.1).setMaxDepth(3)
          .setSubsamplingRate(0.8).setSeed(5).setLossType("absolute").fit(ds);
      assertArrayEquals(mllib(model, ds, false)[0], fetch(ours.predict(x)), 1e-12, l + " predict");
      assertArrayEquals(model.featureImportances().toArray(), fetch(ours.featureImportances_()), 1e-15, l + "");
    }
  }
}
