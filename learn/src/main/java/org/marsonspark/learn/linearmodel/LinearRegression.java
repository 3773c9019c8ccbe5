package org.marsonspark.learn.linearmodel;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code LinearRegression}: ordinary least squares, solved as scipy's {@code lstsq}
 * (gelsd) solves it — through the SVD, giving the minimum-norm solution when X is rank-deficient.
 * The SVD is of the small R factor of the centred data, computed in one pass by a TSQR tree over
 * the row chunks, never of X itself; its singular values are X's: {@code singular_}, and
 * {@code rank_} counts those kept.
 *
 * <p>Deviations: singular values at most {@code max(n_samples, n_features)·eps·s_max} count as
 * zero (numpy's {@code matrix_rank} tolerance), where gelsd cuts at {@code eps·s_max}: on an
 * exactly rank-deficient X the merges' rounding leaves the zero singular values at a few
 * {@code eps·s_max}, which gelsd's cut-off would count as rank. {@code positive=true}
 * (non-negative least squares) is not supported and raises;
 * {@code copyX} and {@code nJobs} are left out (tensors are never modified in place; Spark decides
 * the parallelism); the fit is in float64 whatever X's float type.
 */
public final class LinearRegression extends LeastSquaresRegressor<LinearRegression> {
  static final ParamSpec SPEC = ParamSpec.of("LinearRegression")
      .param("fitIntercept", true, Constraint.bool())
      .param("positive", false, Constraint.bool());

  private int rank;
  private double[] singular;

  public LinearRegression() {
    this(SPEC.defaults());
  }

  private LinearRegression(Params params) {
    super(params);
  }

  @Override
  protected LinearRegression copy(Params params) {
    return new LinearRegression(params);
  }

  public LinearRegression fitIntercept(boolean on) {
    return with("fitIntercept", on);
  }

  public boolean positive() {
    return param("positive");
  }

  public LinearRegression positive(boolean on) {
    return with("positive", on);
  }

  @Override
  void checkParams() {
    if (positive()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "LinearRegression: positive=true (non-negative "
          + "least squares) is not supported; use positive=false");
    }
  }

  @Override
  double[][] solve(CentredFactor factor, long samples) {
    int d = factor.features();
    FactorSvd svd = FactorSvd.of(factor.rxx(), d);
    int k = (int) Math.min(samples, d);
    singular = java.util.Arrays.copyOf(svd.s(), k);
    // numpy's matrix_rank tolerance: the TSQR's rounding leaves an exact zero at a few eps·s_max
    double cut = k == 0 ? 0 : Math.ulp(1.0) * Math.max(samples, d) * singular[0];
    rank = 0;
    for (double s : singular) {
      rank += s > cut ? 1 : 0;
    }
    return svd.solve(factor.rxy(), factor.targets(), (j, s) -> s > cut ? 1 / s : 0);
  }

  /** The rank of X after centring and weighting ({@code rank_}). */
  public int rank_() {
    requireFitted();
    return rank;
  }

  /** The singular values of X after centring and weighting, descending ({@code singular_}). */
  public Tensor singular_() {
    requireFitted();
    return Mt.tensor(NDArray.of(singular.clone()));
  }
}
