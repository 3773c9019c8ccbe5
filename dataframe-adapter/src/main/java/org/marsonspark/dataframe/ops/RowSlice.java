package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableData;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.Rows;
import org.marsonspark.tensor.Slice;

/**
 * {@code iloc[start:stop:step]}, {@code head(n)}, {@code tail(n)}: rows by position. Positions
 * need the row counts of the chunks, so after a filter this operand first has the filter run
 * (iterative tiling); only the chunks the slice overlaps are read.
 */
public final class RowSlice extends DfOp {
  private final Slice slice;

  private RowSlice(TileableData in, Slice slice) {
    super(List.of(in));
    this.slice = slice;
  }

  @Override
  public String name() {
    return "iloc";
  }

  private static long rowsOf(DfData in, Slice s) {
    return in.nrows() < 0 ? -1 : s.length(in.nrows());
  }

  public static DataFrameData frame(DataFrameData in, Slice s) {
    return new RowSlice(in, s).newOutput(new DataFrameData(rowsOf(in, s), in.columns(), in.dtypes(), in.index(),
        DfData.newAlignKey()));
  }

  public static SeriesData series(SeriesData in, Slice s) {
    return new RowSlice(in, s).newOutput(new SeriesData(rowsOf(in, s), in.name(), in.dtype(), in.index(),
        DfData.newAlignKey()));
  }

  @Override
  public void tile(TileContext ctx) {
    DfData in = in(0);
    ctx.requireKnownShapes(in);
    DfData out = out();
    List<long[]> pieces = slice.pieces(in.rowSplits(), in.nrows());
    List<Chunk> chunks = new ArrayList<>();
    if (pieces.isEmpty()) {
      chunks.add(ctx.newChunk(new SliceRows(0, 1, 0), List.of(in.chunks().get(0)), rowIndex(out, 0), rowShape(out, 0),
          out.chunkMeta()));
      out.setChunks(chunks, nsplitsOf(out, new long[] {0}));
      return;
    }
    long[] splits = new long[pieces.size()];
    for (int r = 0; r < pieces.size(); r++) {
      long[] p = pieces.get(r);
      splits[r] = p[3];
      chunks.add(ctx.newChunk(new SliceRows((int) p[1], (int) p[2], (int) p[3]), List.of(in.chunks().get((int) p[0])),
          rowIndex(out, r), rowShape(out, p[3]), out.chunkMeta()));
    }
    out.setChunks(chunks, nsplitsOf(out, splits));
  }

  /** Rows start, start + step, ... ({@code count}) of one chunk. */
  public record SliceRows(int start, int step, int count) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return Rows.slice(inputs[0], start, step, count);
    }

    @Override
    public String name() {
      return "iloc";
    }
  }
}
