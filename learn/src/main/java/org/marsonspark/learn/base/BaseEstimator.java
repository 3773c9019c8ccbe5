package org.marsonspark.learn.base;

import java.util.LinkedHashMap;
import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

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

  @Override
  public Map<String, Object> getParams(boolean deep) {
    return new LinkedHashMap<>(params.asMap());
  }

  @Override
  public E setParams(Map<String, ?> changes) {
    return copy(params.with(changes));
  }

  @Override
  public E clone() {
    return copy(params);
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

  @Override
  public String toString() {
    return params.toString();
  }
}
