package org.marsonspark.learn.ensemble;

import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.interop.MllibTrees;
import org.marsonspark.learn.linearmodel.ClassLabels;
import org.marsonspark.learn.linearmodel.ClassWeights;

/**
 * sklearn's {@code RandomForestClassifier}, trained by Spark MLlib's distributed random forest
 * ({@link TreeEnsemble}): {@code nEstimators} trees, each on a bootstrap sample, trying
 * {@code maxFeatures} features per split (sklearn's count: {@code 'sqrt'} is
 * {@code max(1, ⌊√d⌋)}); {@code criterion} 'gini' or 'entropy' ('log_loss' is sklearn's other
 * name for it); {@code classWeight} null, 'balanced' or a map, applied as row weights;
 * {@code sampleWeight}. {@code predictProba} is the mean of the trees' class frequencies.
 *
 * <p>Deviations (MLlib's learner): {@code maxDepth=None} grows to 30 levels (MLlib's limit), and
 * deeper is refused; splits are chosen among {@code maxBins} quantile bins per feature (32);
 * the bootstrap draws Poisson counts; {@code minSamplesSplit} is honoured only where
 * {@code minSamplesLeaf} implies it ({@code ≤ 2·minSamplesLeaf}); {@code maxLeafNodes},
 * {@code minImpurityDecrease} > 0, {@code ccpAlpha} > 0, {@code oobScore=true} and
 * {@code classWeight='balanced_subsample'} are refused. {@code nJobs}, {@code verbose} and
 * {@code warmStart} are left out (the fit runs on the cluster's cores).
 */
public final class RandomForestClassifier extends EnsembleClassifier<RandomForestClassifier>
    implements ForestParams<RandomForestClassifier> {
  static final ParamSpec SPEC = TreeParams.common(TreeParams.forest("RandomForestClassifier", "gini", "gini",
      "entropy", "log_loss"), null, "sqrt")
      .param("classWeight", null, Constraint.anyOf(Constraint.instanceOf(Map.class, "an instance of 'dict'"),
          Constraint.options("balanced", "balanced_subsample"), Constraint.none()));

  public RandomForestClassifier() {
    this(SPEC.defaults());
  }

  private RandomForestClassifier(Params params) {
    super(params);
  }

  @Override
  protected RandomForestClassifier copy(Params params) {
    return new RandomForestClassifier(params);
  }

  /** null, "balanced" or a {@code Map} from labels to weights. */
  public Object classWeight() {
    return param("classWeight");
  }

  public RandomForestClassifier classWeight(Object cw) {
    return with("classWeight", cw);
  }

  @Override
  MllibTrees.Learner learner() {
    return MllibTrees.Learner.RANDOM_FOREST_CLASSIFIER;
  }

  @Override
  void learnerParams(long n, Map<String, Object> out) {
    TreeParams.forest(params(), name(), n, out);
    out.put("impurity", TreeParams.translate(params(), name(), "criterion", "impurity", "gini", "gini", "entropy",
        "entropy", "log_loss", "entropy"));
  }

  @Override
  double[] classWeights(ClassLabels labels) {
    if ("balanced_subsample".equals(classWeight())) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, name() + ": classWeight='balanced_subsample' is not "
          + "supported (MLlib draws the bootstrap samples itself); use 'balanced', a map or None");
    }
    return classWeight() == null ? null : ClassWeights.of(classWeight(), labels);
  }
}
