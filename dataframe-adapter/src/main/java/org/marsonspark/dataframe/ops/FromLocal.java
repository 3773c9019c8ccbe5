package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.DataLiteral;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.IndexMeta;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.local.RangeIndex;
import org.marsonspark.dataframe.local.Rows;

/**
 * A DataFrame or Series made from local data on the driver, cut into row chunks of
 * {@code chunkRows} rows (0: as many rows as fit in {@code chunkStoreLimit}). Each chunk op
 * carries its rows to the executor that makes it.
 */
public final class FromLocal extends DfOp {
  private final Object data;
  private final long chunkRows;

  private FromLocal(Object data, long chunkRows) {
    super(List.of());
    this.data = data;
    this.chunkRows = chunkRows;
  }

  static IndexMeta metaOf(LocalIndex idx) {
    return idx instanceof RangeIndex r && r.step() == 1 && r.start() == 0 ? new IndexMeta(true,
        List.of(idx.dtype()), java.util.Arrays.asList(idx.name())) : IndexMeta.of(idx.dtype(), idx.name());
  }

  public static DataFrame frame(LocalFrame f, long chunkRows) {
    check(chunkRows);
    return new FromLocal(f, chunkRows).newFrame(new DataFrameData(f.nrows(), f.columnNames(), f.dtypes(),
        metaOf(f.index()), DfData.newAlignKey()));
  }

  public static Series series(LocalSeries s, long chunkRows) {
    check(chunkRows);
    return new FromLocal(s, chunkRows).newSeries(new SeriesData(s.size(), s.name(), s.dtype(), metaOf(s.index()),
        DfData.newAlignKey()));
  }

  private static void check(long chunkRows) {
    if (chunkRows < 0) {
      throw new MarsException(ErrorClass.BAD_CHUNK_SIZE, "chunkRows must be positive (or 0 for automatic), got "
          + chunkRows);
    }
  }

  /** Rows per chunk: the given number, or as many as keep a chunk under the store limit. */
  static long rowsPerChunk(long chunkRows, long nrows, long bytes, long limit) {
    if (chunkRows > 0) {
      return chunkRows;
    }
    long perRow = Math.max(1, nrows == 0 ? 1 : bytes / Math.max(1, nrows));
    return Math.max(1, limit / perRow);
  }

  @Override
  public String name() {
    return "from_local";
  }

  @Override
  public void tile(TileContext ctx) {
    DfData out = out();
    int n = Rows.size(data);
    long size = data instanceof LocalFrame f ? f.nbytes() : ((LocalSeries) data).nbytes();
    long rows = rowsPerChunk(chunkRows, n, size, ctx.options().chunkStoreLimit());
    List<Chunk> chunks = new ArrayList<>();
    List<Long> splits = new ArrayList<>();
    int r = 0;
    for (long start = 0; start < n || (n == 0 && r == 0); start += rows) {
      int to = (int) Math.min(n, start + rows);
      Object part = Rows.slice(data, (int) start, to);
      chunks.add(ctx.newChunk(new Literal(part), List.of(), rowIndex(out, r), rowShape(out, to - start),
          out.chunkMeta()));
      splits.add((long) (to - start));
      r++;
    }
    out.setChunks(chunks, nsplitsOf(out, splits.stream().mapToLong(Long::longValue).toArray()));
  }

  /** A chunk's rows from the driver (many of them travel as a broadcast: {@link DataLiteral}). */
  record Literal(Object value) implements DataLiteral {
    @Override
    public Object data() {
      return value;
    }

    @Override
    public long carriedBytes() {
      return value instanceof LocalFrame f ? f.nbytes() : value instanceof LocalSeries s ? s.nbytes() : 0;
    }

    @Override
    public String name() {
      return "from_local";
    }
  }
}
