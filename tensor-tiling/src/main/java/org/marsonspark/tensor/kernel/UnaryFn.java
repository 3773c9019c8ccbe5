package org.marsonspark.tensor.kernel;

import java.util.function.DoubleUnaryOperator;
import java.util.function.LongUnaryOperator;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.tensor.DType;

/** numpy's unary ufuncs. */
public enum UnaryFn {
  NEGATIVE("negative", Kind.SAME, a -> -a, a -> -a),
  ABSOLUTE("absolute", Kind.SAME, Math::abs, Math::abs),
  SQUARE("square", Kind.SAME, a -> a * a, a -> a * a),
  SIGN("sign", Kind.SAME, Ufuncs::sign, Long::signum),
  SQRT("sqrt", Kind.FLOAT, Math::sqrt, null),
  CBRT("cbrt", Kind.FLOAT, Math::cbrt, null),
  EXP("exp", Kind.FLOAT, Math::exp, null),
  EXP2("exp2", Kind.FLOAT, a -> Math.pow(2, a), null),
  EXPM1("expm1", Kind.FLOAT, Math::expm1, null),
  LOG("log", Kind.FLOAT, Math::log, null),
  LOG2("log2", Kind.FLOAT, a -> Math.log(a) / Math.log(2), null),
  LOG10("log10", Kind.FLOAT, Math::log10, null),
  LOG1P("log1p", Kind.FLOAT, Math::log1p, null),
  SIN("sin", Kind.FLOAT, Math::sin, null),
  COS("cos", Kind.FLOAT, Math::cos, null),
  TAN("tan", Kind.FLOAT, Math::tan, null),
  ARCSIN("arcsin", Kind.FLOAT, Math::asin, null),
  ARCCOS("arccos", Kind.FLOAT, Math::acos, null),
  ARCTAN("arctan", Kind.FLOAT, Math::atan, null),
  SINH("sinh", Kind.FLOAT, Math::sinh, null),
  COSH("cosh", Kind.FLOAT, Math::cosh, null),
  TANH("tanh", Kind.FLOAT, Math::tanh, null),
  FLOOR("floor", Kind.FLOAT, Math::floor, null),
  CEIL("ceil", Kind.FLOAT, Math::ceil, null),
  TRUNC("trunc", Kind.FLOAT, a -> a < 0 ? Math.ceil(a) : Math.floor(a), null),
  RINT("rint", Kind.FLOAT, Ufuncs::rint, null),
  RECIPROCAL("reciprocal", Kind.SAME, a -> 1.0 / a, a -> a == 0 ? 0 : 1 / a),
  ISNAN("isnan", Kind.PREDICATE, a -> Double.isNaN(a) ? 1 : 0, a -> 0),
  ISINF("isinf", Kind.PREDICATE, a -> Double.isInfinite(a) ? 1 : 0, a -> 0),
  ISFINITE("isfinite", Kind.PREDICATE, a -> Double.isFinite(a) ? 1 : 0, a -> 1),
  LOGICAL_NOT("logical_not", Kind.LOGICAL, a -> a == 0 ? 1 : 0, a -> a == 0 ? 1 : 0);

  enum Kind { SAME, FLOAT, PREDICATE, LOGICAL }

  private final String numpyName;
  private final Kind kind;
  final DoubleUnaryOperator f64;
  final LongUnaryOperator i64;

  UnaryFn(String numpyName, Kind kind, DoubleUnaryOperator f64, LongUnaryOperator i64) {
    this.numpyName = numpyName;
    this.kind = kind;
    this.f64 = f64;
    this.i64 = i64;
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
    };
  }

  public DType resultType(DType in) {
    return kind == Kind.PREDICATE || kind == Kind.LOGICAL ? DType.BOOL : computeType(in);
  }
}
