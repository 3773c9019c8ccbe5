package org.marsonspark.learn.ops;

import java.io.Serializable;
import java.util.List;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableOp;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;

/**
 * A function of each row chunk of a DataFrame or Series (its columns, of any dtype — strings and
 * categories too) giving the same rows of a tensor: the codes of categorical columns. Row chunk r
 * of the frame becomes row block r of the result, whole along its other axes, so nothing moves.
 */
public final class FrameBlocks extends TileableOp {
  /** What one frame block map computes. Implementations are small serializable values. */
  public interface Fn extends Serializable {
    /** The result rows of one row chunk: {@code columns} of {@code rows} values each. */
    NDArray apply(Column[] columns, int rows);

    default String name() {
      return getClass().getSimpleName();
    }
  }

  private final Fn fn;

  private FrameBlocks(DfData in, Fn fn) {
    super(List.of(in));
    this.fn = fn;
  }

  /** Rows of the result = rows of {@code in}; {@code trailing} = the result's other dimensions. */
  public static TensorData of(DfData in, Fn fn, long[] trailing, DType dtype) {
    long[] shape = new long[trailing.length + 1];
    shape[0] = in.nrows();
    System.arraycopy(trailing, 0, shape, 1, trailing.length);
    return new FrameBlocks(in, fn).bindOutput(new TensorData(shape, dtype));
  }

  @Override
  public String name() {
    return "FrameBlocks(" + fn.name() + ")";
  }

  @Override
  public void tile(TileContext ctx) {
    DfData in = (DfData) inputs().get(0);
    if (in.hasUnknownShape() || Shapes.hasUnknown(in.nsplits())) {
      ctx.requireKnownShapes(in);
    }
    RowBlocks.setRowChunks(ctx, (TensorData) output(), in.rowSplits(), b -> List.of(in.chunks().get(b)),
        new MapOp(fn));
  }

  record MapOp(Fn fn) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      if (inputs[0] instanceof LocalSeries s) {
        return fn.apply(new Column[] {s.values()}, s.size());
      }
      LocalFrame f = (LocalFrame) inputs[0];
      Column[] cols = new Column[f.ncols()];
      for (int i = 0; i < cols.length; i++) {
        cols[i] = f.column(i);
      }
      return fn.apply(cols, f.nrows());
    }

    @Override
    public String name() {
      return fn.name();
    }
  }
}
