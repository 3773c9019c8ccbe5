package org.marsonspark.tensor;

import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * Basic slicing (steps, negative bounds and steps, clipping, empty selections), slices fetched
 * from executed tensors, boolean masks over all and leading dimensions, transpose and rechunk,
 * against numpy, on several chunk layouts.
 */
class Indexing_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  // each case x layout is checked by TensorAssert.assertMatches (shape, dtype, values) in Fixtures.tests
  @TestFactory
  Stream<DynamicNode> numpy() {
    return Fixtures.tests("indexing", Indexing_FixtureTest::run, () -> spark.session());
  }

  static NDArray run(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    Tensor a = Fixtures.tensor(c, "a", layout);
    if (c.op().equals("slice_of_executed")) {
      // the slice itself is not executed: fetch() reads only the chunks it overlaps
      a.execute(s);
      try {
        return a.slice(c.param("spec").asText()).fetch();
      } finally {
        a.release();
      }
    }
    Tensor t = switch (c.op()) {
      case "slice" -> a.slice(c.param("spec").asText());
      case "slice_chain" -> a.slice(c.param("spec").asText()).slice(c.param("spec2").asText());
      case "T_slice" -> a.T().slice(c.param("spec").asText());
      case "T_add" -> a.T().add(Fixtures.tensor(c, "b", layout));
      case "mask" -> a.get(Fixtures.tensor(c, "mask", layout));
      case "mask_gt" -> a.get(a.gt(Fixtures.number(c.param("threshold"), true)));
      case "mask_gt_sum" -> a.get(a.gt(Fixtures.number(c.param("threshold"), true))).sum();
      case "T" -> a.T();
      case "transpose" -> a.transpose(Fixtures.ints(c.param("axes")));
      case "rechunk" -> a.rechunk(c.param("size").asLong());
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return Fixtures.compute(t, s);
  }
}
