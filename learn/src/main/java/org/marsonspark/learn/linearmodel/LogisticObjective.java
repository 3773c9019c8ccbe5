package org.marsonspark.learn.linearmodel;

import java.util.List;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.kernel.LogisticLoss;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's lbfgs objective for one logistic problem, {@code Σ sw_i·loss_i + ½·λ·‖W‖²} with
 * {@code λ = 1/C} (0 without penalty; the intercepts are not penalised), and its gradient: each
 * evaluation is one {@link LogisticLoss} aggregate over the held row blocks — one Spark job,
 * whose merged partial (the loss and the gradient, {@code outputs·dof + 1} numbers) is all that
 * comes back.
 */
final class LogisticObjective implements Lbfgs.Objective {
  private final List<Tensor> inputs;
  private final int features;
  private final int outputs;
  private final boolean intercept;
  private final int positive;
  private final double[] classWeight;
  private final double lambda;

  /** {@code inputs}: X, the class index per row, then the sample weights if any. */
  LogisticObjective(List<Tensor> inputs, int outputs, boolean intercept, int positive, double[] classWeight,
      double lambda) {
    this.inputs = inputs;
    this.features = Math.toIntExact(inputs.get(0).shape(1));
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
        inputs.size() > 2);
    double[] p = Blocks.evaluate(inputs, fn, 1 + coef.length).doubles();
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
