package org.marsonspark.dataframe.local;

import java.util.Arrays;
import org.marsonspark.dataframe.DfType;

/** A bool column (never NA; NA makes it an object column, as in pandas). */
public final class BoolColumn extends Column {
  private static final long serialVersionUID = 1L;
  private final boolean[] values;

  BoolColumn(boolean[] values) {
    this.values = values;
  }

  /** The backing array; do not modify. */
  public boolean[] values() {
    return values;
  }

  public boolean getBool(int i) {
    return values[i];
  }

  @Override
  public DfType dtype() {
    return DfType.BOOL;
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
      Object[] out = new Object[at.length];
      for (int i = 0; i < at.length; i++) {
        out[i] = at[i] < 0 ? null : (Object) values[at[i]];
      }
      return new ObjectColumn(out);
    }
    boolean[] out = new boolean[at.length];
    for (int i = 0; i < at.length; i++) {
      out[i] = values[at[i]];
    }
    return new BoolColumn(out);
  }

  @Override
  public Column slice(int from, int to) {
    return new BoolColumn(Arrays.copyOfRange(values, from, to));
  }

  @Override
  public long nbytes() {
    return 16L + values.length;
  }
}
