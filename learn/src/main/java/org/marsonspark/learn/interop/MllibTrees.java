package org.marsonspark.learn.interop;

import java.util.Map;
import java.util.function.Supplier;
import org.apache.spark.ml.PredictionModel;
import org.apache.spark.ml.Predictor;
import org.apache.spark.ml.classification.GBTClassificationModel;
import org.apache.spark.ml.classification.GBTClassifier;
import org.apache.spark.ml.classification.ProbabilisticClassificationModel;
import org.apache.spark.ml.classification.RandomForestClassificationModel;
import org.apache.spark.ml.classification.RandomForestClassifier;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.regression.GBTRegressionModel;
import org.apache.spark.ml.regression.GBTRegressor;
import org.apache.spark.ml.regression.RandomForestRegressionModel;
import org.apache.spark.ml.regression.RandomForestRegressor;
import org.apache.spark.ml.tree.TreeEnsembleModel;
import org.marsonspark.learn.ops.BlockMap;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/**
 * Spark MLlib's distributed tree learners (random forests, gradient-boosted trees) on a
 * {@link SparkML.Held} Dataset, and their fitted models as row-block functions: the model travels
 * inside the {@link BlockMap.Fn} to the executors and predicts each row block where it is held,
 * so predictions come back as tensors without the data leaving the executors. MLlib's
 * {@code predict} and {@code predictProbability} per row are what its {@code transform} computes.
 */
public final class MllibTrees {
  private MllibTrees() {}

  /** An MLlib tree learner. */
  public enum Learner {
    RANDOM_FOREST_CLASSIFIER(RandomForestClassifier::new),
    RANDOM_FOREST_REGRESSOR(RandomForestRegressor::new),
    GBT_CLASSIFIER(GBTClassifier::new),
    GBT_REGRESSOR(GBTRegressor::new);

    private final Supplier<Predictor<Vector, ?, ?>> create;

    Learner(Supplier<Predictor<Vector, ?, ?>> create) {
      this.create = create;
    }
  }

  /**
   * Trains {@code learner} with the given MLlib parameters (MLlib's names: {@code numTrees},
   * {@code maxDepth}, {@code seed}…) on the held Dataset's {@code features} and {@code label}
   * columns (and {@code weightCol} when given): one MLlib fit, its Spark jobs reading the held chunks.
   */
  public static Model fit(Learner learner, Map<String, Object> params, SparkML.Held data) {
    Predictor<Vector, ?, ?> estimator = learner.create.get();
    ParamMap map = new ParamMap();
    params.forEach((name, value) -> map.put(estimator.getParam(name), value));
    return new Model((PredictionModel<Vector, ?>) estimator.fit(data.dataset(), map));
  }

  /** A fitted MLlib tree ensemble. */
  public static final class Model {
    private final PredictionModel<Vector, ?> model;

    Model(PredictionModel<Vector, ?> model) {
      this.model = model;
    }

    /** The normalised impurity-based importance of each feature (MLlib's {@code featureImportances}). */
    public double[] featureImportances() {
      return featureImportances(model);
    }

    /** The number of trees. */
    public int trees() {
      return ((TreeEnsembleModel<?>) model).trees().length;
    }

    /** The MLlib model itself. */
    public PredictionModel<Vector, ?> mllib() {
      return model;
    }

    /** Per row block, MLlib's prediction of each row: a class index or a value (1-D float64). */
    public BlockMap.Fn predictions() {
      return new Predictions(model, false);
    }

    /** Per row block, MLlib's class probabilities of each row ({@code rows × classes} float64). */
    public BlockMap.Fn probabilities() {
      return new Predictions(model, true);
    }

    private static double[] featureImportances(PredictionModel<Vector, ?> m) {
      Vector v;
      if (m instanceof RandomForestClassificationModel r) {
        v = r.featureImportances();
      } else if (m instanceof RandomForestRegressionModel r) {
        v = r.featureImportances();
      } else if (m instanceof GBTClassificationModel g) {
        v = g.featureImportances();
      } else {
        v = ((GBTRegressionModel) m).featureImportances();
      }
      return v.toArray();
    }
  }

  /** An MLlib model's prediction (or class probabilities) of each row of a block. */
  record Predictions(PredictionModel<Vector, ?> model, boolean probability) implements BlockMap.Fn {
    @Override
    public NDArray apply(NDArray[] blocks) {
      NDArray x = blocks[0];
      int n = (int) x.shape(0);
      int d = (int) x.shape(1);
      double[] v = x.astype(DType.FLOAT64).doubles();
      if (!probability) {
        double[] out = new double[n];
        for (int r = 0; r < n; r++) {
          out[r] = model.predict(row(v, r, d));
        }
        return NDArray.of(out);
      }
      ProbabilisticClassificationModel<Vector, ?> p = (ProbabilisticClassificationModel<Vector, ?>) model;
      int k = p.numClasses();
      double[] out = new double[n * k];
      for (int r = 0; r < n; r++) {
        System.arraycopy(p.predictProbability(row(v, r, d)).toArray(), 0, out, r * k, k);
      }
      return NDArray.of(out, n, k);
    }

    private static Vector row(double[] v, int r, int d) {
      return Vectors.dense(java.util.Arrays.copyOfRange(v, r * d, (r + 1) * d));
    }

    @Override
    public String name() {
      return probability ? "MllibProbabilities" : "MllibPredictions";
    }
  }
}
