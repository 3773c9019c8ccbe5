package org.marsonspark.dataframe;

import com.esotericsoftware.kryo.Kryo;
import org.marsonspark.dataframe.local.BoolColumn;
import org.marsonspark.dataframe.local.CategoryColumn;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.ColumnIndex;
import org.marsonspark.dataframe.local.DatetimeColumn;
import org.marsonspark.dataframe.local.DoubleColumn;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndexChunk;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.local.LongColumn;
import org.marsonspark.dataframe.local.ObjectColumn;
import org.marsonspark.dataframe.local.RangeIndex;
import org.marsonspark.dataframe.local.ScalarValue;
import org.marsonspark.dataframe.ops.AggState;

/** Registers the dataframe module's chunk data classes with Kryo (found through ServiceLoader). */
public final class DataFrameKryoRegistrations implements org.marsonspark.exec.KryoRegistrations {
  @Override
  public void register(Kryo kryo) {
    kryo.register(DfType.class);
    kryo.register(LongColumn.class);
    kryo.register(DoubleColumn.class);
    kryo.register(BoolColumn.class);
    kryo.register(ObjectColumn.class);
    kryo.register(DatetimeColumn.class);
    kryo.register(CategoryColumn.class);
    kryo.register(Column[].class);
    kryo.register(Column[][].class);
    kryo.register(RangeIndex.class);
    kryo.register(ColumnIndex.class);
    kryo.register(LocalFrame.class);
    kryo.register(LocalSeries.class);
    kryo.register(LocalIndexChunk.class);
    kryo.register(ScalarValue.class);
    kryo.register(AggState.class);
    kryo.register(String[].class);
    kryo.register(Object[].class);
    kryo.register(java.util.HashSet.class);
    // ---- accessors and user functions: str.split lists, the split-width pre-pass, dt.date
    kryo.register(java.util.ArrayList.class);
    kryo.register(org.marsonspark.dataframe.ops.SplitExpand.Width.class);
    kryo.register(java.time.LocalDate.class);
    // ---- sorting
    kryo.register(org.marsonspark.dataframe.ops.SortedRows.class);
    kryo.register(org.marsonspark.dataframe.ops.GroupState.class);
    kryo.register(long[].class);
    // ---- pivot_table
    kryo.register(org.marsonspark.dataframe.ops.PivotTable.PivotMeta.class);
    kryo.register(long[][].class);
    kryo.register(boolean[].class);
    kryo.register(boolean[][].class);
    // ---- label loc: tagged matches, slice probes and plans
    kryo.register(org.marsonspark.dataframe.ops.LabelLoc.Tagged.class);
    kryo.register(org.marsonspark.dataframe.ops.LabelLoc.SliceProbe.class);
    kryo.register(org.marsonspark.dataframe.ops.LabelLoc.SlicePlan.class);
    kryo.register(int[].class);
    kryo.register(int[][].class);
    // ---- MultiIndex
    kryo.register(org.marsonspark.dataframe.local.MultiIndex.class);
  }
}
