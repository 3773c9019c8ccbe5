package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.session.LocalSession;

/**
 * Bad input to the ufuncs, statistics, sorting and set functions of issue 5 gives a
 * {@link MarsException} of the right class naming the operation, and the session stays usable.
 */
class Statistics_ErrorsTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static Tensor floats() {
    return Mt.tensor(NDArray.of(new double[] {1.5, Double.NaN, -2, 4, 0, 3}, 2, 3), ChunkSize.of(1));
  }

  private static Tensor ints() {
    return Mt.tensor(NDArray.of(new long[] {1, 2, 3, 4, 5, 6}, 2, 3), ChunkSize.of(2));
  }

  @Test
  void bitwiseUfuncsRejectFloats() {
    assertError(ErrorClass.UNSUPPORTED_DTYPE, "bitwise_and", () -> Mt.bitwiseAnd(floats(), ints()));
    assertError(ErrorClass.UNSUPPORTED_DTYPE, "left_shift", () -> Mt.leftShift(floats(), 2));
    assertError(ErrorClass.UNSUPPORTED_DTYPE, "invert", () -> Mt.invert(floats()));
    assertError(ErrorClass.UNSUPPORTED_DTYPE, "around", () -> Mt.around(ints().gt(2), 1));
    assertError(ErrorClass.INVALID_ARGUMENT, "clip", () -> Mt.clip(ints(), null, null));
  }

  @Test
  void badAxesAndParameters() {
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, "cumsum", () -> Mt.cumsum(ints(), 2));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "cumprod", () -> Mt.cumprod(ints(), null));
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, "nanmean", () -> Mt.nanmean(floats(), -3));
    assertError(ErrorClass.INVALID_ARGUMENT, "quantile", () -> Mt.quantile(floats(), 1.5));
    assertError(ErrorClass.INVALID_ARGUMENT, "percentile", () -> Mt.percentile(floats(), new double[] {50, 101}));
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, "median", () -> Mt.median(floats(), 4));
    assertError(ErrorClass.INVALID_ARGUMENT, "average", () -> Mt.average(ints(), Mt.array(new double[] {1, 2, 3}),
        null));
    assertError(ErrorClass.SHAPE_MISMATCH, "average", () -> Mt.average(ints(), Mt.array(new double[] {1, 2}), 1));
    assertError(ErrorClass.INVALID_ARGUMENT, "cov", () -> Mt.cov(Mt.tensor(NDArray.zeros(DType.FLOAT64, 2, 2, 2))));
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, "argsort", () -> Mt.argsort(ints(), 3));
    assertError(ErrorClass.INVALID_ARGUMENT, "searchsorted", () -> Mt.searchsorted(ints(), ints()));
    assertError(ErrorClass.INVALID_ARGUMENT, "side", () -> Mt.searchsorted(Mt.array(new long[] {1, 2}), ints(),
        "middle"));
    assertError(ErrorClass.INVALID_ARGUMENT, "digitize", () -> Mt.digitize(ints(), ints()));
  }

  @Test
  void allNanSliceFailsAtExecutionAndSessionStaysUsable() {
    Tensor t = Mt.nanargmin(Mt.tensor(NDArray.of(new double[] {Double.NaN, 1, Double.NaN, Double.NaN}, 2, 2),
        ChunkSize.of(1)), 1);
    MarsException e = assertThrows(MarsException.class, () -> t.execute(spark.session()));
    assertTrue(String.valueOf(e.getMessage()).contains("All-NaN") || String.valueOf(e.getCause()).contains("All-NaN"),
        e::getMessage);
    NDArray ok = Fixtures.compute(Mt.nanargmin(floats(), 1), spark.session());
    assertArrayEquals(new long[] {2, 1}, ok.longs());
  }
}
