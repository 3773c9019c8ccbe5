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
 * nan-reductions, cumsum/cumprod (and nan variants), ptp, average, median/quantile/percentile,
 * cov and corrcoef against numpy, on chunks of 1, 2, uneven chunks of 3 and one whole chunk (a
 * small combine size, so that reduction trees have several levels).
 */
class Statistics_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession(o -> o.withCombineSize(3));

  private static final List<Fixtures.Layout> LAYOUTS = List.of(Fixtures.CHUNK_1, Fixtures.CHUNK_2, Fixtures.CHUNK_3,
      Fixtures.WHOLE, Fixtures.MIXED);

  // each case x layout is checked by TensorAssert.assertMatches (shape, dtype, values) in Fixtures.tests
  @TestFactory
  Stream<DynamicNode> numpy() {
    return Fixtures.tests("statistics", c -> true, LAYOUTS, Statistics_FixtureTest::run, () -> spark.session());
  }

  static NDArray run(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    Tensor a = Fixtures.tensor(c, "a", layout);
    Tensor t = switch (c.op()) {
      case "nanreduce" -> nanReduce(c, a);
      case "scan" -> {
        Integer axis = axis(c.param("axis"));
        yield switch (c.param("fn").asText()) {
          case "cumsum" -> Mt.cumsum(a, axis);
          case "cumprod" -> Mt.cumprod(a, axis);
          case "nancumsum" -> Mt.nancumsum(a, axis);
          case "nancumprod" -> Mt.nancumprod(a, axis);
          default -> throw new IllegalArgumentException("unknown scan in " + c);
        };
      }
      case "ptp" -> Mt.ptp(a, axes(c.param("axis")));
      case "average" -> Mt.average(a, c.inputs().containsKey("w") ? Fixtures.tensor(c, "w", layout) : null,
          axis(c.param("axis")));
      case "quantile" -> quantile(c, a);
      case "cov" -> Mt.cov(a, c.param("rowvar").asBoolean(), c.param("ddof").asInt());
      case "corrcoef" -> Mt.corrcoef(a, c.param("rowvar").asBoolean());
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return Fixtures.compute(t, s);
  }

  private static Integer axis(JsonNode v) {
    return v == null || v.isNull() ? null : v.asInt();
  }

  private static int[] axes(JsonNode v) {
    int[] a = Fixtures.ints(v);
    return a == null ? new int[0] : a;
  }

  private static Tensor nanReduce(Fixtures.Case c, Tensor a) {
    String fn = c.param("fn").asText();
    int[] ax = axes(c.param("axis"));
    boolean keep = c.param("keepdims").asBoolean();
    int ddof = c.param("ddof").asInt();
    return switch (fn) {
      case "nanvar" -> Mt.nanvar(a, ax, keep, ddof);
      case "nanstd" -> Mt.nanstd(a, ax, keep, ddof);
      case "nanargmin" -> ax.length == 0 ? Mt.nanargmin(a) : Mt.nanargmin(a, ax[0]);
      case "nanargmax" -> ax.length == 0 ? Mt.nanargmax(a) : Mt.nanargmax(a, ax[0]);
      default -> keep ? Mt.nanReduce(fn, a, ax, true) : switch (fn) {
        case "nansum" -> Mt.nansum(a, ax);
        case "nanprod" -> Mt.nanprod(a, ax);
        case "nanmin" -> Mt.nanmin(a, ax);
        case "nanmax" -> Mt.nanmax(a, ax);
        case "nanmean" -> Mt.nanmean(a, ax);
        default -> throw new IllegalArgumentException("unknown nan-reduction in " + c);
      };
    };
  }

  private static Tensor quantile(Fixtures.Case c, Tensor a) {
    int[] ax = axes(c.param("axis"));
    JsonNode q = c.params().get("q");
    String fn = c.param("fn").asText();
    if (fn.equals("median")) {
      return Mt.median(a, ax);
    }
    if (fn.equals("nanmedian")) {
      return Mt.nanmedian(a, ax);
    }
    boolean pct = fn.endsWith("percentile");
    boolean nan = fn.startsWith("nan");
    if (q.isArray()) {
      double[] qs = new double[q.size()];
      for (int i = 0; i < qs.length; i++) {
        qs[i] = q.get(i).asDouble();
      }
      return nan ? (pct ? Mt.nanpercentile(a, qs, ax) : Mt.nanquantile(a, qs, ax))
          : (pct ? Mt.percentile(a, qs, ax) : Mt.quantile(a, qs, ax));
    }
    double v = q.asDouble();
    return nan ? (pct ? Mt.nanpercentile(a, v, ax) : Mt.nanquantile(a, v, ax))
        : (pct ? Mt.percentile(a, v, ax) : Mt.quantile(a, v, ax));
  }
}
