package org.marsonspark.learn.base;

import java.util.List;
import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * The aligned inputs of a fit (X, the target, the weights) as its aggregate steps see them:
 * tensors held in the executors, where each evaluation is one {@link BlockAggregate} job over the
 * row blocks, merged in a tree ({@link #held}); or local arrays inside one task — a spawned call
 * of model search — where the same function runs on them as one block, in this thread
 * ({@link #local}). An estimator written against this class fits both ways with one code path.
 */
public abstract sealed class FitRows {
  private FitRows() {}

  /** Held tensors (executed by the caller, e.g. in a {@link HeldData}): one Spark job per evaluation. */
  public static FitRows held(List<Tensor> inputs) {
    return new Held(List.copyOf(inputs));
  }

  /** Local arrays in this task: each evaluation is {@code finish(map(blocks))}, no Spark. */
  public static FitRows local(NDArray... blocks) {
    return new Local(blocks.clone());
  }

  /** The finished aggregate {@code fn} of the rows, a float64 array of {@code shape}. */
  public abstract NDArray evaluate(BlockAggregate.Fn fn, long... shape);

  private static final class Held extends FitRows {
    private final List<Tensor> inputs;

    Held(List<Tensor> inputs) {
      this.inputs = inputs;
    }

    @Override
    public NDArray evaluate(BlockAggregate.Fn fn, long... shape) {
      return Blocks.evaluate(inputs, fn, shape);
    }
  }

  private static final class Local extends FitRows {
    private final NDArray[] blocks;

    Local(NDArray[] blocks) {
      this.blocks = blocks;
    }

    @Override
    public NDArray evaluate(BlockAggregate.Fn fn, long... shape) {
      return fn.finish(fn.map(blocks, 0));
    }
  }
}
