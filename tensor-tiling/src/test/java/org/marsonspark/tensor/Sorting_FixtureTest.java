package org.marsonspark.tensor;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.LocalSession;
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

  /** Chunks of 1 (PSRS with many buckets), 2, uneven chunks of 3, one chunk, and mixed per input. */
  private static final List<Fixtures.Layout> LAYOUTS = List.of(Fixtures.CHUNK_1, Fixtures.CHUNK_2, Fixtures.CHUNK_3,
      Fixtures.WHOLE, Fixtures.MIXED);

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
      case "topk" -> Mt.topk(Fixtures.tensor(c, "a", layout), c.param("k").asInt(), c.param("axis").asInt(),
          c.param("largest").asBoolean());
      case "partition" -> kthSlice(c, layout, s);
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return Fixtures.compute(t, s);
  }

  /**
   * partition and argpartition: checks the partition property of both on the executed result
   * and returns the slice at kth (compared with numpy's, the only position numpy fixes).
   */
  private static Tensor kthSlice(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    Tensor a = Fixtures.tensor(c, "a", layout);
    long kth = c.param("kth").asLong();
    int axis = c.param("axis").asInt();
    int ax = axis < 0 ? axis + a.ndim() : axis;
    long n = a.shape(ax);
    long k = kth < 0 ? kth + n : kth;
    NDArray p = Fixtures.compute(Mt.partition(a, kth, axis), s);
    NDArray ip = Fixtures.compute(Mt.argpartition(a, kth, axis), s);
    NDArray x = c.input("a").toNDArray();
    long[] shape = p.shape();
    long inner = 1;
    for (int i = ax + 1; i < shape.length; i++) {
      inner *= shape[i];
    }
    long outer = p.size() / (n * inner);
    for (long o = 0; o < outer; o++) {
      for (long in = 0; in < inner; in++) {
        double pivot = p.getDouble((int) ((o * n + k) * inner + in));
        for (long i = 0; i < n; i++) {
          int at = (int) ((o * n + i) * inner + in);
          double v = p.getDouble(at);
          org.junit.jupiter.api.Assertions.assertTrue(i < k ? v <= pivot : v >= pivot, c + ": not partitioned at " + at);
          double viaIndex = x.getDouble((int) ((o * n + ip.getLong(at)) * inner + in));
          org.junit.jupiter.api.Assertions.assertEquals(v, viaIndex, c + ": argpartition disagrees at " + at);
        }
      }
    }
    Slice[] sl = new Slice[a.ndim()];
    for (int i = 0; i < sl.length; i++) {
      sl[i] = i == ax ? Slice.of(k, k + 1) : Slice.all();
    }
    // slicing needs known chunk sizes: the PSRS result has them once executed
    Tensor full = Mt.partition(a, kth, axis).execute(s);
    return full.slice(sl);
  }
}
