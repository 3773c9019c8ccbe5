package org.marsonspark.dataframe.local;

import java.io.Serializable;
import org.marsonspark.core.ChunkValue;

/** The data of one chunk of an Index tileable: a local index with its chunk metadata. */
public final class LocalIndexChunk implements ChunkValue, Serializable {
  private static final long serialVersionUID = 1L;
  private final LocalIndex index;

  // a class, not a record: Kryo 4 (Spark's) cannot set the fields of records
  public LocalIndexChunk(LocalIndex index) {
    this.index = index;
  }

  public LocalIndex index() {
    return index;
  }

  @Override
  public long[] shape() {
    return new long[] {index.size()};
  }

  @Override
  public long nbytes() {
    return index.nbytes();
  }

  @Override
  public String kind() {
    return kindOf(index.dtype());
  }

  public static String kindOf(org.marsonspark.dataframe.DfType dt) {
    return "index[" + dt + "]";
  }
}
