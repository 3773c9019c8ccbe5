package org.marsonspark.learn.base;

import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.metrics.Metrics;
import org.marsonspark.tensor.Tensor;

/** A predictor of real values; its score is R². */
public interface Regressor<E extends Regressor<E>> extends Predictor<E> {
  /** The coefficient of determination R² of {@code predict(x)} against {@code y}. */
  @Override
  default Tensor score(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    return Metrics.r2Score(y, predict(x), sampleWeight);
  }
}
