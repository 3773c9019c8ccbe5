package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.marsonspark.core.MarsException;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * The bit-twiddling and floating-point ufuncs beyond {@link Elementwise_FixtureTest}'s arithmetic
 * (bitwise and shifts, fmax/fmin, fmod/remainder, copysign, logaddexp, signbit,
 * degrees/radians, inverse hyperbolics, nextafter/spacing/heaviside/ldexp/gcd/lcm, the
 * two-output frexp/modf/divmod, clip, isclose/allclose, around) against numpy
 * (fixtures/bitwise_float_ufuncs.json, gen_fixtures_stats.py) on several chunk layouts.
 */
class BitwiseFloatUfuncs_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  // each case x layout is checked by TensorAssert.assertMatches (shape, dtype, values) in Fixtures.tests
  @TestFactory
  Stream<DynamicNode> numpy() {
    return Fixtures.tests("bitwise_float_ufuncs", BitwiseFloatUfuncs_FixtureTest::run, () -> spark.session());
  }

  @Test
  void integerOnlyAndIntegerExponentUfuncsRejectOtherDtypes() {
    Tensor f = Mt.ones(3);
    Tensor i = Mt.arange(3);
    assertEquals(MarsException.ErrorClass.UNSUPPORTED_DTYPE, assertThrows(MarsException.class, () -> Mt.gcd(f, i)).errorClass());
    assertEquals(MarsException.ErrorClass.UNSUPPORTED_DTYPE,
        assertThrows(MarsException.class, () -> Mt.lcm(i.gt(0), i.gt(1))).errorClass());
    MarsException e = assertThrows(MarsException.class, () -> Mt.ldexp(f, f));
    assertEquals(MarsException.ErrorClass.UNSUPPORTED_DTYPE, e.errorClass());
    assertTrue(e.getMessage().contains("ldexp"), e.getMessage());
  }

  static NDArray run(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    Tensor a = Fixtures.tensor(c, "a", layout);
    Tensor t = switch (c.op()) {
      case "binary" -> binary(c.param("fn").asText(), a, Fixtures.tensor(c, "b", layout));
      case "unary" -> unary(c.param("fn").asText(), a);
      case "unary_out" -> (switch (c.param("fn").asText()) {
        case "frexp" -> Mt.frexp(a);
        case "modf" -> Mt.modf(a);
        default -> throw new IllegalArgumentException("unknown two-output ufunc in " + c);
      })[c.param("out").asInt()];
      case "binary_out" -> Mt.divmod(a, Fixtures.tensor(c, "b", layout))[c.param("out").asInt()];
      case "clip" -> Mt.clip(a, bound(c.param("lo")), bound(c.param("hi")));
      case "clip_tensors" -> Mt.clip(a, Fixtures.tensor(c, "lo", layout), Fixtures.tensor(c, "hi", layout));
      case "isclose" -> Mt.isclose(a, Fixtures.tensor(c, "b", layout), c.param("rtol").asDouble(),
          c.param("atol").asDouble(), c.param("equal_nan").asBoolean());
      case "allclose" -> Mt.allclose(a, Fixtures.tensor(c, "b", layout), c.param("rtol").asDouble(),
          c.param("atol").asDouble(), c.param("equal_nan").asBoolean());
      case "around" -> Mt.around(a, c.param("decimals").asInt());
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return Fixtures.compute(t, s);
  }

  private static Object bound(JsonNode spec) {
    return spec == null || spec.isNull() ? null : Fixtures.scalar(spec);
  }

  static Tensor binary(String fn, Tensor a, Tensor b) {
    return switch (fn) {
      case "bitwise_and" -> Mt.bitwiseAnd(a, b);
      case "bitwise_or" -> Mt.bitwiseOr(a, b);
      case "bitwise_xor" -> Mt.bitwiseXor(a, b);
      case "left_shift" -> Mt.leftShift(a, b);
      case "right_shift" -> Mt.rightShift(a, b);
      case "fmax" -> Mt.fmax(a, b);
      case "fmin" -> Mt.fmin(a, b);
      case "fmod" -> Mt.fmod(a, b);
      case "remainder" -> Mt.remainder(a, b);
      case "copysign" -> Mt.copysign(a, b);
      case "logaddexp" -> Mt.logaddexp(a, b);
      case "logaddexp2" -> Mt.logaddexp2(a, b);
      case "nextafter" -> Mt.nextafter(a, b);
      case "heaviside" -> Mt.heaviside(a, b);
      case "ldexp" -> Mt.ldexp(a, b);
      case "gcd" -> Mt.gcd(a, b);
      case "lcm" -> Mt.lcm(a, b);
      default -> throw new IllegalArgumentException("unknown binary ufunc " + fn);
    };
  }

  static Tensor unary(String fn, Tensor a) {
    return switch (fn) {
      case "invert" -> Mt.invert(a);
      case "signbit" -> Mt.signbit(a);
      case "degrees" -> Mt.degrees(a);
      case "radians" -> Mt.radians(a);
      case "fabs" -> Mt.fabs(a);
      case "arcsinh" -> Mt.arcsinh(a);
      case "arccosh" -> Mt.arccosh(a);
      case "arctanh" -> Mt.arctanh(a);
      case "spacing" -> Mt.spacing(a);
      default -> throw new IllegalArgumentException("unknown unary ufunc " + fn);
    };
  }
}
