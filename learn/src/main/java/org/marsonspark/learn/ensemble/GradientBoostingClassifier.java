package org.marsonspark.learn.ensemble;

import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.interop.MllibTrees;
import org.marsonspark.learn.linearmodel.ClassLabels;

/**
 * sklearn's {@code GradientBoostingClassifier} for two classes, trained by Spark MLlib's
 * gradient-boosted trees ({@link TreeEnsemble}): {@code loss} 'log_loss' (or its deprecated
 * name 'deviance'; MLlib's logistic loss), {@code nEstimators} trees of depth {@code maxDepth}
 * (3), each fitted to the pseudo-residuals of the rows drawn by {@code subsample} and shrunk by
 * {@code learningRate}; {@code sampleWeight}. {@code predictProba} is MLlib's
 * {@code 1 / (1 + exp(−2F))}.
 *
 * <p>Deviations (MLlib's boosting): more than two classes are refused (MLlib's GBT is binary;
 * use {@link RandomForestClassifier} or the XGBoost classifier); the first tree fits the labels
 * (sklearn starts from the log-odds prior, so {@code init} must be null) and a leaf's value is the
 * mean pseudo-residual (sklearn takes a Newton step); {@code learningRate} must be in (0, 1];
 * 'exponential' loss, early stopping ({@code nIterNoChange}), {@code maxLeafNodes},
 * {@code minImpurityDecrease} > 0, {@code ccpAlpha} > 0 are refused; {@code maxDepth=None} is 30;
 * splits are chosen among {@code maxBins} bins. {@code warmStart}, {@code verbose} are left out.
 */
public final class GradientBoostingClassifier extends EnsembleClassifier<GradientBoostingClassifier>
    implements BoostingParams<GradientBoostingClassifier> {
  static final ParamSpec SPEC = TreeParams.common(TreeParams.boosting("GradientBoostingClassifier", "log_loss",
      "log_loss", "deviance", "exponential"), 3, null);

  public GradientBoostingClassifier() {
    this(SPEC.defaults());
  }

  private GradientBoostingClassifier(Params params) {
    super(params);
  }

  @Override
  protected GradientBoostingClassifier copy(Params params) {
    return new GradientBoostingClassifier(params);
  }

  @Override
  MllibTrees.Learner learner() {
    return MllibTrees.Learner.GBT_CLASSIFIER;
  }

  @Override
  void learnerParams(long n, Map<String, Object> out) {
    TreeParams.boosting(params(), name(), out);
    out.put("lossType", TreeParams.translate(params(), name(), "loss", "lossType", "log_loss", "logistic",
        "deviance", "logistic"));
  }

  @Override
  void checkClasses(ClassLabels labels) {
    if (labels.size() != 2) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, name() + ": y has " + labels.size() + " classes "
          + labels.labels() + "; MLlib's gradient-boosted trees classify two classes only — use "
          + "RandomForestClassifier, XGBClassifier or LogisticRegression for " + (labels.size() < 2 ? "one class"
          : "more classes"));
    }
  }

  /** The number of trees trained ({@code n_estimators_}). */
  public int nEstimators_() {
    return trainedTrees();
  }
}
