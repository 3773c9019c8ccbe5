package org.marsonspark.learn.base;

import org.marsonspark.core.TileableHandle;
import org.marsonspark.tensor.Tensor;

/** An estimator that predicts a target: classifiers, regressors, clusterers. */
public interface Predictor<E extends Predictor<E>> extends Estimator<E> {
  /** One prediction per row of {@code x}, lazily. */
  Tensor predict(TileableHandle x);

  /**
   * The estimator's default score of its predictions on {@code x} against {@code y} (accuracy for
   * classifiers, R² for regressors), a lazy 0-d tensor.
   */
  default Tensor score(TileableHandle x, TileableHandle y) {
    return score(x, y, null);
  }

  Tensor score(TileableHandle x, TileableHandle y, TileableHandle sampleWeight);
}
