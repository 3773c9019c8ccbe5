package org.marsonspark.learn.xgboost;

import org.marsonspark.learn.ops.BlockMap;
import org.marsonspark.tensor.NDArray;

/**
 * XGBoost's predictions of each row block, on the executor holding it: a regression's values,
 * a classifier's class probabilities ({@code [1 − p, p]} for two classes, as xgboost4j-spark) or
 * the position of its most probable class (the first on ties, as xgboost4j-spark's argmax).
 */
record XgbRows(XgbBooster booster, Output output, int classes) implements BlockMap.Fn {
  /** What each row gives. */
  enum Output { VALUE, PROBABILITIES, CLASS }

  @Override
  public NDArray apply(NDArray[] blocks) {
    float[][] p = booster.predict(blocks[0]);
    int n = p.length;
    if (output == Output.VALUE) {
      double[] out = new double[n];
      for (int r = 0; r < n; r++) {
        out[r] = p[r][0];
      }
      return NDArray.of(out);
    }
    double[] proba = new double[n * classes];
    for (int r = 0; r < n; r++) {
      if (classes == 2) {
        proba[2 * r] = 1.0 - p[r][0];
        proba[2 * r + 1] = p[r][0];
      } else {
        for (int c = 0; c < classes; c++) {
          proba[r * classes + c] = p[r][c];
        }
      }
    }
    if (output == Output.PROBABILITIES) {
      return NDArray.of(proba, n, classes);
    }
    double[] best = new double[n];
    for (int r = 0; r < n; r++) {
      int arg = 0;
      for (int c = 1; c < classes; c++) {
        arg = proba[r * classes + c] > proba[r * classes + arg] ? c : arg;
      }
      best[r] = arg;
    }
    return NDArray.of(best);
  }

  @Override
  public String name() {
    return "Xgb" + output;
  }
}
