package org.marsonspark.learn.xgboost;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * Whether XGBoost (the optional {@code ml.dmlc:xgboost4j-spark_2.13} jar) is on the class path:
 * checked before any class that touches it is loaded, so its absence is a clear error, not a
 * {@code NoClassDefFoundError}. This class itself refers to none of XGBoost's.
 */
final class XgbRuntime {
  static final String PROBE = "ml.dmlc.xgboost4j.java.XGBoost";
  static final String ARTIFACT = "ml.dmlc:xgboost4j-spark_2.13:3.1.1";

  private XgbRuntime() {}

  static void require(String estimator) {
    require(estimator, PROBE);
  }

  /** The check, with the class to look for (a test looks for one that is not there). */
  static void require(String estimator, String probe) {
    try {
      Class.forName(probe, false, XgbRuntime.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, estimator + " needs XGBoost, an optional dependency "
          + "that is not on the class path (" + probe + " was not found): add " + ARTIFACT + " (excluding its "
          + "com.esotericsoftware:kryo, which Spark's kryo-shaded replaces) to the application and to the "
          + "executors' class path (spark.jars or --packages)", e);
    }
  }
}
