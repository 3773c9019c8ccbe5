package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Exchange;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableData;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.GroupFunction;
import org.marsonspark.dataframe.IndexMeta;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;

/**
 * {@code df.groupby(keys).apply(fn)} and {@code transform(fn)} with a Java function over each
 * group's frame. The rows of a group are brought together by the groupby shuffle: every chunk's
 * distinct keys ({@link GroupByAgg.MapOp} with no aggregation) give p - 1 pivots
 * ({@link GroupByAgg.Pivots}), every row chunk is cut into p key ranges, and bucket j receives
 * range j of every chunk — so each group lands whole in one bucket, its rows in their original
 * order, and buckets hold increasing key ranges. A bucket runs the function on its groups in key
 * order (pandas's sort=True); rows with an NA key are dropped (dropna=True).
 * <ul>
 *   <li><b>apply</b>: the outputs are concatenated, bucket after bucket (the result is ordered by
 *   group key; its index is whatever the function returned — pandas's group_keys=False).</li>
 *   <li><b>transform</b>: the function gets the group's non-key columns and must return as many
 *   rows; each output row carries its input row's position tag ({@link SortKeys#tags}) and a
 *   second exchange sends it back to its source chunk, where the rows are put in their original
 *   order (NA for rows with an NA key). The result keeps the frame's labels and row chunks.</li>
 * </ul>
 */
public final class GroupApply extends DfOp {
  private final String[] keys;
  private final GroupFunction fn;
  private final boolean transform;

  private GroupApply(List<TileableData> inputs, String[] keys, GroupFunction fn, boolean transform) {
    super(inputs);
    this.keys = keys;
    this.fn = fn;
    this.transform = transform;
  }

  @Override
  public String name() {
    return transform ? "groupby_transform" : "groupby_apply";
  }

  /** The frame a function returns for a group with no rows (to learn its columns and dtypes). */
  public static LocalFrame emptyResult(GroupFunction fn, LocalFrame emptyGroup, String op) {
    LocalFrame r;
    try {
      r = fn.apply(emptyGroup);
    } catch (RuntimeException e) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": the output columns and dtypes are inferred by "
          + "calling the function on an empty group, which failed (" + e + "); pass them explicitly", e);
    }
    if (r == null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": the function returned null for an empty group; "
          + "it must return a LocalFrame");
    }
    return r;
  }

  /**
   * @param outNames the output columns, {@code outTypes} their dtypes; {@code index} the index the
   *     function's frames carry (apply only)
   */
  public static DataFrameData of(DataFrameData in, String[] keys, GroupFunction fn, boolean transform,
      List<String> outNames, List<DfType> outTypes, IndexMeta index) {
    DfType[] keyTypes = new DfType[keys.length];
    boolean naKeys = false;
    for (int k = 0; k < keys.length; k++) {
      keyTypes[k] = in.dtype(keys[k]);
      naKeys |= keyTypes[k].holdsNA();
    }
    GroupByAgg.Spec spec = new GroupByAgg.Spec(keys, new String[0], new String[0], new Agg[0], new DfType[0],
        keyTypes, false);
    TileableData states = new GroupByAgg.MapOp(in, spec).bind();
    List<DfType> types = new ArrayList<>(outTypes);
    if (transform && naKeys) {
      types.replaceAll(DfType::withNA);
    }
    DataFrameData out = transform
        ? new DataFrameData(in.nrows(), outNames, types, in.index(), in.alignKey())
        : new DataFrameData(-1, outNames, types, index, DfData.newAlignKey());
    return new GroupApply(List.of(in, states), keys, fn, transform).newOutput(out);
  }

  @Override
  public void tile(TileContext ctx) {
    DfData in = in(0);
    DfData states = in(1);
    DataFrameData out = (DataFrameData) out();
    int p = in.chunks().size();
    String[] names = out.columns().toArray(new String[0]);
    DfType[] types = out.dtypes().toArray(new DfType[0]);
    List<Chunk> pivots = new ArrayList<>();
    if (p > 1) {
      pivots.add(ctx.newChunk(new GroupByAgg.Pivots(p), states.chunks(), new int[] {0}, new long[] {Shapes.UNKNOWN},
          null));
    }
    List<Chunk> cuts = new ArrayList<>();
    for (int i = 0; i < p; i++) {
      List<Chunk> ins = new ArrayList<>(List.of(in.chunks().get(i)));
      ins.addAll(pivots);
      cuts.add(ctx.newChunk(new CutByKey(keys, p, i), ins, new int[] {i}, new long[] {p}, Exchange.PIECES));
    }
    List<Chunk> buckets = ctx.newExchange("groupby_shuffle", cuts, p);
    List<Chunk> applied = new ArrayList<>();
    for (int j = 0; j < p; j++) {
      ApplyGroups op = new ApplyGroups(keys, fn, transform, names, types, out.index().dtype(), p);
      applied.add(transform
          ? ctx.newChunk(op, List.of(buckets.get(j)), new int[] {j}, new long[] {p}, Exchange.PIECES)
          : ctx.newChunk(op, List.of(buckets.get(j)), rowIndex(out, j), rowShape(out, Shapes.UNKNOWN),
              out.chunkMeta()));
    }
    if (!transform) {
      out.setChunks(applied, nsplitsOf(out, unknownSplits(p)));
      return;
    }
    List<Chunk> back = ctx.newExchange("groupby_transform.back", applied, p);
    List<Chunk> chunks = new ArrayList<>();
    for (int r = 0; r < p; r++) {
      chunks.add(ctx.newChunk(new Reassemble(names, types), List.of(in.chunks().get(r), back.get(r)), rowIndex(out, r),
          rowShape(out, in.rowSplits()[r]), out.chunkMeta()));
    }
    out.setChunks(chunks, nsplitsOf(out, in.rowSplits()));
  }

  /** Cuts a row chunk into p key ranges (rows with an NA key are dropped), each row tagged. */
  record CutByKey(String[] keys, int p, int chunk) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame f = (LocalFrame) inputs[0];
      Column[] k = new Column[keys.length];
      for (int i = 0; i < k.length; i++) {
        k[i] = f.column(keys[i]);
      }
      Column[] piv = inputs.length > 1 ? ((GroupState) inputs[1]).keys() : null;
      int np = piv == null ? 0 : piv[0].size();
      int n = f.nrows();
      int[] bucket = new int[n];
      int[] counts = new int[p];
      for (int i = 0; i < n; i++) {
        boolean na = false;
        for (Column c : k) {
          na |= c.isNA(i);
        }
        if (na) {
          bucket[i] = -1;
          continue;
        }
        int lo = 0;
        int hi = np;
        while (lo < hi) {
          int mid = (lo + hi) >>> 1;
          if (GroupState.compare(k, i, piv, mid) <= 0) {
            hi = mid;
          } else {
            lo = mid + 1;
          }
        }
        bucket[i] = lo;
        counts[lo]++;
      }
      int[][] at = new int[p][];
      for (int j = 0; j < p; j++) {
        at[j] = new int[counts[j]];
      }
      int[] fill = new int[p];
      for (int i = 0; i < n; i++) {
        if (bucket[i] >= 0) {
          at[bucket[i]][fill[bucket[i]]++] = i;
        }
      }
      SortedRows all = new SortedRows(f, SortKeys.tags(chunk, n));
      Object[] out = new Object[p];
      for (int j = 0; j < p; j++) {
        out[j] = all.take(at[j]);
      }
      return new Exchange.Pieces(out);
    }

    @Override
    public String name() {
      return "groupby_shuffle";
    }
  }

  /** Runs the function on every group of a bucket, in key order. */
  record ApplyGroups(String[] keys, GroupFunction fn, boolean transform, String[] names, DfType[] types,
      DfType indexType, int p) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      List<SortedRows> parts = ((Exchange.Bucket) inputs[0]).as(SortedRows.class);
      SortedRows all = SortedRows.concat(parts, new int[parts.size() + 1]);
      LocalFrame f = (LocalFrame) all.rows();
      Column[] k = new Column[keys.length];
      for (int i = 0; i < k.length; i++) {
        k[i] = f.column(keys[i]);
      }
      List<Integer> first = new ArrayList<>();
      int[] ids = GroupState.factorize(k, first, true);
      int ng = first.size();
      int[] firstAt = first.stream().mapToInt(Integer::intValue).toArray();
      Column[] groupKeys = new Column[k.length];
      for (int i = 0; i < k.length; i++) {
        groupKeys[i] = k[i].take(firstAt);
      }
      int[] order = GroupState.sortOrder(groupKeys);
      // rows of each group, in input order (a counting sort by group id)
      int[] start = new int[ng + 1];
      for (int id : ids) {
        start[id + 1]++;
      }
      for (int g = 0; g < ng; g++) {
        start[g + 1] += start[g];
      }
      int[] rows = new int[ids.length];
      int[] fill = start.clone();
      for (int i = 0; i < ids.length; i++) {
        rows[fill[ids[i]]++] = i;
      }
      List<String> valueCols = new ArrayList<>(f.columnNames());
      valueCols.removeAll(Arrays.asList(keys));
      List<LocalFrame> results = new ArrayList<>();
      List<long[]> tags = new ArrayList<>();
      for (int g : order) {
        int[] at = Arrays.copyOfRange(rows, start[g], start[g + 1]);
        LocalFrame group = f.take(at);
        if (transform) {
          group = group.select(valueCols);
        }
        LocalFrame r = fn.apply(group);
        check(r, group, groupKeys, g);
        if (transform) {
          long[] t = new long[at.length];
          for (int i = 0; i < at.length; i++) {
            t[i] = all.tags()[at[i]];
          }
          tags.add(t);
          r = coerce(r.withIndex(group.index()));
        }
        results.add(r);
      }
      if (!transform) {
        return results.isEmpty() ? empty(names, types, indexType) : LocalFrame.concat(results);
      }
      // send every output row back to the chunk its input row came from
      LocalFrame res = results.isEmpty() ? empty(names, types, DfType.INT64) : LocalFrame.concat(results);
      long[] t = new long[res.nrows()];
      int at = 0;
      for (long[] x : tags) {
        System.arraycopy(x, 0, t, at, x.length);
        at += x.length;
      }
      int[] counts = new int[p];
      for (long x : t) {
        counts[(int) (x >>> 32)]++;
      }
      int[][] pos = new int[p][];
      for (int r = 0; r < p; r++) {
        pos[r] = new int[counts[r]];
      }
      int[] fillr = new int[p];
      for (int i = 0; i < t.length; i++) {
        int r = (int) (t[i] >>> 32);
        pos[r][fillr[r]++] = i;
      }
      SortedRows tagged = new SortedRows(res, t);
      Object[] out = new Object[p];
      for (int r = 0; r < p; r++) {
        out[r] = tagged.take(pos[r]);
      }
      return new Exchange.Pieces(out);
    }

    /** A transform's output with NA-capable columns where its int64 / bool ones must hold NA. */
    private LocalFrame coerce(LocalFrame r) {
      Column[] cols = new Column[names.length];
      for (int c = 0; c < cols.length; c++) {
        Column v = r.column(c);
        cols[c] = v.dtype() == types[c] ? v : Casts.cast(v, types[c], false);
      }
      return new LocalFrame(r.index(), names, cols);
    }

    /** The function's frame must have the predicted columns and dtypes (and, for transform, the group's rows). */
    private void check(LocalFrame r, LocalFrame group, Column[] groupKeys, int g) {
      String what = transform ? "transform" : "apply";
      if (r == null) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "groupby " + what + ": the function returned null for "
            + "the group " + GroupState.keyOf(groupKeys, g));
      }
      boolean same = r.columnNames().equals(Arrays.asList(names));
      for (int c = 0; same && c < types.length; c++) {
        same = r.column(c).dtype() == types[c] || (transform && r.column(c).dtype().withNA() == types[c]);
      }
      if (!same) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "groupby " + what + ": the function returned columns "
            + r.columnNames() + " with dtypes " + r.dtypes() + " for the group " + GroupState.keyOf(groupKeys, g)
            + ", but " + Arrays.asList(names) + " with dtypes " + Arrays.asList(types) + " were expected (inferred "
            + "from an empty group or given); return the same columns and dtypes for every group");
      }
      if (transform && r.nrows() != group.nrows()) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "groupby transform: the function returned "
            + r.nrows() + " rows for the group " + GroupState.keyOf(groupKeys, g) + " of " + group.nrows()
            + " rows; a transform must return one row per row of its group");
      }
    }
  }

  static LocalFrame empty(String[] names, DfType[] types, DfType indexType) {
    Column[] cols = new Column[names.length];
    for (int c = 0; c < cols.length; c++) {
      cols[c] = Column.empty(types[c]);
    }
    return new LocalFrame(LocalIndex.of(Column.empty(indexType), null), names, cols);
  }

  /** A row chunk of a transform: its rows' outputs from every bucket, in the chunk's row order. */
  record Reassemble(String[] names, DfType[] types) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame src = (LocalFrame) inputs[0];
      int n = src.nrows();
      List<SortedRows> parts = ((Exchange.Bucket) inputs[1]).as(SortedRows.class);
      SortedRows all = SortedRows.concat(parts, new int[parts.size() + 1]);
      LocalFrame f = (LocalFrame) all.rows();
      int[] at = new int[n];
      Arrays.fill(at, -1);
      for (int i = 0; i < all.size(); i++) {
        at[(int) all.tags()[i]] = i;
      }
      Column[] cols = new Column[names.length];
      for (int c = 0; c < cols.length; c++) {
        Column v = f.column(c).take(at);
        cols[c] = v.dtype() == types[c] ? v : Casts.cast(v, types[c], false);
      }
      return new LocalFrame(src.index(), names, cols);
    }

    @Override
    public String name() {
      return "groupby_transform.assemble";
    }
  }
}
