package org.marsonspark.tensor.ops;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Errors;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;
import org.marsonspark.tensor.fusion.Expr;
import org.marsonspark.tensor.fusion.Fusable;
import org.marsonspark.tensor.fusion.FusionSupport;
import org.marsonspark.tensor.kernel.ReductionFn;

/**
 * The reduction family, tiled once for all its members as a tree: each chunk is reduced to a
 * partial (map), partials of the same output position are merged {@code combineSize} at a
 * time (combine), and the last merge turns the partial into the result (aggregate). A member
 * only declares those three functions ({@link ReductionFn}).
 */
public final class Reduction extends TensorOp {
  private final ReductionFn fn;
  private final int[] axes;
  private final boolean keepdims;

  private Reduction(TensorData in, ReductionFn fn, int[] axes, boolean keepdims) {
    super(List.of(in));
    this.fn = fn;
    this.axes = axes;
    this.keepdims = keepdims;
  }

  /**
   * @param axes the axes to reduce (negative counts from the end); null or empty for all
   */
  public static TensorData of(TensorData in, ReductionFn fn, int[] axes, boolean keepdims) {
    if (in.isSparse()) {
      return org.marsonspark.tensor.sparse.SparseReduce.of(in, fn, axes, keepdims);
    }
    int[] norm = normalizeAxes(axes, in.ndim(), fn.name());
    if (fn.singleAxisOnly() && norm.length > 1 && norm.length != in.ndim()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn.name() + " takes one axis or none, got "
          + Arrays.toString(axes));
    }
    long[] inShape = in.shape();
    List<Long> outShape = new ArrayList<>();
    for (int i = 0; i < inShape.length; i++) {
      if (contains(norm, i)) {
        if (keepdims) {
          outShape.add(1L);
        }
      } else {
        outShape.add(inShape[i]);
      }
    }
    return new Reduction(in, fn, norm, keepdims).newOutput(outShape.stream().mapToLong(Long::longValue).toArray(),
        fn.resultType(in.dtype()));
  }

  /** Sorted, distinct, non-negative axes; all axes when {@code axes} is null or empty. */
  public static int[] normalizeAxes(int[] axes, int ndim, String op) {
    if (axes == null || axes.length == 0) {
      int[] all = new int[ndim];
      for (int i = 0; i < ndim; i++) {
        all[i] = i;
      }
      return all;
    }
    int[] out = new int[axes.length];
    for (int i = 0; i < axes.length; i++) {
      out[i] = Errors.normalizeAxis(op, axes[i], ndim);
    }
    Arrays.sort(out);
    for (int i = 1; i < out.length; i++) {
      if (out[i] == out[i - 1]) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": duplicate value in 'axis': " + Arrays.toString(axes));
      }
    }
    return out;
  }

  static boolean contains(int[] a, int v) {
    for (int x : a) {
      if (x == v) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String name() {
    return fn.name();
  }

  @Override
  public void tile(TileContext ctx) {
    TensorData in = input(0);
    if (fn.needsOffsets() && Shapes.hasUnknown(in.nsplits())) {
      ctx.requireKnownShapes(in);
    }
    long[][] nsplits = in.nsplits();
    long[][] offsets = new long[nsplits.length][];
    boolean[] known = new boolean[nsplits.length];
    for (int i = 0; i < nsplits.length; i++) {
      offsets[i] = Shapes.offsets(nsplits[i]);
      known[i] = !Shapes.hasUnknown(nsplits[i]);
    }
    long[] globalShape = in.shape();
    int combine = ctx.options().combineSize();
    // map every chunk, grouping partials by the output position they feed
    Map<List<Integer>, List<Chunk>> groups = new LinkedHashMap<>();
    for (Chunk c : in.chunks()) {
      int[] idx = c.index();
      long[] off = new long[idx.length];
      for (int i = 0; i < idx.length; i++) {
        off[i] = known[i] ? offsets[i][idx[i]] : -1;
      }
      long[] pshape = c.shape();
      for (int a : axes) {
        pshape[a] = 1;
      }
      Chunk partial = ctx.newChunk(new MapChunk(fn, axes, off, globalShape), List.of(c), idx, pshape, null);
      List<Integer> key = new ArrayList<>();
      for (int i = 0; i < idx.length; i++) {
        key.add(contains(axes, i) ? 0 : idx[i]);
      }
      groups.computeIfAbsent(key, k -> new ArrayList<>()).add(partial);
    }
    List<Chunk> outs = new ArrayList<>();
    for (Map.Entry<List<Integer>, List<Chunk>> e : groups.entrySet()) {
      List<Chunk> level = e.getValue();
      while (level.size() > combine) {
        List<Chunk> next = new ArrayList<>();
        for (int i = 0; i < level.size(); i += combine) {
          List<Chunk> part = level.subList(i, Math.min(level.size(), i + combine));
          next.add(ctx.newChunk(new CombineChunk(fn), part, part.get(0).index(), part.get(0).shape(), null));
        }
        level = next;
      }
      int[] key = e.getKey().stream().mapToInt(Integer::intValue).toArray();
      long[] pshape = level.get(0).shape();
      List<Long> oshape = new ArrayList<>();
      List<Integer> oidx = new ArrayList<>();
      for (int i = 0; i < key.length; i++) {
        if (!contains(axes, i)) {
          oshape.add(pshape[i]);
          oidx.add(key[i]);
        } else if (keepdims) {
          oshape.add(1L);
          oidx.add(0);
        }
      }
      outs.add(ctx.newChunk(new AggregateChunk(fn, keepdims ? null : axes, out().dtype()), level,
          oidx.stream().mapToInt(Integer::intValue).toArray(), oshape.stream().mapToLong(Long::longValue).toArray(),
          out().dtype()));
    }
    long[][] outSplits = new long[out().ndim()][];
    int k = 0;
    for (int i = 0; i < nsplits.length; i++) {
      if (!contains(axes, i)) {
        outSplits[k++] = nsplits[i];
      } else if (keepdims) {
        outSplits[k++] = new long[] {1};
      }
    }
    out().setChunks(outs, outSplits);
  }

  record MapChunk(ReductionFn fn, int[] axes, long[] offset, long[] globalShape) implements ChunkOp, Fusable {
    /** Fuses reductions over trailing axes (or all axes) of sum/prod/min/max/all/any/count/mean. */
    @Override
    public Expr fuse(List<Expr> args, long[] shape) {
      Expr x = args.get(0);
      int nd = x.shape().length;
      for (int i = 0; i < axes.length; i++) {
        if (axes[i] != nd - axes.length + i) {
          return null;
        }
      }
      return FusionSupport.reduces(fn) ? new Expr.Reduce(fn, axes, x, shape) : null;
    }

    @Override
    public Object execute(Object[] inputs) {
      return fn.map((NDArray) inputs[0], axes, offset, globalShape);
    }

    @Override
    public String name() {
      return fn.name() + ".map";
    }
  }

  record CombineChunk(ReductionFn fn) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return fn.combine(inputs);
    }

    @Override
    public String name() {
      return fn.name() + ".combine";
    }
  }

  record AggregateChunk(ReductionFn fn, int[] dropAxes, DType result) implements ChunkOp, Fusable {
    /** Fuses the aggregate of a single partial (a reduction that needed no combine step). */
    @Override
    public Expr fuse(List<Expr> args, long[] shape) {
      return args.size() == 1 && args.get(0) instanceof Expr.Reduce r ? new Expr.Finish(fn, result, r, shape) : null;
    }

    @Override
    public Object execute(Object[] inputs) {
      Object partial = inputs.length == 1 ? inputs[0] : fn.combine(inputs);
      NDArray r = fn.finish(partial).astype(result);
      if (dropAxes == null) {
        return r;
      }
      long[] s = r.shape();
      long[] kept = new long[s.length - dropAxes.length];
      int k = 0;
      for (int i = 0; i < s.length; i++) {
        if (!contains(dropAxes, i)) {
          kept[k++] = s[i];
        }
      }
      return r.reshape(kept);
    }

    @Override
    public String name() {
      return fn.name() + ".agg";
    }
  }
}
