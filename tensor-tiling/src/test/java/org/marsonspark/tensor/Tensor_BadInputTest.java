package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.marsonspark.tensor.BadInputs.bad;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsOptions;

/**
 * Bad input to tensors and the session, each a named error that shows the offending value and
 * says what to do — raised where the tensor is built when the metadata tells, else by the chunk
 * task — after which the session holds nothing more and still computes right ({@link BadInputs}).
 */
class Tensor_BadInputTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static Tensor matrix(long rows, long cols) {
    return Mt.tensor(NDArray.zeros(DType.FLOAT64, rows, cols), ChunkSize.of(2));
  }

  private static Tensor longs(long... values) {
    return Mt.tensor(NDArray.of(values), ChunkSize.of(2));
  }

  // each case: its error class, value and hint in the message, then nothing held and a right sum
  @TestFactory
  Stream<DynamicTest> tensors() {
    List<BadInputs.Case> cases = List.of(
        bad("shapes that do not broadcast", ErrorClass.BROADCAST_MISMATCH, "(2, 3) (3, 2)", "equal sizes or size 1",
            () -> matrix(2, 3).add(matrix(3, 2))),
        bad("broadcast_to a shape that does not fit", ErrorClass.BROADCAST_MISMATCH, "to shape (4, 3)",
            "the target's size or size 1", () -> matrix(2, 3).broadcastTo(4, 3)),
        bad("sum over an axis the tensor lacks", ErrorClass.AXIS_OUT_OF_BOUNDS, "sum: axis 2",
            "use an axis from -2 to 1", () -> matrix(2, 3).sum(2)),
        bad("transpose naming an axis the tensor lacks", ErrorClass.AXIS_OUT_OF_BOUNDS, "transpose: axis 2",
            "use an axis from -2 to 1", () -> matrix(2, 3).transpose(0, 2)),
        bad("sort along a negative axis out of range", ErrorClass.AXIS_OUT_OF_BOUNDS, "sort: axis -3",
            "use an axis from -2 to 1", () -> Mt.sort(matrix(2, 3), -3)),
        bad("expand_dims beyond the new rank", ErrorClass.AXIS_OUT_OF_BOUNDS, "expand_dims: axis 5",
            "use an axis from -3 to 2", () -> matrix(2, 3).expandDims(5)),
        bad("a chunk size of zero", ErrorClass.BAD_CHUNK_SIZE, "got 0", "must be positive", () -> ChunkSize.of(0)),
        bad("a chunk size with more axes than the tensor", ErrorClass.BAD_CHUNK_SIZE, "[1, 1, 1]",
            "one size per axis", () -> Mt.tensor(NDArray.zeros(DType.FLOAT64, 2, 3), ChunkSize.of(1, 1, 1))
                .execute(spark.session())),
        bad("a dtype numpy has but Mars does not", ErrorClass.UNSUPPORTED_DTYPE, "'complex128'",
            "supported: bool, int32, int64, float32, float64", () -> DType.of("complex128")),
        bad("subtracting booleans", ErrorClass.UNSUPPORTED_DTYPE, "boolean subtract", "use logical_xor",
            () -> Mt.array(new boolean[] {true}).sub(Mt.array(new boolean[] {false}))),
        bad("a scalar that is no number", ErrorClass.UNSUPPORTED_DTYPE, "java.lang.String",
            "use a boolean, integer or floating-point number", () -> Mt.full(new long[] {2}, "x")),
        bad("dot of misaligned shapes", ErrorClass.SHAPE_MISMATCH, "(2, 3) and (4,)",
            "the first operand's last axis must be as long as the second's first",
            () -> matrix(2, 3).dot(Mt.array(new double[4]))),
        bad("reshape to another size", ErrorClass.SHAPE_MISMATCH, "into shape [4, 2]", "must hold 6 elements",
            () -> matrix(2, 3).reshape(4, 2)),
        bad("reshape with two unknown dimensions", ErrorClass.INVALID_ARGUMENT, "[-1, -1]",
            "can only specify one unknown dimension", () -> matrix(2, 3).reshape(-1, -1)),
        bad("concatenate along mismatched other axes", ErrorClass.SHAPE_MISMATCH, "tensor 0 has size 3 and tensor 1 "
            + "has size 4", "must match exactly", () -> Mt.concatenate(matrix(2, 3), matrix(2, 4))),
        bad("split into unequal sections", ErrorClass.INVALID_ARGUMENT, "5 along axis 0 into 2 sections",
            "use array_split", () -> Mt.split(Mt.arange(5), 2, 0)),
        bad("average weights of another length", ErrorClass.SHAPE_MISMATCH, "5 weights for axis 1 of length 3",
            "one weight per element", () -> Mt.average(matrix(2, 3), Mt.arange(5), 1)),
        bad("solve with a right-hand side of another length", ErrorClass.SHAPE_MISMATCH, "b of shape (3,)",
            "b must be (n,) or (n, k)", () -> Mt.linalg.solve(matrix(2, 2), Mt.array(new double[3]))),
        bad("inverse of a non-square matrix", ErrorClass.INVALID_ARGUMENT, "got (2, 3)", "must be square",
            () -> Mt.linalg.inv(matrix(2, 3))),
        bad("a matrix norm numpy does not define", ErrorClass.INVALID_ARGUMENT, "order 3.0",
            "supported: 1, -1, 2, -2, inf", () -> Mt.linalg.norm(matrix(2, 3), 3.0, new int[] {0, 1}, false)),
        bad("a slice step of zero", ErrorClass.INVALID_ARGUMENT, "step", "cannot be zero", () -> Slice.of(0L, 5L, 0L)),
        bad("arange with step zero", ErrorClass.INVALID_ARGUMENT, "step", "must not be zero",
            () -> Mt.arange(0, 5, 0)),
        bad("negative dimensions", ErrorClass.INVALID_ARGUMENT, "[-1, 2]", "negative dimensions are not allowed",
            () -> Mt.zeros(-1, 2)),
        bad("linspace with a negative count", ErrorClass.INVALID_ARGUMENT, "got -3", "must be non-negative",
            () -> Mt.linspace(0, 1, -3)),
        bad("a quantile outside [0, 1]", ErrorClass.INVALID_ARGUMENT, "got 1.5", "must be in the range [0, 1]",
            () -> Mt.quantile(matrix(2, 3), 1.5)),
        bad("a histogram of zero bins", ErrorClass.INVALID_ARGUMENT, "got 0", "must be positive",
            () -> Mt.histogram(Mt.arange(5), 0)),
        bad("repeat a negative number of times", ErrorClass.INVALID_ARGUMENT, "got -1", "may not contain negative",
            () -> Mt.repeat(matrix(2, 3), -1, 0)),
        bad("diff of negative order", ErrorClass.INVALID_ARGUMENT, "got -1", "must be non-negative",
            () -> matrix(2, 3).diff(-1, 0)),
        bad("searchsorted on an unknown side", ErrorClass.INVALID_ARGUMENT, "'middle'", "must be 'left' or 'right'",
            () -> Mt.searchsorted(Mt.arange(5), Mt.arange(2), "middle")),
        bad("topk of more elements than the axis has", ErrorClass.INVALID_ARGUMENT, "k (9)", "must be in [1, 5]",
            () -> Mt.topk(Mt.arange(5), 9)),
        bad("integers to a negative power, found by the task", ErrorClass.INVALID_ARGUMENT, "exponent -1",
            "raise a float base instead", () -> longs(2, 3, 4).pow(-1L).execute(spark.session())),
        bad("unravel_index beyond the size, found by the task", ErrorClass.INVALID_ARGUMENT, "index 99",
            "out of bounds for array with size 6", () -> Mt.unravelIndex(new long[] {99}, 2, 3)[0]
                .execute(spark.session())));
    // a name given twice would merge two cases in the reports
    assertEquals(cases.size(), cases.stream().map(BadInputs.Case::name).distinct().count(), "every case named once");
    return BadInputs.tests(cases, spark::session);
  }

  @TestFactory
  Stream<DynamicTest> sessionAndResults() {
    List<BadInputs.Case> cases = List.of(
        bad("fetch before execute", ErrorClass.NOT_EXECUTED, "Tensor(add, shape=(5,)", "call execute() first",
            () -> Mt.arange(5).add(1).fetch()),
        bad("fetch after release", ErrorClass.NOT_EXECUTED, "Tensor(add, shape=(5,)", "call execute() first", () -> {
          Tensor t = Mt.arange(5).add(1).execute(spark.session());
          t.release();
          t.fetch();
        }),
        bad("fetchSparse of a dense tensor", ErrorClass.INVALID_ARGUMENT, "is dense", "use fetch()", () -> {
          Tensor t = Mt.arange(5).execute(spark.session());
          try {
            t.fetchSparse();
          } finally {
            t.release();
          }
        }),
        bad("fetch of a sparse tensor", ErrorClass.UNSUPPORTED_OPERATION, "is sparse", "fetchSparse() returns",
            () -> Mt.eye(3, 3, 0, DType.FLOAT64, ChunkSize.of(2), true).fetch()),
        bad("a combine size below 2", ErrorClass.INVALID_ARGUMENT, "got 1", "must be at least 2",
            () -> MarsOptions.defaults().withCombineSize(1)),
        bad("no concurrent jobs", ErrorClass.INVALID_ARGUMENT, "got 0", "must be at least 1",
            () -> MarsOptions.defaults().withMaxConcurrentJobs(0)));
    // a name given twice would merge two cases in the reports
    assertEquals(cases.size(), cases.stream().map(BadInputs.Case::name).distinct().count(), "every case named once");
    return BadInputs.tests(cases, spark::session);
  }
}
