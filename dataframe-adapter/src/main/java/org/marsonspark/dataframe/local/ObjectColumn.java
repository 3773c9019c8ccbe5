package org.marsonspark.dataframe.local;

import java.util.Arrays;
import org.marsonspark.dataframe.DfType;

/**
 * pandas's object column: Java values, mostly {@code String} (also {@code Long}, {@code Double},
 * {@code Boolean}); null is NA, and a NaN double is stored as null.
 */
public final class ObjectColumn extends Column {
  private static final long serialVersionUID = 1L;
  private final Object[] values;

  ObjectColumn(Object[] values) {
    Object[] v = values.getClass() == Object[].class ? values : Arrays.copyOf(values, values.length, Object[].class);
    for (int i = 0; i < v.length; i++) {
      if (v[i] instanceof Double d && d.isNaN()) {
        if (v == values) {
          v = values.clone();
        }
        v[i] = null;
      }
    }
    this.values = v;
  }

  /** The backing array; do not modify. */
  public Object[] values() {
    return values;
  }

  @Override
  public DfType dtype() {
    return DfType.OBJECT;
  }

  @Override
  public int size() {
    return values.length;
  }

  @Override
  public boolean isNA(int i) {
    return values[i] == null;
  }

  @Override
  public Object get(int i) {
    return values[i];
  }

  @Override
  public Column take(int[] at) {
    Object[] out = new Object[at.length];
    for (int i = 0; i < at.length; i++) {
      out[i] = at[i] < 0 ? null : values[at[i]];
    }
    return new ObjectColumn(out);
  }

  @Override
  public Column slice(int from, int to) {
    return new ObjectColumn(Arrays.copyOfRange(values, from, to));
  }

  @Override
  public long nbytes() {
    long n = 16L + 8L * values.length;
    for (Object v : values) {
      n += v instanceof String s ? 40L + s.length() : v == null ? 0 : 16;
    }
    return n;
  }
}
