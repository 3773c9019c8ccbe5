package org.marsonspark.dataframe;

import org.marsonspark.core.Shapes;
import org.marsonspark.dataframe.local.LocalIndexChunk;

/** The tileable behind an {@link Index}: the labels of a frame or series as a tileable of their own. */
public final class IndexData extends DfData {
  public IndexData(long nrows, IndexMeta index, long alignKey) {
    super(new long[] {nrows}, index, alignKey);
  }

  @Override
  public DfChunkMeta chunkMeta() {
    return new DfChunkMeta(LocalIndexChunk.kindOf(index().dtype()), index().dtype().itemSize());
  }

  @Override
  public String toString() {
    return "Index#" + id() + Shapes.toString(shape()) + " " + index().kind();
  }
}
