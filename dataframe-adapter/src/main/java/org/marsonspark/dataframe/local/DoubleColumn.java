package org.marsonspark.dataframe.local;

import java.util.Arrays;
import org.marsonspark.dataframe.DfType;

/** A float64 column; NaN is NA. */
public final class DoubleColumn extends Column {
  private static final long serialVersionUID = 1L;
  private final double[] values;

  DoubleColumn(double[] values) {
    this.values = values;
  }

  /** The backing array; do not modify. */
  public double[] values() {
    return values;
  }

  public double getDouble(int i) {
    return values[i];
  }

  @Override
  public DfType dtype() {
    return DfType.FLOAT64;
  }

  @Override
  public int size() {
    return values.length;
  }

  @Override
  public boolean isNA(int i) {
    return Double.isNaN(values[i]);
  }

  @Override
  public Object get(int i) {
    return values[i];
  }

  @Override
  public Column take(int[] at) {
    double[] out = new double[at.length];
    for (int i = 0; i < at.length; i++) {
      out[i] = at[i] < 0 ? Double.NaN : values[at[i]];
    }
    return new DoubleColumn(out);
  }

  @Override
  public Column slice(int from, int to) {
    return new DoubleColumn(Arrays.copyOfRange(values, from, to));
  }

  @Override
  public long nbytes() {
    return 16L + 8L * values.length;
  }
}
