package org.marsonspark.learn.ensemble;

import java.util.Collections;
import org.marsonspark.learn.base.Estimator;

/** The bagging parameters of a random forest: getters and copy-setters under sklearn's names. */
public interface ForestParams<E extends Estimator<E>> extends Estimator<E> {
  /** Whether each tree trains on a bootstrap sample (MLlib's Poisson resampling) rather than every row. */
  default boolean bootstrap() {
    return (Boolean) getParams(false).get("bootstrap");
  }

  default E bootstrap(boolean on) {
    return setParams(Collections.singletonMap("bootstrap", on));
  }

  /** Out-of-bag scoring: only false (MLlib keeps no out-of-bag predictions). */
  default boolean oobScore() {
    return (Boolean) getParams(false).get("oobScore");
  }

  default E oobScore(boolean on) {
    return setParams(Collections.singletonMap("oobScore", on));
  }

  /** The rows each bootstrap sample draws: null (all), an int count or a float fraction. */
  default Number maxSamples() {
    return (Number) getParams(false).get("maxSamples");
  }

  default E maxSamples(Number m) {
    return setParams(Collections.singletonMap("maxSamples", m));
  }
}
