package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;

/**
 * {@code df.groupby(keys).transform("sum")} (any {@link Agg}): the aggregate of each row's group,
 * aligned with the original rows. The groups are aggregated as {@code agg} does
 * ({@link GroupByAgg}, tree or shuffle), then every row chunk looks its keys up in the
 * aggregated groups (a broadcast join: chunk r of the result reads chunk r of the frame and every
 * chunk of the aggregate, which has one row per group). The result keeps the frame's labels, row
 * chunks and alignment key, so it can be assigned back to the frame. Rows with an NA key get NA
 * (pandas's dropna=True): when a key column can hold NA the result dtypes are NA-capable
 * (int64 becomes float64) even if no key is NA, since the dtype cannot depend on the data.
 */
public final class GroupTransform extends DfOp {
  private final String[] keys;
  private final String[] columns;
  private final DfType[] outTypes;

  private GroupTransform(DataFrameData in, DataFrameData agg, String[] keys, String[] columns, DfType[] outTypes) {
    super(List.of(in, agg));
    this.keys = keys;
    this.columns = columns;
    this.outTypes = outTypes;
  }

  @Override
  public String name() {
    return "groupby_transform";
  }

  /** The aggregate of {@code columns} per group of {@code keys}, one value per row of {@code in}. */
  public static DataFrame of(DataFrameData in, String[] keys, String[] columns, Agg agg,
      GroupByAgg.Method method) {
    DfType[] inTypes = new DfType[columns.length];
    DfType[] outTypes = new DfType[columns.length];
    Agg[] aggs = new Agg[columns.length];
    boolean naKeys = false;
    DfType[] keyTypes = new DfType[keys.length];
    for (int k = 0; k < keys.length; k++) {
      keyTypes[k] = in.dtype(keys[k]);
      naKeys |= keyTypes[k].holdsNA();
    }
    for (int i = 0; i < columns.length; i++) {
      inTypes[i] = in.dtype(columns[i]);
      aggs[i] = agg;
      DfType r = agg.resultType(inTypes[i]);
      outTypes[i] = naKeys ? r.withNA() : r;
    }
    GroupByAgg.Spec spec = new GroupByAgg.Spec(keys, columns, columns, aggs, inTypes, keyTypes, false);
    DataFrame aggregated = GroupByAgg.unindexed(in, spec, method);
    return new GroupTransform(in, (DataFrameData) aggregated.data(), keys, columns, outTypes).newFrame(
        new DataFrameData(in.nrows(), List.of(columns), List.of(outTypes), in.index(), in.alignKey()));
  }

  @Override
  public void tile(TileContext ctx) {
    DfData in = in(0);
    DfData agg = in(1);
    DfData out = out();
    List<Chunk> chunks = new ArrayList<>();
    for (int r = 0; r < in.chunks().size(); r++) {
      List<Chunk> inputs = new ArrayList<>();
      inputs.add(in.chunks().get(r));
      inputs.addAll(agg.chunks());
      chunks.add(ctx.newChunk(new Lookup(keys, columns, outTypes), inputs, rowIndex(out, r),
          rowShape(out, in.rowSplits()[r]), out.chunkMeta()));
    }
    out.setChunks(chunks, nsplitsOf(out, in.rowSplits()));
  }

  /** Each row's group aggregate: the row keys are factorized together with the groups' keys. */
  record Lookup(String[] keys, String[] columns, DfType[] outTypes) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame f = (LocalFrame) inputs[0];
      List<LocalFrame> parts = new ArrayList<>();
      for (int i = 1; i < inputs.length; i++) {
        parts.add((LocalFrame) inputs[i]);
      }
      LocalFrame groups = LocalFrame.concat(parts);
      int g = groups.nrows();
      Column[] both = new Column[keys.length];
      for (int k = 0; k < keys.length; k++) {
        both[k] = Column.concat(List.of(groups.column(keys[k]), f.column(keys[k])));
      }
      // the groups' keys are distinct and come first, so group row i gets id i
      int[] ids = GroupState.factorize(both, new ArrayList<>(), true);
      int n = f.nrows();
      int[] at = new int[n];
      for (int i = 0; i < n; i++) {
        int id = ids[g + i];
        at[i] = id >= 0 && id < g ? id : -1;
      }
      Column[] out = new Column[columns.length];
      for (int c = 0; c < columns.length; c++) {
        Column v = groups.column(columns[c]).take(at);
        out[c] = v.dtype() == outTypes[c] ? v : Casts.cast(v, outTypes[c], false);
      }
      return new LocalFrame(f.index(), columns, out);
    }

    @Override
    public String name() {
      return "groupby_transform";
    }
  }
}
