package org.marsonspark.learn.xgboost;

import java.util.Map;
import ml.dmlc.xgboost4j.java.XGBoostError;
import ml.dmlc.xgboost4j.scala.spark.XGBoostClassifier;
import ml.dmlc.xgboost4j.scala.spark.XGBoostModel;
import ml.dmlc.xgboost4j.scala.spark.XGBoostRegressor;
import org.apache.spark.ml.Predictor;
import org.apache.spark.ml.param.ParamMap;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.interop.SparkML;

/**
 * The distributed fit: xgboost4j-spark's estimator on a held Dataset ({@code features},
 * {@code label}, {@code weight} when given), trained in barrier mode — its workers start together
 * as one barrier stage and exchange histograms through XGBoost's tracker — and its booster kept.
 */
final class XgbSpark {
  private XgbSpark() {}

  /** xgboost4j-spark's fit with its parameters (its names and types, {@link XgbParams#sparkParams}). */
  static XgbBooster fit(boolean classifier, Map<String, Object> params, SparkML.Held data, float missing) {
    Predictor<?, ?, ?> estimator = classifier ? new XGBoostClassifier() : new XGBoostRegressor();
    ParamMap map = new ParamMap();
    params.forEach((name, value) -> map.put(estimator.getParam(name), value));
    XGBoostModel model = (XGBoostModel) estimator.fit(data.dataset(), map);
    try {
      return new XgbBooster(model.nativeBooster().toByteArray(), missing);
    } catch (XGBoostError e) {
      throw new MarsException(ErrorClass.TASK_FAILED, "XGBoost: the trained model could not be read: "
          + e.getMessage(), e);
    }
  }
}
