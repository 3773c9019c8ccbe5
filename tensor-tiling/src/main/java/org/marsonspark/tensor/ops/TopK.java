package org.marsonspark.tensor.ops;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;

/**
 * Mars's topk: the k largest (or smallest) values along an axis, sorted. Tiled like a
 * reduction: every chunk keeps its own k best along the axis, then the chunks of one row of
 * the grid merge their candidates (at most k per chunk), so no chunk grows past k times the
 * number of chunks along the axis.
 */
public final class TopK extends TensorOp {
  private final int axis;
  private final int k;
  private final boolean largest;

  private TopK(TensorData in, int axis, int k, boolean largest) {
    super(List.of(in));
    this.axis = axis;
    this.k = k;
    this.largest = largest;
  }

  public static Tensor of(TensorData in, int k, int axis, boolean largest) {
    int nd = in.ndim();
    int a = Manipulation.axis("topk", axis, nd);
    if (k < 1 || k > in.shape(a)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "topk: k (" + k + ") must be in [1, " + in.shape(a)
          + "], the length of axis " + axis);
    }
    long[] shape = in.shape().clone();
    shape[a] = k;
    return new TopK(in, a, k, largest).newTensor(shape, in.dtype());
  }

  @Override
  public String name() {
    return "topk";
  }

  @Override
  public void tile(TileContext ctx) {
    TensorData in = input(0);
    ctx.requireKnownShapes(in);
    Map<List<Integer>, List<Chunk>> rows = new LinkedHashMap<>();
    for (Chunk c : in.chunks()) {
      long[] shape = c.shape();
      shape[axis] = Math.min(k, shape[axis]);
      Chunk local = ctx.newChunk(new TopKChunk(axis, k, largest), List.of(c), c.index(), shape, in.dtype());
      List<Integer> key = new ArrayList<>();
      for (int i = 0; i < c.index().length; i++) {
        key.add(i == axis ? 0 : c.index()[i]);
      }
      rows.computeIfAbsent(key, x -> new ArrayList<>()).add(local);
    }
    List<Chunk> outs = new ArrayList<>();
    for (Map.Entry<List<Integer>, List<Chunk>> e : rows.entrySet()) {
      List<Chunk> parts = e.getValue();
      int[] idx = e.getKey().stream().mapToInt(Integer::intValue).toArray();
      long[] shape = parts.get(0).shape();
      shape[axis] = k;
      outs.add(parts.size() == 1 ? parts.get(0)
          : ctx.newChunk(new TopKChunk(axis, k, largest), parts, idx, shape, in.dtype()));
    }
    long[][] splits = in.nsplits().clone();
    splits[axis] = new long[] {k};
    out().setChunks(outs, splits);
  }

  /** Concatenates its inputs along the axis and keeps the k best, sorted best first. */
  record TopKChunk(int axis, int k, boolean largest) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray x = (NDArray) inputs[0];
      if (inputs.length > 1) {
        long total = 0;
        NDArray[] parts = new NDArray[inputs.length];
        long[][] at = new long[inputs.length][];
        for (int i = 0; i < inputs.length; i++) {
          parts[i] = (NDArray) inputs[i];
          at[i] = new long[parts[i].ndim()];
          at[i][axis] = total;
          total += parts[i].shape(axis);
        }
        long[] shape = parts[0].shape().clone();
        shape[axis] = total;
        x = NDArray.assemble(parts[0].dtype(), shape, parts, at);
      }
      NDArray sorted = (NDArray) new Sort.AxisSortChunk(axis, false).execute(new Object[] {x});
      long n = sorted.shape(axis);
      int keep = (int) Math.min(k, n);
      long[] start = new long[x.ndim()];
      long[] step = new long[x.ndim()];
      long[] count = sorted.shape().clone();
      java.util.Arrays.fill(step, 1);
      if (largest) {
        start[axis] = n - 1;
        step[axis] = -1;
      }
      count[axis] = keep;
      return sorted.slice(start, step, count);
    }

    @Override
    public String name() {
      return "topk";
    }
  }
}
