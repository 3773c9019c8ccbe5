package org.marsonspark.learn.xgboost;

import java.io.Serializable;
import java.util.Collections;
import java.util.Map;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoost;
import ml.dmlc.xgboost4j.java.XGBoostError;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/**
 * A trained XGBoost model as its serialised bytes (small: it travels inside the lazy
 * predictions to the executors, and back from a task that trained it), with what it computes on
 * local row blocks: XGBoost's training in the calling thread ({@link #train}) and its predictions
 * ({@link #predict}). The native booster is loaded once per deserialised copy.
 */
final class XgbBooster implements Serializable {
  private static final long serialVersionUID = 1L;
  private final byte[] model;
  private final float missing;
  private transient Booster booster;

  XgbBooster(byte[] model, float missing) {
    this.model = model;
    this.missing = missing;
  }

  /**
   * XGBoost's {@code XGBoost.train} on rows held here: x row-major {@code n × d} floats, one label
   * per row and optional weights (null), {@code rounds} boosting rounds with the native params.
   */
  static XgbBooster train(float[] x, int n, int d, float[] label, float[] weight, Map<String, Object> params,
      int rounds, float missing) {
    DMatrix train = null;
    try {
      train = new DMatrix(x, n, d, missing);
      train.setLabel(label);
      if (weight != null) {
        train.setWeight(weight);
      }
      Booster b = XGBoost.train(train, params, rounds, Collections.emptyMap(), null, null);
      try {
        return new XgbBooster(b.toByteArray(), missing);
      } finally {
        b.dispose();
      }
    } catch (XGBoostError e) {
      throw failed("train", e);
    } finally {
      if (train != null) {
        train.dispose();
      }
    }
  }

  /** XGBoost's prediction for each row of a block (any float dtype): {@code rows × outputs} floats. */
  float[][] predict(NDArray block) {
    int n = (int) block.shape(0);
    int d = (int) block.shape(1);
    DMatrix rows = null;
    try {
      rows = new DMatrix(block.astype(DType.FLOAT32).floats(), n, d, missing);
      return booster().predict(rows);
    } catch (XGBoostError e) {
      throw failed("predict", e);
    } finally {
      if (rows != null) {
        rows.dispose();
      }
    }
  }

  /** Each feature's mean gain per split, normalised to sum 1 (XGBoost's sklearn {@code feature_importances_}). */
  double[] featureImportances(int d) {
    String[] names = new String[d];
    for (int j = 0; j < d; j++) {
      names[j] = "f" + j;
    }
    try {
      Map<String, Double> gain = booster().getScore(names, "gain");
      double[] out = new double[d];
      double total = 0;
      for (int j = 0; j < d; j++) {
        out[j] = gain.getOrDefault(names[j], 0.0);
        total += out[j];
      }
      for (int j = 0; j < d && total > 0; j++) {
        out[j] /= total;
      }
      return out;
    } catch (XGBoostError e) {
      throw failed("feature importances", e);
    }
  }

  private synchronized Booster booster() throws XGBoostError {
    if (booster == null) {
      try {
        booster = XGBoost.loadModel(model);
      } catch (java.io.IOException e) {
        throw new XGBoostError("cannot load the model: " + e.getMessage());
      }
    }
    return booster;
  }

  private static MarsException failed(String what, XGBoostError e) {
    return new MarsException(ErrorClass.TASK_FAILED, "XGBoost " + what + " failed: " + e.getMessage(), e);
  }
}
