package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * Nasty data against numpy 1.24 ({@code gen_fixtures_edges.py}): float-to-int casts, value-based
 * casting of scalars and 0-d tensors, sums meeting infinities, empty and one-element inputs,
 * int64 extremes. Every case runs on every layout with fusion on and with fusion off; both must
 * match numpy (zeros with numpy's sign) and each other bit for bit.
 */
class Edges_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession(o -> o.withCombineSize(2)).alsoUnfused();

  @TestFactory
  Stream<DynamicNode> numpy() {
    return Fixtures.load("edges").stream().map(c -> dynamicContainer(c.name() + ": " + c.expr(),
        Fixtures.layouts(c).stream().map(l -> dynamicTest(l.name(), () -> {
          String context = c + " on " + l;
          CaseWatchdog.call(context, spark.session(), () -> {
            NDArray a = run(c, l, spark.session());
            NDArray b = run(c, l, spark.unfused());
            TensorAssert.assertMatches(c.expected(), a, context + " (fused)");
            TensorAssert.assertMatches(c.expected(), b, context + " (unfused)");
            assertZeroSigns(c.expected(), a, context);
            assertBitIdentical(a, b, context);
            return null;
          });
        }))));
  }

  static NDArray run(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    Tensor t = switch (c.op()) {
      case "astype" -> Fixtures.tensor(c, "a", layout).astype(DType.of(c.param("dtype").asText()));
      case "astype_chain" -> Fixtures.tensor(c, "a", layout).mul(1).astype(DType.of(c.param("dtype").asText())).add(1);
      case "full" -> {
        long[] shape = Fixtures.longs(c.param("shape"));
        yield Mt.full(shape, Fixtures.scalar(c.param("value")), DType.of(c.param("dtype").asText()),
            layout.chunkSize(0, shape));
      }
      case "setitem" -> Fixtures.tensor(c, "a", layout).set(c.param("index").asText(), Fixtures.scalar(c.param("value")));
      case "setmask" -> {
        Tensor a = Fixtures.tensor(c, "a", layout);
        yield a.set(a.mod(2).eq(0), Fixtures.scalar(c.param("value")));
      }
      case "scalar" -> {
        Tensor a = Fixtures.tensor(c, "a", layout);
        Object scalar = Fixtures.scalar(c.param("scalar"));
        String fn = c.param("fn").asText();
        yield c.param("scalar_first").asBoolean() ? Elementwise_FixtureTest.binary(fn, scalar, a)
            : Elementwise_FixtureTest.method(fn, a, scalar);
      }
      case "binary" -> Elementwise_FixtureTest.binary(c.param("fn").asText(), Fixtures.tensor(c, "a", layout),
          Fixtures.tensor(c, "b", layout));
      case "unary" -> Elementwise_FixtureTest.unary(c.param("fn").asText().equals("absolute") ? "abs"
          : c.param("fn").asText(), Fixtures.tensor(c, "a", layout));
      case "where_scalar" -> Mt.where(Fixtures.tensor(c, "c", layout), Fixtures.tensor(c, "a", layout),
          Fixtures.scalar(c.param("scalar")));
      case "where" -> {
        Tensor a = Fixtures.tensor(c, "a", layout);
        yield Mt.where(a.ne(0), a, Fixtures.tensor(c, "b", layout));
      }
      case "plus_sum" -> Fixtures.tensor(c, "a", layout).add(Fixtures.tensor(c, "b", layout).sum());
      case "minus_mean" -> Fixtures.tensor(c, "a", layout).sub(Fixtures.tensor(c, "b", layout).mean());
      case "reduce" -> reduce(c.param("fn").asText(), Fixtures.tensor(c, "a", layout),
          c.params().has("axis") ? new int[] {c.param("axis").asInt()} : new int[0]);
      case "scan" -> switch (c.param("fn").asText()) {
        case "cumsum" -> Mt.cumsum(Fixtures.tensor(c, "a", layout), null);
        case "cumprod" -> Mt.cumprod(Fixtures.tensor(c, "a", layout), null);
        case "nancumsum" -> Mt.nancumsum(Fixtures.tensor(c, "a", layout), null);
        default -> throw new IllegalArgumentException(c.toString());
      };
      case "fused_sum" -> Fixtures.tensor(c, "a", layout).mul(1.0).sum();
      case "fused_mean" -> Fixtures.tensor(c, "a", layout).add(0.0).mean();
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return Fixtures.compute(t, s);
  }

  private static Tensor reduce(String fn, Tensor a, int[] axes) {
    return switch (fn) {
      case "sum" -> a.sum(axes);
      case "mean" -> a.mean(axes);
      case "prod" -> a.prod(axes);
      case "var" -> a.var(axes);
      case "max" -> a.max(axes);
      case "nansum" -> Mt.nansum(a, axes);
      case "nanmean" -> Mt.nanmean(a, axes);
      case "nanprod" -> Mt.nanprod(a, axes);
      case "nanmax" -> Mt.nanmax(a, axes);
      case "median" -> Mt.median(a, axes);
      case "nanmedian" -> Mt.nanmedian(a, axes);
      default -> throw new IllegalArgumentException("unknown reduction " + fn);
    };
  }

  /** A zero numpy gives must come with numpy's sign (the float assertion takes -0.0 for 0.0). */
  private static void assertZeroSigns(Fixtures.Array expected, NDArray actual, String context) {
    if (!actual.dtype().isFloat()) {
      return;
    }
    for (int i = 0; i < expected.size(); i++) {
      double e = expected.getDouble(i);
      if (e == 0) {
        assertEquals(Double.doubleToRawLongBits(e), Double.doubleToRawLongBits(actual.getDouble(i)),
            context + ": the sign of the zero at flat " + i);
      }
    }
  }

  /** Fused and unfused results agree bit for bit (NaNs as NaNs). */
  static void assertBitIdentical(NDArray a, NDArray b, String context) {
    assertEquals(a.dtype(), b.dtype(), context + ": dtype fused vs unfused");
    assertEquals(a.size(), b.size(), context + ": size fused vs unfused");
    for (int i = 0; i < a.size(); i++) {
      if (a.dtype().isFloat()) {
        assertEquals(Double.doubleToLongBits(a.getDouble(i)), Double.doubleToLongBits(b.getDouble(i)),
            context + ": fused " + a.getDouble(i) + " vs unfused " + b.getDouble(i) + " at flat " + i);
      } else {
        assertEquals(a.getLong(i), b.getLong(i), context + ": fused vs unfused at flat " + i);
      }
    }
  }

  @Test
  void invalidCastsWarnAndAreCounted() {
    for (MarsSession s : new MarsSession[] {spark.session(), spark.unfused()}) {
      long before = RuntimeWarnings.count(Casting.INVALID_CAST);
      NDArray r = Fixtures.compute(Mt.array(new double[] {1.5, Double.NaN, 3e9}).mul(1).astype(DType.INT32), s);
      assertEquals(Integer.MIN_VALUE, r.getLong(1));
      assertEquals(before + 2, RuntimeWarnings.count(Casting.INVALID_CAST), "NaN and 3e9: two invalid values");
      Fixtures.compute(Mt.array(new double[] {1.5, -2.5}).astype(DType.INT64), s);
      assertEquals(before + 2, RuntimeWarnings.count(Casting.INVALID_CAST), "valid values do not warn");
    }
  }

  @Test
  void medianOfAnEmptySliceWarns() {
    long before = RuntimeWarnings.count("Mean of empty slice");
    NDArray r = Fixtures.compute(Mt.median(Mt.array(new double[0])), spark.session());
    assertTrue(Double.isNaN(r.getDouble(0)));
    assertTrue(RuntimeWarnings.count("Mean of empty slice") > before);
  }

  @Test
  void quantileOfAnEmptySliceIsNumpysIndexError() {
    Tensor q = Mt.quantile(Mt.array(new double[0]), 0.5);
    MarsException e = assertThrows(MarsException.class, () -> q.execute(spark.session()));
    assertEquals(ErrorClass.INVALID_ARGUMENT, e.errorClass());
    assertTrue(e.getMessage().contains("empty"), e.getMessage());
  }

  @Test
  void aComputedZeroDimValueThatNumpyWouldPromoteFailsInsteadOfWrapping() {
    Tensor a = Mt.array(new int[] {1, 2, 3});
    Tensor big = Mt.array(new long[] {1L << 40, 1}).sum();
    Tensor t = a.add(big);
    assertEquals(DType.INT32, t.dtype(), "numpy 1.24's dtype for the values that fit int32");
    MarsException e = assertThrows(MarsException.class, () -> t.execute(spark.session()));
    assertEquals(ErrorClass.UNSUPPORTED_OPERATION, e.errorClass());
    assertTrue(e.getMessage().contains("1099511627777") && e.getMessage().contains("int64"), e.getMessage());
    // the session stays usable, and the literal 0-d value promotes by value at once
    assertEquals(DType.INT64, a.add(Mt.tensor(NDArray.scalar(DType.INT64, 1L << 40))).dtype());
    NDArray fits = Fixtures.compute(a.add(Mt.array(new long[] {1, 1}).sum()), spark.session());
    assertEquals(DType.INT32, fits.dtype());
    assertEquals(java.util.List.of(3L, 4L, 5L), java.util.List.of(fits.getLong(0), fits.getLong(1), fits.getLong(2)));
  }

  @Test
  void setitemOfNanOrInfinityIntoIntegersIsPythonsError() {
    Tensor a = Mt.array(new long[] {1, 2, 3});
    for (Object v : new Object[] {Double.NaN, Double.POSITIVE_INFINITY, 1e19}) {
      MarsException e = assertThrows(MarsException.class, () -> a.set("0", v));
      assertEquals(ErrorClass.INVALID_ARGUMENT, e.errorClass());
      assertTrue(e.getMessage().contains("Error"), e.getMessage());
      assertThrows(MarsException.class, () -> a.set(a.gt(1), v));
    }
  }
}
