package org.marsonspark.learn.ensemble;

import java.util.Collections;
import org.marsonspark.learn.base.Estimator;

/** The parameters of gradient boosting: getters and copy-setters under sklearn's names. */
public interface BoostingParams<E extends Estimator<E>> extends Estimator<E> {
  default String loss() {
    return (String) getParams(false).get("loss");
  }

  default E loss(String l) {
    return setParams(Collections.singletonMap("loss", l));
  }

  /** The shrinkage of each tree (MLlib's step size, in (0, 1]). */
  default double learningRate() {
    return (Double) getParams(false).get("learningRate");
  }

  default E learningRate(double r) {
    return setParams(Collections.singletonMap("learningRate", r));
  }

  /** The fraction of the rows each tree trains on, drawn without replacement. */
  default double subsample() {
    return (Double) getParams(false).get("subsample");
  }

  default E subsample(double f) {
    return setParams(Collections.singletonMap("subsample", f));
  }

  /** Only null (MLlib's start: its first tree fits the target). */
  default Object init() {
    return getParams(false).get("init");
  }

  default E init(Object i) {
    return setParams(Collections.singletonMap("init", i));
  }

  /** Used by early stopping only, which MLlib's rule does not match: validated, then unused as in sklearn without it. */
  default double validationFraction() {
    return (Double) getParams(false).get("validationFraction");
  }

  default E validationFraction(double f) {
    return setParams(Collections.singletonMap("validationFraction", f));
  }

  /** Early stopping: only null. */
  default Integer nIterNoChange() {
    return (Integer) getParams(false).get("nIterNoChange");
  }

  default E nIterNoChange(Integer n) {
    return setParams(Collections.singletonMap("nIterNoChange", n));
  }

  /** Used by early stopping only (see {@link #validationFraction}). */
  default double tol() {
    return (Double) getParams(false).get("tol");
  }

  default E tol(double t) {
    return setParams(Collections.singletonMap("tol", t));
  }
}
