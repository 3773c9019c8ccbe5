package org.marsonspark.tensor;

import org.marsonspark.core.TileableData;

/** The tileable behind a {@link Tensor}: shape, dtype and, once tiled, chunks. */
public final class TensorData extends TileableData {
  private final DType dtype;

  public TensorData(long[] shape, DType dtype) {
    super(shape);
    this.dtype = dtype;
  }

  public DType dtype() {
    return dtype;
  }

  @Override
  public String toString() {
    return "Tensor#" + id() + org.marsonspark.core.Shapes.toString(shape()) + " " + dtype;
  }
}
