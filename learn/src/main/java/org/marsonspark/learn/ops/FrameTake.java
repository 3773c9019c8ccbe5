package org.marsonspark.learn.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableOp;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.Rows;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;

/**
 * The rows of a DataFrame or Series at positions held in a 1-D int64 tensor (pandas's
 * {@code iloc[positions]}, the positions computed on the executors — a split's indices), in
 * their order, index labels kept. Output row block i holds the rows of the positions' chunk i;
 * it reads that chunk and the frame's row chunks, so positions never come to the driver.
 */
public final class FrameTake extends TileableOp {
  private FrameTake(DfData in, TensorData positions) {
    super(List.of(in, positions));
  }

  /** {@code df.iloc[positions]}. */
  public static DataFrameData frame(DataFrameData in, TensorData positions) {
    return new FrameTake(in, check(positions)).bindOutput(new DataFrameData(positions.shape(0), in.columns(),
        in.dtypes(), in.index().taken(), DfData.newAlignKey()));
  }

  /** {@code s.iloc[positions]}. */
  public static SeriesData series(SeriesData in, TensorData positions) {
    return new FrameTake(in, check(positions)).bindOutput(new SeriesData(positions.shape(0), in.name(), in.dtype(),
        in.index().taken(), DfData.newAlignKey()));
  }

  private static TensorData check(TensorData positions) {
    if (positions.ndim() != 1 || !positions.dtype().isInteger()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "iloc: positions must be a 1-D integer tensor, got "
          + positions);
    }
    return positions;
  }

  @Override
  public String name() {
    return "iloc.tensor";
  }

  @Override
  public void tile(TileContext ctx) {
    DfData in = (DfData) inputs().get(0);
    TensorData positions = (TensorData) inputs().get(1);
    ctx.requireKnownShapes(in, positions);
    DfData out = (DfData) output();
    long[] offsets = Shapes.offsets(in.rowSplits());
    long[] splits = positions.nsplits()[0];
    List<Chunk> chunks = new ArrayList<>();
    for (int b = 0; b < splits.length; b++) {
      List<Chunk> reads = new ArrayList<>();
      reads.add(positions.chunks().get(b));
      reads.addAll(in.chunks());
      chunks.add(ctx.newChunk(new TakeRows(offsets), reads, DfOp.rowIndex(out, b), DfOp.rowShape(out, splits[b]),
          out.chunkMeta()));
    }
    out.setChunks(chunks, DfOp.nsplitsOf(out, splits.clone()));
  }

  /** The rows at a block of positions: each input chunk takes its rows, then they are put in order. */
  record TakeRows(long[] offsets) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      long[] at = ((NDArray) inputs[0]).longs().clone();
      int parts = inputs.length - 1;
      long rows = offsets[offsets.length - 1];
      int[] chunkOf = new int[at.length];
      int[] count = new int[parts];
      for (int i = 0; i < at.length; i++) {
        long p = at[i] < 0 ? at[i] + rows : at[i];
        if (p < 0 || p >= rows) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "iloc: IndexError: positional indexers are "
              + "out-of-bounds (position " + at[i] + ", " + rows + " rows)");
        }
        int c = java.util.Arrays.binarySearch(offsets, p);
        c = c >= 0 ? c : -c - 2;
        while (offsets[c + 1] == p) {
          c++; // skip empty chunks
        }
        chunkOf[i] = c;
        at[i] = p - offsets[c];
        count[c]++;
      }
      int[][] picks = new int[parts][];
      for (int c = 0; c < parts; c++) {
        picks[c] = new int[count[c]];
      }
      int[] filled = new int[parts];
      int[] local = new int[at.length];
      for (int i = 0; i < at.length; i++) {
        int c = chunkOf[i];
        local[i] = filled[c];
        picks[c][filled[c]++] = (int) at[i];
      }
      List<Object> taken = new ArrayList<>();
      int[] base = new int[parts];
      int next = 0;
      for (int c = 0; c < parts; c++) {
        taken.add(Rows.take(inputs[c + 1], picks[c]));
        base[c] = next;
        next += picks[c].length;
      }
      int[] order = new int[at.length];
      for (int i = 0; i < at.length; i++) {
        order[i] = base[chunkOf[i]] + local[i];
      }
      return Rows.take(Rows.concat(taken), order);
    }

    @Override
    public String name() {
      return "iloc.tensor";
    }
  }
}
