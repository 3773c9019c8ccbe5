package org.marsonspark.tensor.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;

/**
 * The probabilities of {@code choice}, checked as numpy checks them — no NaN, none negative, a
 * sum within {@code sqrt(eps)} of one, and (without replacement) at least as many non-zero
 * entries as draws. The statistics are tree reductions of {@code p}; each chunk of the result is
 * the chunk of {@code p}, passed on once they hold, so a lazy {@code p} is checked on the
 * executors when the sample runs and never comes to the driver.
 */
public final class Sampling extends TensorOp {
  private final long needNonzero;

  private Sampling(List<TensorData> inputs, long needNonzero) {
    super(inputs);
    this.needNonzero = needNonzero;
  }

  /**
   * {@code p} (1-D float64, {@code size} entries), checked when it runs against its statistics:
   * its {@code sum}, {@code min} and number of {@code positive} entries (0-d tensors).
   *
   * @param needNonzero the number of draws without replacement (0 with replacement)
   */
  public static TensorData checkedProbabilities(TensorData p, TensorData sum, TensorData min, TensorData positive,
      long needNonzero) {
    return new Sampling(List.of(p, sum, min, positive), needNonzero).newOutput(p.shape(), DType.FLOAT64);
  }

  /** numpy's checks of {@code p} that need no data: one dimension, one entry per element of the population. */
  public static void checkShape(TensorData p, long size) {
    if (p.ndim() != 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "choice: 'p' must be 1-dimensional, got shape "
          + Shapes.toString(p.shape()));
    }
    if (p.shape(0) != size) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "choice: 'a' and 'p' must have same size (" + size + " and "
          + p.shape(0) + ")");
    }
  }

  @Override
  public String name() {
    return "choice.p";
  }

  @Override
  public void tile(TileContext ctx) {
    TensorData p = input(0);
    List<Chunk> out = new ArrayList<>();
    Chunk sum = input(1).chunks().get(0);
    Chunk min = input(2).chunks().get(0);
    Chunk positive = input(3).chunks().get(0);
    for (Chunk c : p.chunks()) {
      out.add(ctx.newChunk(new Check(needNonzero), List.of(c, sum, min, positive), c.index(), c.shape(),
          DType.FLOAT64));
    }
    out().setChunks(out, p.nsplits());
  }

  /** Passes a chunk of p on once the statistics of the whole of p hold. */
  record Check(long needNonzero) implements ChunkOp {
    private static final double ATOL = Math.sqrt(Math.ulp(1.0));

    @Override
    public Object execute(Object[] inputs) {
      double sum = ((NDArray) inputs[1]).getDouble(0);
      double min = ((NDArray) inputs[2]).getDouble(0);
      long positive = ((NDArray) inputs[3]).getLong(0);
      if (Double.isNaN(sum)) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "choice: probabilities contain NaN");
      }
      if (min < 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "choice: probabilities are not non-negative");
      }
      if (Math.abs(sum - 1) > ATOL) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "choice: probabilities do not sum to 1 (they sum to "
            + sum + ")");
      }
      if (positive < needNonzero) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "choice: Fewer non-zero entries in p than size ("
            + positive + " < " + needNonzero + ")");
      }
      return inputs[0];
    }

    @Override
    public String name() {
      return "choice.p";
    }
  }
}
