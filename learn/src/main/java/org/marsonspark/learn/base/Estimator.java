package org.marsonspark.learn.base;

import java.util.Map;
import org.marsonspark.core.TileableHandle;

/**
 * What every estimator has, as in scikit-learn: hyper-parameters under sklearn's names (in
 * lowerCamelCase: {@code n_clusters} is {@code nClusters}), a {@code fit} that learns from data
 * and returns the estimator itself, and fitted attributes under sklearn's names with its trailing
 * underscore ({@code cluster_centers_} is {@code clusterCenters_()}).
 *
 * <p>Hyper-parameters are immutable: each setter returns a new, unfitted estimator. {@code fit}
 * runs Spark jobs over the data's chunks and sets this estimator's fitted state; what it returns
 * afterwards — {@code predict}, {@code transform}, {@code score} — is lazy (a tensor that runs on
 * {@code execute()}).
 *
 * <p>{@code X} is a 2-D {@code Tensor} or a numeric {@code DataFrame} (its column names become
 * the feature names); {@code y} and {@code sampleWeight} a 1-D {@code Tensor} or a {@code Series}.
 * An estimator that learns without {@code y} ignores it, as sklearn's do.
 *
 * @param <E> the estimator's own type, which the fluent methods return
 */
public interface Estimator<E extends Estimator<E>> {
  /** Learns from the data; returns this estimator, fitted. */
  E fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight);

  default E fit(TileableHandle x) {
    return fit(x, null, null);
  }

  default E fit(TileableHandle x, TileableHandle y) {
    return fit(x, y, null);
  }

  /** The hyper-parameters by name, with those of nested estimators as {@code step__param}. */
  default Map<String, Object> getParams() {
    return getParams(true);
  }

  /** The hyper-parameters by name; with {@code deep}, also nested estimators' as {@code step__param}. */
  Map<String, Object> getParams(boolean deep);

  /** A new, unfitted estimator with these hyper-parameters changed (nested ones as {@code step__param}). */
  E setParams(Map<String, ?> params);

  /** A new, unfitted estimator with the same hyper-parameters (sklearn's {@code clone}). */
  E clone();

  /** Whether {@code fit} has run. */
  boolean isFitted();

  /** The estimator's class name as sklearn spells it ({@code KMeans}). */
  String name();
}
