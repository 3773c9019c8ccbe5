package org.marsonspark.learn.ensemble;

import java.util.Map;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Constraint.Closed;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.interop.MllibTrees;

/**
 * sklearn's {@code GradientBoostingRegressor}, trained by Spark MLlib's gradient-boosted trees
 * ({@link TreeEnsemble}): {@code loss} 'squared_error' or 'absolute_error' (MLlib's squared and
 * absolute losses), the parameters and deviations of {@link GradientBoostingClassifier} (the
 * first tree fits y where sklearn starts from its mean or median; a leaf's value is the mean
 * pseudo-residual, where sklearn's absolute error takes the median); 'huber' and 'quantile' are
 * refused ({@code alpha}, used only by them, is validated as sklearn does).
 */
public final class GradientBoostingRegressor extends EnsembleRegressor<GradientBoostingRegressor>
    implements BoostingParams<GradientBoostingRegressor> {
  static final ParamSpec SPEC = TreeParams.common(TreeParams.boosting("GradientBoostingRegressor", "squared_error",
      "squared_error", "absolute_error", "huber", "quantile"), 3, null)
      .param("alpha", 0.9, Constraint.realRange(0.0, 1.0, Closed.NEITHER));

  public GradientBoostingRegressor() {
    this(SPEC.defaults());
  }

  private GradientBoostingRegressor(Params params) {
    super(params);
  }

  @Override
  protected GradientBoostingRegressor copy(Params params) {
    return new GradientBoostingRegressor(params);
  }

  /** The quantile of 'huber' and 'quantile' losses (not supported here). */
  public double alpha() {
    return param("alpha");
  }

  public GradientBoostingRegressor alpha(double a) {
    return with("alpha", a);
  }

  @Override
  MllibTrees.Learner learner() {
    return MllibTrees.Learner.GBT_REGRESSOR;
  }

  @Override
  void learnerParams(long n, Map<String, Object> out) {
    TreeParams.boosting(params(), name(), out);
    out.put("lossType", TreeParams.translate(params(), name(), "loss", "lossType", "squared_error", "squared",
        "absolute_error", "absolute"));
  }

  /** The number of trees trained ({@code n_estimators_}). */
  public int nEstimators_() {
    return trainedTrees();
  }
}
