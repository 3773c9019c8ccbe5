package org.marsonspark.learn.base;

import org.marsonspark.core.TileableHandle;
import org.marsonspark.tensor.Tensor;

/** An estimator that groups rows into clusters (sklearn's {@code ClusterMixin}). */
public interface Clusterer<E extends Clusterer<E>> extends Estimator<E> {
  /** The cluster of each training row. */
  Tensor labels_();

  /** Fits on {@code x} and returns the cluster of each of its rows. */
  default Tensor fitPredict(TileableHandle x) {
    return fit(x).labels_();
  }
}
