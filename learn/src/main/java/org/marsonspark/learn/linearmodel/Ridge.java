package org.marsonspark.learn.linearmodel;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Constraint.Closed;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.tensor.kernel.Lapack;

/**
 * sklearn's {@code Ridge}: least squares with the penalty {@code alpha·‖w‖²} (the intercept is
 * not penalised), from the R factor of the centred data (one pass, a TSQR tree). The solvers are
 * exact: {@code 'svd'} (and {@code 'auto'}) shrink through the SVD of R,
 * {@code coef = V·diag(s/(s² + α))·Urᵀ·Qᵀy} with singular values at most 1e-15 dropped, as
 * sklearn's {@code _solve_svd}; {@code 'cholesky'} solves the normal equations
 * {@code (RᵀR + α·I)·w = RᵀQᵀy} by Cholesky and, as sklearn, falls back to the SVD when they are
 * singular. sklearn's {@code 'auto'} picks Cholesky for dense X: the answers agree to rounding.
 * {@code alpha} is one float or one per target ({@code double[]}).
 *
 * <p>Deviations: the iterative solvers ({@code 'lsqr'}, {@code 'sparse_cg'}, {@code 'sag'},
 * {@code 'saga'}, {@code 'lbfgs'}) and {@code positive=true} raise; their {@code maxIter},
 * {@code tol} and {@code randomState} are left out, as are {@code copyX}; negative sample weights
 * are refused (sklearn takes their square root and returns NaN); {@code nIter_()} is null, as
 * sklearn's for the exact solvers.
 */
public final class Ridge extends LeastSquaresRegressor<Ridge> {
  static final ParamSpec SPEC = ParamSpec.of("Ridge")
      .param("alpha", 1.0, Constraint.anyOf(Constraint.realRange(0.0, null, Closed.LEFT),
          Constraint.instanceOf(double[].class, "an array of floats")))
      .param("fitIntercept", true, Constraint.bool())
      .param("solver", "auto", Constraint.options("auto", "svd", "cholesky", "lsqr", "sparse_cg", "sag", "saga",
          "lbfgs"))
      .param("positive", false, Constraint.bool());

  public Ridge() {
    this(SPEC.defaults());
  }

  private Ridge(Params params) {
    super(params);
  }

  @Override
  protected Ridge copy(Params params) {
    return new Ridge(params);
  }

  /** The penalty: a Double, or a double[] with one per target. */
  public Object alpha() {
    return param("alpha");
  }

  public Ridge alpha(double a) {
    return with("alpha", a);
  }

  /** One penalty per target. */
  public Ridge alpha(double[] perTarget) {
    return with("alpha", perTarget.clone());
  }

  public Ridge fitIntercept(boolean on) {
    return with("fitIntercept", on);
  }

  public String solver() {
    return param("solver");
  }

  public Ridge solver(String s) {
    return with("solver", s);
  }

  public boolean positive() {
    return param("positive");
  }

  public Ridge positive(boolean on) {
    return with("positive", on);
  }

  @Override
  void checkParams() {
    if (positive()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "Ridge: positive=true is not supported (sklearn "
          + "fits it with the iterative 'lbfgs' solver); use positive=false");
    }
    if (!java.util.List.of("auto", "svd", "cholesky").contains(solver())) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "Ridge: solver='" + solver() + "' is not "
          + "supported; the exact solvers 'auto', 'svd' and 'cholesky' are (they give the same coefficients)");
    }
    if (alpha() instanceof double[] a) {
      for (double v : a) {
        if (!(v >= 0)) {
          throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Ridge: every alpha must be >= 0, got "
              + java.util.Arrays.toString(a));
        }
      }
    }
  }

  @Override
  double[][] solve(CentredFactor factor, long samples) {
    double[] alphas = alphas(factor.targets());
    if (solver().equals("cholesky")) {
      double[][] coef = normalEquations(factor, alphas);
      if (coef != null) {
        return coef;
      }
    }
    FactorSvd svd = FactorSvd.of(factor.rxx(), factor.features());
    return svd.solve(factor.rxy(), factor.targets(), (j, s) -> s > 1e-15 ? s / (s * s + alphas[j]) : 0);
  }

  private double[] alphas(int targets) {
    if (alpha() instanceof double[] a) {
      if (a.length != 1 && a.length != targets) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, "Number of targets and number of penalties do not "
            + "correspond: " + a.length + " != " + targets);
      }
      double[] out = new double[targets];
      java.util.Arrays.fill(out, a[0]);
      return a.length == 1 ? out : a.clone();
    }
    double[] out = new double[targets];
    java.util.Arrays.fill(out, ((Number) alpha()).doubleValue());
    return out;
  }

  /** {@code (RᵀR + α·I)·w = Rᵀ·Qᵀy} per target by Cholesky; null when not positive definite. */
  private static double[][] normalEquations(CentredFactor factor, double[] alphas) {
    int d = factor.features();
    int t = factor.targets();
    double[] r = factor.rxx();
    double[] qty = factor.rxy();
    double[] gram = new double[d * d];
    double[] rhs = new double[d * t];
    for (int i = 0; i < d; i++) {
      for (int k = 0; k < d; k++) {
        double rki = r[k * d + i];
        if (rki == 0) {
          continue;
        }
        for (int j = 0; j < d; j++) {
          gram[i * d + j] += rki * r[k * d + j];
        }
        for (int j = 0; j < t; j++) {
          rhs[i * t + j] += rki * qty[k * t + j];
        }
      }
    }
    double[][] coef = new double[t][d];
    for (int j = 0; j < t; j++) {
      double[] a = gram.clone();
      for (int i = 0; i < d; i++) {
        a[i * d + i] += alphas[j];
      }
      double[] l;
      try {
        l = Lapack.cholesky(a, d);
      } catch (MarsException notPositiveDefinite) {
        return null;
      }
      double[] b = new double[d];
      for (int i = 0; i < d; i++) {
        b[i] = rhs[i * t + j];
      }
      coef[j] = choleskySolve(l, b, d);
    }
    return coef;
  }

  /** Solves {@code L·Lᵀ·x = b} by forward and back substitution. */
  private static double[] choleskySolve(double[] l, double[] b, int d) {
    double[] z = new double[d];
    for (int i = 0; i < d; i++) {
      double v = b[i];
      for (int k = 0; k < i; k++) {
        v -= l[i * d + k] * z[k];
      }
      z[i] = v / l[i * d + i];
    }
    double[] x = new double[d];
    for (int i = d - 1; i >= 0; i--) {
      double v = z[i];
      for (int k = i + 1; k < d; k++) {
        v -= l[k * d + i] * x[k];
      }
      x[i] = v / l[i * d + i];
    }
    return x;
  }

  /** Iterations of the solver: none for the exact solvers, as sklearn's {@code n_iter_} (None). */
  public Integer nIter_() {
    requireFitted();
    return null;
  }
}
