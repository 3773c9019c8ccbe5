package org.marsonspark.tensor;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/** arange, linspace, eye, zeros, ones and full against numpy, on several chunk sizes. */
class Creation_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  // each case x layout is checked by TensorAssert.assertMatches (shape, dtype, values) in Fixtures.tests
  @TestFactory
  Stream<DynamicNode> numpy() {
    return Fixtures.tests("creation", Creation_FixtureTest::run, () -> spark.session());
  }

  static NDArray run(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    JsonNode p = c.params();
    ChunkSize cs = layout.chunkSize(0, c.expected().shape());
    Tensor t = switch (c.op()) {
      case "arange" -> Mt.arange(p.get("start").asDouble(), p.get("stop").asDouble(), p.get("step").asDouble(),
          DType.of(p.get("dtype").asText()), cs);
      case "linspace" -> Mt.linspace(p.get("start").asDouble(), p.get("stop").asDouble(), p.get("num").asLong(),
          p.get("endpoint").asBoolean(), cs);
      case "eye" -> Mt.eye(p.get("n").asLong(), p.get("m").asLong(), p.get("k").asLong(),
          DType.of(p.get("dtype").asText()), cs);
      case "zeros" -> Mt.zeros(Fixtures.longs(p.get("shape")), DType.of(p.get("dtype").asText()), cs);
      case "ones" -> Mt.ones(Fixtures.longs(p.get("shape")), DType.of(p.get("dtype").asText()), cs);
      case "full" -> Mt.full(Fixtures.longs(p.get("shape")), Fixtures.scalar(p.get("value")),
          DType.of(p.get("dtype").asText()), cs);
      // the dtype comes from the fill value; the layout is applied by rechunking
      case "full_infer" -> Mt.full(Fixtures.longs(p.get("shape")), Fixtures.scalar(p.get("value"))).rechunk(cs);
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return Fixtures.compute(t, s);
  }
}
