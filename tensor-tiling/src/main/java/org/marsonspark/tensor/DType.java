package org.marsonspark.tensor;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/** Element types of tensors, named as numpy names them. */
public enum DType implements org.marsonspark.core.ElementType {
  BOOL("bool", 1, 0),
  INT32("int32", 4, 1),
  INT64("int64", 8, 2),
  FLOAT32("float32", 4, 3),
  FLOAT64("float64", 8, 4);

  private final String numpyName;
  private final int itemSize;
  private final int rank;

  DType(String numpyName, int itemSize, int rank) {
    this.numpyName = numpyName;
    this.itemSize = itemSize;
    this.rank = rank;
  }

  @Override
  public int itemSize() {
    return itemSize;
  }

  public boolean isFloat() {
    return this == FLOAT32 || this == FLOAT64;
  }

  public boolean isInteger() {
    return this == INT32 || this == INT64;
  }

  /** The numpy name: {@code float64}, {@code int32}, ... */
  @Override
  public String toString() {
    return numpyName;
  }

  public static DType of(String name) {
    for (DType d : values()) {
      if (d.numpyName.equals(name)) {
        return d;
      }
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "unsupported dtype '" + name
        + "'; supported: bool, int32, int64, float32, float64");
  }

  /** numpy's promotion of two array dtypes ({@code np.result_type}). */
  public static DType promote(DType a, DType b) {
    if (a == b) {
      return a;
    }
    if (a == BOOL) {
      return b;
    }
    if (b == BOOL) {
      return a;
    }
    // mixing an integer with float32 needs float64 to hold int32/int64 values
    if ((a == FLOAT32 && b.isInteger()) || (b == FLOAT32 && a.isInteger())) {
      return FLOAT64;
    }
    return a.rank > b.rank ? a : b;
  }

  /**
   * The dtype of an array combined with a Java scalar, following numpy's rule that a Python
   * scalar only decides the kind (bool &lt; integer &lt; float), not the precision.
   */
  public static DType promoteWithScalar(DType array, Object scalar) {
    DType s = scalarKind(scalar);
    if (s == BOOL) {
      return array;
    }
    if (s == INT64) {
      return array == BOOL ? INT64 : array;
    }
    return array.isFloat() ? array : FLOAT64;
  }

  /** The dtype of a Java scalar on its own (as {@code np.asarray} would give it). */
  public static DType scalarKind(Object scalar) {
    if (scalar instanceof Boolean) {
      return BOOL;
    }
    if (scalar instanceof Integer || scalar instanceof Long || scalar instanceof Short || scalar instanceof Byte) {
      return INT64;
    }
    if (scalar instanceof Double || scalar instanceof Float) {
      return FLOAT64;
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "unsupported scalar of type "
        + (scalar == null ? "null" : scalar.getClass().getName()) + "; use a boolean, integer or floating-point number");
  }
}
