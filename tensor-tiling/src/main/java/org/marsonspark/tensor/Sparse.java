package org.marsonspark.tensor;

import org.marsonspark.tensor.sparse.SparseCreation;

/**
 * {@code Mt.sparse}: 2-D sparse tensors whose chunks are {@link CsrMatrix} blocks (Mars's
 * {@code mt.sparse}, scipy's {@code csr_matrix}). Sparse tensors take part in element-wise
 * operations that keep zeros, {@code dot}, {@code sum} and {@code T()} through the ordinary
 * {@link Tensor} methods; {@link Tensor#toDense()} and {@link Tensor#fetchSparse()} bring them back.
 */
public final class Sparse {
  Sparse() {}

  /**
   * scipy's {@code coo_matrix((values, (rows, cols)), shape=shape).tocsr()}: duplicate
   * coordinates are summed. The dtype is the values'.
   */
  public Tensor fromCoo(long[] rows, long[] cols, NDArray values, long[] shape, ChunkSize chunkSize) {
    return Tensor.ofOutput(SparseCreation.FromCoo.of(rows, cols, values, shape, chunkSize));
  }

  public Tensor fromCoo(long[] rows, long[] cols, double[] values, long[] shape, ChunkSize chunkSize) {
    return fromCoo(rows, cols, NDArray.of(values.clone()), shape, chunkSize);
  }

  public Tensor fromCoo(long[] rows, long[] cols, double[] values, long... shape) {
    return fromCoo(rows, cols, values, shape, ChunkSize.auto());
  }

  /** The non-zeros of a dense 2-D tensor, with its chunks ({@code t.toSparse()}). */
  public Tensor fromDense(Tensor dense) {
    return Tensor.ofOutput(SparseCreation.FromDense.of(dense.data()));
  }

  /** numpy's {@code eye(n, m, k, dtype)} as a sparse tensor (scipy's {@code sparse.eye}). */
  public Tensor eye(long n, long m, long k, DType dtype, ChunkSize chunkSize) {
    return Tensor.ofOutput(SparseCreation.Eye.of(n, m, k, dtype, chunkSize));
  }

  public Tensor eye(long n) {
    return eye(n, n, 0, DType.FLOAT64, ChunkSize.auto());
  }

  public boolean isSparse(Tensor t) {
    return t.isSparse();
  }
}
