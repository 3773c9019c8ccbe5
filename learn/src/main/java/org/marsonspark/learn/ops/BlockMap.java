package org.marsonspark.learn.ops;

import java.io.Serializable;
import java.util.List;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableOp;
import org.marsonspark.tensor.CsrMatrix;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;

/**
 * A function of each row block of one or more aligned tensors, giving the same rows of the
 * result: predictions, distances to centres, per-row scores. The result has the first input's
 * row blocks and is whole along its other axes ({@code trailing}). The function (a fitted model's
 * small state) travels inside the chunk ops. A {@link SparseFn} gives the rows as CSR blocks of
 * a sparse result (one-hot encodings).
 */
public final class BlockMap extends TileableOp {
  /** What one block map computes. Implementations are small serializable values. */
  public interface Fn extends Serializable {
    /** The result rows of one row block; {@code blocks[i]} is the block of input i. */
    NDArray apply(NDArray[] blocks);

    default String name() {
      return getClass().getSimpleName();
    }
  }

  /** What a block map to a sparse result computes: the result rows of one row block as a CSR block. */
  public interface SparseFn extends Serializable {
    CsrMatrix apply(NDArray[] blocks);

    default String name() {
      return getClass().getSimpleName();
    }
  }

  private final MapOp map;

  private BlockMap(List<TensorData> inputs, MapOp map) {
    super(inputs);
    this.map = map;
  }

  /** Rows of the result = rows of the first input; {@code trailing} = the result's other dimensions. */
  public static TensorData of(List<TensorData> inputs, Fn fn, long[] trailing, DType dtype) {
    long[] shape = new long[trailing.length + 1];
    shape[0] = inputs.get(0).shape(0);
    System.arraycopy(trailing, 0, shape, 1, trailing.length);
    return new BlockMap(inputs, new MapOp(fn)).bindOutput(new TensorData(shape, dtype));
  }

  /** A sparse 2-D result: rows of the first input, {@code columns} wide, its chunks CSR blocks. */
  public static TensorData sparse(List<TensorData> inputs, SparseFn fn, long columns, DType dtype) {
    long[] shape = {inputs.get(0).shape(0), columns};
    return new BlockMap(inputs, new MapOp(fn)).bindOutput(new TensorData(shape, dtype, true));
  }

  @Override
  public String name() {
    return "BlockMap(" + map.name() + ")";
  }

  @Override
  public void tile(TileContext ctx) {
    List<TensorData> ins = inputs().stream().map(t -> (TensorData) t).toList();
    if (RowBlocks.unknown(ins)) {
      ctx.requireKnownShapes(ins.toArray(new TensorData[0]));
    }
    RowBlocks rb = RowBlocks.of(ctx, name(), ins);
    RowBlocks.setRowChunks(ctx, (TensorData) output(), rb.rowSplits(), rb::block, map);
  }

  /** One row block through a {@link Fn} (dense rows) or a {@link SparseFn} (CSR rows). */
  record MapOp(Serializable fn) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray[] blocks = blocks(inputs);
      return fn instanceof Fn dense ? dense.apply(blocks) : ((SparseFn) fn).apply(blocks);
    }

    @Override
    public String name() {
      return fn instanceof Fn dense ? dense.name() : ((SparseFn) fn).name();
    }
  }

  private static NDArray[] blocks(Object[] inputs) {
    NDArray[] blocks = new NDArray[inputs.length];
    for (int i = 0; i < inputs.length; i++) {
      blocks[i] = (NDArray) inputs[i];
    }
    return blocks;
  }
}
