package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * N-d products against numpy (fixtures/products_decompositions.json,
 * gen_fixtures_products_decompositions.py): dot's N-d rule, batched matmul with broadcast leading
 * axes, tensordot (int and axis pairs), inner, outer, vdot and einsum, each on several chunk
 * layouts; and their shape errors.
 */
class Products_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  static final Set<String> OPS = Set.of("dot", "matmul", "tensordot", "inner", "outer", "vdot", "einsum");

  @TestFactory
  Stream<DynamicNode> numpy() {
    return Fixtures.tests("products_decompositions", c -> OPS.contains(c.op()), null, Products_FixtureTest::run,
        () -> spark.session());
  }

  static NDArray run(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    Tensor t = switch (c.op()) {
      case "dot" -> Mt.dot(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout));
      case "matmul" -> Mt.matmul(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout));
      case "tensordot" -> c.params().has("axes")
          ? Mt.tensordot(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout), c.param("axes").asInt())
          : Mt.tensordot(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout),
              Fixtures.ints(c.param("a_axes")), Fixtures.ints(c.param("b_axes")));
      case "inner" -> Mt.inner(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout));
      case "outer" -> Mt.outer(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout));
      case "vdot" -> Mt.vdot(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout));
      case "einsum" -> {
        Tensor[] ops = c.inputs().keySet().stream().map(k -> Fixtures.tensor(c, k, layout)).toArray(Tensor[]::new);
        yield Mt.einsum(c.param("subscripts").asText(), ops);
      }
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return Fixtures.compute(t, s);
  }

  @Test
  void shapeErrors() {
    Tensor a = Mt.ones(2, 3, 4);
    assertEquals(MarsException.ErrorClass.SHAPE_MISMATCH,
        assertThrows(MarsException.class, () -> Mt.matmul(a, Mt.ones(3, 5))).errorClass());
    assertEquals(MarsException.ErrorClass.SHAPE_MISMATCH,
        assertThrows(MarsException.class, () -> Mt.matmul(Mt.ones(2, 3, 4), Mt.ones(3, 4, 5))).errorClass());
    assertEquals(MarsException.ErrorClass.SHAPE_MISMATCH,
        assertThrows(MarsException.class, () -> Mt.dot(a, Mt.ones(3, 2))).errorClass());
    assertEquals(MarsException.ErrorClass.SHAPE_MISMATCH,
        assertThrows(MarsException.class, () -> Mt.tensordot(a, Mt.ones(3, 4), new int[] {2}, new int[] {0})).errorClass());
    assertEquals(MarsException.ErrorClass.SHAPE_MISMATCH,
        assertThrows(MarsException.class, () -> Mt.einsum("ij,jk->ik", Mt.ones(2, 3), Mt.ones(4, 2))).errorClass());
    assertEquals(MarsException.ErrorClass.INVALID_ARGUMENT,
        assertThrows(MarsException.class, () -> Mt.einsum("ij->k", Mt.ones(2, 3))).errorClass());
    assertEquals(MarsException.ErrorClass.UNSUPPORTED_OPERATION,
        assertThrows(MarsException.class, () -> Mt.einsum("...ij->...ji", Mt.ones(2, 3))).errorClass());
    assertEquals(MarsException.ErrorClass.SHAPE_MISMATCH,
        assertThrows(MarsException.class, () -> Mt.vdot(Mt.ones(3), Mt.ones(4))).errorClass());
  }
}
