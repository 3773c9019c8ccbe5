package org.marsonspark.dataframe.ops;

import java.io.Serializable;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.ChunkValue;
import org.marsonspark.core.Errors;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableData;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.IndexMeta;
import org.marsonspark.dataframe.local.BoolColumn;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DatetimeColumn;
import org.marsonspark.dataframe.local.DoubleColumn;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.PyOrder;
import org.marsonspark.dataframe.local.PyRepr;

/**
 * {@code pd.pivot_table(df, values, index, columns, aggfunc, fill_value)} (pandas 1.5 semantics).
 *
 * <p>Three steps. (1) The tiled groupby ({@link GroupByAgg}, as_index=False) aggregates on the index
 * and column keys (rows with an NA key dropped). (2) One {@link MetaOp} per aggregated chunk
 * reports what the shape of the table depends on — the distinct column keys, per value and column
 * key the non-NA cells and whether they are integral, the first / last / number of index keys —
 * and tiling reads these small values with {@link TileContext#requireValues}, merging them into a
 * {@link Plan}: sorted output columns and their dtypes, decided as pandas decides them, without
 * collecting the table. (3) One {@link PivotChunk} per aggregated chunk turns its groups into
 * table rows; an index key whose groups straddle two aggregated chunks (the shuffle cuts key
 * ranges) belongs to the first, which also reads the leading rows of the next ones.
 *
 * <p>Column names: with {@code values} a single name, the column key ({@code str} of it, keys of
 * several column keys joined by {@code "|"}); with a list of values, none, or a dict aggfunc over
 * several values, {@code "value|key"} (pandas's MultiIndex columns flattened). With several index
 * keys they become leading columns and the index is a RangeIndex (pandas's {@code reset_index()}).
 */
public final class PivotTable extends DfOp {
  /** What to build; value i is aggregated into column {@code "__pivot_" + i} of the groupby. */
  public record Spec(String[] indexKeys, String[] columnKeys, String[] values, Agg[] aggs, DfType[] inTypes,
      DfType[] aggTypes, DfType[] keyTypes, boolean multiNames, boolean sizeOnly, Object fillValue)
      implements Serializable {
    int nIdx() {
      return indexKeys.length;
    }

    int nCol() {
      return columnKeys.length;
    }

    static String aggName(int i) {
      return "__pivot_" + i;
    }

    boolean fillsNA() {
      return fillValue != null && !(fillValue instanceof Double d && d.isNaN())
          && !(fillValue instanceof Float f && f.isNaN());
    }
  }

  private final Spec spec;
  private MetaData meta;
  private Plan plan;

  private PivotTable(DataFrameData agged, Spec spec) {
    super(List.of(agged));
    this.spec = spec;
  }

  /** The plan the last tiling made (for tests). */
  public Plan plan() {
    return plan;
  }

  @Override
  public String name() {
    return "pivot_table";
  }

  // ---- user entry ---------------------------------------------------------------------------------

  /** See {@link DataFrame#pivotTable(Object, Object, Object, Object, Object, boolean)}. */
  public static DataFrame of(DataFrameData df, Object values, Object index, Object columns, Object aggfunc,
      Object fillValue, boolean margins, GroupByAgg.Method method) {
    if (margins) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "pivot_table: margins=True (the 'All' row and "
          + "column) is not built");
    }
    List<String> idx = names("index", index);
    List<String> cols = names("columns", columns);
    if (idx.isEmpty()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "pivot_table without index keys (pandas returns "
          + "the transposed table) is not built: pass index");
    }
    List<String> keys = new ArrayList<>(idx);
    keys.addAll(cols);
    for (int i = 0; i < keys.size(); i++) {
      String k = keys.get(i);
      if (!df.columns().contains(k)) {
        throw Errors.columnNotFound("pivot_table", k, df.columns(), "", "");
      }
      if (keys.indexOf(k) != i) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "pivot_table: key '" + k
            + "' is given twice (index and columns keys must differ)");
      }
      if (df.dtype(k) == DfType.CATEGORY) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "pivot_table on a category key ('" + k
            + "') would list unobserved categories (observed=False), which is not built: astype(\"str\") it first");
      }
    }
    boolean valuesPassed = values != null;
    List<String> vals;
    if (valuesPassed) {
      vals = names("values", values);
      if (vals.isEmpty()) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "pivot_table: values is empty");
      }
      for (String v : vals) {
        if (!df.columns().contains(v)) {
          throw Errors.columnNotFound("pivot_table", v, df.columns(), "", "");
        }
        if (keys.contains(v)) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "pivot_table: '" + v
              + "' is both a value and a key");
        }
      }
    } else {
      vals = new ArrayList<>(df.columns());
      vals.removeAll(keys);
    }
    boolean multi = !(values instanceof String);
    // the aggregations: one per value column (pandas's agged columns), sorted by name as pandas's
    // sort_index(axis=1) sorts the value level
    LinkedHashMap<String, Agg> per = new LinkedHashMap<>();
    boolean sizeOnly = false;
    if (aggfunc == null || aggfunc instanceof String) {
      String fn = aggfunc == null ? "mean" : (String) aggfunc;
      Agg a = Agg.of(fn);
      if (a == Agg.SIZE) {
        if (cols.isEmpty()) {
          throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "pivot_table(aggfunc='size') without "
              + "columns gives a Series in pandas, which is not built: use groupby(...).size()");
        }
        sizeOnly = true;
        per.put(keys.get(0), a);
      } else {
        for (String v : vals) {
          if (!valuesPassed) {
            try {
              a.resultType(df.dtype(v));
            } catch (MarsException e) {
              continue; // pandas 1.5 drops such "nuisance" columns when values are not given
            }
          }
          per.put(v, a);
        }
      }
    } else if (aggfunc instanceof Map<?, ?> m) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (!(e.getKey() instanceof String v) || !(e.getValue() instanceof String fn)) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "pivot_table: aggfunc maps column names to "
              + "function names, got " + e.getKey() + " -> " + e.getValue());
        }
        if (!vals.contains(v)) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "pivot_table: Column(s) ['" + v
              + "'] do not exist among the values " + vals);
        }
        per.put(v, Agg.of(fn));
      }
      if (per.isEmpty()) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "pivot_table: aggfunc is an empty map");
      }
    } else {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "pivot_table: aggfunc must be a function name (\"mean\", "
          + "\"sum\", ...) or a map from value column to function name, got " + aggfunc);
    }
    if (per.isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "pivot_table: no value column to aggregate");
    }
    if (fillValue != null && !(fillValue instanceof Number)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "pivot_table: fill_value must be a number, got "
          + fillValue);
    }
    List<String> sorted = new ArrayList<>(per.keySet());
    sorted.sort(PyOrder.STRINGS);
    int n = sorted.size();
    String[] vs = sorted.toArray(new String[0]);
    Agg[] aggs = new Agg[n];
    DfType[] in = new DfType[n];
    DfType[] out = new DfType[n];
    for (int i = 0; i < n; i++) {
      aggs[i] = per.get(vs[i]);
      in[i] = df.dtype(vs[i]);
      out[i] = aggs[i].resultType(in[i]);
      if (fillValue != null && out[i] == DfType.DATETIME) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "pivot_table: fill_value with datetime "
            + "results ('" + vs[i] + "') would make object columns, which is not built");
      }
    }
    DfType[] keyTypes = new DfType[keys.size()];
    for (int i = 0; i < keyTypes.length; i++) {
      keyTypes[i] = df.dtype(keys.get(i));
    }
    Spec spec = new Spec(idx.toArray(new String[0]), cols.toArray(new String[0]), vs, aggs, in, out, keyTypes, multi,
        sizeOnly, fillValue);
    String[] outNames = new String[n];
    for (int i = 0; i < n; i++) {
      outNames[i] = Spec.aggName(i);
    }
    GroupByAgg.Spec g = new GroupByAgg.Spec(keys.toArray(new String[0]), outNames, vs, aggs, in, keyTypes, false);
    DataFrame agged = GroupByAgg.unindexed(df, g, method);
    IndexMeta im = idx.size() == 1 ? IndexMeta.of(keyTypes[0], idx.get(0)) : IndexMeta.rangeIndex();
    return new PivotTable(agged.data(), spec).newFrame(DataFrameData.columnsDecidedAtTile(Shapes.UNKNOWN, im,
        DfData.newAlignKey(), "pivot_table"));
  }

  private static List<String> names(String what, Object o) {
    if (o == null) {
      return List.of();
    }
    if (o instanceof String s) {
      return List.of(s);
    }
    if (o instanceof List<?> l) {
      List<String> out = new ArrayList<>();
      for (Object x : l) {
        if (!(x instanceof String s)) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "pivot_table: " + what + " must name columns, got "
              + x);
        }
        out.add(s);
      }
      return out;
    }
    throw new MarsException(ErrorClass.INVALID_ARGUMENT, "pivot_table: " + what
        + " must be a column name or a list of them, got " + o);
  }

  // ---- tiling ---------------------------------------------------------------------------------------

  @Override
  public void tile(TileContext ctx) {
    DataFrameData agged = (DataFrameData) in(0);
    // run the aggregation itself first, so that the metadata pass and the pivot both read its
    // held chunks (asking for the metadata alone would compute the groupby twice)
    ctx.requireKnownShapes(agged);
    if (meta == null) {
      List<Chunk> chunks = new ArrayList<>();
      for (Chunk c : agged.chunks()) {
        chunks.add(ctx.newChunk(new MetaOp(spec), List.of(c), new int[] {c.index(0)}, new long[] {Shapes.UNKNOWN},
            null));
      }
      meta = new MetaData();
      meta.setChunks(chunks, new long[][] {unknownSplits(chunks.size())});
    }
    Object[] values = ctx.requireValues(meta);
    PivotMeta[] metas = new PivotMeta[values.length];
    for (int i = 0; i < values.length; i++) {
      metas[i] = (PivotMeta) values[i];
    }
    plan = Plan.of(spec, metas);
    DataFrameData out = (DataFrameData) out();
    List<String> names = new ArrayList<>();
    List<DfType> types = new ArrayList<>();
    if (spec.nIdx() > 1) {
      names.addAll(List.of(spec.indexKeys()));
      for (int i = 0; i < spec.nIdx(); i++) {
        types.add(spec.keyTypes()[i]);
      }
    }
    names.addAll(List.of(plan.names));
    types.addAll(List.of(plan.types));
    out.resolveColumns(names, types);
    int width = names.size();
    List<Chunk> inChunks = agged.chunks();
    List<Chunk> chunks = new ArrayList<>();
    List<Long> rows = new ArrayList<>();
    long offset = 0;
    int prev = -1;
    for (int j = 0; j < metas.length; j++) {
      if (metas[j].rows == 0) {
        continue;
      }
      boolean skip = prev >= 0 && sameIdx(metas[prev], 1, metas[j], 0);
      prev = j;
      long owned = metas[j].distinctIdx - (skip ? 1 : 0);
      if (owned == 0) {
        continue;
      }
      List<Chunk> ins = new ArrayList<>(List.of(inChunks.get(j)));
      for (int m = j + 1; m < metas.length; m++) {
        if (metas[m].rows == 0) {
          continue;
        }
        if (!sameIdx(metas[j], 1, metas[m], 0)) {
          break;
        }
        ins.add(inChunks.get(m));
        if (metas[m].distinctIdx > 1) {
          break;
        }
      }
      chunks.add(ctx.newChunk(new PivotChunk(spec, plan, skip, offset), ins, new int[] {chunks.size(), 0},
          new long[] {owned, width}, out.chunkMeta()));
      rows.add(owned);
      offset += owned;
    }
    if (chunks.isEmpty()) {
      chunks.add(ctx.newChunk(new PivotChunk(spec, plan, false, 0), List.of(), new int[] {0, 0},
          new long[] {0, width}, out.chunkMeta()));
      rows.add(0L);
    }
    out.setChunks(chunks, new long[][] {rows.stream().mapToLong(Long::longValue).toArray(), {width}});
  }

  private static boolean sameIdx(PivotMeta a, int ai, PivotMeta b, int bi) {
    return GroupState.compare(a.firstLastIdx, ai, b.firstLastIdx, bi) == 0;
  }

  /** The metadata pass's tileable: one {@link PivotMeta} per aggregated chunk (never seen by users). */
  static final class MetaData extends TileableData {
    MetaData() {
      super(new long[] {Shapes.UNKNOWN});
    }
  }

  // ---- the metadata of one aggregated chunk ---------------------------------------------------------

  /** Rows of an aggregated chunk that pandas keeps: not every value NA ({@code agged.dropna(how="all")}). */
  static boolean[] kept(LocalFrame f, Spec spec) {
    boolean[] keep = new boolean[f.nrows()];
    Column[] v = new Column[spec.values().length];
    for (int a = 0; a < v.length; a++) {
      v[a] = f.column(Spec.aggName(a));
    }
    for (int i = 0; i < keep.length; i++) {
      for (int a = 0; a < v.length && !keep[i]; a++) {
        keep[i] = !v[a].isNA(i);
      }
    }
    return keep;
  }

  static Column[] keyColumns(LocalFrame f, String[] names) {
    Column[] c = new Column[names.length];
    for (int i = 0; i < c.length; i++) {
      c[i] = f.column(names[i]);
    }
    return c;
  }

  /** What the table's shape and dtypes depend on, for one aggregated chunk. */
  public static final class PivotMeta implements ChunkValue, Serializable {
    private static final long serialVersionUID = 1L;
    long rows;
    long distinctIdx;
    /** The index keys of the first and last kept rows (2 rows), or of none. */
    Column[] firstLastIdx;
    /** The distinct column-key tuples of the kept rows (unsorted). */
    Column[] colKeys;
    long[] groups;
    /** Per value and column key: cells not NA; all of them integral truncated / rounded (within 1e-8). */
    long[][] nonNA;
    boolean[][] truncIntegral;
    boolean[][] roundIntegral;

    PivotMeta() {}

    int nkeys() {
      return groups.length;
    }

    @Override
    public long[] shape() {
      return new long[] {groups.length};
    }

    @Override
    public long nbytes() {
      long b = 64 + 24L * groups.length * (nonNA.length + 1);
      for (Column c : colKeys) {
        b += c.nbytes();
      }
      for (Column c : firstLastIdx) {
        b += c.nbytes();
      }
      return b;
    }

    @Override
    public String kind() {
      return "pivot_meta";
    }
  }

  record MetaOp(Spec spec) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame f = (LocalFrame) inputs[0];
      int[] at = Column.positions(kept(f, spec));
      Column[] idx = keyColumns(f, spec.indexKeys());
      Column[] ck = keyColumns(f, spec.columnKeys());
      PivotMeta m = new PivotMeta();
      m.rows = at.length;
      int[] ends = at.length == 0 ? new int[0] : new int[] {at[0], at[at.length - 1]};
      m.firstLastIdx = new Column[idx.length];
      for (int k = 0; k < idx.length; k++) {
        m.firstLastIdx[k] = idx[k].take(ends);
      }
      long distinct = 0;
      for (int i = 0; i < at.length; i++) {
        if (i == 0 || GroupState.compare(idx, at[i - 1], idx, at[i]) != 0) {
          distinct++;
        }
      }
      m.distinctIdx = distinct;
      int[] ids;
      int ng;
      if (ck.length == 0) {
        ids = new int[at.length];
        ng = at.length == 0 ? 0 : 1;
        m.colKeys = new Column[0];
      } else {
        Column[] sub = new Column[ck.length];
        for (int k = 0; k < ck.length; k++) {
          sub[k] = ck[k].take(at);
        }
        List<Integer> first = new ArrayList<>();
        ids = GroupState.factorize(sub, first, true);
        ng = first.size();
        int[] fa = first.stream().mapToInt(Integer::intValue).toArray();
        m.colKeys = new Column[ck.length];
        for (int k = 0; k < ck.length; k++) {
          m.colKeys[k] = sub[k].take(fa);
        }
      }
      int nv = spec.values().length;
      m.groups = new long[ng];
      m.nonNA = new long[nv][ng];
      m.truncIntegral = new boolean[nv][ng];
      m.roundIntegral = new boolean[nv][ng];
      for (int a = 0; a < nv; a++) {
        Arrays.fill(m.truncIntegral[a], true);
        Arrays.fill(m.roundIntegral[a], true);
      }
      for (int i = 0; i < at.length; i++) {
        m.groups[ids[i]]++;
      }
      for (int a = 0; a < nv; a++) {
        Column v = f.column(Spec.aggName(a));
        for (int i = 0; i < at.length; i++) {
          int r = at[i];
          int g = ids[i];
          if (v.isNA(r)) {
            continue;
          }
          m.nonNA[a][g]++;
          if (v instanceof DoubleColumn d) {
            double x = d.getDouble(r);
            m.truncIntegral[a][g] &= closeTo(x, truncToLong(x));
            m.roundIntegral[a][g] &= closeTo(x, Math.rint(x));
          }
        }
      }
      return m;
    }

    @Override
    public String name() {
      return "pivot_table.meta";
    }
  }

  /** numpy's {@code allclose(new, x, rtol=0)}: within 1e-8 (infinities never are). */
  static boolean closeTo(double x, double integral) {
    return Double.isFinite(x) && Math.abs(integral - x) <= 1e-8;
  }

  /** numpy's astype(int64) of a float: truncation. */
  static double truncToLong(double x) {
    return (double) (long) x;
  }

  // ---- the plan: output columns and dtypes from the merged metadata ----------------------------------

  /** The table's columns, decided on the driver from the chunks' metadata. */
  public static final class Plan implements Serializable {
    private static final long serialVersionUID = 1L;
    /** The sorted distinct column-key tuples (one row each). */
    final Column[] colKeys;
    /** Per output column: its value, its column key, its dtype and name. */
    final int[] valueOf;
    final int[] keyOf;
    final DfType[] types;
    final String[] names;
    /** Per value: pandas's downcast of an integer input's float aggregate (all integral, no NA). */
    final boolean[] aggDowncast;
    /** Index keys in the table. */
    final long nIndexKeys;

    Plan(Column[] colKeys, int[] valueOf, int[] keyOf, DfType[] types, String[] names, boolean[] aggDowncast,
        long nIndexKeys) {
      this.colKeys = colKeys;
      this.valueOf = valueOf;
      this.keyOf = keyOf;
      this.types = types;
      this.names = names;
      this.aggDowncast = aggDowncast;
      this.nIndexKeys = nIndexKeys;
    }

    public List<String> names() {
      return List.of(names);
    }

    public long indexKeys() {
      return nIndexKeys;
    }

    static Plan of(Spec spec, PivotMeta[] metas) {
      int nv = spec.values().length;
      // the distinct column keys, sorted, and each chunk's keys mapped to them
      List<PivotMeta> nonEmpty = new ArrayList<>();
      for (PivotMeta m : metas) {
        if (m.rows > 0) {
          nonEmpty.add(m);
        }
      }
      Column[] keys;
      int nk;
      if (spec.nCol() == 0) {
        keys = new Column[0];
        nk = 1;
      } else if (nonEmpty.isEmpty()) {
        keys = new Column[spec.nCol()];
        for (int k = 0; k < keys.length; k++) {
          keys[k] = Column.empty(spec.keyTypes()[spec.nIdx() + k]);
        }
        nk = 0;
      } else {
        Column[] all = new Column[spec.nCol()];
        for (int k = 0; k < all.length; k++) {
          List<Column> parts = new ArrayList<>();
          for (PivotMeta m : nonEmpty) {
            parts.add(m.colKeys[k]);
          }
          all[k] = Column.concat(parts);
        }
        int[] order = GroupState.sortOrder(all);
        List<Integer> distinct = new ArrayList<>();
        for (int i = 0; i < order.length; i++) {
          if (i == 0 || GroupState.compare(all, order[i - 1], all, order[i]) != 0) {
            distinct.add(order[i]);
          }
        }
        int[] at = distinct.stream().mapToInt(Integer::intValue).toArray();
        keys = new Column[all.length];
        for (int k = 0; k < all.length; k++) {
          keys[k] = all[k].take(at);
        }
        nk = at.length;
      }
      Map<List<Object>, Integer> keyId = keyIds(keys, nk);
      long[][] nonNA = new long[nv][nk];
      boolean[][] trunc = new boolean[nv][nk];
      boolean[][] round = new boolean[nv][nk];
      for (int a = 0; a < nv; a++) {
        Arrays.fill(trunc[a], true);
        Arrays.fill(round[a], true);
      }
      long rows = 0;
      long nIdx = 0;
      PivotMeta last = null;
      for (PivotMeta m : nonEmpty) {
        rows += m.rows;
        nIdx += m.distinctIdx - (last != null && sameIdx(last, 1, m, 0) ? 1 : 0);
        last = m;
        for (int g = 0; g < m.nkeys(); g++) {
          int k = spec.nCol() == 0 ? 0 : keyId.get(tuple(m.colKeys, g));
          for (int a = 0; a < nv; a++) {
            nonNA[a][k] += m.nonNA[a][g];
            trunc[a][k] &= m.truncIntegral[a][g];
            round[a][k] &= m.roundIntegral[a][g];
          }
        }
      }
      boolean[] down = new boolean[nv];
      for (int a = 0; a < nv; a++) {
        if (spec.sizeOnly() || spec.inTypes()[a] != DfType.INT64 || spec.aggTypes()[a] != DfType.FLOAT64) {
          continue;
        }
        long cells = 0;
        boolean integral = true;
        for (int k = 0; k < nk; k++) {
          cells += nonNA[a][k];
          integral &= trunc[a][k];
        }
        down[a] = cells == rows && integral;
      }
      boolean missing = rows < nIdx * nk;
      boolean fills = spec.fillsNA();
      boolean fillIntegral = spec.fillValue() instanceof Number fv && closeTo(fv.doubleValue(),
          Math.rint(fv.doubleValue()));
      List<Integer> vOf = new ArrayList<>();
      List<Integer> kOf = new ArrayList<>();
      List<DfType> ts = new ArrayList<>();
      List<String> ns = new ArrayList<>();
      for (int a = 0; a < nv; a++) {
        for (int k = 0; k < nk; k++) {
          boolean hasNA = nonNA[a][k] < nIdx;
          boolean anyValue = nonNA[a][k] > 0 || (fills && nIdx > 0);
          if (!anyValue) {
            continue; // pandas's dropna(how="all", axis=1)
          }
          DfType t = down[a] ? DfType.INT64 : spec.aggTypes()[a];
          if (missing && t == DfType.INT64) {
            t = DfType.FLOAT64;
          } else if (missing && t == DfType.BOOL) {
            t = DfType.OBJECT;
          }
          if (spec.fillValue() != null && t == DfType.FLOAT64) {
            // fillna(fill_value, downcast="infer"): a float column whose values are all integral
            boolean naLeft = hasNA && !fills;
            boolean integral = (down[a] || round[a][k]) && (!hasNA || fillIntegral);
            if (!naLeft && integral) {
              t = DfType.INT64;
            }
          }
          vOf.add(a);
          kOf.add(k);
          ts.add(t);
          ns.add(columnName(spec, a, keys, k));
        }
      }
      return new Plan(keys, vOf.stream().mapToInt(Integer::intValue).toArray(),
          kOf.stream().mapToInt(Integer::intValue).toArray(), ts.toArray(new DfType[0]), ns.toArray(new String[0]),
          down, nIdx);
    }
  }

  static Map<List<Object>, Integer> keyIds(Column[] keys, int nk) {
    Map<List<Object>, Integer> ids = new HashMap<>();
    if (keys.length > 0) {
      for (int k = 0; k < nk; k++) {
        ids.put(tuple(keys, k), k);
      }
    }
    return ids;
  }

  static List<Object> tuple(Column[] cols, int i) {
    List<Object> t = new ArrayList<>(cols.length);
    for (Column c : cols) {
      Object v = c.get(i);
      // 0.0 and -0.0 are one group key
      t.add(v instanceof Double d && d == 0.0 ? (Object) 0.0 : v);
    }
    return t;
  }

  static String columnName(Spec spec, int a, Column[] keys, int k) {
    if (keys.length == 0) {
      return spec.values()[a];
    }
    StringBuilder key = new StringBuilder();
    for (int j = 0; j < keys.length; j++) {
      if (j > 0) {
        key.append('|');
      }
      key.append(pyStr(keys[j].get(k)));
    }
    return spec.sizeOnly() || !spec.multiNames() ? key.toString() : spec.values()[a] + "|" + key;
  }

  /** Python's {@code str()} of a key. */
  static String pyStr(Object v) {
    if (v instanceof Boolean b) {
      return b ? "True" : "False";
    }
    if (v instanceof Double d) {
      return PyRepr.floatRepr(d);
    }
    if (v instanceof LocalDateTime t) {
      String s = t.toLocalDate() + " " + String.format("%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond());
      int nanos = t.getNano();
      if (nanos == 0) {
        return s;
      }
      return nanos % 1000 == 0 ? s + String.format(".%06d", nanos / 1000) : s + String.format(".%09d", nanos);
    }
    return String.valueOf(v);
  }

  // ---- the pivot of one aggregated chunk ---------------------------------------------------------------

  /**
   * Table rows of the index keys an aggregated chunk owns: its kept rows, less the leading index
   * key when {@code skipLeading} (it belongs to the chunk before), plus the leading rows of the
   * following inputs that continue its last index key.
   */
  record PivotChunk(Spec spec, Plan plan, boolean skipLeading, long rowOffset) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      List<LocalFrame> parts = new ArrayList<>();
      for (int p = 0; p < inputs.length; p++) {
        LocalFrame f = (LocalFrame) inputs[p];
        LocalFrame kept = f.take(Column.positions(kept(f, spec)));
        Column[] idx = keyColumns(kept, spec.indexKeys());
        int from = 0;
        int to = kept.nrows();
        if (p == 0 && skipLeading) {
          while (from < to && GroupState.compare(idx, 0, idx, from) == 0) {
            from++;
          }
        }
        if (p > 0) {
          LocalFrame head = parts.get(0);
          Column[] own = keyColumns(head, spec.indexKeys());
          int lastRow = head.nrows() - 1;
          to = 0;
          while (to < kept.nrows() && lastRow >= 0 && GroupState.compare(own, lastRow, idx, to) == 0) {
            to++;
          }
        }
        parts.add(kept.slice(from, to));
      }
      LocalFrame rows = parts.isEmpty() ? null : LocalFrame.concat(parts);
      int n = rows == null ? 0 : rows.nrows();
      Column[] idx = rows == null ? null : keyColumns(rows, spec.indexKeys());
      // the table row of every aggregated row, and the first aggregated row of every table row
      int[] rowOf = new int[n];
      List<Integer> firsts = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        if (i == 0 || GroupState.compare(idx, i - 1, idx, i) != 0) {
          firsts.add(i);
        }
        rowOf[i] = firsts.size() - 1;
      }
      int nrows = firsts.size();
      int[] firstAt = firsts.stream().mapToInt(Integer::intValue).toArray();
      int nk = spec.nCol() == 0 ? 1 : plan.colKeys[0].size();
      Map<List<Object>, Integer> keyId = keyIds(plan.colKeys, nk);
      int nv = spec.values().length;
      int[][] outOf = new int[nv][nk];
      for (int[] r : outOf) {
        Arrays.fill(r, -1);
      }
      for (int c = 0; c < plan.valueOf.length; c++) {
        outOf[plan.valueOf[c]][plan.keyOf[c]] = c;
      }
      Cells[] cells = new Cells[plan.types.length];
      for (int c = 0; c < cells.length; c++) {
        cells[c] = new Cells(plan.types[c], nrows);
      }
      Column[] ck = rows == null ? null : keyColumns(rows, spec.columnKeys());
      for (int a = 0; a < nv && n > 0; a++) {
        Column v = rows.column(Spec.aggName(a));
        for (int i = 0; i < n; i++) {
          int k = spec.nCol() == 0 ? 0 : keyId.get(tuple(ck, i));
          int c = outOf[a][k];
          if (c < 0 || v.isNA(i)) {
            continue;
          }
          cells[c].set(rowOf[i], v, i, plan.aggDowncast[a]);
        }
      }
      List<String> names = new ArrayList<>();
      List<Column> cols = new ArrayList<>();
      if (spec.nIdx() > 1) {
        for (int j = 0; j < spec.nIdx(); j++) {
          names.add(spec.indexKeys()[j]);
          cols.add(rows == null ? Column.empty(spec.keyTypes()[j]) : idx[j].take(firstAt));
        }
      }
      for (int c = 0; c < cells.length; c++) {
        names.add(plan.names[c]);
        cols.add(cells[c].finish(spec.fillsNA() ? spec.fillValue() : null));
      }
      LocalIndex index;
      if (spec.nIdx() == 1) {
        Column labels = rows == null ? Column.empty(spec.keyTypes()[0]) : idx[0].take(firstAt);
        index = LocalIndex.of(labels, spec.indexKeys()[0]);
      } else {
        index = LocalIndex.range(rowOffset, rowOffset + nrows, 1);
      }
      return new LocalFrame(index, names.toArray(new String[0]), cols.toArray(new Column[0]));
    }

    @Override
    public String name() {
      return "pivot_table";
    }
  }

  /** One output column being filled: cells are NA until set. */
  static final class Cells {
    final DfType type;
    final boolean[] set;
    final long[] longs;
    final double[] doubles;
    final Object[] objects;
    final boolean[] bools;

    Cells(DfType type, int n) {
      this.type = type;
      this.set = new boolean[n];
      longs = type == DfType.INT64 || type == DfType.DATETIME ? new long[n] : null;
      doubles = type == DfType.FLOAT64 ? new double[n] : null;
      objects = type == DfType.OBJECT ? new Object[n] : null;
      bools = type == DfType.BOOL ? new boolean[n] : null;
    }

    void set(int r, Column v, int i, boolean downcast) {
      set[r] = true;
      switch (type) {
        case DATETIME -> longs[r] = ((DatetimeColumn) v).getNanos(i);
        case BOOL -> bools[r] = ((BoolColumn) v).getBool(i);
        case OBJECT -> objects[r] = v.get(i);
        default -> {
          Object x = v.get(i);
          double d = x instanceof Boolean b ? (b ? 1 : 0) : ((Number) x).doubleValue();
          boolean isLong = x instanceof Long;
          if (downcast && !isLong) {
            d = truncToLong(d);
            isLong = true;
          }
          if (type == DfType.INT64) {
            longs[r] = isLong ? (x instanceof Long l && !downcast ? l : (long) d) : (long) Math.rint(d);
          } else {
            doubles[r] = isLong && x instanceof Long l ? (double) l : d;
          }
        }
      }
    }

    Column finish(Object fill) {
      int n = set.length;
      for (int r = 0; r < n; r++) {
        if (set[r]) {
          continue;
        }
        switch (type) {
          case DATETIME -> longs[r] = DfType.NAT;
          case FLOAT64 -> doubles[r] = fill == null ? Double.NaN : ((Number) fill).doubleValue();
          case INT64 -> {
            if (fill == null) {
              throw new IllegalStateException("pivot_table: an int64 column with a missing cell (planning bug)");
            }
            longs[r] = (long) Math.rint(((Number) fill).doubleValue());
          }
          case OBJECT -> objects[r] = fill;
          default -> throw new IllegalStateException("pivot_table: a " + type + " column with a missing cell");
        }
      }
      return switch (type) {
        case INT64 -> Column.ofLongs(longs);
        case FLOAT64 -> Column.ofDoubles(doubles);
        case DATETIME -> Column.ofDatetimes(longs);
        case BOOL -> Column.ofBools(bools);
        default -> Column.ofObjects(objects);
      };
    }
  }
}
