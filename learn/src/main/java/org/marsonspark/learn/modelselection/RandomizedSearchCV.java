package org.marsonspark.learn.modelselection;

import java.util.List;
import java.util.Map;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Constraint.Closed;
import org.marsonspark.learn.base.Estimator;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;

/**
 * sklearn's {@code RandomizedSearchCV}: {@code nIter} (10) settings drawn from
 * {@code paramDistributions} by a {@link ParameterSampler} seeded with {@code randomState}, each
 * fitted on every fold and scored; see {@link BaseSearchCV} for the rest.
 */
public final class RandomizedSearchCV extends BaseSearchCV<RandomizedSearchCV> {
  static final ParamSpec SPEC = common(ParamSpec.of("RandomizedSearchCV")
      .param("estimator", null, Constraint.instanceOf(Estimator.class, "an estimator"))
      .param("paramDistributions", null, Constraint.anyOf(Constraint.instanceOf(Map.class, "a dict"),
          Constraint.instanceOf(List.class, "a list")))
      .param("nIter", 10, Constraint.intRange(1L, null, Closed.LEFT))
      .param("randomState", null, Constraint.anyOf(Constraint.intRange(0L, (1L << 32) - 1, Closed.BOTH),
          Constraint.none())));

  /** A search of {@code paramDistributions}: a {@code Map<String, ?>} of lists and {@link Distribution}s, or a list of them. */
  public RandomizedSearchCV(Estimator<?> estimator, Object paramDistributions) {
    this(SPEC.defaults().with("estimator", estimator).with("paramDistributions", paramDistributions));
  }

  private RandomizedSearchCV(Params params) {
    super(params);
  }

  @Override
  protected RandomizedSearchCV copy(Params params) {
    return new RandomizedSearchCV(params);
  }

  public Object paramDistributions() {
    return param("paramDistributions");
  }

  public int nIter() {
    return param("nIter");
  }

  public RandomizedSearchCV nIter(int n) {
    return with("nIter", n);
  }

  public Integer randomState() {
    return param("randomState");
  }

  public RandomizedSearchCV randomState(Integer seed) {
    return with("randomState", seed);
  }

  @Override
  protected List<Map<String, Object>> candidates() {
    return new ParameterSampler(paramDistributions(), nIter(), randomState()).samples();
  }
}
