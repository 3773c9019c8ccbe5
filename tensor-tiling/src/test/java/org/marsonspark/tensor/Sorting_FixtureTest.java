package org.marsonspark.tensor;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.MarsSession;

/**
 * sort and argsort (PSRS for 1-d tensors of several chunks), unique with its flags, isin,
 * in1d, union1d, intersect1d, setdiff1d, searchsorted, digitize, histogram and bincount
 * against numpy on several
 * chunk layouts.
 */
class Sorting_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  /** Chunks of 1 (PSRS with many buckets), uneven chunks of 3, one chunk, and mixed per input. */
  private static final List<Fixtures.Layout> LAYOUTS = List.of(Fixtures.CHUNK_1, Fixtures.CHUNK_3, Fixtures.WHOLE,
      Fixtures.MIXED);

  @TestFactory
  Stream<DynamicNode> numpy() {
    return Fixtures.tests("sorting", c -> true, LAYOUTS, Sorting_FixtureTest::run, () -> spark.session());
  }

  static NDArray run(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    Tensor t = switch (c.op()) {
      case "searchsorted" -> Mt.searchsorted(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "v", layout),
          c.param("side").asText());
      case "digitize" -> Mt.digitize(Fixtures.tensor(c, "x", layout), Fixtures.tensor(c, "bins", layout),
          c.param("right").asBoolean());
      case "sort" -> Mt.sort(Fixtures.tensor(c, "a", layout), c.param("axis").asInt());
      case "argsort" -> Mt.argsort(Fixtures.tensor(c, "a", layout), c.param("axis").asInt());
      case "unique" -> {
        Tensor[] r = Mt.unique(Fixtures.tensor(c, "a", layout), true, true, true);
        yield r[switch (c.param("output").asText()) {
          case "values" -> 0;
          case "index" -> 1;
          case "inverse" -> 2;
          default -> 3;
        }];
      }
      case "isin" -> Mt.isin(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout),
          c.param("invert").asBoolean());
      case "in1d" -> Mt.in1d(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout),
          c.param("invert").asBoolean());
      case "union1d" -> Mt.union1d(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout));
      case "intersect1d" -> Mt.intersect1d(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout));
      case "setdiff1d" -> Mt.setdiff1d(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout));
      case "histogram" -> {
        Tensor a = Fixtures.tensor(c, "a", layout);
        int bins = c.param("bins").asInt();
        JsonNode r = c.param("range");
        Tensor[] h = r.isNull() ? Mt.histogram(a, bins) : Mt.histogram(a, bins, r.get(0).asDouble(), r.get(1).asDouble());
        yield h[c.param("output").asText().equals("hist") ? 0 : 1];
      }
      case "histogram_edges" -> Mt.histogram(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "edges", layout))[0];
      case "bincount" -> Mt.bincount(Fixtures.tensor(c, "x", layout), c.inputs().containsKey("w")
          ? Fixtures.tensor(c, "w", layout) : null, c.param("minlength").asLong());
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return Fixtures.compute(t, s);
  }
}
