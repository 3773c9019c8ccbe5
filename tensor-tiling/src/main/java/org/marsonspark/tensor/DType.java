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
   * numpy 1.24's dtype of an array combined with a Java scalar: value-based casting (see
   * {@link #promoteWithScalar(DType, DType, Object)}), the scalar's own dtype being int64, float64
   * or bool as {@code np.asarray} gives it.
   */
  public static DType promoteWithScalar(DType array, Object scalar) {
    return promoteWithScalar(array, scalarKind(scalar), scalar);
  }

  /**
   * numpy 1.24's dtype of an array combined with a scalar operand (a Java scalar or a 0-d
   * tensor) of dtype {@code scalar} holding {@code value}: a scalar of a higher kind than the
   * array (bool &lt; integer &lt; float) brings its dtype; one of the same or a lower kind keeps
   * the array's dtype unless its value needs more — int32 with an integer outside int32 gives
   * int64; float32 with an integer outside [-32768, 65535] (numpy's int16 / uint16) or a finite
   * float of magnitude 3.4e38 or more gives float64. With {@code value} null (not known while
   * building) the array's dtype, the value then being checked when it runs
   * ({@link #dependsOnValue}).
   */
  public static DType promoteWithScalar(DType array, DType scalar, Object value) {
    if (scalar.kind() > array.kind()) {
      return promote(array, scalar);
    }
    if (value == null || value instanceof Boolean) {
      return array;
    }
    return switch (array) {
      case INT32 -> {
        long v = ((Number) value).longValue();
        yield v == (int) v ? INT32 : INT64;
      }
      case FLOAT32 -> {
        if (value instanceof Double || value instanceof Float) {
          double v = ((Number) value).doubleValue();
          yield (v > -3.4e38 && v < 3.4e38) || !Double.isFinite(v) ? FLOAT32 : FLOAT64;
        }
        long v = ((Number) value).longValue();
        yield v >= Short.MIN_VALUE && v <= 0xFFFF ? FLOAT32 : FLOAT64;
      }
      default -> array;
    };
  }

  /**
   * Whether numpy's dtype for a scalar operand of dtype {@code scalar} meeting arrays of
   * {@code array} depends on the scalar's value: a 0-d tensor whose value is not known while
   * building is then checked when it runs.
   */
  public static boolean dependsOnValue(DType array, DType scalar) {
    return scalar.kind() <= array.kind() && promote(array, scalar) != array;
  }

  /** numpy's kind order for value-based casting: bool 0, integer 1, float 2. */
  private int kind() {
    return this == BOOL ? 0 : isInteger() ? 1 : 2;
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
