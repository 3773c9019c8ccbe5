package org.marsonspark.tensor;

import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * dot and matmul of 1-D and 2-D operands of several dtypes, and {@code Mt.linalg.norm}
 * (vector orders None/1/2/inf/-inf/0/3 along axes, matrix orders 1/-1/inf/-inf and
 * Frobenius), against numpy, on several chunk layouts.
 */
class Linalg_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  // each case x layout is checked by TensorAssert.assertMatches (shape, dtype, values) in Fixtures.tests
  @TestFactory
  Stream<DynamicNode> numpy() {
    return Fixtures.tests("linalg", Linalg_FixtureTest::run, () -> spark.session());
  }

  static NDArray run(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    Tensor t = switch (c.op()) {
      case "dot" -> Mt.dot(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout));
      case "matmul" -> Fixtures.tensor(c, "a", layout).matmul(Fixtures.tensor(c, "b", layout));
      case "dot_T" -> Fixtures.tensor(c, "a", layout).T().dot(Fixtures.tensor(c, "b", layout));
      case "norm" -> {
        com.fasterxml.jackson.databind.JsonNode ord = c.param("ord");
        yield Mt.linalg.norm(Fixtures.tensor(c, "x", layout), ord.isNull() ? null : Fixtures.number(ord),
            Fixtures.ints(c.param("axis")), c.param("keepdims").asBoolean());
      }
      case "norm_default" -> Mt.linalg.norm(Fixtures.tensor(c, "x", layout));
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return Fixtures.compute(t, s);
  }
}
