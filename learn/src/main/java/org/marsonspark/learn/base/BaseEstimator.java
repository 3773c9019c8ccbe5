package org.marsonspark.learn.base;

import java.util.LinkedHashMap;
import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.tensor.Tensor;

/**
 * The base of every estimator: immutable hyper-parameters ({@link Params}, declared by the
 * subclass's {@link ParamSpec}), copy-setters, {@code getParams}/{@code setParams}/{@code clone},
 * and the checks sklearn's estimators make — parameters validated when {@code fit} starts, a clear
 * error when a fitted attribute is read before {@code fit}, and the number (and names) of features
 * seen in {@code fit} checked again at predict time.
 *
 * <p>A subclass declares its parameters, a constructor taking {@link Params}, {@link #copy}, typed
 * getters ({@code param("nClusters")}) and copy-setters ({@code with("nClusters", k)}); its
 * {@code fit} calls {@link #startFit} first and {@link #fitted} last.
 */
public abstract class BaseEstimator<E extends BaseEstimator<E>> implements Estimator<E> {
  private final Params params;
  private Features.Info seen;

  protected BaseEstimator(Params params) {
    this.params = params;
  }

  /** A new, unfitted estimator of this class with the given parameters. */
  protected abstract E copy(Params params);

  public final Params params() {
    return params;
  }

  @Override
  public String name() {
    return params.spec().estimator();
  }

  /** A parameter's value, typed by the caller. */
  @SuppressWarnings("unchecked")
  protected final <T> T param(String name) {
    return (T) params.get(name);
  }

  /** A new, unfitted estimator with one parameter changed. */
  protected final E with(String name, Object value) {
    return copy(params.with(name, value));
  }

  /** The parameters; with {@code deep}, those of estimator-valued parameters too, as {@code name__param}. */
  @Override
  public Map<String, Object> getParams(boolean deep) {
    return deep ? NestedParams.deep(params.asMap()) : new LinkedHashMap<>(params.asMap());
  }

  /** A new, unfitted estimator with these parameters; {@code name__param} changes an estimator-valued parameter's own. */
  @Override
  public E setParams(Map<String, ?> changes) {
    NestedParams.Changes split = NestedParams.split(changes);
    Map<String, Object> all = new LinkedHashMap<>(split.own());
    split.nested().forEach((name, inner) -> {
      Object value = all.containsKey(name) ? all.get(name) : params.get(name);
      if (!(value instanceof Estimator<?> e)) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Invalid parameter '" + name + "__"
            + inner.keySet().iterator().next() + "' for estimator " + name() + ": '" + name + "' is not an "
            + "estimator.");
      }
      all.put(name, e.setParams(inner));
    });
    return copy(params.with(all));
  }

  /** A new, unfitted estimator with the same parameters; estimator-valued parameters are cloned too (sklearn's {@code clone}). */
  @Override
  public E clone() {
    Map<String, Object> cloned = new LinkedHashMap<>();
    params.asMap().forEach((name, value) -> {
      if (value instanceof Estimator<?> e) {
        cloned.put(name, e.clone());
      }
    });
    return copy(params.with(cloned));
  }

  @Override
  public boolean isFitted() {
    return seen != null;
  }

  /** Validates the parameters (sklearn 1.2 does it at the start of {@code fit}) and forgets any earlier fit. */
  protected final void startFit() {
    params.validate();
    seen = null;
  }

  /**
   * For an estimator whose sklearn {@code fit} takes no {@code sample_weight}: a weight given is
   * refused (sklearn raises a TypeError), never silently dropped. Call it first in {@code fit}.
   */
  protected final void refuseSampleWeight(org.marsonspark.core.TileableHandle sampleWeight) {
    if (sampleWeight != null) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, name() + ".fit does not take sampleWeight (sklearn's "
          + name() + ".fit has no sample_weight); fit it without weights");
    }
  }

  /** Records what {@code fit} saw; from now on the estimator is fitted. */
  protected final void fitted(Features.Info info) {
    this.seen = info;
  }

  /** sklearn's {@code NotFittedError} when {@code fit} has not run. */
  protected final void requireFitted() {
    if (seen == null) {
      throw new MarsException(ErrorClass.NOT_FITTED, "This " + name() + " instance is not fitted yet. Call 'fit' "
          + "with appropriate arguments before using this estimator.");
    }
  }

  /** The number of features seen in {@code fit} ({@code n_features_in_}). */
  public int nFeaturesIn_() {
    requireFitted();
    return seen.nFeatures();
  }

  /** The column names of the DataFrame given to {@code fit}, or null for a tensor ({@code feature_names_in_}). */
  public java.util.List<String> featureNamesIn_() {
    requireFitted();
    return seen.names();
  }

  /** {@code x} as features, checked against what {@code fit} saw: sklearn's checks at predict time. */
  protected final Features checkFeatures(org.marsonspark.core.TileableHandle x) {
    requireFitted();
    Features f = Features.of(x, name());
    seen.check(f, name());
    return f;
  }

  /**
   * X at predict or transform time as sklearn's {@code validate_data(X, reset=False)} takes it:
   * its features checked now ({@link #checkFeatures}), its values when the lazy result runs — NaN
   * or infinity fails the task with sklearn's message, NaN passing with {@code allowNaN} (the
   * estimators whose sklearn transform uses {@code force_all_finite="allow-nan"}).
   */
  protected final Tensor checkInput(org.marsonspark.core.TileableHandle x, boolean allowNaN) {
    return Blocks.finite(checkFeatures(x).x(), name(), allowNaN);
  }

  /**
   * sklearn's checks at predict time for an X that is not all numeric (encoders): its number of
   * columns and, for a DataFrame, their names ({@code null} for a tensor).
   */
  protected final void checkColumns(int n, java.util.List<String> names) {
    requireFitted();
    seen.check(n, names, name());
  }

  @Override
  public String toString() {
    return params.toString();
  }
}
