package org.marsonspark.dataframe.local;

import java.io.Serializable;
import org.marsonspark.core.ChunkValue;

/**
 * The data of a scalar result (a reduction of a series): the value as {@link Column#get} gives
 * it. Its kind is only "scalar": pandas turns some results into NaN whatever the dtype (the min
 * of an empty int64 series), so the value's Java type is not checked against a dtype.
 */
public final class ScalarValue implements ChunkValue, Serializable {
  private static final long serialVersionUID = 1L;
  private final Object value;

  // a class, not a record: Kryo 4 (Spark's) cannot set the fields of records
  public ScalarValue(Object value) {
    this.value = value;
  }

  public Object value() {
    return value;
  }

  public static final String KIND = "scalar";

  @Override
  public long[] shape() {
    return new long[0];
  }

  @Override
  public long nbytes() {
    return 16;
  }

  @Override
  public String kind() {
    return KIND;
  }
}
