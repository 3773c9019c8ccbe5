package org.marsonspark.dataframe;

import org.marsonspark.core.TileableData;
import org.marsonspark.dataframe.local.ScalarValue;

/** The tileable behind a {@link Scalar} (a reduction's result): shape (), one chunk. */
public final class ScalarData extends TileableData {
  private final DfType dtype;

  public ScalarData(DfType dtype) {
    super(new long[0]);
    this.dtype = dtype;
  }

  public DfType dtype() {
    return dtype;
  }

  public DfChunkMeta chunkMeta() {
    return new DfChunkMeta(ScalarValue.KIND, 16);
  }

  @Override
  public String toString() {
    return "Scalar#" + id() + " " + dtype;
  }
}
