package org.marsonspark.tensor;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableData;
import org.marsonspark.core.TileableOp;

/** Base of tensor operands: typed access to inputs and helpers shared by tiling code. */
public abstract class TensorOp extends TileableOp {
  protected TensorOp(List<TensorData> inputs) {
    super(inputs);
    for (TensorData in : inputs) {
      if (in.isSparse() && !acceptsSparse()) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, getClass().getSimpleName()
            + " does not take sparse tensors (" + in + "); sparse tensors support element-wise ops that keep zeros,"
            + " dot, sum, transpose and toDense(): call toDense() first");
      }
    }
  }

  /**
   * Whether this operand takes sparse ({@link CsrMatrix}-chunked) inputs. Called from the
   * constructor, so it must not read the subclass's fields. Operands that do not (the default)
   * reject sparse inputs when they are built.
   */
  protected boolean acceptsSparse() {
    return false;
  }

  /**
   * The value of this operand's output when it is a 0-d literal known while building (a 0-d
   * array or fill), else null: numpy's value-based casting of 0-d operands reads it.
   */
  public Object literalValue() {
    return null;
  }

  protected TensorData input(int i) {
    return (TensorData) inputs().get(i);
  }

  protected TensorData out() {
    return (TensorData) output();
  }

  /**
   * Binds one output tensor and returns its data, for the facade to wrap ({@link Tensor#ofOutput},
   * where an eager session runs it). Call it last, once the operand is fully built.
   */
  protected TensorData newOutput(long[] shape, DType dtype) {
    return bindOutput(new TensorData(shape, dtype));
  }

  /** As {@link #newOutput}, for a sparse (CSR-chunked, 2-D) output tensor. */
  protected TensorData newSparseOutput(long[] shape, DType dtype) {
    return bindOutput(new TensorData(shape, dtype, true));
  }

  /**
   * Tiles an operation that maps each chunk of {@code in} (one input, same grid) to one chunk
   * of the output with the shape {@code shapeOf} gives.
   */
  protected void tileChunkwise(TileContext ctx, TensorData in, java.util.function.Function<Chunk, ChunkOp> opOf,
      java.util.function.Function<Chunk, long[]> shapeOf, long[][] outSplits) {
    List<Chunk> chunks = new ArrayList<>();
    for (Chunk c : in.chunks()) {
      chunks.add(ctx.newChunk(opOf.apply(c), List.of(c), c.index(), shapeOf.apply(c), out().chunkMeta()));
    }
    out().setChunks(chunks, outSplits);
  }

  /** Describes one chunk of a source operand: its grid index, offset in the tensor and shape. */
  protected record Block(int[] index, long[] offset, long[] shape) {}

  /** Tiles an operand without inputs: one chunk op per block of the grid {@code nsplits}. */
  protected void tileSource(TileContext ctx, long[][] nsplits, java.util.function.Function<Block, ChunkOp> opOf) {
    long[][] offsets = new long[nsplits.length][];
    int[] grid = new int[nsplits.length];
    for (int i = 0; i < nsplits.length; i++) {
      offsets[i] = Shapes.offsets(nsplits[i]);
      grid[i] = nsplits[i].length;
    }
    List<Chunk> chunks = new ArrayList<>();
    for (int[] idx : gridPositions(grid)) {
      long[] off = new long[idx.length];
      for (int i = 0; i < idx.length; i++) {
        off[i] = offsets[i][idx[i]];
      }
      long[] shape = chunkShape(nsplits, idx);
      chunks.add(ctx.newChunk(opOf.apply(new Block(idx, off, shape)), List.of(), idx, shape, out().chunkMeta()));
    }
    out().setChunks(chunks, nsplits);
  }

  /** Iterates all grid positions of a chunk grid in C order. */
  protected static List<int[]> gridPositions(int[] grid) {
    List<int[]> all = new ArrayList<>();
    int n = Shapes.gridSize(grid);
    for (int i = 0; i < n; i++) {
      all.add(Shapes.unflatIndex(i, grid));
    }
    return all;
  }

  protected static long[] chunkShape(long[][] nsplits, int[] index) {
    long[] s = new long[index.length];
    for (int i = 0; i < index.length; i++) {
      s[i] = nsplits[i][index[i]];
    }
    return s;
  }

  protected static TensorData data(TileableData t) {
    return (TensorData) t;
  }
}
