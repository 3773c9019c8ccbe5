package org.marsonspark.tensor.sparse;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.CsrMatrix;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;
import org.marsonspark.tensor.kernel.ReductionFn;
import org.marsonspark.tensor.kernel.Reductions;
import org.marsonspark.tensor.ops.Reduction;

/**
 * {@code sum} of a sparse tensor — over everything, axis 0 or axis 1 — as a dense tensor with
 * numpy's shapes and dtypes (scipy returns a 2-D {@code np.matrix}; here axis sums are 1-D as
 * {@code np.asarray(A.sum(axis)).ravel()}). Each block sums its stored values into a dense
 * partial; partials of one output block are added {@code combineSize} at a time, as a tree.
 */
public final class SparseReduce extends TensorOp {
  /** The reduced axes: {0}, {1} or {0, 1}. */
  private final int[] axes;

  private SparseReduce(TensorData in, int[] axes) {
    super(List.of(in));
    this.axes = axes;
  }

  /** A reduction of a sparse tensor; only {@code sum} without keepdims is supported. */
  public static TensorData of(TensorData in, ReductionFn fn, int[] axes, boolean keepdims) {
    if (fn != Reductions.Simple.SUM) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, fn.name() + " of a sparse tensor is not supported "
          + "(sparse reductions: sum); call toDense() first");
    }
    if (keepdims) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "sum of a sparse tensor with keepdims=true is not "
          + "supported; reshape the result instead");
    }
    int[] norm = Reduction.normalizeAxes(axes, in.ndim(), fn.name());
    long[] shape = norm.length == 2 ? new long[0] : new long[] {in.shape(1 - norm[0])};
    return new SparseReduce(in, norm).newOutput(shape, fn.resultType(in.dtype()));
  }

  @Override
  protected boolean acceptsSparse() {
    return true;
  }

  @Override
  public String name() {
    return "sparse_sum";
  }

  @Override
  public void tile(TileContext ctx) {
    TensorData in = input(0);
    long[][] splits = in.nsplits();
    int[] grid = in.chunkGrid();
    DType dt = out().dtype();
    int keep = axes.length == 2 ? -1 : 1 - axes[0];
    int outputs = keep < 0 ? 1 : grid[keep];
    List<Chunk> chunks = new ArrayList<>();
    for (int o = 0; o < outputs; o++) {
      int[] idx = keep < 0 ? new int[0] : new int[] {o};
      long[] shape = keep < 0 ? new long[0] : new long[] {splits[keep][o]};
      List<Chunk> partials = new ArrayList<>();
      for (Chunk c : in.chunks()) {
        if (keep < 0 || c.index(keep) == o) {
          partials.add(ctx.newChunk(new BlockSum(keep, dt), List.of(c), idx, shape, dt));
        }
      }
      int fanIn = Math.max(2, ctx.options().combineSize());
      while (partials.size() > 1) {
        List<Chunk> next = new ArrayList<>();
        for (int from = 0; from < partials.size(); from += fanIn) {
          List<Chunk> group = partials.subList(from, Math.min(partials.size(), from + fanIn));
          next.add(group.size() == 1 ? group.get(0) : ctx.newChunk(new AddPartials(dt), List.copyOf(group), idx, shape,
              dt));
        }
        partials = next;
      }
      chunks.add(partials.get(0));
    }
    out().setChunks(chunks, keep < 0 ? new long[0][] : new long[][] {splits[keep]});
  }

  /** A block's stored values summed along the reduced axes (keeping axis {@code keep}; -1: all). */
  record BlockSum(int keep, DType dtype) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      CsrMatrix a = (CsrMatrix) inputs[0];
      boolean real = dtype.isFloat();
      int n = keep < 0 ? 1 : keep == 0 ? a.rows() : a.cols();
      double[] d = real ? new double[n] : null;
      long[] l = real ? null : new long[n];
      NDArray v = a.data().astype(real ? DType.FLOAT64 : DType.INT64);
      int[] ptr = a.indptr();
      int[] idx = a.indices();
      for (int i = 0; i < a.rows(); i++) {
        for (int p = ptr[i]; p < ptr[i + 1]; p++) {
          int at = keep < 0 ? 0 : keep == 0 ? i : idx[p];
          if (real) {
            d[at] += v.doubles()[p];
          } else {
            l[at] += v.longs()[p];
          }
        }
      }
      long[] shape = keep < 0 ? new long[0] : new long[] {n};
      return (real ? NDArray.of(d, shape) : NDArray.of(l, shape)).astype(dtype);
    }

    @Override
    public String name() {
      return "sparse_sum";
    }
  }

  /** The element-wise sum of dense partials of one shape. */
  record AddPartials(DType dtype) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray first = (NDArray) inputs[0];
      int n = first.size();
      boolean real = dtype.isFloat();
      double[] d = real ? new double[n] : null;
      long[] l = real ? null : new long[n];
      for (Object o : inputs) {
        NDArray x = (NDArray) o;
        for (int i = 0; i < n; i++) {
          if (real) {
            d[i] += x.getDouble(i);
          } else {
            l[i] += x.getLong(i);
          }
        }
      }
      return (real ? NDArray.of(d, first.shape()) : NDArray.of(l, first.shape())).astype(dtype);
    }

    @Override
    public String name() {
      return "sum_combine";
    }
  }
}
