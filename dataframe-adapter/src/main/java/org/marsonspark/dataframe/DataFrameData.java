package org.marsonspark.dataframe;

import java.util.List;
import org.marsonspark.core.Shapes;
import org.marsonspark.dataframe.local.LocalFrame;

/**
 * The tileable behind a {@link DataFrame}: shape (rows, columns), column names and dtypes, the
 * index. Chunks are blocks of rows holding every column: the grid is (row chunks, 1).
 */
public final class DataFrameData extends DfData implements org.marsonspark.core.Assemblable {
  private final List<String> columns;
  private final List<DfType> dtypes;

  public DataFrameData(long nrows, List<String> columns, List<DfType> dtypes, IndexMeta index, long alignKey) {
    super(new long[] {nrows, columns.size()}, index, alignKey);
    this.columns = List.copyOf(columns);
    this.dtypes = List.copyOf(dtypes);
    if (columns.size() != dtypes.size()) {
      throw new IllegalArgumentException(columns + " / " + dtypes);
    }
  }

  public List<String> columns() {
    return columns;
  }

  public List<DfType> dtypes() {
    return dtypes;
  }

  public int columnIndex(String name) {
    return columns.indexOf(name);
  }

  public DfType dtype(String column) {
    return dtypes.get(columns.indexOf(column));
  }

  @Override
  public DfChunkMeta chunkMeta() {
    int item = 0;
    for (DfType d : dtypes) {
      item += d.itemSize();
    }
    return new DfChunkMeta(LocalFrame.kindOf(dtypes), Math.max(1, dtypes.isEmpty() ? 8 : item / dtypes.size() + 1));
  }

  /** IO and interop (issue 6): the row chunks assemble into one {@link LocalFrame} (a spawned function's argument). */
  @Override
  public Assembler assembler() {
    return new RowsAssembler();
  }

  @Override
  public String toString() {
    return "DataFrame#" + id() + Shapes.toString(shape()) + " " + columns;
  }
}
