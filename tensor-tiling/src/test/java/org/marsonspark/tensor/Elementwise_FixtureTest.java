package org.marsonspark.tensor;

import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * Binary ufuncs over dtype pairs and broadcast shapes, tensor-scalar promotion, unary ufuncs
 * with nan/inf, astype and a fused chain, against numpy, on several chunk layouts.
 */
class Elementwise_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  // each case x layout is checked by TensorAssert.assertMatches (shape, dtype, values) in Fixtures.tests
  @TestFactory
  Stream<DynamicNode> numpy() {
    return Fixtures.tests("elementwise", Elementwise_FixtureTest::run, () -> spark.session());
  }

  static NDArray run(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    Tensor a = Fixtures.tensor(c, "a", layout);
    Tensor t = switch (c.op()) {
      case "binary" -> binary(c.param("fn").asText(), a, Fixtures.tensor(c, "b", layout));
      case "scalar" -> {
        Object scalar = Fixtures.scalar(c.param("scalar"));
        yield c.param("scalar_first").asBoolean() ? binary(c.param("fn").asText(), scalar, a)
            : method(c.param("fn").asText(), a, scalar);
      }
      case "unary" -> unary(c.param("fn").asText(), a);
      case "astype" -> a.astype(DType.of(c.param("dtype").asText()));
      case "chain" -> {
        Tensor b = Fixtures.tensor(c, "b", layout);
        yield a.add(b).mul(2).sub(Mt.sqrt(a.abs())).div(b.add(10));
      }
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return Fixtures.compute(t, s);
  }

  /** numpy's binary ufunc by name, through the {@code Mt} functions. */
  static Tensor binary(String fn, Object x, Object y) {
    return switch (fn) {
      case "add" -> Mt.add(x, y);
      case "subtract" -> Mt.subtract(x, y);
      case "multiply" -> Mt.multiply(x, y);
      case "true_divide" -> Mt.trueDivide(x, y);
      case "floor_divide" -> Mt.floorDivide(x, y);
      case "mod" -> Mt.mod(x, y);
      case "power" -> Mt.power(x, y);
      case "maximum" -> Mt.maximum(x, y);
      case "minimum" -> Mt.minimum(x, y);
      case "equal" -> Mt.equal(x, y);
      case "not_equal" -> Mt.notEqual(x, y);
      case "less" -> Mt.less(x, y);
      case "less_equal" -> Mt.lessEqual(x, y);
      case "greater" -> Mt.greater(x, y);
      case "greater_equal" -> Mt.greaterEqual(x, y);
      case "logical_and" -> Mt.logicalAnd(x, y);
      case "logical_or" -> Mt.logicalOr(x, y);
      case "logical_xor" -> Mt.logicalXor(x, y);
      case "arctan2" -> Mt.arctan2(x, y);
      case "hypot" -> Mt.hypot(x, y);
      default -> throw new IllegalArgumentException("unknown binary ufunc " + fn);
    };
  }

  /** {@code a op scalar} through the Tensor methods where there is one, else through Mt. */
  static Tensor method(String fn, Tensor a, Object y) {
    return switch (fn) {
      case "add" -> a.add(y);
      case "subtract" -> a.sub(y);
      case "multiply" -> a.mul(y);
      case "true_divide" -> a.div(y);
      case "floor_divide" -> a.floorDiv(y);
      case "mod" -> a.mod(y);
      case "power" -> a.pow(y);
      case "equal" -> a.eq(y);
      case "not_equal" -> a.ne(y);
      case "less" -> a.lt(y);
      case "less_equal" -> a.le(y);
      case "greater" -> a.gt(y);
      case "greater_equal" -> a.ge(y);
      case "logical_and" -> a.and(y);
      case "logical_or" -> a.or(y);
      case "logical_xor" -> a.xor(y);
      default -> binary(fn, a, y);
    };
  }

  static Tensor unary(String fn, Tensor a) {
    return switch (fn) {
      case "sqrt" -> Mt.sqrt(a);
      case "cbrt" -> Mt.cbrt(a);
      case "exp" -> Mt.exp(a);
      case "exp2" -> Mt.exp2(a);
      case "expm1" -> Mt.expm1(a);
      case "log" -> Mt.log(a);
      case "log2" -> Mt.log2(a);
      case "log10" -> Mt.log10(a);
      case "log1p" -> Mt.log1p(a);
      case "sin" -> Mt.sin(a);
      case "cos" -> Mt.cos(a);
      case "tan" -> Mt.tan(a);
      case "arcsin" -> Mt.arcsin(a);
      case "arccos" -> Mt.arccos(a);
      case "arctan" -> Mt.arctan(a);
      case "sinh" -> Mt.sinh(a);
      case "cosh" -> Mt.cosh(a);
      case "tanh" -> Mt.tanh(a);
      case "floor" -> Mt.floor(a);
      case "ceil" -> Mt.ceil(a);
      case "trunc" -> Mt.trunc(a);
      case "rint" -> Mt.rint(a);
      case "abs" -> Mt.abs(a);
      case "negative" -> Mt.negative(a);
      case "sign" -> Mt.sign(a);
      case "square" -> Mt.square(a);
      case "reciprocal" -> Mt.reciprocal(a);
      case "isnan" -> Mt.isnan(a);
      case "isinf" -> Mt.isinf(a);
      case "isfinite" -> Mt.isfinite(a);
      case "logical_not" -> Mt.logicalNot(a);
      default -> throw new IllegalArgumentException("unknown unary ufunc " + fn);
    };
  }
}
