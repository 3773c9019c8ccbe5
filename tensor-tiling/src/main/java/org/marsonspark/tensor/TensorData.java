package org.marsonspark.tensor;

import org.marsonspark.core.Assemblable;
import org.marsonspark.core.TileableData;

/**
 * The tileable behind a {@link Tensor}: shape, dtype, whether it is sparse (2-D, its chunks
 * {@link CsrMatrix} blocks) and, once tiled, chunks.
 */
public final class TensorData extends TileableData implements Assemblable {
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

  /**
   * Puts the chunks (C order over the grid) together into one {@link NDArray}, or one
   * {@link CsrMatrix} for a sparse tensor.
   */
  @Override
  public Assembler assembler() {
    return new GridAssembler(dtype, shape(), nsplits(), sparse);
  }

  record GridAssembler(DType dtype, long[] shape, long[][] nsplits, boolean sparse) implements Assembler {
    @Override
    public Object assemble(Object[] chunkValues) {
      if (sparse) {
        CsrMatrix[] blocks = new CsrMatrix[chunkValues.length];
        for (int i = 0; i < blocks.length; i++) {
          blocks[i] = (CsrMatrix) chunkValues[i];
        }
        return CsrMatrix.fromGrid(dtype, nsplits, blocks);
      }
      NDArray[] pieces = new NDArray[chunkValues.length];
      for (int i = 0; i < pieces.length; i++) {
        pieces[i] = (NDArray) chunkValues[i];
      }
      return NDArray.fromGrid(dtype, shape, nsplits, pieces);
    }
  }

  @Override
  public String toString() {
    return "Tensor#" + id() + org.marsonspark.core.Shapes.toString(shape()) + " " + dtype
        + (sparse ? " sparse" : "");
  }
}
