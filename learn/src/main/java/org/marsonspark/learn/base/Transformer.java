package org.marsonspark.learn.base;

import org.marsonspark.core.TileableHandle;
import org.marsonspark.tensor.Tensor;

/** An estimator that transforms data: scalers, encoders, decompositions. */
public interface Transformer<E extends Transformer<E>> extends Estimator<E> {
  /** The transformed data, lazily. */
  Tensor transform(TileableHandle x);

  /** {@code fit(x).transform(x)}; estimators may do it in fewer passes. */
  default Tensor fitTransform(TileableHandle x) {
    return fitTransform(x, null);
  }

  default Tensor fitTransform(TileableHandle x, TileableHandle y) {
    return fit(x, y).transform(x);
  }
}
