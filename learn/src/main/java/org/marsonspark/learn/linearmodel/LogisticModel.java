package org.marsonspark.learn.linearmodel;

import org.marsonspark.learn.base.LocalModel;
import org.marsonspark.tensor.NDArray;

/**
 * A {@link LogisticRegression} fitted inside one task: its decision function, probabilities and
 * classes for local rows, computed as the estimator's lazy predictions are.
 *
 * @param coef one row per output (1 for two classes): the coefficients, then the intercept when fitted
 */
record LogisticModel(double[][] coef, double[] classes, boolean multinomial, boolean intercept, int features)
    implements LocalModel {

  @Override
  public NDArray decisionFunction(NDArray x) {
    double[] z = scores(x);
    int rows = (int) x.shape(0);
    return coef.length == 1 ? NDArray.of(z, rows) : NDArray.of(z, rows, coef.length);
  }

  /** Row-major (n, outputs) scores {@code x·coefᵀ + b}. */
  private double[] scores(NDArray x) {
    double[] bias = new double[coef.length];
    for (int c = 0; c < bias.length; c++) {
      bias[c] = intercept ? coef[c][features] : 0;
    }
    return LinearScores.of(x, features, coef, bias);
  }

  @Override
  public NDArray predictProba(NDArray x) {
    double[] z = scores(x);
    int n = (int) x.shape(0);
    int k = classes.length;
    double[] p = new double[n * k];
    for (int i = 0; i < n; i++) {
      if (coef.length == 1) {
        double d = z[i];
        double p1 = multinomial ? softmaxSecond(d) : expit(d);
        p[i * 2] = 1 - p1;
        p[i * 2 + 1] = p1;
      } else if (multinomial) {
        double max = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < k; c++) {
          max = Math.max(max, z[i * k + c]);
        }
        double sum = 0;
        for (int c = 0; c < k; c++) {
          p[i * k + c] = Math.exp(z[i * k + c] - max);
          sum += p[i * k + c];
        }
        for (int c = 0; c < k; c++) {
          p[i * k + c] /= sum;
        }
      } else {
        double sum = 0;
        for (int c = 0; c < k; c++) {
          p[i * k + c] = expit(z[i * k + c]);
          sum += p[i * k + c];
        }
        for (int c = 0; c < k; c++) {
          p[i * k + c] /= sum;
        }
      }
    }
    return NDArray.of(p, n, k);
  }

  @Override
  public NDArray predict(NDArray x) {
    double[] z = scores(x);
    int n = (int) x.shape(0);
    int k = coef.length;
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      int best = 0;
      if (k == 1) {
        best = z[i] > 0 ? 1 : 0;
      } else {
        for (int c = 1; c < k; c++) {
          if (z[i * k + c] > z[i * k + best]) {
            best = c;
          }
        }
      }
      out[i] = classes[best];
    }
    return NDArray.of(out);
  }

  @Override
  public double[] classes() {
    return classes.clone();
  }

  @Override
  public boolean hasDecisionFunction() {
    return true;
  }

  @Override
  public boolean hasPredictProba() {
    return true;
  }

  private static double expit(double z) {
    return 1 / (1 + Math.exp(-z));
  }

  /** The second class's share of the softmax of {@code [−d, d]}. */
  private static double softmaxSecond(double d) {
    double m = Math.max(-d, d);
    double a = Math.exp(-d - m);
    double b = Math.exp(d - m);
    return b / (a + b);
  }
}
