package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.List;
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
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.Rows;

/**
 * {@code nlargest(n)} / {@code nsmallest(n)} (keep='first') of a DataFrame by columns or of a
 * Series: every chunk keeps its first n rows in order, then a tree of {@code combineSize}-way
 * merges keeps the first n of its inputs, until one chunk is left — the data is never sorted
 * as a whole. The order is the stable sort's (see {@link SortKeys}): descending for nlargest,
 * NaN last, ties in input order, so of equal values the first rows are kept (keep='first').
 */
public final class TopN extends DfOp {
  private final SortValues.Spec spec;
  private final int n;

  private TopN(DfData in, SortValues.Spec spec, int n) {
    super(List.of(in));
    this.spec = spec;
    this.n = n;
  }

  @Override
  public String name() {
    return spec.ascending()[0] ? "nsmallest" : "nlargest";
  }

  /** pandas accepts numeric and datetime columns only. */
  public static void checkDtype(String method, String column, DfType dt) {
    if (dt != DfType.INT64 && dt != DfType.FLOAT64 && dt != DfType.DATETIME) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, method + ": Column '" + column + "' has dtype " + dt
          + ", cannot use method '" + method + "' with this dtype (use int64, float64 or datetime64[ns]; "
          + "sortValues orders any dtype)");
    }
  }

  static int checkN(long n, String method) {
    if (n > Integer.MAX_VALUE) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, method + ": n = " + n + " is too large");
    }
    return (int) Math.max(0, n);
  }

  public static DataFrame frame(DataFrameData in, SortValues.Spec spec, long n) {
    String m = spec.ascending()[0] ? "nsmallest" : "nlargest";
    int k = checkN(n, m);
    long rows = in.nrows() < 0 ? -1 : Math.min(in.nrows(), k);
    return new TopN(in, spec, k).newFrame(new DataFrameData(rows, in.columns(), in.dtypes(), in.index().taken(),
        DfData.newAlignKey()));
  }

  public static Series series(SeriesData in, SortValues.Spec spec, long n) {
    String m = spec.ascending()[0] ? "nsmallest" : "nlargest";
    int k = checkN(n, m);
    long rows = in.nrows() < 0 ? -1 : Math.min(in.nrows(), k);
    return new TopN(in, spec, k).newSeries(new SeriesData(rows, in.name(), in.dtype(), in.index().taken(),
        DfData.newAlignKey()));
  }

  @Override
  public void tile(TileContext ctx) {
    DfData in = in(0);
    DfData out = out();
    List<Chunk> level = new ArrayList<>();
    List<Chunk> chunks = in.chunks();
    for (int i = 0; i < chunks.size(); i++) {
      level.add(ctx.newChunk(new TopChunk(spec, i, n), List.of(chunks.get(i)), new int[] {i},
          new long[] {Shapes.UNKNOWN}, null));
    }
    int fanIn = ctx.options().combineSize();
    while (level.size() > 1) {
      List<Chunk> next = new ArrayList<>();
      for (int i = 0; i < level.size(); i += fanIn) {
        List<Chunk> group = level.subList(i, Math.min(level.size(), i + fanIn));
        next.add(group.size() == 1 ? group.get(0) : ctx.newChunk(new SortValues.MergeChunk(spec, n), group,
            new int[] {next.size()}, new long[] {Shapes.UNKNOWN}, null));
      }
      level = next;
    }
    Chunk fin = ctx.newChunk(new SortValues.Unwrap(), level, rowIndex(out, 0), rowShape(out, out.nrows()),
        out.chunkMeta());
    out.setChunks(List.of(fin), nsplitsOf(out, new long[] {out.nrows()}));
  }

  /** The first n rows of one chunk in order, tagged. */
  record TopChunk(SortValues.Spec spec, int chunk, int n) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      Object rows = inputs[0];
      long[] tags = SortKeys.tags(chunk, Rows.size(rows));
      int[] order = spec.sortKeys(rows, tags).order();
      if (order.length > n) {
        order = java.util.Arrays.copyOf(order, n);
      }
      return new SortedRows(rows, tags).take(order);
    }

    @Override
    public String name() {
      return "topn.chunk";
    }
  }
}
