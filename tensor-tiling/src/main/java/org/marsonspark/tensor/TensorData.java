package org.marsonspark.tensor;

import org.marsonspark.core.Assemblable;
import org.marsonspark.core.TileableData;

/** The tileable behind a {@link Tensor}: shape, dtype and, once tiled, chunks. */
public final class TensorData extends TileableData implements Assemblable {
  private final DType dtype;

  public TensorData(long[] shape, DType dtype) {
    super(shape);
    this.dtype = dtype;
  }

  public DType dtype() {
    return dtype;
  }

  /** Puts the chunks (C order over the grid) together into one {@link NDArray}. */
  @Override
  public Assembler assembler() {
    return new GridAssembler(dtype, shape(), nsplits());
  }

  record GridAssembler(DType dtype, long[] shape, long[][] nsplits) implements Assembler {
    @Override
    public Object assemble(Object[] chunkValues) {
      NDArray[] pieces = new NDArray[chunkValues.length];
      for (int i = 0; i < pieces.length; i++) {
        pieces[i] = (NDArray) chunkValues[i];
      }
      return NDArray.fromGrid(dtype, shape, nsplits, pieces);
    }
  }

  @Override
  public String toString() {
    return "Tensor#" + id() + org.marsonspark.core.Shapes.toString(shape()) + " " + dtype;
  }
}
