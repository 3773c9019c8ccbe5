package org.marsonspark.tensor.kernel;

import java.util.function.DoubleUnaryOperator;
import java.util.function.LongUnaryOperator;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.tensor.DType;

/** numpy's unary ufuncs. */
public enum UnaryFn {
  NEGATIVE("negative", Kind.SAME, a -> -a, a -> -a, "(-%1$s)", "(-%1$s)"),
  ABSOLUTE("absolute", Kind.SAME, Math::abs, Math::abs, "Math.abs(%1$s)", "Math.abs(%1$s)"),
  SQUARE("square", Kind.SAME, a -> a * a, a -> a * a, "(%1$s * %1$s)", "(%1$s * %1$s)"),
  SIGN("sign", Kind.SAME, Ufuncs::sign, Long::signum, "Ufuncs.sign(%1$s)", "((long) Long.signum(%1$s))"),
  SQRT("sqrt", Kind.FLOAT, Math::sqrt, null, "Math.sqrt(%1$s)", null),
  CBRT("cbrt", Kind.FLOAT, Math::cbrt, null, "Math.cbrt(%1$s)", null),
  EXP("exp", Kind.FLOAT, Math::exp, null, "Math.exp(%1$s)", null),
  EXP2("exp2", Kind.FLOAT, a -> Math.pow(2, a), null, "Math.pow(2, %1$s)", null),
  EXPM1("expm1", Kind.FLOAT, Math::expm1, null, "Math.expm1(%1$s)", null),
  LOG("log", Kind.FLOAT, Math::log, null, "Math.log(%1$s)", null),
  LOG2("log2", Kind.FLOAT, a -> Math.log(a) / Math.log(2), null, "(Math.log(%1$s) / Math.log(2))", null),
  LOG10("log10", Kind.FLOAT, Math::log10, null, "Math.log10(%1$s)", null),
  LOG1P("log1p", Kind.FLOAT, Math::log1p, null, "Math.log1p(%1$s)", null),
  SIN("sin", Kind.FLOAT, Math::sin, null, "Math.sin(%1$s)", null),
  COS("cos", Kind.FLOAT, Math::cos, null, "Math.cos(%1$s)", null),
  TAN("tan", Kind.FLOAT, Math::tan, null, "Math.tan(%1$s)", null),
  ARCSIN("arcsin", Kind.FLOAT, Math::asin, null, "Math.asin(%1$s)", null),
  ARCCOS("arccos", Kind.FLOAT, Math::acos, null, "Math.acos(%1$s)", null),
  ARCTAN("arctan", Kind.FLOAT, Math::atan, null, "Math.atan(%1$s)", null),
  SINH("sinh", Kind.FLOAT, Math::sinh, null, "Math.sinh(%1$s)", null),
  COSH("cosh", Kind.FLOAT, Math::cosh, null, "Math.cosh(%1$s)", null),
  TANH("tanh", Kind.FLOAT, Math::tanh, null, "Math.tanh(%1$s)", null),
  FLOOR("floor", Kind.FLOAT, Math::floor, null, "Math.floor(%1$s)", null),
  CEIL("ceil", Kind.FLOAT, Math::ceil, null, "Math.ceil(%1$s)", null),
  TRUNC("trunc", Kind.FLOAT, a -> a < 0 ? Math.ceil(a) : Math.floor(a), null, "(%1$s < 0 ? Math.ceil(%1$s) : Math.floor(%1$s))", null),
  RINT("rint", Kind.FLOAT, Ufuncs::rint, null, "Ufuncs.rint(%1$s)", null),
  RECIPROCAL("reciprocal", Kind.SAME, a -> 1.0 / a, a -> a == 0 ? 0 : 1 / a, "(1.0 / %1$s)", "(%1$s == 0 ? 0L : 1L / %1$s)"),
  ISNAN("isnan", Kind.PREDICATE, a -> Double.isNaN(a) ? 1 : 0, a -> 0, "Double.isNaN(%1$s)", "false"),
  ISINF("isinf", Kind.PREDICATE, a -> Double.isInfinite(a) ? 1 : 0, a -> 0, "Double.isInfinite(%1$s)", "false"),
  ISFINITE("isfinite", Kind.PREDICATE, a -> Double.isFinite(a) ? 1 : 0, a -> 1, "Double.isFinite(%1$s)", "true"),
  LOGICAL_NOT("logical_not", Kind.LOGICAL, a -> a == 0 ? 1 : 0, a -> a == 0 ? 1 : 0, "(%1$s == 0)", "(%1$s == 0)"),
  // ---- the rest of the ufuncs ----
  INVERT("invert", Kind.BITWISE, null, a -> ~a, null, "(~%1$s)"),
  SIGNBIT("signbit", Kind.PREDICATE, a -> Double.doubleToRawLongBits(a) < 0 ? 1 : 0, a -> a < 0 ? 1 : 0,
      "(Double.doubleToRawLongBits(%1$s) < 0L)", "(%1$s < 0L)"),
  DEGREES("degrees", Kind.FLOAT, a -> a * (180.0 / Math.PI), null, "(%1$s * (180.0 / Math.PI))", null),
  RADIANS("radians", Kind.FLOAT, a -> a * (Math.PI / 180.0), null, "(%1$s * (Math.PI / 180.0))", null),
  FABS("fabs", Kind.FLOAT, Math::abs, null, "Math.abs(%1$s)", null),
  ARCSINH("arcsinh", Kind.FLOAT, Ufuncs::asinh, null, "Ufuncs.asinh(%1$s)", null),
  ARCCOSH("arccosh", Kind.FLOAT, Ufuncs::acosh, null, "Ufuncs.acosh(%1$s)", null),
  ARCTANH("arctanh", Kind.FLOAT, Ufuncs::atanh, null, "Ufuncs.atanh(%1$s)", null),
  SPACING("spacing", Kind.FLOAT, Ufuncs::spacing, null, "Ufuncs.spacing(%1$s)", null),
  /** spacing in float32 steps (chosen by {@code Mt.spacing} for float32 input). */
  SPACING_F32("spacing", Kind.FLOAT, Ufuncs::spacingF32, null, "Ufuncs.spacingF32(%1$s)", null),
  /** frexp's first output; the second is {@link #FREXP_EXPONENT} cast to int32. */
  FREXP_MANTISSA("frexp", Kind.FLOAT, Ufuncs::frexpMantissa, null, "Ufuncs.frexpMantissa(%1$s)", null),
  FREXP_EXPONENT("frexp", Kind.FLOAT, Ufuncs::frexpExponent, null, "Ufuncs.frexpExponent(%1$s)", null),
  /** modf's first output; the second is {@link #TRUNC}. */
  MODF_FRACTION("modf", Kind.FLOAT, Ufuncs::modfFraction, null, "Ufuncs.modfFraction(%1$s)", null);

  enum Kind { SAME, FLOAT, PREDICATE, LOGICAL, BITWISE }

  private final String numpyName;
  private final Kind kind;
  final DoubleUnaryOperator f64;
  final LongUnaryOperator i64;
  private final String f64Code;
  private final String i64Code;

  UnaryFn(String numpyName, Kind kind, DoubleUnaryOperator f64, LongUnaryOperator i64, String f64Code, String i64Code) {
    this.numpyName = numpyName;
    this.kind = kind;
    this.f64 = f64;
    this.i64 = i64;
    this.f64Code = f64Code;
    this.i64Code = i64Code;
  }

  /**
   * Java source template ({@code %1$s} is the operand) computing exactly what the double lambda
   * computes, for generated kernels; a predicate's template is a boolean expression.
   */
  public String f64Code() {
    return f64Code;
  }

  /** As {@link #f64Code()}, on longs; null where the function has no integer form. */
  public String i64Code() {
    return i64Code;
  }

  /** Whether the result is a boolean (predicates and logical_not). */
  public boolean isPredicate() {
    return kind == Kind.PREDICATE || kind == Kind.LOGICAL;
  }

  public String numpyName() {
    return numpyName;
  }

  /**
   * The dtype the kernel computes in. Booleans in float functions compute as float32 (numpy
   * uses float16, which this project does not have).
   */
  public DType computeType(DType in) {
    return switch (kind) {
      case FLOAT -> in == DType.FLOAT64 || in.isInteger() ? DType.FLOAT64 : DType.FLOAT32;
      case SAME -> {
        if (in == DType.BOOL) {
          if (this == ABSOLUTE || this == SQUARE) {
            yield DType.BOOL;
          }
          throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "numpy's " + numpyName
              + " is not supported for bool input; cast to an integer dtype first");
        }
        yield in;
      }
      case PREDICATE, LOGICAL -> in;
      case BITWISE -> {
        if (in.isFloat()) {
          throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "ufunc '" + numpyName + "' not supported for " + in
              + " input: it takes integer or bool tensors; cast with astype first");
        }
        yield in;
      }
    };
  }

  public DType resultType(DType in) {
    return kind == Kind.PREDICATE || kind == Kind.LOGICAL ? DType.BOOL : computeType(in);
  }
}
