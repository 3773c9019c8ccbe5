package org.marsonspark.learn.base;

import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.metrics.Metrics;
import org.marsonspark.tensor.Tensor;

/** A predictor of class labels; its score is the accuracy. */
public interface Classifier<E extends Classifier<E>> extends Predictor<E> {
  /** The class labels seen in {@code fit}, sorted (sklearn's {@code classes_}). */
  Tensor classes_();

  /** Per row, the probability of each class in {@link #classes_()} order, lazily. */
  Tensor predictProba(TileableHandle x);

  /** The mean accuracy of {@code predict(x)} against {@code y}. */
  @Override
  default Tensor score(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    return Metrics.accuracyScore(y, predict(x), true, sampleWeight);
  }
}
