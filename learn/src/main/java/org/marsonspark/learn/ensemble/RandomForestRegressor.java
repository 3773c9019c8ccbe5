package org.marsonspark.learn.ensemble;

import java.util.Map;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.interop.MllibTrees;

/**
 * sklearn's {@code RandomForestRegressor}, trained by Spark MLlib's distributed random forest
 * ({@link TreeEnsemble}): {@code nEstimators} trees on bootstrap samples, each trying
 * {@code maxFeatures} features per split (1.0: all); {@code criterion} 'squared_error' or
 * 'friedman_mse' (the same splits: MLlib's variance); {@code sampleWeight}; one target.
 * {@code predict} is the mean of the trees.
 *
 * <p>Deviations: as {@link RandomForestClassifier}'s; 'absolute_error' and 'poisson' criteria
 * and a multi-output y are refused.
 */
public final class RandomForestRegressor extends EnsembleRegressor<RandomForestRegressor>
    implements ForestParams<RandomForestRegressor> {
  static final ParamSpec SPEC = TreeParams.common(TreeParams.forest("RandomForestRegressor", "squared_error",
      "squared_error", "absolute_error", "friedman_mse", "poisson"), null, 1.0);

  public RandomForestRegressor() {
    this(SPEC.defaults());
  }

  private RandomForestRegressor(Params params) {
    super(params);
  }

  @Override
  protected RandomForestRegressor copy(Params params) {
    return new RandomForestRegressor(params);
  }

  @Override
  MllibTrees.Learner learner() {
    return MllibTrees.Learner.RANDOM_FOREST_REGRESSOR;
  }

  @Override
  void learnerParams(long n, Map<String, Object> out) {
    TreeParams.forest(params(), name(), n, out);
    out.put("impurity", TreeParams.translate(params(), name(), "criterion", "impurity", "squared_error", "variance",
        "friedman_mse", "variance"));
  }
}
