package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Test;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.session.LocalSession;

/**
 * Bad input gives a {@link MarsException} with the right {@link ErrorClass}, and a failed
 * execution leaves the session clean and usable (checked against a numpy fixture).
 */
class Errors_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static Tensor matrix(long rows, long cols) {
    return Mt.tensor(NDArray.zeros(DType.FLOAT64, rows, cols), ChunkSize.of(2));
  }

  @Test
  void incompatibleShapesDoNotBroadcast() {
    assertError(ErrorClass.BROADCAST_MISMATCH, () -> matrix(2, 3).add(matrix(3, 2)));
    assertError(ErrorClass.BROADCAST_MISMATCH, () -> Mt.add(matrix(2, 3), Mt.array(new double[4])));
    assertError(ErrorClass.BROADCAST_MISMATCH, () -> Mt.hypot(Mt.array(new long[5]), Mt.array(new long[4])));
  }

  @Test
  void badAxes() {
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, () -> matrix(2, 3).sum(2));
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, () -> matrix(2, 3).mean(-3));
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, () -> matrix(2, 3).var(new int[] {0, 5}, false, 0));
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, () -> matrix(2, 3).argmax(2));
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, () -> matrix(2, 3).transpose(0, 2));
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, () -> Mt.linalg.norm(matrix(2, 3), 1.0, new int[] {3}, false));
  }

  @Test
  void badChunkSizes() {
    assertError(ErrorClass.BAD_CHUNK_SIZE, () -> ChunkSize.of(0));
    assertError(ErrorClass.BAD_CHUNK_SIZE, () -> ChunkSize.of(-3));
    assertError(ErrorClass.BAD_CHUNK_SIZE, () -> ChunkSize.of(2, 0));
    // the wrong number of axes is found when the tensor is tiled
    Tensor t = Mt.tensor(NDArray.zeros(DType.FLOAT64, 2, 3), ChunkSize.of(1, 1, 1));
    assertError(ErrorClass.BAD_CHUNK_SIZE, () -> t.execute(spark.session()));
    Tensor z = Mt.zeros(new long[] {4}, DType.INT32, ChunkSize.of(2, 2));
    assertError(ErrorClass.BAD_CHUNK_SIZE, () -> z.execute(spark.session()));
  }

  @Test
  void unsupportedDtypes() {
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> DType.of("complex128"));
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> DType.of("float16"));
    Tensor b = Mt.array(new boolean[] {true, false});
    // numpy: "numpy boolean subtract, the `-` operator, is not supported"
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> b.sub(Mt.array(new boolean[] {false, false})));
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> b.sub(true));
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> Mt.subtract(true, b));
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> Mt.negative(b));
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> b.add("1"));
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> matrix(2, 2).get(matrix(2, 2)));
  }

  @Test
  void misalignedProducts() {
    assertError(ErrorClass.SHAPE_MISMATCH, () -> matrix(2, 3).dot(Mt.array(new double[4])));
    assertError(ErrorClass.SHAPE_MISMATCH, () -> Mt.array(new double[3]).matmul(matrix(2, 2)));
    assertError(ErrorClass.SHAPE_MISMATCH, () -> Mt.dot(matrix(2, 3), matrix(2, 3)));
    assertError(ErrorClass.SHAPE_MISMATCH, () -> matrix(4, 3).get(Mt.array(new boolean[3])));
  }

  @Test
  void invalidArguments() {
    assertError(ErrorClass.INVALID_ARGUMENT, () -> Slice.of(0L, 5L, 0L));
    assertError(ErrorClass.INVALID_ARGUMENT, () -> Mt.arange(0, 5, 0, DType.INT64, ChunkSize.of(2)));
    assertError(ErrorClass.INVALID_ARGUMENT, () -> matrix(2, 3).slice("::2, 1:2, 0:1"));
    assertError(ErrorClass.INDEX_OUT_OF_BOUNDS, () -> matrix(2, 3).slice("5")); // an integer index out of bounds
    assertError(ErrorClass.INVALID_ARGUMENT, () -> matrix(2, 3).sum(new int[] {1, 1}, false));
    // matrix norm 2 is built now (through the SVD); 3 is no matrix norm (numpy: "Invalid norm order for matrices")
    assertError(ErrorClass.INVALID_ARGUMENT, () -> Mt.linalg.norm(matrix(2, 3), 3.0, new int[] {0, 1}, false));
  }

  @Test
  void fetchBeforeExecute() {
    Tensor t = Mt.array(new double[] {1, 2, 3}).add(1);
    assertError(ErrorClass.NOT_EXECUTED, t::fetch);
    t.execute(spark.session());
    t.release();
    assertError(ErrorClass.NOT_EXECUTED, t::fetch);
  }

  @Test
  void failedChunkLeavesTheSessionUsable() {
    int before = spark.session().chunkStore().size();
    // numpy: "Integers to negative integer powers are not allowed"
    Tensor bad = Mt.array(new long[] {2, 3}).pow(-1L);
    MarsException e = assertThrows(MarsException.class, () -> bad.execute(spark.session()));
    assertTrue(e.errorClass() == ErrorClass.TASK_FAILED || e.errorClass() == ErrorClass.INVALID_ARGUMENT,
        e::getMessage);
    assertEquals(before, spark.session().chunkStore().size(), "chunks left behind by the failed run");

    // one bad chunk among good ones, deeper in a graph
    Tensor x = Mt.tensor(NDArray.of(new long[] {2, 3, 1, -1, 4, 5}), ChunkSize.of(2));
    Tensor partly = Mt.power(2L, x).add(x).sum();
    MarsException e2 = assertThrows(MarsException.class, () -> partly.execute(spark.session()));
    assertTrue(e2.errorClass() == ErrorClass.TASK_FAILED || e2.errorClass() == ErrorClass.INVALID_ARGUMENT,
        e2::getMessage);
    assertEquals(before, spark.session().chunkStore().size(), "chunks left behind by the failed run");

    // the same session still computes what numpy does
    for (String name : new String[] {"power_int32_2", "floor_divide_int_negative", "chain_fused"}) {
      Fixtures.Case c = Fixtures.find("elementwise", name);
      TensorAssert.assertMatches(c.expected(), Elementwise_FixtureTest.run(c, Fixtures.CHUNK_3, spark.session()),
          c + " after a failed execution");
    }
    Fixtures.Case r = Fixtures.find("reductions", "argmax_int64_ties_all");
    TensorAssert.assertMatches(r.expected(), Reductions_FixtureTest.run(r, Fixtures.CHUNK_2, spark.session()),
        r + " after a failed execution");
  }
}
