package org.marsonspark.tensor;

import static org.marsonspark.core.MarsAssert.assertError;

import org.junit.jupiter.api.Test;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * Sparse tensors refuse what they cannot do, when the expression is built, with an error class
 * and a message naming the operation: shape mismatches, non-2-D input, operations that would
 * fill the zeros, and operands that do not take sparse input.
 */
class Sparse_ErrorsTest {
  private static Tensor sparse(long rows, long cols) {
    return Mt.sparse.eye(rows, cols, 0, DType.FLOAT64, ChunkSize.of(2));
  }

  @Test
  void shapeMismatch() {
    assertError(ErrorClass.SHAPE_MISMATCH, "add", () -> sparse(3, 4).add(sparse(4, 3)));
    assertError(ErrorClass.SHAPE_MISMATCH, "multiply", () -> sparse(3, 4).mul(Mt.ones(3, 1)));
    assertError(ErrorClass.SHAPE_MISMATCH, "dot", () -> sparse(3, 4).dot(sparse(3, 4)));
    assertError(ErrorClass.SHAPE_MISMATCH, "dot", () -> sparse(3, 4).dot(Mt.ones(5)));
    assertError(ErrorClass.SHAPE_MISMATCH, "matmul", () -> Mt.matmul(Mt.ones(2, 5), sparse(3, 4)));
    assertError(ErrorClass.SHAPE_MISMATCH, "length",
        () -> Mt.sparse.fromCoo(new long[] {0, 1}, new long[] {0}, new double[] {1, 2}, 2, 2));
  }

  @Test
  void notTwoDimensional() {
    assertError(ErrorClass.INVALID_ARGUMENT, "2-D", () -> Mt.arange(6).toSparse());
    assertError(ErrorClass.INVALID_ARGUMENT, "2-D", () -> Mt.ones(2, 3, 4).toSparse());
    assertError(ErrorClass.INVALID_ARGUMENT, "2-D",
        () -> Mt.sparse.fromCoo(new long[] {0}, new long[] {0}, new double[] {1}, 2, 2, 2));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "1-D or 2-D", () -> sparse(3, 4).dot(Mt.ones(2, 4, 2)));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "1-D or 2-D", () -> Mt.matmul(Mt.ones(2, 2, 3), sparse(3, 4)));
  }

  @Test
  void badCoordinates() {
    assertError(ErrorClass.INVALID_ARGUMENT, "(2, 0)",
        () -> Mt.sparse.fromCoo(new long[] {0, 2}, new long[] {0, 0}, new double[] {1, 2}, 2, 2));
    assertError(ErrorClass.INVALID_ARGUMENT, "(0, -1)",
        () -> Mt.sparse.fromCoo(new long[] {0}, new long[] {-1}, new double[] {1}, 2, 2));
    assertError(ErrorClass.INVALID_ARGUMENT, "negative", () -> Mt.sparse.eye(-1, 2, 0, DType.FLOAT64, ChunkSize.auto()));
  }

  @Test
  void operationsThatWouldFillTheZeros() {
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "add(0, 1)", () -> sparse(3, 3).add(1));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "cos(0)", () -> Mt.cos(sparse(3, 3)));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "exp(0)", () -> Mt.exp(sparse(3, 3)));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "less(0, 0.5)", () -> sparse(3, 3).lt(0.5));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "true_divide(0, 0)", () -> sparse(3, 3).div(sparse(3, 3)));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "equal(0, 0)", () -> sparse(3, 3).eq(sparse(3, 3)));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "true_divide(2, 0)", () -> Mt.divide(2, sparse(3, 3)));
  }

  @Test
  void operandsWithoutSparseSupport() {
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "mean of a sparse tensor", () -> sparse(3, 3).mean());
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "max of a sparse tensor", () -> sparse(3, 3).max(0));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "keepdims", () -> sparse(3, 3).sum(new int[] {0}, true));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "does not take sparse tensors", () -> sparse(3, 3).reshape(9));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "toDense()", () -> sparse(3, 3).slice("0:2"));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "fetchSparse()", () -> sparse(3, 3).fetch());
    assertError(ErrorClass.INVALID_ARGUMENT, "is dense", () -> Mt.ones(2, 2).fetchSparse());
    assertError(ErrorClass.INVALID_ARGUMENT, "is not sparse", () -> Mt.ones(2, 2).toDense());
    assertError(ErrorClass.INVALID_ARGUMENT, "sparse already", () -> sparse(2, 2).toSparse());
    assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, "axis 2", () -> sparse(3, 3).sum(2));
  }
}
