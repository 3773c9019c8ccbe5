package org.marsonspark.dataframe.ops;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Exchange;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileContext.ChunkSpec;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.Rows;

/**
 * {@code sort_values} of a DataFrame (by columns) or a Series, and {@code sort_index}: a
 * parallel sort by regular sampling (PSRS), as {@code tensor.ops.Sort} does for tensors. Every
 * chunk is sorted and sampled at p regular positions (one op, two outputs); one op picks p - 1
 * pivots from all samples; every sorted chunk is cut at the pivots into p contiguous ranges,
 * exchanged through Spark's shuffle ({@link Exchange}: the range partitioner is the pivots);
 * result chunk j merges range j of every chunk (a k-way merge of sorted runs).
 * Rows carry position tags ({@link SortKeys}), so there are no ties: the order is stable (equal
 * keys keep their input order, pandas's kind='mergesort'), every row goes to exactly one bucket,
 * and chunk sizes are never needed — a sort after a filter runs without a first round. The
 * index labels travel with their rows; result chunk sizes are known once it has run. One chunk
 * is sorted in place.
 */
public final class SortValues extends DfOp {
  /** What a sort orders by. */
  public enum Source { COLUMNS, VALUES, INDEX }

  /** The keys: columns of a frame ({@code by}), a series's values, or the index labels. */
  public record Spec(Source source, String[] by, boolean[] ascending, boolean naFirst) implements Serializable {
    Column[] keys(Object rows) {
      return switch (source) {
        case COLUMNS -> {
          LocalFrame f = (LocalFrame) rows;
          Column[] k = new Column[by.length];
          for (int i = 0; i < k.length; i++) {
            k[i] = f.column(by[i]);
          }
          yield k;
        }
        case VALUES -> new Column[] {((org.marsonspark.dataframe.local.LocalSeries) rows).values()};
        case INDEX -> new Column[] {Rows.index(rows).values()};
      };
    }

    int nkeys() {
      return source == Source.COLUMNS ? by.length : 1;
    }

    SortKeys sortKeys(Object rows, long[] tags) {
      return new SortKeys(keys(rows), ascending, naFirst, tags);
    }

    /** A sample (or the pivots): a frame holding only the key columns. */
    static SortKeys sampleKeys(SortedRows s, Spec spec) {
      LocalFrame f = (LocalFrame) s.rows();
      Column[] k = new Column[f.ncols()];
      for (int i = 0; i < k.length; i++) {
        k[i] = f.column(i);
      }
      return new SortKeys(k, spec.ascending, spec.naFirst, s.tags());
    }
  }

  private final Spec spec;

  private SortValues(DfData in, Spec spec) {
    super(List.of(in));
    this.spec = spec;
  }

  @Override
  public String name() {
    return spec.source == Source.INDEX ? "sort_index" : "sort_values";
  }

  /** Checks {@code ascending} against the keys and parses {@code na_position}. */
  public static boolean[] ascendingFor(int nkeys, boolean[] ascending) {
    if (ascending.length == 1 && nkeys > 1) {
      boolean[] a = new boolean[nkeys];
      java.util.Arrays.fill(a, ascending[0]);
      return a;
    }
    if (ascending.length != nkeys) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "sort_values: Length of ascending (" + ascending.length
          + ") != length of by (" + nkeys + ")");
    }
    return ascending.clone();
  }

  public static boolean naFirst(String naPosition) {
    return switch (naPosition) {
      case "first" -> true;
      case "last" -> false;
      default -> throw new MarsException(ErrorClass.INVALID_ARGUMENT, "sort_values: invalid na_position: '"
          + naPosition + "' (use \"first\" or \"last\")");
    };
  }

  public static DataFrame frame(DataFrameData in, Spec spec) {
    return new SortValues(in, spec).newFrame(new DataFrameData(in.nrows(), in.columns(), in.dtypes(),
        in.index().taken(), DfData.newAlignKey()));
  }

  public static Series series(SeriesData in, Spec spec) {
    return new SortValues(in, spec).newSeries(new SeriesData(in.nrows(), in.name(), in.dtype(), in.index().taken(),
        DfData.newAlignKey()));
  }

  @Override
  public void tile(TileContext ctx) {
    DfData in = in(0);
    DfData out = out();
    List<Chunk> merged = sortedBuckets(ctx, in.chunks(), spec);
    List<Chunk> chunks = new ArrayList<>();
    for (int j = 0; j < merged.size(); j++) {
      chunks.add(ctx.newChunk(new Unwrap(), List.of(merged.get(j)), rowIndex(out, j), rowShape(out, Shapes.UNKNOWN),
          out.chunkMeta()));
    }
    out.setChunks(chunks, nsplitsOf(out, unknownSplits(chunks.size())));
  }

  /**
   * PSRS of row chunks: chunks of {@link SortedRows} holding, bucket after bucket, all rows in
   * order (one chunk, sorted, when there is one input chunk).
   */
  static List<Chunk> sortedBuckets(TileContext ctx, List<Chunk> inputs, Spec spec) {
    int p = inputs.size();
    List<Chunk> sorted = new ArrayList<>();
    List<Chunk> samples = new ArrayList<>();
    for (int i = 0; i < p; i++) {
      Chunk c = inputs.get(i);
      if (p == 1) {
        sorted.add(ctx.newChunk(new SortChunk(spec, i, 0), List.of(c), new int[] {i}, new long[] {Shapes.UNKNOWN},
            null));
        return sorted;
      }
      List<Chunk> two = ctx.newChunks(new SortChunk(spec, i, p), List.of(c), List.of(
          new ChunkSpec(new int[] {i}, new long[] {Shapes.UNKNOWN}, null),
          new ChunkSpec(new int[] {i}, new long[] {Shapes.UNKNOWN}, null)));
      sorted.add(two.get(0));
      samples.add(two.get(1));
    }
    Chunk pivots = ctx.newChunk(new PivotChunk(spec, p), samples, new int[] {0}, new long[] {Shapes.UNKNOWN}, null);
    List<Chunk> cuts = new ArrayList<>();
    for (int i = 0; i < p; i++) {
      cuts.add(ctx.newChunk(new CutChunk(spec, p), List.of(sorted.get(i), pivots), new int[] {i}, new long[] {p},
          Exchange.PIECES));
    }
    List<Chunk> buckets = ctx.newExchange("sort.ranges", cuts, p);
    List<Chunk> outs = new ArrayList<>();
    for (int j = 0; j < p; j++) {
      outs.add(ctx.newChunk(new MergeChunk(spec, -1), List.of(buckets.get(j)), new int[] {j},
          new long[] {Shapes.UNKNOWN}, null));
    }
    return outs;
  }

  /** Sorts one chunk (tagging its rows); with {@code samples} above 0 also samples its keys. */
  record SortChunk(Spec spec, int chunk, int samples) implements ChunkOp {
    @Override
    public int outputCount() {
      return samples > 0 ? 2 : 1;
    }

    @Override
    public Object execute(Object[] inputs) {
      Object rows = inputs[0];
      long[] tags = SortKeys.tags(chunk, Rows.size(rows));
      SortedRows sorted = new SortedRows(rows, tags).take(spec.sortKeys(rows, tags).order());
      if (samples == 0) {
        return sorted;
      }
      int n = sorted.size();
      int m = Math.min(samples, n);
      int[] at = new int[m];
      for (int i = 0; i < m; i++) {
        at[i] = (int) ((long) i * n / m);
      }
      return new Object[] {sorted, keyFrame(sorted, spec).take(at)};
    }

    @Override
    public String name() {
      return "sort.local";
    }
  }

  /** The key columns of sorted rows as a frame (what samples and pivots hold). */
  static SortedRows keyFrame(SortedRows s, Spec spec) {
    Column[] k = spec.keys(s.rows());
    String[] names = new String[k.length];
    for (int i = 0; i < k.length; i++) {
      names[i] = "k" + i;
    }
    return new SortedRows(new LocalFrame(LocalIndex.range(s.size()), names, k), s.tags());
  }

  /** p - 1 pivots at regular positions of all samples, in order. */
  record PivotChunk(Spec spec, int p) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      List<SortedRows> parts = new ArrayList<>();
      for (Object o : inputs) {
        parts.add((SortedRows) o);
      }
      int[] starts = new int[parts.size() + 1];
      SortedRows all = SortedRows.concat(parts, starts);
      int[] order = Spec.sampleKeys(all, spec).mergeSortedRuns(starts);
      int m = order.length;
      int np = m == 0 ? 0 : p - 1;
      int[] at = new int[np];
      for (int j = 1; j <= np; j++) {
        at[j - 1] = order[Math.min(m - 1, (int) ((long) j * m / p))];
      }
      return all.take(at);
    }

    @Override
    public String name() {
      return "sort.pivots";
    }
  }

  /** Cuts one sorted chunk at the pivots: range j holds the rows after pivot j - 1 up to pivot j. */
  record CutChunk(Spec spec, int p) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      SortedRows s = (SortedRows) inputs[0];
      SortedRows piv = (SortedRows) inputs[1];
      SortKeys keys = spec.sortKeys(s.rows(), s.tags());
      SortKeys pk = Spec.sampleKeys(piv, spec);
      Object[] out = new Object[p];
      int from = 0;
      for (int j = 0; j < p; j++) {
        int to = j < pk.size() ? Math.max(from, keys.upperBound(pk, j)) : s.size();
        out[j] = s.slice(from, to);
        from = to;
      }
      return new Exchange.Pieces(out);
    }

    @Override
    public String name() {
      return "sort.cut";
    }
  }

  /**
   * Merges sorted runs — its inputs, or the pieces of the one bucket it reads — into one sorted
   * block; keeps the first {@code limit} rows when it is not negative.
   */
  record MergeChunk(Spec spec, int limit) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      List<SortedRows> parts = new ArrayList<>();
      if (inputs.length == 1 && inputs[0] instanceof Exchange.Bucket b) {
        parts.addAll(b.as(SortedRows.class));
      } else {
        for (Object o : inputs) {
          parts.add((SortedRows) o);
        }
      }
      int[] starts = new int[parts.size() + 1];
      SortedRows all = SortedRows.concat(parts, starts);
      int[] order = spec.sortKeys(all.rows(), all.tags()).mergeSortedRuns(starts);
      if (limit >= 0 && order.length > limit) {
        order = java.util.Arrays.copyOf(order, limit);
      }
      return all.take(order);
    }

    @Override
    public String name() {
      return "sort.merge";
    }
  }

  /** The rows of sorted rows (their tags dropped). */
  record Unwrap() implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return ((SortedRows) inputs[0]).rows();
    }

    @Override
    public String name() {
      return "sort.finish";
    }
  }
}
