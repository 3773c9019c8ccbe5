package org.marsonspark.learn.kernel;

import dev.ludovic.netlib.blas.BLAS;
import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.kernel.Blas;

/**
 * The logistic loss of one row block and its gradient, as sklearn's {@code LinearModelLoss}
 * computes them for lbfgs (without the penalty, which the driver adds): per row the weighted
 * {@code HalfBinomialLoss} {@code log(1 + e^z) − y·z} of {@code z = x·w + b} ({@code outputs = 1};
 * y is 1 for the {@code positive} class, else 0), or the {@code HalfMultinomialLoss}
 * {@code logsumexp(z) − z_y} of {@code z = W·x + b} ({@code outputs} = the number of classes).
 * Rows are taken {@link #STEP} at a time: the raw predictions by one GEMV/GEMM, the gradient
 * {@code Xᵀ·(sw·(p − y))} by another while the rows are still in cache.
 *
 * <p>{@code coef} is {@code outputs × dof} row-major (dof = features, plus one for the
 * intercept, last). A row's weight is its sample weight (when {@code weighted}) times
 * {@code classWeight} of its class. Inputs: X, the class index of each row, the sample weights.
 * The partial is {@code [loss, gradient (outputs × dof)]}, summed by the merge.
 */
public record LogisticLoss(int features, int outputs, boolean intercept, double[] coef, int positive,
    double[] classWeight, boolean weighted) implements BlockAggregate.Fn {
  static final int STEP = 512;

  private int dof() {
    return features + (intercept ? 1 : 0);
  }

  @Override
  public NDArray map(NDArray[] blocks) {
    int d = features;
    int k = outputs;
    int dof = dof();
    double[] x = blocks[0].astype(DType.FLOAT64).doubles();
    double[] y = blocks[1].astype(DType.FLOAT64).doubles();
    double[] w = weighted ? blocks[2].astype(DType.FLOAT64).doubles() : null;
    int rows = (int) blocks[0].shape(0);
    double[] out = new double[1 + k * dof];
    double[] z = new double[STEP * k];
    double[] r = new double[STEP * k];
    BLAS blas = Blas.get();
    double loss = 0;
    for (int start = 0; start < rows; start += STEP) {
      int b = Math.min(STEP, rows - start);
      int off = start * d;
      if (d > 0 && k == 1) {
        // binary: z = X_b·w, row-major X_b being column-major X_bᵀ (d×b)
        blas.dgemv("T", d, b, 1.0, x, off, d, coef, 0, 1, 0.0, z, 0, 1);
      } else if (d > 0) {
        // row-major X_b (b×d) is column-major (d×b): Z (b×k) = X_b·Wᵀ is column-major Zᵀ = Wᵀᵀ... = W·X_bᵀ
        blas.dgemm("T", "N", k, b, d, 1.0, coef, 0, dof, x, off, d, 0.0, z, 0, k);
      } else {
        java.util.Arrays.fill(z, 0, b * k, 0.0);
      }
      for (int i = 0; i < b; i++) {
        int row = start + i;
        int cls = (int) y[row];
        double sw = (w == null ? 1 : w[row]) * classWeight[cls];
        loss += k == 1 ? binary(z, r, i, cls == positive ? 1 : 0, sw) : multinomial(z, r, i, k, cls, sw);
      }
      if (d > 0 && k == 1) {
        // g += X_bᵀ·r
        blas.dgemv("N", d, b, 1.0, x, off, d, r, 0, 1, 1.0, out, 1, 1);
      } else if (d > 0) {
        // G (k×dof, leading dimension dof) += Rᵀ·X_b, column-major (d×k) = X_bᵀ·R
        blas.dgemm("N", "T", d, k, b, 1.0, x, off, d, r, 0, k, 1.0, out, 1, dof);
      }
      if (intercept) {
        for (int i = 0; i < b; i++) {
          for (int c = 0; c < k; c++) {
            out[1 + c * dof + d] += r[i * k + c];
          }
        }
      }
    }
    out[0] = loss;
    return NDArray.of(out);
  }

  /** Row i of a binary block: the loss; {@code r[i] = sw·(expit(z) − y)}. */
  private double binary(double[] z, double[] r, int i, double yi, double sw) {
    double zi = z[i] + (intercept ? coef[features] : 0);
    // one exponential serves both: e = exp(−|z|) ∈ (0, 1]; expit(z) = 1/(1 + e) for z ≥ 0, e/(1 + e) below
    double e = Math.exp(-Math.abs(zi));
    double loss = log1p(e) + Math.max(zi, 0) - yi * zi;
    double p = zi >= 0 ? 1 / (1 + e) : e / (1 + e);
    r[i] = sw * (p - yi);
    return sw * loss;
  }

  /**
   * {@code log(1 + x)} for x in [0, 1], accurate to a few ulps without {@link Math#log1p} (a
   * native call per row on Java 17): {@code log(u)·x/(u − 1)} with {@code u = 1 + x} rounded, the
   * quotient cancelling u's rounding (Goldberg, "What every computer scientist should know about
   * floating-point arithmetic", theorem 4).
   */
  static double log1p(double x) {
    double u = 1 + x;
    return u == 1 ? x : Math.log(u) * x / (u - 1);
  }

  /** Row i of a multinomial block: the loss; {@code r[i] = sw·(softmax(z) − onehot(y))}. */
  private double multinomial(double[] z, double[] r, int i, int k, int cls, double sw) {
    int dof = dof();
    int at = i * k;
    double max = Double.NEGATIVE_INFINITY;
    for (int c = 0; c < k; c++) {
      z[at + c] += intercept ? coef[c * dof + features] : 0;
      max = Math.max(max, z[at + c]);
    }
    double sum = 0;
    for (int c = 0; c < k; c++) {
      r[at + c] = Math.exp(z[at + c] - max);
      sum += r[at + c];
    }
    double logSum = max + Math.log(sum);
    for (int c = 0; c < k; c++) {
      r[at + c] = sw * (r[at + c] / sum - (c == cls ? 1 : 0));
    }
    return sw * (logSum - z[at + cls]);
  }
}
