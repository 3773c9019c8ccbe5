package org.marsonspark.dataframe.local;

import java.util.Arrays;
import org.marsonspark.dataframe.DfType;

/** An int64 column (never NA). */
public final class LongColumn extends Column {
  private static final long serialVersionUID = 1L;
  private final long[] values;

  LongColumn(long[] values) {
    this.values = values;
  }

  /** The backing array; do not modify. */
  public long[] values() {
    return values;
  }

  public long getLong(int i) {
    return values[i];
  }

  @Override
  public DfType dtype() {
    return DfType.INT64;
  }

  @Override
  public int size() {
    return values.length;
  }

  @Override
  public boolean isNA(int i) {
    return false;
  }

  @Override
  public Object get(int i) {
    return values[i];
  }

  @Override
  public Column take(int[] at) {
    if (anyMissing(at)) {
      double[] out = new double[at.length];
      for (int i = 0; i < at.length; i++) {
        out[i] = at[i] < 0 ? Double.NaN : values[at[i]];
      }
      return new DoubleColumn(out);
    }
    long[] out = new long[at.length];
    for (int i = 0; i < at.length; i++) {
      out[i] = values[at[i]];
    }
    return new LongColumn(out);
  }

  @Override
  public Column slice(int from, int to) {
    return new LongColumn(Arrays.copyOfRange(values, from, to));
  }

  @Override
  public long nbytes() {
    return 16L + 8L * values.length;
  }
}
