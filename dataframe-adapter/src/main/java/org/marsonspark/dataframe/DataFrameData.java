package org.marsonspark.dataframe;

import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.dataframe.local.LocalFrame;

/**
 * The tileable behind a {@link DataFrame}: shape (rows, columns), column names and dtypes, the
 * index. Chunks are blocks of rows holding every column: the grid is (row chunks, 1).
 */
public final class DataFrameData extends DfData implements org.marsonspark.core.Assemblable {
  // not final: a frame whose columns are decided when it is tiled (see the block at the end)
  private List<String> columns;
  private List<DfType> dtypes;

  public DataFrameData(long nrows, List<String> columns, List<DfType> dtypes, IndexMeta index, long alignKey) {
    super(new long[] {nrows, columns.size()}, index, alignKey);
    this.columns = List.copyOf(columns);
    this.dtypes = List.copyOf(dtypes);
    if (columns.size() != dtypes.size()) {
      throw new IllegalArgumentException(columns + " / " + dtypes);
    }
  }

  public List<String> columns() {
    requireColumnsKnown();
    return columns;
  }

  public List<DfType> dtypes() {
    requireColumnsKnown();
    return dtypes;
  }

  public int columnIndex(String name) {
    return columns().indexOf(name);
  }

  public DfType dtype(String column) {
    return dtypes().get(columns().indexOf(column));
  }

  @Override
  public DfChunkMeta chunkMeta() {
    requireColumnsKnown();
    int item = 0;
    for (DfType d : dtypes) {
      item += d.itemSize();
    }
    return new DfChunkMeta(LocalFrame.kindOf(dtypes), Math.max(1, dtypes.isEmpty() ? 8 : item / dtypes.size() + 1));
  }

  /** IO and interop: the row chunks assemble into one {@link LocalFrame} (a spawned function's argument). */
  @Override
  public Assembler assembler() {
    return new RowsAssembler();
  }

  @Override
  public String toString() {
    return "DataFrame#" + id() + Shapes.toString(shape()) + " " + (columns == null ? "[columns decided when run]" : columns);
  }

  // ---- columns decided at tile time (str.split(expand=True): the width is the most pieces) ----

  private DataFrameData(long nrows, IndexMeta index, long alignKey, String why) {
    super(new long[] {nrows, Shapes.UNKNOWN}, index, alignKey);
    this.columns = null;
    this.dtypes = null;
    this.pendingReason = why;
  }

  private String pendingReason;

  /**
   * A frame whose columns are only known once its operand is tiled (after a pre-pass has run):
   * {@code why} names the operation for the error raised when the columns are asked for earlier.
   */
  public static DataFrameData columnsDecidedAtTile(long nrows, IndexMeta index, long alignKey, String why) {
    return new DataFrameData(nrows, index, alignKey, why);
  }

  /** Whether the columns are known (always, except for a frame of {@link #columnsDecidedAtTile} not tiled yet). */
  public boolean columnsKnown() {
    return columns != null;
  }

  /** Called by the operand's {@code tile}: installs the columns decided there. */
  public void resolveColumns(List<String> names, List<DfType> types) {
    if (columns != null) {
      throw new IllegalStateException("columns of " + this + " are already known");
    }
    if (names.size() != types.size()) {
      throw new IllegalArgumentException(names + " / " + types);
    }
    this.columns = List.copyOf(names);
    this.dtypes = List.copyOf(types);
  }

  private void requireColumnsKnown() {
    if (columns == null) {
      throw new MarsException(ErrorClass.NOT_EXECUTED, "the columns of " + pendingReason + " are known once it has "
          + "run: call execute() first, then build on the executed frame");
    }
  }
}
