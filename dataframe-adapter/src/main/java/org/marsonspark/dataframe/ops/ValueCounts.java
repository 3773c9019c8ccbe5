package org.marsonspark.dataframe.ops;

import java.util.List;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.IndexMeta;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalSeries;

/**
 * {@code Series.value_counts}: a groupby-size over the values ({@link GroupByAgg}: partial counts
 * per chunk, combined by a tree or by the key-range shuffle), then a stable sort by count
 * ({@link SortValues}) of the groups, which arrive sorted by value. Equal counts therefore come
 * in ascending value order, NA (with {@code dropna=false}) after every value: pandas 1.5 leaves
 * the order of ties unspecified (in practice first appearance); Mars on Spark defines it so.
 * {@code normalize} divides by the sum of the counts (a scalar reduction). The result is named as
 * the series, its index (the values) has no name, as in pandas 1.5.
 */
public final class ValueCounts {
  private ValueCounts() {}

  public static Series of(SeriesData in, boolean normalize, boolean ascending, boolean dropna) {
    if (in.dtype() == DfType.CATEGORY) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "value_counts of a category series would list "
          + "unobserved categories with count 0, which is not built: astype(\"str\") it first");
    }
    String key = "values";
    DataFrame frame = DataFrame.ofOutput(Chunkwise.frame(List.of(in), new ToKeyFrame(key), true,
        new DataFrameData(-1, List.of(key), List.of(in.dtype()), in.index(), 0)));
    GroupByAgg.Spec spec = new GroupByAgg.Spec(new String[] {key}, new String[] {"count"}, new String[] {key},
        new Agg[] {Agg.SIZE}, new DfType[] {in.dtype()}, new DfType[] {in.dtype()}, true, dropna);
    DataFrame counts = GroupByAgg.of((DataFrameData) frame.data(), spec, GroupByAgg.Method.AUTO);
    DataFrame sorted = SortValues.frame(counts.data(), new SortValues.Spec(SortValues.Source.COLUMNS,
        new String[] {"count"}, new boolean[] {ascending}, false));
    Series out = Series.ofOutput(Chunkwise.series(List.of(sorted.data()), new ToCounts(in.name()), true,
        new SeriesData(-1, in.name(), DfType.INT64, IndexMeta.of(in.dtype(), null), 0)));
    return normalize ? out.div(out.sum()) : out;
  }

  /** The values as the one column of a frame (the groupby's key). */
  record ToKeyFrame(String key) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalSeries s = (LocalSeries) inputs[0];
      return new LocalFrame(s.index(), new String[] {key}, new org.marsonspark.dataframe.local.Column[] {s.values()});
    }

    @Override
    public String name() {
      return "value_counts.keys";
    }
  }

  /** The sorted counts as the result series: named as the input, its index unnamed. */
  record ToCounts(String name) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame f = (LocalFrame) inputs[0];
      return new LocalSeries(f.index().withName(null), name, f.column("count"));
    }

    @Override
    public String name() {
      return "value_counts.finish";
    }
  }
}
