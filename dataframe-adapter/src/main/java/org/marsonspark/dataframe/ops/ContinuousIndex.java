package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;

/**
 * Gives frame chunks that each count rows from 0 one RangeIndex over the whole frame: chunk r
 * starts where chunk r - 1 stopped. Needs the chunks' row counts, so the chunks before run
 * first (iterative tiling).
 */
public final class ContinuousIndex extends DfOp {
  private ContinuousIndex(DataFrameData in) {
    super(List.of(in));
  }

  public static DataFrameData of(DataFrameData in) {
    return new ContinuousIndex(in).newOutput(new DataFrameData(-1, in.columns(), in.dtypes(), in.index(),
        DfData.newAlignKey()));
  }

  @Override
  public String name() {
    return "range_index";
  }

  @Override
  public void tile(TileContext ctx) {
    DfData in = in(0);
    ctx.requireKnownShapes(in);
    long[] splits = in.rowSplits();
    long[] off = Shapes.offsets(splits);
    DfData out = out();
    List<Chunk> chunks = new ArrayList<>();
    for (int r = 0; r < splits.length; r++) {
      chunks.add(ctx.newChunk(new Shift(off[r]), List.of(in.chunks().get(r)), rowIndex(out, r),
          rowShape(out, splits[r]), out.chunkMeta()));
    }
    out.setChunks(chunks, nsplitsOf(out, splits));
  }

  public record Shift(long offset) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame f = (LocalFrame) inputs[0];
      return f.withIndex(LocalIndex.range(offset, offset + f.nrows(), 1));
    }

    @Override
    public String name() {
      return "range_index";
    }
  }
}
