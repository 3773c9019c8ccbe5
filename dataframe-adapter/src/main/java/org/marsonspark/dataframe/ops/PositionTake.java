package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.Scalar;
import org.marsonspark.dataframe.ScalarData;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.local.Rows;
import org.marsonspark.dataframe.local.ScalarValue;

/**
 * {@code iloc[i]} and {@code iloc[[i, j, ...]]}: rows by position, in any order, repeats allowed,
 * negatives counting from the end. Positions need the chunk sizes, so after a filter the filter
 * runs first ({@code requireKnownShapes}); then, on the driver and from metadata only, each
 * position is mapped to (chunk, row) and the list is cut into output chunks (as many rows as the
 * largest input chunk), each reading only the input chunks it needs. Out-of-range positions are
 * pandas's IndexError, raised while tiling.
 */
public final class PositionTake extends DfOp {
  private final long[] positions;
  private final boolean single;

  private PositionTake(DfData in, long[] positions, boolean single) {
    super(List.of(in));
    this.positions = positions.clone();
    this.single = single;
  }

  @Override
  public String name() {
    return "iloc";
  }

  public static DataFrame frame(DataFrameData in, long[] positions) {
    long rows = positions.length;
    return new PositionTake(in, positions, false).newFrame(new DataFrameData(rows, in.columns(), in.dtypes(),
        in.index().taken(), DfData.newAlignKey()));
  }

  public static Series series(SeriesData in, long[] positions) {
    return new PositionTake(in, positions, false).newSeries(new SeriesData(positions.length, in.name(), in.dtype(),
        in.index().taken(), DfData.newAlignKey()));
  }

  /** {@code s.iloc[i]}: one value. */
  public static Scalar scalar(SeriesData in, long position) {
    return new PositionTake(in, new long[] {position}, true).newScalar(new ScalarData(in.dtype()));
  }

  @Override
  public void tile(TileContext ctx) {
    DfData in = in(0);
    ctx.requireKnownShapes(in);
    long n = in.nrows();
    long[] splits = in.rowSplits();
    long[] off = Shapes.offsets(splits);
    int[] chunkOf = new int[positions.length];
    int[] rowOf = new int[positions.length];
    for (int i = 0; i < positions.length; i++) {
      long p = positions[i] < 0 ? positions[i] + n : positions[i];
      if (p < 0 || p >= n) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "iloc: IndexError: " + (single
            ? "single positional indexer is out-of-bounds" : "positional indexers are out-of-bounds")
            + " (position " + positions[i] + ", " + n + " rows)");
      }
      int c = Arrays.binarySearch(off, p);
      c = c >= 0 ? c : -c - 2;
      while (c + 1 < off.length - 1 && off[c + 1] == p) {
        c++; // skip empty chunks
      }
      chunkOf[i] = c;
      rowOf[i] = (int) (p - off[c]);
    }
    if (single) {
      ScalarData out = (ScalarData) output();
      Chunk ch = ctx.newChunk(new TakeValue(rowOf[0]), List.of(in.chunks().get(chunkOf[0])), new int[0], new long[0],
          out.chunkMeta());
      out.setChunks(List.of(ch), new long[0][]);
      return;
    }
    DfData out = out();
    long most = 1;
    for (long s : splits) {
      most = Math.max(most, s);
    }
    int block = (int) Math.min(Integer.MAX_VALUE, most);
    List<Chunk> chunks = new ArrayList<>();
    List<Long> outSplits = new ArrayList<>();
    for (int from = 0; from < Math.max(1, positions.length); from += block) {
      int to = Math.min(positions.length, from + block);
      Map<Integer, Integer> slotOf = new LinkedHashMap<>();
      int[] slot = new int[to - from];
      int[] row = new int[to - from];
      for (int i = from; i < to; i++) {
        slot[i - from] = slotOf.computeIfAbsent(chunkOf[i], k -> slotOf.size());
        row[i - from] = rowOf[i];
      }
      List<Chunk> reads = new ArrayList<>();
      for (int c : slotOf.keySet()) {
        reads.add(in.chunks().get(c));
      }
      if (reads.isEmpty()) {
        reads.add(in.chunks().get(0));
      }
      chunks.add(ctx.newChunk(new TakeRows(slot, row), reads, rowIndex(out, chunks.size()), rowShape(out, to - from),
          out.chunkMeta()));
      outSplits.add((long) (to - from));
    }
    out.setChunks(chunks, nsplitsOf(out, outSplits.stream().mapToLong(Long::longValue).toArray()));
  }

  /** Output row i is row {@code row[i]} of input {@code slot[i]}. */
  record TakeRows(int[] slot, int[] row) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      if (in.length == 1) {
        return Rows.take(in[0], row);
      }
      int[][] picks = new int[in.length][];
      int[] count = new int[in.length];
      for (int s : slot) {
        count[s]++;
      }
      int[] local = new int[slot.length];
      for (int s = 0; s < in.length; s++) {
        picks[s] = new int[count[s]];
        count[s] = 0;
      }
      for (int i = 0; i < slot.length; i++) {
        local[i] = count[slot[i]];
        picks[slot[i]][count[slot[i]]++] = row[i];
      }
      List<Object> parts = new ArrayList<>();
      int[] base = new int[in.length];
      int b = 0;
      for (int s = 0; s < in.length; s++) {
        parts.add(Rows.take(in[s], picks[s]));
        base[s] = b;
        b += picks[s].length;
      }
      int[] order = new int[slot.length];
      for (int i = 0; i < slot.length; i++) {
        order[i] = base[slot[i]] + local[i];
      }
      return Rows.take(Rows.concat(parts), order);
    }

    @Override
    public String name() {
      return "iloc.take";
    }
  }

  record TakeValue(int row) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalSeries s = (LocalSeries) in[0];
      if (s.values().isNA(row)) {
        return new ScalarValue(s.dtype() == DfType.FLOAT64 || s.dtype() == DfType.CATEGORY ? Double.NaN : null);
      }
      return new ScalarValue(s.get(row));
    }

    @Override
    public String name() {
      return "iloc.value";
    }
  }
}
