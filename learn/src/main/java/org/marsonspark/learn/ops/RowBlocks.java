package org.marsonspark.learn.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.ops.Rechunking;

/**
 * Row blocks of several tensors that share their first axis (X, y, sample weights): the row
 * splits of the first input, every input re-split to them and kept whole along its other axes, so
 * that block i of every input holds the same rows.
 */
final class RowBlocks {
  private final long[] rowSplits;
  private final List<List<Chunk>> blocks;

  private RowBlocks(long[] rowSplits, List<List<Chunk>> blocks) {
    this.rowSplits = rowSplits;
    this.blocks = blocks;
  }

  /** Aligns the inputs' rows (their sizes must be known: the caller's tile asks for them). */
  static RowBlocks of(TileContext ctx, String op, List<TensorData> inputs) {
    long rows = inputs.get(0).shape(0);
    for (TensorData in : inputs) {
      if (in.shape(0) != rows) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, op + ": inputs have different numbers of rows: "
            + inputs.stream().map(t -> Long.toString(t.shape(0))).toList());
      }
    }
    long[] rowSplits = inputs.get(0).nsplits()[0];
    List<List<Chunk>> perBlock = new ArrayList<>();
    for (int r = 0; r < rowSplits.length; r++) {
      perBlock.add(new ArrayList<>());
    }
    for (TensorData in : inputs) {
      long[][] target = new long[in.ndim()][];
      target[0] = rowSplits;
      for (int a = 1; a < in.ndim(); a++) {
        target[a] = new long[] {in.shape(a)};
      }
      List<Chunk> chunks = Rechunking.rechunk(ctx, in, target);
      for (int r = 0; r < rowSplits.length; r++) {
        perBlock.get(r).add(chunks.get(r));
      }
    }
    return new RowBlocks(rowSplits, perBlock);
  }

  /** Whether any input has a dimension of unknown size (after a boolean mask). */
  static boolean unknown(List<TensorData> inputs) {
    for (TensorData in : inputs) {
      if (in.hasUnknownShape() || Shapes.hasUnknown(in.nsplits())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Binds {@code out}'s chunks: one per row block ({@code rowSplits}), computed by {@code op} from
   * {@code inputsOf(block)}, whole along the other axes.
   */
  static void setRowChunks(TileContext ctx, TensorData out, long[] rowSplits,
      java.util.function.IntFunction<List<Chunk>> inputsOf, org.marsonspark.core.ChunkOp op) {
    long[] shape = out.shape();
    List<Chunk> chunks = new ArrayList<>();
    for (int b = 0; b < rowSplits.length; b++) {
      long[] cs = shape.clone();
      cs[0] = rowSplits[b];
      int[] index = new int[shape.length];
      index[0] = b;
      chunks.add(ctx.newChunk(op, inputsOf.apply(b), index, cs, out.chunkMeta()));
    }
    long[][] nsplits = new long[shape.length][];
    nsplits[0] = rowSplits.clone();
    for (int a = 1; a < shape.length; a++) {
      nsplits[a] = new long[] {shape[a]};
    }
    out.setChunks(chunks, nsplits);
  }

  int count() {
    return rowSplits.length;
  }

  long rows(int block) {
    return rowSplits[block];
  }

  long[] rowSplits() {
    return rowSplits;
  }

  /** The chunks of block {@code i}, one per input, in input order. */
  List<Chunk> block(int i) {
    return blocks.get(i);
  }
}
