package org.marsonspark.tensor.kernel;

import java.util.function.DoubleBinaryOperator;
import java.util.function.LongBinaryOperator;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.tensor.DType;

/**
 * numpy's binary ufuncs: how each computes per dtype and which dtype it returns. Integer
 * kernels compute in {@code long} (int32 results wrap as numpy's do); float32 kernels compute
 * in double and round once.
 */
public enum BinaryFn {
  ADD("add", Kind.ARITH, Double::sum, Long::sum, (a, b) -> a | b,
      new Code("(%1$s + %2$s)", "(%1$s + %2$s)", "(%1$s | %2$s)")),
  SUBTRACT("subtract", Kind.ARITH, (a, b) -> a - b, (a, b) -> a - b, null,
      new Code("(%1$s - %2$s)", "(%1$s - %2$s)", null)),
  MULTIPLY("multiply", Kind.ARITH, (a, b) -> a * b, (a, b) -> a * b, (a, b) -> a & b,
      new Code("(%1$s * %2$s)", "(%1$s * %2$s)", "(%1$s & %2$s)")),
  TRUE_DIVIDE("true_divide", Kind.DIVIDE, (a, b) -> a / b, null, null,
      new Code("(%1$s / %2$s)", null, null)),
  FLOOR_DIVIDE("floor_divide", Kind.ARITH, Ufuncs::floorDivide, Ufuncs::floorDivide, null,
      new Code("Ufuncs.floorDivide(%1$s, %2$s)", "Ufuncs.floorDivide(%1$s, %2$s)", null)),
  MOD("mod", Kind.ARITH, Ufuncs::mod, Ufuncs::mod, null,
      new Code("Ufuncs.mod(%1$s, %2$s)", "Ufuncs.mod(%1$s, %2$s)", null)),
  POWER("power", Kind.ARITH, Ufuncs::power, Ufuncs::power, null,
      new Code("Ufuncs.power(%1$s, %2$s)", "Ufuncs.power(%1$s, %2$s)", null)),
  MAXIMUM("maximum", Kind.ARITH, Math::max, Math::max, (a, b) -> a | b,
      new Code("Math.max(%1$s, %2$s)", "Math.max(%1$s, %2$s)", "(%1$s | %2$s)")),
  MINIMUM("minimum", Kind.ARITH, Math::min, Math::min, (a, b) -> a & b,
      new Code("Math.min(%1$s, %2$s)", "Math.min(%1$s, %2$s)", "(%1$s & %2$s)")),
  EQUAL("equal", Kind.COMPARE, (a, b) -> a == b ? 1 : 0, (a, b) -> a == b ? 1 : 0, (a, b) -> a == b,
      new Code("(%1$s == %2$s)", "(%1$s == %2$s)", "(%1$s == %2$s)")),
  NOT_EQUAL("not_equal", Kind.COMPARE, (a, b) -> a != b ? 1 : 0, (a, b) -> a != b ? 1 : 0, (a, b) -> a != b,
      new Code("(%1$s != %2$s)", "(%1$s != %2$s)", "(%1$s != %2$s)")),
  LESS("less", Kind.COMPARE, (a, b) -> a < b ? 1 : 0, (a, b) -> a < b ? 1 : 0, (a, b) -> !a & b,
      new Code("(%1$s < %2$s)", "(%1$s < %2$s)", "(!%1$s & %2$s)")),
  LESS_EQUAL("less_equal", Kind.COMPARE, (a, b) -> a <= b ? 1 : 0, (a, b) -> a <= b ? 1 : 0, (a, b) -> !a | b,
      new Code("(%1$s <= %2$s)", "(%1$s <= %2$s)", "(!%1$s | %2$s)")),
  GREATER("greater", Kind.COMPARE, (a, b) -> a > b ? 1 : 0, (a, b) -> a > b ? 1 : 0, (a, b) -> a & !b,
      new Code("(%1$s > %2$s)", "(%1$s > %2$s)", "(%1$s & !%2$s)")),
  GREATER_EQUAL("greater_equal", Kind.COMPARE, (a, b) -> a >= b ? 1 : 0, (a, b) -> a >= b ? 1 : 0, (a, b) -> a | !b,
      new Code("(%1$s >= %2$s)", "(%1$s >= %2$s)", "(%1$s | !%2$s)")),
  LOGICAL_AND("logical_and", Kind.LOGICAL, null, null, (a, b) -> a & b,
      new Code(null, null, "(%1$s & %2$s)")),
  LOGICAL_OR("logical_or", Kind.LOGICAL, null, null, (a, b) -> a | b,
      new Code(null, null, "(%1$s | %2$s)")),
  LOGICAL_XOR("logical_xor", Kind.LOGICAL, null, null, (a, b) -> a ^ b,
      new Code(null, null, "(%1$s ^ %2$s)")),
  ARCTAN2("arctan2", Kind.FLOAT, Math::atan2, null, null,
      new Code("Math.atan2(%1$s, %2$s)", null, null)),
  HYPOT("hypot", Kind.FLOAT, Math::hypot, null, null,
      new Code("Math.hypot(%1$s, %2$s)", null, null)),
  // ---- the rest of the ufuncs ----
  BITWISE_AND("bitwise_and", Kind.BITWISE, null, (a, b) -> a & b, (a, b) -> a & b,
      new Code(null, "(%1$s & %2$s)", "(%1$s & %2$s)")),
  BITWISE_OR("bitwise_or", Kind.BITWISE, null, (a, b) -> a | b, (a, b) -> a | b,
      new Code(null, "(%1$s | %2$s)", "(%1$s | %2$s)")),
  BITWISE_XOR("bitwise_xor", Kind.BITWISE, null, (a, b) -> a ^ b, (a, b) -> a ^ b,
      new Code(null, "(%1$s ^ %2$s)", "(%1$s ^ %2$s)")),
  LEFT_SHIFT("left_shift", Kind.BITWISE, null, Ufuncs::leftShift, null,
      new Code(null, "Ufuncs.leftShift(%1$s, %2$s)", null)),
  RIGHT_SHIFT("right_shift", Kind.BITWISE, null, Ufuncs::rightShift, null,
      new Code(null, "Ufuncs.rightShift(%1$s, %2$s)", null)),
  FMAX("fmax", Kind.ARITH, Ufuncs::fmax, Math::max, (a, b) -> a | b,
      new Code("Ufuncs.fmax(%1$s, %2$s)", "Math.max(%1$s, %2$s)", "(%1$s | %2$s)")),
  FMIN("fmin", Kind.ARITH, Ufuncs::fmin, Math::min, (a, b) -> a & b,
      new Code("Ufuncs.fmin(%1$s, %2$s)", "Math.min(%1$s, %2$s)", "(%1$s & %2$s)")),
  FMOD("fmod", Kind.ARITH, (a, b) -> a % b, Ufuncs::fmod, null,
      new Code("(%1$s %% %2$s)", "Ufuncs.fmod(%1$s, %2$s)", null)),
  COPYSIGN("copysign", Kind.FLOAT, Math::copySign, null, null,
      new Code("Math.copySign(%1$s, %2$s)", null, null)),
  LOGADDEXP("logaddexp", Kind.FLOAT, Ufuncs::logaddexp, null, null,
      new Code("Ufuncs.logaddexp(%1$s, %2$s)", null, null)),
  LOGADDEXP2("logaddexp2", Kind.FLOAT, Ufuncs::logaddexp2, null, null,
      new Code("Ufuncs.logaddexp2(%1$s, %2$s)", null, null)),
  NEXTAFTER("nextafter", Kind.FLOAT, Math::nextAfter, null, null,
      new Code("Math.nextAfter(%1$s, %2$s)", null, null)),
  /** nextafter of float32 operands: the step is a float32 one (chosen by {@code Mt.nextafter}). */
  NEXTAFTER_F32("nextafter", Kind.FLOAT, (a, b) -> Math.nextAfter((float) a, b), null, null,
      new Code("Math.nextAfter((float) %1$s, %2$s)", null, null)),
  HEAVISIDE("heaviside", Kind.FLOAT, Ufuncs::heaviside, null, null,
      new Code("Ufuncs.heaviside(%1$s, %2$s)", null, null)),
  /** x1 * 2^x2; {@code Mt.ldexp} checks that x2 is an integer and casts it to x1's float type. */
  LDEXP("ldexp", Kind.FLOAT, Ufuncs::ldexp, null, null,
      new Code("Ufuncs.ldexp(%1$s, %2$s)", null, null)),
  GCD("gcd", Kind.INTEGER, null, Ufuncs::gcd, null,
      new Code(null, "Ufuncs.gcd(%1$s, %2$s)", null)),
  LCM("lcm", Kind.INTEGER, null, Ufuncs::lcm, null,
      new Code(null, "Ufuncs.lcm(%1$s, %2$s)", null));

  /** How a function maps input dtypes to its computing and result dtypes. */
  enum Kind { ARITH, DIVIDE, COMPARE, LOGICAL, FLOAT, BITWISE, INTEGER }

  /** A boolean binary function. */
  public interface BoolBinary {
    boolean apply(boolean a, boolean b);
  }

  /**
   * The same functions as Java source templates ({@code %1$s}, {@code %2$s} are the operands) for
   * generated fused loops: on doubles, on longs, on booleans. They must compute exactly what the
   * lambdas compute (tests run every pattern fused and unfused).
   */
  public record Code(String f64, String i64, String bool) {}

  private final String numpyName;
  private final Kind kind;
  final DoubleBinaryOperator f64;
  final LongBinaryOperator i64;
  final BoolBinary bool;
  private final Code code;

  BinaryFn(String numpyName, Kind kind, DoubleBinaryOperator f64, LongBinaryOperator i64, BoolBinary bool, Code code) {
    this.numpyName = numpyName;
    this.kind = kind;
    this.f64 = f64;
    this.i64 = i64;
    this.bool = bool;
    this.code = code;
  }

  /** Source templates for generated kernels. */
  public Code code() {
    return code;
  }

  public String numpyName() {
    return numpyName;
  }

  public boolean isComparison() {
    return kind == Kind.COMPARE;
  }

  /** The dtype the kernel computes in, for inputs promoted to {@code promoted}. */
  public DType computeType(DType promoted) {
    return switch (kind) {
      case LOGICAL -> DType.BOOL;
      case DIVIDE, FLOAT -> promoted == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
      case COMPARE -> promoted;
      case BITWISE -> {
        if (promoted.isFloat()) {
          throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "ufunc '" + numpyName
              + "' not supported for " + promoted + " input: it takes integer or bool tensors; cast with astype first");
        }
        if (promoted == DType.BOOL && bool == null) {
          // numpy shifts booleans as int8; there is no int8 here
          yield DType.INT64;
        }
        yield promoted;
      }
      case INTEGER -> {
        if (!promoted.isInteger()) {
          throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "ufunc '" + numpyName + "' not supported for "
              + promoted + " input: it takes integer tensors; cast with astype first");
        }
        yield promoted;
      }
      case ARITH -> {
        if (promoted == DType.BOOL && bool == null) {
          // numpy computes these on booleans as small integers
          if (this == SUBTRACT) {
            throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE,
                "numpy boolean subtract is not supported; use logical_xor or cast to an integer dtype");
          }
          yield DType.INT64;
        }
        yield promoted;
      }
    };
  }

  /** The dtype of the result. */
  public DType resultType(DType promoted) {
    return kind == Kind.COMPARE || kind == Kind.LOGICAL ? DType.BOOL : computeType(promoted);
  }
}
