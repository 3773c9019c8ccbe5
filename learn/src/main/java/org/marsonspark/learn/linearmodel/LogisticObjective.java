package org.marsonspark.learn.linearmodel;

import org.marsonspark.learn.base.FitRows;
import org.marsonspark.learn.kernel.LogisticLoss;

/**
 * sklearn's lbfgs objective for one logistic problem, {@code Σ sw_i·loss_i + ½·λ·‖W‖²} with
 * {@code λ = 1/C} (0 without penalty; the intercepts are not penalised), and its gradient: each
 * evaluation is one {@link LogisticLoss} aggregate over the rows — over held row blocks one
 * Spark job, whose merged partial (the loss and the gradient, {@code outputs·dof + 1} numbers) is
 * all that comes back; over local rows in a task, one pass in place.
 */
final class LogisticObjective implements Lbfgs.Objective {
  private final FitRows rows;
  private final int features;
  private final boolean weighted;
  private final int outputs;
  private final boolean intercept;
  private final int positive;
  private final double[] classWeight;
  private final double lambda;

  /** {@code rows}: X ({@code features} columns), the class index per row, then the sample weights if {@code weighted}. */
  LogisticObjective(FitRows rows, int features, boolean weighted, int outputs, boolean intercept, int positive,
      double[] classWeight, double lambda) {
    this.rows = rows;
    this.features = features;
    this.weighted = weighted;
    this.outputs = outputs;
    this.intercept = intercept;
    this.positive = positive;
    this.classWeight = classWeight;
    this.lambda = lambda;
  }

  int dof() {
    return features + (intercept ? 1 : 0);
  }

  @Override
  public double evaluate(double[] coef, double[] grad) {
    LogisticLoss fn = new LogisticLoss(features, outputs, intercept, coef.clone(), positive, classWeight,
        weighted);
    double[] p = rows.evaluate(fn, 1 + coef.length).doubles();
    double f = p[0];
    int dof = dof();
    for (int i = 0; i < coef.length; i++) {
      grad[i] = p[1 + i];
      if (i % dof < features) {
        f += 0.5 * lambda * coef[i] * coef[i];
        grad[i] += lambda * coef[i];
      }
    }
    return f;
  }
}
