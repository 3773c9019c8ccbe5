package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * Issue 5 indexing and selection: integer / newaxis / ellipsis indices, fancy indexing along one
 * axis, take, compress, where (1 and 3 arguments), nonzero, argwhere, unravel_index and
 * functional setitem, against numpy on several chunk layouts; plus error behaviour.
 */
class Selection_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  @TestFactory
  Stream<DynamicNode> numpy() {
    return Fixtures.tests("selection", Selection_FixtureTest::run, () -> spark.session());
  }

  /** The index items of a spec in which {@code F} stands for the fancy index. */
  static Object[] items(String spec, Object fancy) {
    Object[] items = Index.parse(spec.replace("F", "0"));
    String[] parts = spec.split(",");
    for (int i = 0; i < parts.length; i++) {
      if (parts[i].trim().equals("F")) {
        items[i] = fancy;
      }
    }
    return items;
  }

  static NDArray run(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    JsonNode p = c.params();
    Tensor x = c.inputs().containsKey("x") ? Fixtures.tensor(c, "x", layout) : null;
    Tensor t = switch (c.op()) {
      case "index" -> x.slice(p.get("spec").asText());
      case "index_fancy" -> x.index(items(p.get("spec").asText(), Fixtures.longs(p.get("fancy"))));
      case "index_fancy_tensor" -> x.index(items(p.get("spec").asText(), Fixtures.tensor(c, "i", layout)));
      case "take" -> x.take(Fixtures.longs(p.get("indices")), Manipulation_FixtureTest.axisOrNull(p.get("axis")));
      case "take_tensor" -> Mt.take(x, Fixtures.tensor(c, "i", layout), Manipulation_FixtureTest.axisOrNull(p.get("axis")));
      case "compress" -> {
        JsonNode cn = p.get("condition");
        boolean[] cond = new boolean[cn.size()];
        for (int i = 0; i < cond.length; i++) {
          cond[i] = cn.get(i).asBoolean();
        }
        yield x.compress(cond, Manipulation_FixtureTest.axisOrNull(p.get("axis")));
      }
      case "compress_tensor" -> x.compress(Fixtures.tensor(c, "c", layout), p.get("axis").asInt());
      case "where" -> Mt.where(Fixtures.tensor(c, "c", layout), x, Fixtures.tensor(c, "y", layout));
      case "where_scalar_y" -> Mt.where(Fixtures.tensor(c, "c", layout), x, Fixtures.scalar(p.get("y")));
      case "where_scalars" -> Mt.where(Fixtures.tensor(c, "c", layout), Fixtures.scalar(p.get("x")),
          Fixtures.scalar(p.get("y")));
      case "nonzero" -> x.nonzero()[p.get("part").asInt()];
      case "where1" -> Mt.where(x)[p.get("part").asInt()];
      case "argwhere" -> Mt.argwhere(x);
      case "unravel" -> Mt.unravelIndex(Fixtures.tensor(c, "i", layout), Fixtures.longs(p.get("shape")))[p.get("part").asInt()];
      case "set" -> x.set(p.get("spec").asText(), Fixtures.scalar(p.get("value")));
      case "set_tensor" -> x.set(p.get("spec").asText(), Fixtures.tensor(c, "v", layout));
      case "set_mask" -> x.set(x.lt(0), Fixtures.scalar(p.get("value")));
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return Fixtures.compute(t, s);
  }

  // ---- errors ---------------------------------------------------------------------------------

  @Test
  void errors() {
    Tensor a = Mt.arange(12).reshape(3, 4);
    assertError(ErrorClass.INVALID_ARGUMENT, "too many indices", () -> a.slice("1, 2, 3"));
    assertError(ErrorClass.INDEX_OUT_OF_BOUNDS, Map.of("op", "index", "index", 4L, "axis", 1, "size", 4L),
        () -> a.slice(":, 4"));
    assertError(ErrorClass.INVALID_ARGUMENT, "unsupported index item", () -> a.index(1.5));
    assertError(ErrorClass.INVALID_ARGUMENT, "single ellipsis", () -> a.slice("..., 1, ..."));
    assertError(ErrorClass.INVALID_ARGUMENT, "is not a slice", () -> a.slice("x"));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "not tensors",
        () -> a.index(Mt.array(new long[] {0}), Mt.array(new long[] {1})));
    assertError(ErrorClass.BROADCAST_MISMATCH, "broadcast", () -> a.index(new long[] {0, 1}, new long[] {1, 2, 3}));
    assertError(ErrorClass.INDEX_OUT_OF_BOUNDS, Map.of("op", "index", "index", 4L, "axis", 1, "size", 4L),
        () -> a.index(new long[] {0, 1}, new long[] {1, 4}));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "separated", () -> Mt.arange(24).reshape(2, 3, 4)
        .index(new long[] {0}, Slice.all(), 1L));
    assertError(ErrorClass.INDEX_OUT_OF_BOUNDS, Map.of("op", "take", "index", 5L, "axis", 0, "size", 3L),
        () -> a.take(new long[] {5}, 0));
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, Map.of("op", "take", "param", "axis", "axis", 2, "ndim", 2),
        () -> a.take(new long[] {0}, 2));
    assertError(ErrorClass.UNSUPPORTED_DTYPE, "take", () -> a.take(Mt.array(new double[] {1.0}), 0));
    assertError(ErrorClass.INVALID_ARGUMENT, "compress",
        () -> a.compress(new boolean[] {false, false, false, true}, 0));
    assertError(ErrorClass.SHAPE_MISMATCH, "compress", () -> a.compress(Mt.array(new boolean[] {true}), 0));
    assertError(ErrorClass.BROADCAST_MISMATCH, "broadcast", () -> Mt.where(a.gt(2), a, Mt.arange(3)));
    assertError(ErrorClass.INVALID_ARGUMENT, "0-d", () -> Mt.argwhere(Mt.arange(3).sum()));
    assertError(ErrorClass.UNSUPPORTED_DTYPE, "unravel_index", () -> Mt.unravelIndex(Mt.array(new double[] {1.0}), 3));
    assertError(ErrorClass.BROADCAST_MISMATCH, "broadcast_to", () -> a.set("1:, :", Mt.arange(3)));
    assertError(ErrorClass.SHAPE_MISMATCH, "mask", () -> a.set(Mt.array(new boolean[] {true, false, true}), 0));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "setitem", () -> a.set(new Object[] {Mt.array(new long[] {1})}, 0));
    assertError(ErrorClass.INDEX_OUT_OF_BOUNDS, "out of bounds", () -> a.set(":, [1, 4]", 0));
  }

  /** Out-of-bounds values in an index tensor are found on the executors. */
  @Test
  void indexTensorOutOfBoundsFailsAtRun() {
    Tensor a = Mt.arange(6);
    Tensor bad = a.take(Mt.array(new long[] {1, 9}), 0);
    RuntimeException ex = assertThrows(RuntimeException.class, () -> bad.execute(spark.session()));
    assertTrue(String.valueOf(ex.getMessage()).contains("out of bounds") || String.valueOf(ex.getCause()).contains("out of bounds"),
        String.valueOf(ex));
  }

  /** unravel_index of driver-side indices; an out-of-range index fails on the executors. */
  @Test
  void unravelDriverIndices() {
    Tensor[] parts = Mt.unravelIndex(new long[] {5, 23, 0}, 2, 3, 4);
    assertEquals(java.util.List.of(0L, 1L, 0L), java.util.Arrays.stream(Fixtures.compute(parts[0], spark.session()).longs()).boxed().toList());
    assertEquals(java.util.List.of(1L, 2L, 0L), java.util.Arrays.stream(Fixtures.compute(parts[1], spark.session()).longs()).boxed().toList());
    assertEquals(java.util.List.of(1L, 3L, 0L), java.util.Arrays.stream(Fixtures.compute(parts[2], spark.session()).longs()).boxed().toList());
    Tensor bad = Mt.unravelIndex(new long[] {24}, 2, 3, 4)[0];
    RuntimeException ex = assertThrows(RuntimeException.class, () -> bad.execute(spark.session()));
    assertTrue(String.valueOf(ex.getMessage()).contains("out of bounds") || String.valueOf(ex.getCause()).contains("out of bounds"),
        String.valueOf(ex));
  }

  /** take/compress and nonzero on the result of a boolean mask (unknown sizes) tile iteratively. */
  @Test
  void unknownSizes() {
    Tensor a = Mt.tensor(NDArray.of(new long[] {3, -1, 4, -2, 5, 0, 7}), ChunkSize.of(3));
    Tensor m = a.get(a.gt(0));
    NDArray taken = Fixtures.compute(m.take(Mt.array(new long[] {2, 0}), 0), spark.session());
    assertEquals(java.util.List.of(5L, 3L), java.util.Arrays.stream(taken.longs()).boxed().toList());
    NDArray nz = Fixtures.compute(Mt.nonzero(m.gt(3))[0], spark.session());
    assertEquals(java.util.List.of(1L, 2L, 3L), java.util.Arrays.stream(nz.longs()).boxed().toList());
    NDArray picked = Fixtures.compute(a.take(Mt.nonzero(a.lt(0))[0], 0), spark.session());
    assertEquals(java.util.List.of(-1L, -2L), java.util.Arrays.stream(picked.longs()).boxed().toList());
  }

  /** An element-wise op of two tensors of unknown length, built before they run, has their length. */
  @Test
  void elementwiseOfUnknownLengthsBuiltBeforeTheyRun() {
    Tensor a = Mt.tensor(NDArray.of(new double[] {1, 1, 2, 2, 3, 3, Double.NaN, 5, 5, 9, 9, 9}), ChunkSize.of(2));
    Tensor[] uc = Mt.unique(a, false, false, true);
    Tensor masked = Mt.where(Mt.isnan(uc[0]), -1L, uc[1]);
    assertEquals(java.util.List.of(2L, 2L, 2L, 2L, 3L, -1L),
        java.util.Arrays.stream(Fixtures.compute(masked, spark.session()).longs()).boxed().toList());
  }
}
