package org.marsonspark.learn.base;

import org.marsonspark.core.TileableHandle;
import org.marsonspark.tensor.Tensor;

/** A transformer whose transform can be undone: {@code inverseTransform(transform(x))} ≈ x. */
public interface InvertibleTransformer<E extends InvertibleTransformer<E>> extends Transformer<E> {
  /** The data back in the original space, lazily. */
  Tensor inverseTransform(TileableHandle x);
}
