package org.marsonspark.tensor.fusion;

import org.marsonspark.tensor.DType;

/** Java source for dtype conversions, with exactly {@code NDArray.astype}'s semantics. */
final class Conversions {
  private static final String CASTING = org.marsonspark.tensor.Casting.class.getName();

  private Conversions() {}

  static String javaType(DType d) {
    return switch (d) {
      case BOOL -> "boolean";
      case INT32 -> "int";
      case INT64 -> "long";
      case FLOAT32 -> "float";
      case FLOAT64 -> "double";
    };
  }

  static String convert(String x, DType from, DType to) {
    if (from == to) {
      return x;
    }
    return switch (to) {
      case BOOL -> "(" + x + " != 0)";
      case INT32 -> switch (from) {
        case BOOL -> "(" + x + " ? 1 : 0)";
        case INT64 -> "((int) " + x + ")";
        default -> CASTING + ".toInt32(" + x + ")";
      };
      case INT64 -> switch (from) {
        case BOOL -> "(" + x + " ? 1L : 0L)";
        case INT32 -> "((long) " + x + ")";
        default -> CASTING + ".toInt64(" + x + ")";
      };
      case FLOAT32 -> switch (from) {
        case BOOL -> "(" + x + " ? 1.0f : 0.0f)";
        case FLOAT64 -> "((float) " + x + ")";
        default -> "((float) (double) " + x + ")";
      };
      case FLOAT64 -> from == DType.BOOL ? "(" + x + " ? 1.0 : 0.0)" : "((double) " + x + ")";
    };
  }
}
