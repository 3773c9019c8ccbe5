package org.marsonspark.learn.ops;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableOp;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;

/**
 * A statistic of the rows of one or more aligned tensors, computed as a tree: each row block is
 * reduced to a small partial of a fixed shape ({@link Fn#map}), partials are merged
 * {@code combineSize} at a time ({@link Fn#combine}) and the last merge is finished
 * ({@link Fn#finish}). The function object travels inside the chunk ops, so a fit's model state
 * (centres, coefficients) goes to the executors with each evaluation, and only the finished
 * partial — a few numbers — comes back.
 *
 * <p>This is the step of every iterative fit: the data, executed once and held for the fit, is
 * the input; each iteration builds only this operand over it (one task per row block, a small
 * merge tree), never the data's graph again.
 */
public final class BlockAggregate extends TileableOp {
  /** What one aggregate computes. Implementations are small serializable values. */
  public interface Fn extends Serializable {
    /** The partial of one row block; {@code blocks[i]} is the block of input i (whole along its other axes). */
    NDArray map(NDArray[] blocks);

    /**
     * The partial of the row block whose first row is row {@code firstRow} of the whole input:
     * for aggregates whose partials depend on where rows sit (a seeded draw per global row, the
     * same for any chunking). By default the position does not matter: {@link #map(NDArray[])}.
     */
    default NDArray map(NDArray[] blocks, long firstRow) {
      return map(blocks);
    }

    /** Several partials merged into one; by default their element-wise sum. */
    default NDArray combine(NDArray[] partials) {
      return sum(partials);
    }

    /** The shape of the partials when {@link #finish} changes it; by default the result's. */
    default long[] partialShape(long[] resultShape) {
      return resultShape;
    }

    /** The merged partial turned into the result; by default itself. */
    default NDArray finish(NDArray merged) {
      return merged;
    }

    /** A short name for plans and errors. */
    default String name() {
      return getClass().getSimpleName();
    }
  }

  private final Fn fn;

  private BlockAggregate(List<TensorData> inputs, Fn fn) {
    super(inputs);
    this.fn = fn;
  }

  /**
   * The aggregate of the inputs' aligned rows: a tensor of {@code shape} and {@code dtype}, one
   * chunk. Inputs are re-split to the row blocks of the first one.
   */
  public static TensorData of(List<TensorData> inputs, Fn fn, long[] shape, DType dtype) {
    BlockAggregate op = new BlockAggregate(inputs, fn);
    return op.bindOutput(new TensorData(shape, dtype));
  }

  @Override
  public String name() {
    return "BlockAggregate(" + fn.name() + ")";
  }

  @Override
  public void tile(TileContext ctx) {
    List<TensorData> ins = inputs().stream().map(t -> (TensorData) t).toList();
    if (RowBlocks.unknown(ins)) {
      ctx.requireKnownShapes(ins.toArray(new TensorData[0]));
    }
    RowBlocks rb = RowBlocks.of(ctx, name(), ins);
    TensorData out = (TensorData) output();
    long[] shape = out.shape();
    long[] partial = fn.partialShape(shape);
    int[] index = new int[shape.length];
    int[] partialIndex = new int[partial.length];
    List<Chunk> level = new ArrayList<>();
    long firstRow = 0;
    for (int b = 0; b < rb.count(); b++) {
      boolean only = rb.count() == 1;
      level.add(ctx.newChunk(new MapOp(fn, only, firstRow), rb.block(b), only ? index : partialIndex,
          only ? shape : partial, out.chunkMeta()));
      firstRow += rb.rows(b);
    }
    int fanIn = Math.max(2, ctx.options().combineSize());
    while (level.size() > 1) {
      List<Chunk> next = new ArrayList<>();
      boolean last = level.size() <= fanIn;
      for (int i = 0; i < level.size(); i += fanIn) {
        List<Chunk> group = level.subList(i, Math.min(level.size(), i + fanIn));
        next.add(ctx.newChunk(new CombineOp(fn, last), List.copyOf(group), last ? index : partialIndex,
            last ? shape : partial, out.chunkMeta()));
      }
      level = next;
    }
    long[][] nsplits = new long[shape.length][];
    for (int a = 0; a < shape.length; a++) {
      nsplits[a] = new long[] {shape[a]};
    }
    out.setChunks(level, nsplits);
  }

  /** The partial of one row block (finished at once when it is the only block). */
  record MapOp(Fn fn, boolean finish, long firstRow) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray[] blocks = new NDArray[inputs.length];
      for (int i = 0; i < inputs.length; i++) {
        blocks[i] = (NDArray) inputs[i];
      }
      NDArray partial = fn.map(blocks, firstRow);
      return finish ? fn.finish(partial) : partial;
    }

    @Override
    public String name() {
      return fn.name() + ".map";
    }
  }

  /** Partials merged; the root of the tree also finishes. */
  record CombineOp(Fn fn, boolean finish) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray[] partials = new NDArray[inputs.length];
      for (int i = 0; i < inputs.length; i++) {
        partials[i] = (NDArray) inputs[i];
      }
      NDArray merged = fn.combine(partials);
      return finish ? fn.finish(merged) : merged;
    }

    @Override
    public String name() {
      return fn.name() + ".combine";
    }
  }

  /** The element-wise sum of float64 partials of one shape. */
  public static NDArray sum(NDArray[] partials) {
    double[] acc = partials[0].doubles().clone();
    for (int p = 1; p < partials.length; p++) {
      double[] v = partials[p].doubles();
      for (int i = 0; i < acc.length; i++) {
        acc[i] += v[i];
      }
    }
    return NDArray.of(acc, partials[0].shape());
  }
}
