package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.marsonspark.core.MarsAssert.assertError;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * Issue 5 manipulation functions (reshape, ravel, swapaxes/moveaxis, expand_dims, squeeze,
 * broadcast_to, concatenate, stack family, split family, tile, repeat, flip, roll, diff) against
 * numpy on chunk layouts 1, 2, 3 (uneven), whole and mixed; plus error behaviour.
 */
class Manipulation_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  @TestFactory
  Stream<DynamicNode> numpy() {
    return Fixtures.tests("manipulation", Manipulation_FixtureTest::run, () -> spark.session());
  }

  static Integer axisOrNull(JsonNode n) {
    return n == null || n.isNull() ? null : n.asInt();
  }

  static NDArray run(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    JsonNode p = c.params();
    Tensor x = c.inputs().containsKey("x") ? Fixtures.tensor(c, "x", layout) : null;
    Tensor t = switch (c.op()) {
      case "reshape" -> x.reshape(Fixtures.longs(p.get("shape")));
      case "T_reshape" -> x.T().reshape(Fixtures.longs(p.get("shape")));
      case "ravel" -> Mt.ravel(x);
      case "T_ravel" -> x.T().ravel();
      case "swapaxes" -> x.swapaxes(p.get("a1").asInt(), p.get("a2").asInt());
      case "tril" -> Mt.tril(x, p.get("k").asLong());
      case "triu" -> Mt.triu(x, p.get("k").asLong());
      case "diag" -> {
        long k = p.get("k").asLong();
        long n = x.shape(0) + Math.abs(k);
        // a matrix built from a vector is chunked by the layout too (its own chunk size)
        yield x.ndim() == 1 ? Mt.diag(x, k, layout.chunkSize(1, new long[] {n, n})) : Mt.diag(x, k);
      }
      case "zeros_like" -> Mt.zerosLike(x);
      case "ones_like" -> Mt.onesLike(x);
      case "full_like" -> Mt.fullLike(x, Fixtures.scalar(p.get("value")));
      case "moveaxis" -> Mt.moveaxis(x, p.get("src").asInt(), p.get("dst").asInt());
      case "expand_dims" -> x.expandDims(Fixtures.ints(p.get("axes")));
      case "squeeze" -> x.squeeze(Fixtures.ints(p.get("axes")));
      case "broadcast_to" -> x.broadcastTo(Fixtures.longs(p.get("shape")));
      case "concatenate" -> Mt.concatenate(List.of(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout)),
          axisOrNull(p.get("axis")));
      case "concatenate3" -> {
        Tensor a = Fixtures.tensor(c, "a", layout);
        yield Mt.concatenate(List.of(a, Fixtures.tensor(c, "b", layout), a), p.get("axis").asInt());
      }
      case "stack" -> Mt.stack(List.of(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout)),
          p.get("axis").asInt());
      case "hstack" -> Mt.hstack(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout));
      case "vstack" -> Mt.vstack(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout));
      case "dstack" -> Mt.dstack(Fixtures.tensor(c, "a", layout), Fixtures.tensor(c, "b", layout));
      case "split" -> Mt.split(x, p.get("sections").asLong(), 0)[p.get("part").asInt()];
      case "array_split" -> Mt.arraySplit(x, p.get("sections").asLong(), 0)[p.get("part").asInt()];
      case "split_indices" -> Mt.split(x, Fixtures.longs(p.get("indices")), p.get("axis").asInt())[p.get("part").asInt()];
      case "hsplit" -> Mt.hsplit(x, p.get("sections").asLong())[p.get("part").asInt()];
      case "vsplit" -> Mt.vsplit(x, p.get("sections").asLong())[p.get("part").asInt()];
      case "tile" -> Mt.tile(x, Fixtures.longs(p.get("reps")));
      case "repeat" -> x.repeat(Fixtures.longs(p.get("repeats")), axisOrNull(p.get("axis")));
      case "flip" -> x.flip(Fixtures.ints(p.get("axes")));
      case "roll" -> x.roll(p.get("shift").asLong(), axisOrNull(p.get("axis")));
      case "roll_multi" -> Mt.roll(x, Fixtures.longs(p.get("shifts")), Fixtures.ints(p.get("axes")));
      case "diff" -> x.diff(p.get("n").asInt(), p.get("axis").asInt());
      case "diff_pa" -> x.diff(p.get("n").asInt(), p.get("axis").asInt(),
          p.get("prepend").isNull() ? null : Fixtures.scalar(p.get("prepend")),
          p.get("append").isNull() ? null : Fixtures.scalar(p.get("append")));
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return Fixtures.compute(t, s);
  }

  // ---- errors ---------------------------------------------------------------------------------

  @Test
  void errors() {
    Tensor a = Mt.arange(12).reshape(3, 4);
    assertError(ErrorClass.SHAPE_MISMATCH, "reshape", () -> a.reshape(5, 2));
    assertError(ErrorClass.INVALID_ARGUMENT, "one unknown", () -> a.reshape(-1, -1));
    assertError(ErrorClass.SHAPE_MISMATCH, "reshape", () -> a.reshape(-1, 5));
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, "swapaxes", () -> a.swapaxes(0, 2));
    assertError(ErrorClass.INVALID_ARGUMENT, "repeated axis", () -> Mt.moveaxis(a, new int[] {0, 0}, new int[] {0, 1}));
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, "expand_dims", () -> a.expandDims(3));
    assertError(ErrorClass.INVALID_ARGUMENT, "squeeze", () -> a.squeeze(0));
    assertError(ErrorClass.BROADCAST_MISMATCH, "broadcast_to", () -> a.broadcastTo(3, 5));
    assertError(ErrorClass.INVALID_ARGUMENT, "broadcast_to", () -> a.broadcastTo(4));
    assertError(ErrorClass.SHAPE_MISMATCH, "concatenate", () -> Mt.concatenate(a, Mt.arange(3)));
    assertError(ErrorClass.SHAPE_MISMATCH, "along dimension 1", () -> Mt.concatenate(a, Mt.arange(6).reshape(2, 3)));
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, "concatenate", () -> Mt.concatenate(List.of(a, a), 2));
    assertError(ErrorClass.INVALID_ARGUMENT, "at least one", () -> Mt.concatenate(List.of(), 0));
    assertError(ErrorClass.SHAPE_MISMATCH, "stack", () -> Mt.stack(a, a.T()));
    assertError(ErrorClass.INVALID_ARGUMENT, "equal division", () -> Mt.split(a, 3, 1));
    assertError(ErrorClass.INVALID_ARGUMENT, "larger than 0", () -> Mt.arraySplit(a, 0, 1));
    assertError(ErrorClass.INVALID_ARGUMENT, "vsplit", () -> Mt.vsplit(Mt.arange(4), 2));
    assertError(ErrorClass.INVALID_ARGUMENT, "tile", () -> Mt.tile(a, -1));
    assertError(ErrorClass.INVALID_ARGUMENT, "negative", () -> a.repeat(-1, 0));
    assertError(ErrorClass.SHAPE_MISMATCH, "repeat", () -> a.repeat(new long[] {1, 2}, 0));
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, "flip", () -> a.flip(2));
    assertError(ErrorClass.SHAPE_MISMATCH, "roll", () -> Mt.roll(a, new long[] {1, 2, 3}, new int[] {0, 1}));
    assertError(ErrorClass.INVALID_ARGUMENT, "order must be non-negative", () -> a.diff(-1, 0));
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, "diff", () -> a.diff(1, 5));
  }

  /** Chunks stay where numpy semantics allow: no rechunk for compatible reshapes, concatenate re-indexes. */
  @Test
  void tilingKeepsChunks() {
    MarsSession s = spark.session();
    long[] range = java.util.stream.LongStream.range(0, 24).toArray();
    // merging (6, 4) -> (24,) with whole rows per chunk: one output chunk per input chunk
    Tensor merged = Mt.tensor(NDArray.of(range, 6, 4), ChunkSize.of(2, 4)).reshape(24).execute(s);
    org.junit.jupiter.api.Assertions.assertArrayEquals(new long[][] {{8, 8, 8}}, merged.nsplits());
    merged.release();
    // splitting (24,) -> (6, 4) from chunks of 6: rechunked to multiples of a row (8)
    Tensor split = Mt.tensor(NDArray.of(range), ChunkSize.of(6)).reshape(6, 4).execute(s);
    org.junit.jupiter.api.Assertions.assertArrayEquals(new long[][] {{2, 2, 2}, {4}}, split.nsplits());
    split.release();
    // inserting and dropping length-1 axes keeps every chunk
    Tensor ex = Mt.tensor(NDArray.of(range, 2, 3, 4), ChunkSize.of(1, 2, 3)).expandDims(1).execute(s);
    org.junit.jupiter.api.Assertions.assertArrayEquals(new long[][] {{1, 1}, {1}, {2, 1}, {3, 1}}, ex.nsplits());
    ex.release();
    // concatenate: the inputs' chunks along the axis, one after another
    Tensor x = Mt.tensor(NDArray.of(new long[] {1, 2, 3, 4, 5}), ChunkSize.of(2));
    Tensor y = Mt.tensor(NDArray.of(new long[] {6, 7, 8}), ChunkSize.of(2));
    Tensor c = Mt.concatenate(x, y).execute(s);
    org.junit.jupiter.api.Assertions.assertArrayEquals(new long[][] {{2, 2, 1, 2, 1}}, c.nsplits());
    c.release();
  }

  /** Reshape of a boolean-mask result (unknown length) is refused with a clear message; ravel keeps it. */
  @Test
  void unknownShapes() {
    Tensor a = Mt.tensor(NDArray.of(new long[] {3, -1, 4, -2, 5}), ChunkSize.of(2));
    Tensor m = a.get(a.gt(0));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "execute() it first", () -> m.reshape(1, -1));
    assertEquals(List.of(3L, 4L, 5L), java.util.Arrays.stream(Fixtures.compute(m.ravel(), spark.session()).longs())
        .boxed().toList());
    // concatenation of masked pieces tiles iteratively
    NDArray r = Fixtures.compute(Mt.concatenate(m, a), spark.session());
    assertEquals(8, r.size());
  }
}
