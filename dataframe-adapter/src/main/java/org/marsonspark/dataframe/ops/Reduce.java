package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.ScalarData;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.local.ScalarValue;

/**
 * A series reduction (sum, mean, min, max, count, var, std, nunique, ...) as a tree: every chunk
 * reduces to partial states ({@link Agg#map}), groups of {@code combineSize} states merge
 * ({@link Agg#merge}) until one is left, which {@link Agg#finish} turns into the scalar. Works on
 * chunks of unknown size (after a filter) without running them first.
 */
public final class Reduce extends DfOp {
  private final Agg agg;
  private final int ddof;

  private Reduce(SeriesData in, Agg agg, int ddof) {
    super(List.of(in));
    this.agg = agg;
    this.ddof = ddof;
  }

  public static ScalarData of(SeriesData in, Agg agg) {
    return of(in, agg, 1);
  }

  /** With {@code ddof} delta degrees of freedom for var and std (pandas's default is 1). */
  public static ScalarData of(SeriesData in, Agg agg, int ddof) {
    if (ddof != 1 && agg != Agg.VAR && agg != Agg.STD) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "ddof applies to var and std, not " + agg.pandasName());
    }
    return new Reduce(in, agg, ddof).newOutput(new ScalarData(agg.resultType(in.dtype())));
  }

  @Override
  public String name() {
    return agg.pandasName();
  }

  @Override
  public void tile(TileContext ctx) {
    SeriesData in = (SeriesData) in(0);
    List<Chunk> level = new ArrayList<>();
    for (Chunk c : in.chunks()) {
      level.add(ctx.newChunk(new MapChunk(agg), List.of(c), new int[] {c.index(0)}, new long[] {1}, null));
    }
    int fanIn = ctx.options().combineSize();
    while (level.size() > 1) {
      List<Chunk> next = new ArrayList<>();
      for (int i = 0; i < level.size(); i += fanIn) {
        List<Chunk> group = level.subList(i, Math.min(level.size(), i + fanIn));
        next.add(group.size() == 1 ? group.get(0)
            : ctx.newChunk(new MergeChunk(agg), group, new int[] {next.size()}, new long[] {1}, null));
      }
      level = next;
    }
    ScalarData out = (ScalarData) output();
    Chunk fin = ctx.newChunk(new FinishChunk(agg, in.dtype(), ddof), level, new int[0], new long[0], out.chunkMeta());
    out.setChunks(List.of(fin), new long[0][]);
  }

  record MapChunk(Agg agg) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      Column v = ((LocalSeries) inputs[0]).values();
      return new AggState(new Column[][] {agg.map(v, new int[v.size()], 1)});
    }

    @Override
    public String name() {
      return agg.pandasName() + ".map";
    }
  }

  /** Concatenates the states of several chunks (in order) and merges them into one group. */
  static Column[] mergeAll(Agg agg, Object[] inputs) {
    int k = ((AggState) inputs[0]).states()[0].length;
    Column[] cat = new Column[k];
    for (int j = 0; j < k; j++) {
      List<Column> parts = new ArrayList<>();
      for (Object in : inputs) {
        parts.add(((AggState) in).states()[0][j]);
      }
      cat[j] = Column.concat(parts);
    }
    return agg.merge(cat, new int[cat[0].size()], 1);
  }

  record MergeChunk(Agg agg) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return new AggState(new Column[][] {mergeAll(agg, inputs)});
    }

    @Override
    public String name() {
      return agg.pandasName() + ".combine";
    }
  }

  record FinishChunk(Agg agg, org.marsonspark.dataframe.DfType in, int ddof) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return new ScalarValue(agg.finish(mergeAll(agg, inputs), in, ddof).get(0));
    }

    @Override
    public String name() {
      return agg.pandasName() + ".agg";
    }
  }
}
