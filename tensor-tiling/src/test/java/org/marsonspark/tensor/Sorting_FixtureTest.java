package org.marsonspark.tensor;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.MarsSession;

/**
 * sort and argsort (PSRS for 1-d tensors of several chunks), searchsorted and digitize
 * against numpy on several chunk layouts.
 */
class Sorting_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  @TestFactory
  Stream<DynamicNode> numpy() {
    return Fixtures.tests("sorting", Sorting_FixtureTest::run, () -> spark.session());
  }

  static NDArray run(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    Tensor t = switch (c.op()) {
      case "searchsorted" -> Mt.searchsorted(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "v", layout),
          c.param("side").asText());
      case "digitize" -> Mt.digitize(Fixtures.tensor(c, "x", layout), Fixtures.tensor(c, "bins", layout),
          c.param("right").asBoolean());
      case "sort" -> Mt.sort(Fixtures.tensor(c, "a", layout), c.param("axis").asInt());
      case "argsort" -> Mt.argsort(Fixtures.tensor(c, "a", layout), c.param("axis").asInt());
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return Fixtures.compute(t, s);
  }
}
