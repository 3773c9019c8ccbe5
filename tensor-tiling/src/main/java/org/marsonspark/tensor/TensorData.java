package org.marsonspark.tensor;

import org.marsonspark.core.TileableData;

/**
 * The tileable behind a {@link Tensor}: shape, dtype, whether it is sparse (2-D, its chunks
 * {@link CsrMatrix} blocks) and, once tiled, chunks.
 */
public final class TensorData extends TileableData {
  private final DType dtype;
  private final boolean sparse;

  public TensorData(long[] shape, DType dtype) {
    this(shape, dtype, false);
  }

  public TensorData(long[] shape, DType dtype, boolean sparse) {
    super(shape);
    this.dtype = dtype;
    this.sparse = sparse;
  }

  public DType dtype() {
    return dtype;
  }

  /** Whether the chunks are {@link CsrMatrix} blocks rather than {@link NDArray}s. */
  public boolean isSparse() {
    return sparse;
  }

  /** What tiling records as the expected kind of each chunk: the dtype, or its CSR format. */
  public Object chunkMeta() {
    return sparse ? new CsrMatrix.Format(dtype) : dtype;
  }

  @Override
  public String toString() {
    return "Tensor#" + id() + org.marsonspark.core.Shapes.toString(shape()) + " " + dtype
        + (sparse ? " sparse" : "");
  }
}
