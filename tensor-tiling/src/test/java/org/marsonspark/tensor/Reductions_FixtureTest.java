package org.marsonspark.tensor;

import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * sum, prod, min, max, mean, var, std, argmin, argmax, all, any and count_nonzero over axis
 * None, single, negative and tuple axes, with keepdims, on 2-D and 3-D inputs of every dtype,
 * against numpy, on several chunk layouts (so the reduction trees have 1 to many leaves).
 */
class Reductions_FixtureTest {
    // a small combine size so that trees of several levels are built
  @RegisterExtension
  static final LocalSession spark = new LocalSession(o -> o.withCombineSize(3));

  // each case x layout is checked by TensorAssert.assertMatches (shape, dtype, values) in Fixtures.tests
  @TestFactory
  Stream<DynamicNode> numpy() {
    return Fixtures.tests("reductions", Reductions_FixtureTest::run, () -> spark.session());
  }

  static NDArray run(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    if (!c.op().equals("reduce")) {
      throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    }
    Tensor a = Fixtures.tensor(c, "a", layout);
    int[] axes = Fixtures.ints(c.param("axis"));
    int[] ax = axes == null ? new int[0] : axes;
    boolean keep = c.param("keepdims").asBoolean();
    int ddof = c.param("ddof").asInt();
    Tensor t = switch (c.param("fn").asText()) {
      case "sum" -> keep ? a.sum(ax, true) : a.sum(ax);
      case "prod" -> keep ? a.prod(ax, true) : a.prod(ax);
      case "min" -> keep ? a.min(ax, true) : a.min(ax);
      case "max" -> keep ? a.max(ax, true) : a.max(ax);
      case "mean" -> keep ? a.mean(ax, true) : a.mean(ax);
      case "var" -> a.var(ax, keep, ddof);
      case "std" -> a.std(ax, keep, ddof);
      case "all" -> keep ? a.all(ax, true) : a.all(ax);
      case "any" -> keep ? a.any(ax, true) : a.any(ax);
      case "count_nonzero" -> a.countNonzero(ax);
      case "argmin" -> axes == null ? a.argmin() : a.argmin(axes[0]);
      case "argmax" -> axes == null ? a.argmax() : a.argmax(axes[0]);
      default -> throw new IllegalArgumentException("unknown reduction in " + c);
    };
    return Fixtures.compute(t, s);
  }
}
