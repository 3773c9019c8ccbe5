package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Exchange;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfChunkMeta;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.IndexMeta;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;

/**
 * {@code df.groupby(keys).agg(...)}, in two operands. {@link MapOp} reduces every chunk to
 * partial states per group ({@link GroupState}); its group counts are then known (iterative
 * tiling), and {@link GroupByAgg} picks how to combine them from those measured sizes:
 * <ul>
 *   <li><b>tree</b> — when every group's partial states together fit one chunk (under
 *   {@code chunkStoreLimit}): merge {@code combineSize} partials at a time, one result chunk;</li>
 *   <li><b>shuffle</b> — otherwise: pivots are drawn from all partial keys, each partial is split
 *   into key ranges, exchanged through Spark's shuffle ({@link Exchange}), and bucket j merges
 *   range j of every partial, as PSRS does; result chunk j holds the j-th key range, so the result is
 *   sorted by key as pandas's is.</li>
 * </ul>
 * Rows with an NA key are dropped (pandas dropna=True); groups are sorted by key (sort=True).
 */
public final class GroupByAgg extends DfOp {
  /** How partial results are combined. */
  public enum Method { AUTO, TREE, SHUFFLE }

  private final Spec spec;
  private final Method method;
  private Method chosen;

  /**
   * What to compute: key columns, then per output column its source column and function;
   * {@code dropna} false keeps rows with an NA key as a group of their own (sorted last).
   */
  public record Spec(String[] keys, String[] outNames, String[] columns, Agg[] aggs, DfType[] inTypes,
      DfType[] keyTypes, boolean asIndex, boolean dropna) implements java.io.Serializable {
    public Spec(String[] keys, String[] outNames, String[] columns, Agg[] aggs, DfType[] inTypes, DfType[] keyTypes,
        boolean asIndex) {
      this(keys, outNames, columns, aggs, inTypes, keyTypes, asIndex, true);
    }
  }

  private GroupByAgg(StateData in, Spec spec, Method method) {
    super(List.of(in));
    this.spec = spec;
    this.method = method;
  }

  /** The method the last tiling chose (for tests and explain). */
  public Method chosen() {
    return chosen;
  }

  @Override
  public String name() {
    return "groupby_agg";
  }

  public static DataFrame of(DataFrameData in, Spec spec, Method method) {
    DataFrame out = unindexed(in, spec, method);
    return spec.asIndex() ? out : DataFrame.ofOutput(ContinuousIndex.of(out.data()));
  }

  /**
   * The aggregated frame as {@link #of} gives it, except that with {@code asIndex} false the
   * result chunks keep their own RangeIndex from 0 (no round to number them), for consumers that
   * only read the keys and values (groupby transform).
   */
  static DataFrame unindexed(DataFrameData in, Spec spec, Method method) {
    StateData states = new MapOp(in, spec).bind();
    List<String> cols = new ArrayList<>();
    List<DfType> dts = new ArrayList<>();
    if (!spec.asIndex()) {
      cols.addAll(List.of(spec.keys()));
      dts.addAll(List.of(spec.keyTypes()));
    }
    for (int i = 0; i < spec.aggs().length; i++) {
      cols.add(spec.outNames()[i]);
      dts.add(spec.aggs()[i].resultType(spec.inTypes()[i]));
    }
    IndexMeta idx = !spec.asIndex() ? IndexMeta.rangeIndex() : spec.keys().length == 1
        ? IndexMeta.of(spec.keyTypes()[0], spec.keys()[0])
        : new IndexMeta(false, List.of(spec.keyTypes()), List.of(spec.keys()));
    return new GroupByAgg(states, spec, method).newFrame(new DataFrameData(-1, cols, dts, idx, DfData.newAlignKey()));
  }

  @Override
  public void tile(TileContext ctx) {
    StateData in = (StateData) in(0);
    ctx.requireKnownShapes(in);
    long[] groups = in.rowSplits();
    long total = 0;
    for (long g : groups) {
      total += g;
    }
    long perGroup = 8L * (spec.keys().length + 3L * spec.aggs().length) + 32;
    Method m = method != Method.AUTO ? method
        : total * perGroup <= ctx.options().chunkStoreLimit() ? Method.TREE : Method.SHUFFLE;
    chosen = m;
    DataFrameData out = (DataFrameData) output();
    List<Chunk> parts = in.chunks();
    int p = parts.size();
    if (m == Method.TREE || p == 1) {
      int fanIn = ctx.options().combineSize();
      List<Chunk> level = parts;
      while (level.size() > fanIn) {
        List<Chunk> next = new ArrayList<>();
        for (int i = 0; i < level.size(); i += fanIn) {
          List<Chunk> grp = level.subList(i, Math.min(level.size(), i + fanIn));
          next.add(grp.size() == 1 ? grp.get(0) : ctx.newChunk(new MergeStates(spec), grp, new int[] {next.size()},
              new long[] {Shapes.UNKNOWN}, in.chunkMeta()));
        }
        level = next;
      }
      Chunk fin = ctx.newChunk(new Finish(spec), level, new int[] {0, 0}, new long[] {Shapes.UNKNOWN, out.shape(1)},
          out.chunkMeta());
      out.setChunks(List.of(fin), nsplitsOf(out, new long[] {Shapes.UNKNOWN}));
      return;
    }
    Chunk pivots = ctx.newChunk(new Pivots(p), parts, new int[] {0}, new long[] {Shapes.UNKNOWN}, null);
    List<Chunk> maps = new ArrayList<>();
    for (int i = 0; i < p; i++) {
      maps.add(ctx.newChunk(new SplitByPivots(p), List.of(parts.get(i), pivots), new int[] {i}, new long[] {p},
          Exchange.PIECES));
    }
    List<Chunk> buckets = ctx.newExchange("groupby_shuffle", maps, p);
    List<Chunk> outs = new ArrayList<>();
    for (int j = 0; j < p; j++) {
      outs.add(ctx.newChunk(new Finish(spec), List.of(buckets.get(j)), new int[] {j, 0},
          new long[] {Shapes.UNKNOWN, out.shape(1)}, out.chunkMeta()));
    }
    out.setChunks(outs, nsplitsOf(out, unknownSplits(p)));
  }

  /** The tileable of partial states: one chunk per input chunk, one row per group. */
  static final class StateData extends DfData {
    StateData(IndexMeta idx) {
      super(new long[] {Shapes.UNKNOWN}, idx, DfData.newAlignKey());
    }

    @Override
    public DfChunkMeta chunkMeta() {
      return new DfChunkMeta("group_state", 32);
    }
  }

  /** Partial aggregation of every chunk. */
  static final class MapOp extends DfOp {
    private final Spec spec;

    MapOp(DataFrameData in, Spec spec) {
      super(List.of(in));
      this.spec = spec;
    }

    StateData bind() {
      return bindOutput(new StateData(IndexMeta.rangeIndex()));
    }

    @Override
    public String name() {
      return "groupby_map";
    }

    @Override
    public void tile(TileContext ctx) {
      DfData in = in(0);
      StateData out = (StateData) output();
      List<Chunk> chunks = new ArrayList<>();
      for (Chunk c : in.chunks()) {
        chunks.add(ctx.newChunk(new MapGroups(spec), List.of(c), new int[] {c.index(0)}, new long[] {Shapes.UNKNOWN},
            out.chunkMeta()));
      }
      out.setChunks(chunks, new long[][] {unknownSplits(chunks.size())});
    }
  }

  record MapGroups(Spec spec) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame f = (LocalFrame) inputs[0];
      Column[] keys = new Column[spec.keys().length];
      for (int j = 0; j < keys.length; j++) {
        keys[j] = f.column(spec.keys()[j]);
      }
      List<Integer> first = new ArrayList<>();
      int[] ids = GroupState.factorize(keys, first, spec.dropna());
      int nvalid = 0;
      for (int id : ids) {
        nvalid += id >= 0 ? 1 : 0;
      }
      int[] valid = null;
      int[] validIds = ids;
      if (nvalid < ids.length) {
        valid = new int[nvalid];
        validIds = new int[nvalid];
        for (int i = 0, j = 0; i < ids.length; i++) {
          if (ids[i] >= 0) {
            valid[j] = i;
            validIds[j++] = ids[i];
          }
        }
      }
      int ng = first.size();
      int[] firstAt = first.stream().mapToInt(Integer::intValue).toArray();
      Column[] outKeys = new Column[keys.length];
      for (int j = 0; j < keys.length; j++) {
        outKeys[j] = keys[j].take(firstAt);
      }
      Column[][] states = new Column[spec.aggs().length][];
      for (int a = 0; a < states.length; a++) {
        Column v = valid == null ? f.column(spec.columns()[a]) : f.column(spec.columns()[a]).take(valid);
        states[a] = spec.aggs()[a].map(v, validIds, ng);
      }
      return new GroupState(outKeys, states);
    }

    @Override
    public String name() {
      return "groupby_map";
    }
  }

  /** The partial states an op reads: its inputs, or the pieces of the one bucket it reads. */
  static List<GroupState> states(Object[] inputs) {
    if (inputs.length == 1 && inputs[0] instanceof Exchange.Bucket b) {
      return b.as(GroupState.class);
    }
    List<GroupState> parts = new ArrayList<>();
    for (Object o : inputs) {
      parts.add((GroupState) o);
    }
    return parts;
  }

  record MergeStates(Spec spec) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return GroupState.merge(states(inputs), spec.aggs(), spec.dropna());
    }

    @Override
    public String name() {
      return "groupby_combine";
    }
  }

  /** Merges partials, sorts the groups by key and finishes every aggregation into a frame chunk. */
  record Finish(Spec spec) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      GroupState g = GroupState.merge(states(inputs), spec.aggs(), spec.dropna());
      int[] order = GroupState.sortOrder(g.keys());
      List<String> names = new ArrayList<>();
      List<Column> cols = new ArrayList<>();
      if (!spec.asIndex()) {
        for (int j = 0; j < spec.keys().length; j++) {
          names.add(spec.keys()[j]);
          cols.add(g.keys()[j].take(order));
        }
      }
      for (int a = 0; a < spec.aggs().length; a++) {
        names.add(spec.outNames()[a]);
        cols.add(spec.aggs()[a].finish(g.states()[a], spec.inTypes()[a]).take(order));
      }
      LocalIndex idx;
      if (!spec.asIndex()) {
        idx = LocalIndex.range(order.length);
      } else if (spec.keys().length == 1) {
        idx = LocalIndex.of(g.keys()[0].take(order), spec.keys()[0]);
      } else {
        List<Column> levels = new ArrayList<>();
        for (Column k : g.keys()) {
          levels.add(k.take(order));
        }
        idx = LocalIndex.multi(levels, List.of(spec.keys()));
      }
      return new LocalFrame(idx, names.toArray(new String[0]), cols.toArray(new Column[0]));
    }

    @Override
    public String name() {
      return "groupby_agg";
    }
  }

  /** p - 1 keys at regular positions of all partial keys, sorted: the bounds of the key ranges. */
  record Pivots(int p) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      List<GroupState> parts = states(inputs);
      int nk = parts.get(0).keys().length;
      Column[] all = new Column[nk];
      for (int j = 0; j < nk; j++) {
        List<Column> cols = new ArrayList<>();
        for (GroupState s : parts) {
          cols.add(s.keys()[j]);
        }
        all[j] = Column.concat(cols);
      }
      int[] order = GroupState.sortOrder(all);
      int[] at = new int[Math.min(p - 1, order.length)];
      for (int j = 1; j <= at.length; j++) {
        at[j - 1] = order[Math.min(order.length - 1, (int) ((long) j * order.length / p))];
      }
      Column[] piv = new Column[nk];
      for (int j = 0; j < nk; j++) {
        piv[j] = all[j].take(at);
      }
      return new GroupState(piv, new Column[0][]);
    }

    @Override
    public String name() {
      return "groupby_pivots";
    }
  }

  /** Splits one partial into p key ranges: range j holds keys k with pivot[j-1] &lt; k &lt;= pivot[j]. */
  record SplitByPivots(int p) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      GroupState s = (GroupState) inputs[0];
      GroupState piv = (GroupState) inputs[1];
      int n = s.ngroups();
      int np = piv.ngroups();
      List<List<Integer>> buckets = new ArrayList<>();
      for (int j = 0; j < p; j++) {
        buckets.add(new ArrayList<>());
      }
      for (int i = 0; i < n; i++) {
        int lo = 0;
        int hi = np;
        while (lo < hi) {
          int mid = (lo + hi) >>> 1;
          if (GroupState.compare(s.keys(), i, piv.keys(), mid) <= 0) {
            hi = mid;
          } else {
            lo = mid + 1;
          }
        }
        buckets.get(lo).add(i);
      }
      Object[] out = new Object[p];
      for (int j = 0; j < p; j++) {
        int[] at = buckets.get(j).stream().mapToInt(Integer::intValue).toArray();
        Column[] keys = new Column[s.keys().length];
        for (int k = 0; k < keys.length; k++) {
          keys[k] = s.keys()[k].take(at);
        }
        Column[][] st = new Column[s.states().length][];
        for (int a = 0; a < st.length; a++) {
          st[a] = new Column[s.states()[a].length];
          for (int k = 0; k < st[a].length; k++) {
            st[a][k] = s.states()[a][k].take(at);
          }
        }
        out[j] = new GroupState(keys, st);
      }
      return new Exchange.Pieces(out);
    }

    @Override
    public String name() {
      return "groupby_shuffle";
    }
  }
}
