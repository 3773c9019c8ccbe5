package org.marsonspark.tensor;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/** Conversions of boxed Java scalars. */
final class Scalars {
  private Scalars() {}

  static double toDouble(Object v) {
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    if (v instanceof Boolean b) {
      return b ? 1.0 : 0.0;
    }
    throw bad(v);
  }

  static boolean isFloat(Object v) {
    return v instanceof Double || v instanceof Float;
  }

  /** An integer or boolean as a long (floats go through {@link Casting}). */
  static long toLong(Object v) {
    if (v instanceof Number n && !isFloat(v)) {
      return n.longValue();
    }
    if (v instanceof Boolean b) {
      return b ? 1L : 0L;
    }
    throw bad(v);
  }

  static boolean toBool(Object v) {
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof Number n) {
      return n.doubleValue() != 0;
    }
    throw bad(v);
  }

  private static MarsException bad(Object v) {
    return new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "not a number or boolean: " + v);
  }
}
