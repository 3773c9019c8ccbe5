package org.marsonspark.learn.base;

import java.util.List;
import org.marsonspark.learn.kernel.RequireFinite;
import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.learn.ops.BlockMap;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;
import org.marsonspark.tensor.TensorData;

/** The facade side of the row-block operators: tensors in, tensors (or a fetched partial) out. */
public final class Blocks {
  private Blocks() {}

  /** {@link BlockMap}: the function of each row block of the aligned inputs, lazily. */
  public static Tensor map(List<Tensor> inputs, BlockMap.Fn fn, long[] trailing, DType dtype) {
    return Tensor.ofOutput(BlockMap.of(data(inputs), fn, trailing, dtype));
  }

  /** {@link BlockMap#sparse}: the rows of each row block as CSR blocks of a sparse 2-D result, lazily. */
  public static Tensor mapSparse(List<Tensor> inputs, BlockMap.SparseFn fn, long columns, DType dtype) {
    return Tensor.ofOutput(BlockMap.sparse(data(inputs), fn, columns, dtype));
  }

  /** {@link BlockAggregate} of the aligned inputs, lazily (a one-chunk tensor of {@code shape}). */
  public static Tensor aggregate(List<Tensor> inputs, BlockAggregate.Fn fn, long[] shape, DType dtype) {
    org.marsonspark.tensor.kernel.Blas.warnIfSlow();
    return Tensor.ofOutput(BlockAggregate.of(data(inputs), fn, shape, dtype));
  }

  /**
   * Runs a float64 {@link BlockAggregate} now and brings its (small) result to the driver: one
   * evaluation of an iterative fit. Nothing of it is left in the executors afterwards.
   */
  public static NDArray evaluate(List<Tensor> inputs, BlockAggregate.Fn fn, long... shape) {
    Tensor t = aggregate(inputs, fn, shape, DType.FLOAT64);
    try {
      return t.execute().fetch();
    } finally {
      t.release();
    }
  }

  /**
   * {@code x} unchanged, lazily, but checked as finite when it runs ({@link RequireFinite}: the
   * task fails with sklearn's message naming {@code estimator}); a tensor that cannot hold NaN or
   * infinity (not float) or a sparse one is returned as it is.
   */
  public static Tensor finite(Tensor x, String estimator, boolean allowNaN) {
    if (!x.dtype().isFloat() || x.isSparse()) {
      return x;
    }
    long[] trailing = java.util.Arrays.copyOfRange(x.shape(), 1, x.ndim());
    return map(List.of(x), new RequireFinite(estimator, allowNaN), trailing, x.dtype());
  }

  private static List<TensorData> data(List<Tensor> inputs) {
    return inputs.stream().map(Tensor::data).toList();
  }
}
