package org.marsonspark.dataframe;

import org.marsonspark.core.Shapes;
import org.marsonspark.dataframe.local.LocalSeries;

/** The tileable behind a {@link Series}: length, name, dtype and index. */
public final class SeriesData extends DfData implements org.marsonspark.core.Assemblable {
  private final String name;
  private final DfType dtype;

  public SeriesData(long nrows, String name, DfType dtype, IndexMeta index, long alignKey) {
    super(new long[] {nrows}, index, alignKey);
    this.name = name;
    this.dtype = dtype;
  }

  public String name() {
    return name;
  }

  public DfType dtype() {
    return dtype;
  }

  @Override
  public DfChunkMeta chunkMeta() {
    return new DfChunkMeta(LocalSeries.kindOf(dtype), dtype.itemSize() + 8);
  }

  /** IO and interop: the row chunks assemble into one {@link LocalSeries} (a spawned function's argument). */
  @Override
  public Assembler assembler() {
    return new RowsAssembler();
  }

  @Override
  public String toString() {
    return "Series#" + id() + Shapes.toString(shape()) + " " + name + " " + dtype;
  }
}
