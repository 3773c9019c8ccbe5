package org.marsonspark.tensor.fusion;

import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.kernel.ReductionFn;
import org.marsonspark.tensor.kernel.Reductions;

/**
 * A chain of chunk ops run as one generated loop. It produces exactly what the last op of the
 * chain would have produced — an array, or a reduction's partial — so the rest of the plan does
 * not know fusion happened.
 *
 * @param source the kernel's Java source (compiled once per executor JVM)
 * @param inputDtypes dtype of each input slot
 * @param fn the reduction whose partial or result this produces (null for element-wise chains)
 * @param reduced dtype of the values the terminal reduction consumes
 * @param partialShape the shape of the partial a reduction's map step would produce
 * @param count elements a terminal reduction covers
 * @param outDtype dtype of the output (for arrays and finished reductions)
 * @param outShape shape of the output
 * @param emptyChecks names of the reductions whose empty input the kernel refuses, by the index it throws
 */
public record FusedChunk(String source, KernelSource.Terminal terminal, double[] dp, long[] lp, int rows, int inner,
    DType[] inputDtypes, ReductionFn fn, DType reduced, long[] partialShape, long count, DType outDtype,
    long[] outShape, String description, String[] emptyChecks) implements ChunkOp {

  static FusedChunk of(Expr root, DType[] inputDtypes, String description) {
    KernelSource k = KernelSource.of(root);
    ReductionFn fn = null;
    DType reduced = null;
    long[] partialShape = null;
    Expr.Reduce red = root instanceof Expr.Finish f ? f.x() : root instanceof Expr.Reduce r ? r : null;
    if (red != null) {
      fn = red.fn();
      reduced = red.x().dtype();
      partialShape = red.x().shape().clone();
      for (int a : red.axes()) {
        partialShape[a] = 1;
      }
    }
    return new FusedChunk(k.source, k.terminal, k.dp, k.lp, k.rows, k.inner, inputDtypes, fn, reduced, partialShape,
        k.terminal == KernelSource.Terminal.ROW_PARTIALS ? k.inner : k.count, root.dtype(), root.shape(), description,
        k.emptyChecks.toArray(String[]::new));
  }

  @Override
  public Object execute(Object[] inputs) {
    Object[] buffers = new Object[inputs.length];
    for (int i = 0; i < inputs.length; i++) {
      buffers[i] = ((NDArray) inputs[i]).astype(inputDtypes[i]).buffer();
    }
    Object out;
    try {
      out = KernelCache.get(source).run(buffers, dp, lp, rows, inner);
    } catch (EmptyInput e) {
      if (count == 0 && (terminal == KernelSource.Terminal.ROW_PARTIALS || terminal == KernelSource.Terminal.TOTAL)) {
        // an empty chunk: no part in the merge
        return new Reductions.NoElements(emptyChecks[e.check], partialShape,
            reduced.isFloat() ? DType.FLOAT64 : DType.INT64);
      }
      throw noIdentity(emptyChecks[e.check]);
    }
    return switch (terminal) {
      case STORE -> NDArray.wrap(outDtype, outShape, out);
      case ROW_PARTIALS, TOTAL -> Reductions.partialOf(fn, reduced, count, out, partialShape);
      case TOTAL_FINISHED -> fn.finish(Reductions.partialOf(fn, reduced, count, out, partialShape)).astype(outDtype)
          .reshape(outShape);
    };
  }

  /**
   * What a kernel throws when reduction check {@code check} (an index into {@link #emptyChecks})
   * finds no elements; {@link #execute} turns it into the error the unfused map step raises.
   */
  public static RuntimeException empty(int check) {
    return new EmptyInput(check);
  }

  /** A kernel found an empty input for a reduction that has no identity (min, max). */
  static final class EmptyInput extends RuntimeException {
    final int check;

    EmptyInput(int check) {
      super(null, null, false, false);
      this.check = check;
    }
  }

  private static MarsException noIdentity(String op) {
    return new MarsException(ErrorClass.INVALID_ARGUMENT, "zero-size array to reduction operation " + op
        + " which has no identity");
  }

  @Override
  public String name() {
    return "fused[" + description + "]";
  }
}
