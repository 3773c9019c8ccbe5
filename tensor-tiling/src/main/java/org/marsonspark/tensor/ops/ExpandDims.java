package org.marsonspark.tensor.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;

/** Inserts one size-1 axis; chunks are reshaped in place, the grid gains an axis of one chunk. */
public final class ExpandDims extends TensorOp {
  private final int axis;

  private ExpandDims(TensorData in, int axis) {
    super(List.of(in));
    this.axis = axis;
  }

  public static TensorData of(TensorData in, int axis) {
    if (axis < 0 || axis > in.ndim()) {
      throw new MarsException(ErrorClass.AXIS_OUT_OF_BOUNDS, "expand_dims: axis " + axis
          + " is out of bounds for a result of dimension " + (in.ndim() + 1));
    }
    return new ExpandDims(in, axis).newOutput(insert(in.shape(), axis), in.dtype());
  }

  static long[] insert(long[] shape, int axis) {
    long[] s = new long[shape.length + 1];
    for (int i = 0, j = 0; i < s.length; i++) {
      s[i] = i == axis ? 1 : shape[j++];
    }
    return s;
  }

  @Override
  public String name() {
    return "expand_dims";
  }

  @Override
  public void tile(TileContext ctx) {
    TensorData in = input(0);
    ctx.requireKnownShapes(in);
    long[][] src = in.nsplits();
    long[][] splits = new long[src.length + 1][];
    for (int i = 0, j = 0; i < splits.length; i++) {
      splits[i] = i == axis ? new long[] {1} : src[j++];
    }
    List<Chunk> chunks = new ArrayList<>();
    for (Chunk c : in.chunks()) {
      int[] idx = new int[c.index().length + 1];
      for (int i = 0, j = 0; i < idx.length; i++) {
        idx[i] = i == axis ? 0 : c.index()[j++];
      }
      long[] shape = insert(c.shape(), axis);
      chunks.add(ctx.newChunk(new InsertAxis(axis), List.of(c), idx, shape, out().dtype()));
    }
    out().setChunks(chunks, splits);
  }

  /** Reshapes one chunk with a size-1 axis inserted. */
  record InsertAxis(int axis) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray a = (NDArray) inputs[0];
      return a.reshape(ExpandDims.insert(a.shape(), axis));
    }

    @Override
    public String name() {
      return "expand_dims";
    }
  }
}
