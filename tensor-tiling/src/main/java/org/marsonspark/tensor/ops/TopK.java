package org.marsonspark.tensor.ops;

import java.util.ArrayList;
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
import org.marsonspark.core.TileContext.ChunkSpec;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;
import org.marsonspark.tensor.kernel.KBest;

/**
 * Mars's topk and argtopk: the k largest (or smallest) values along an axis with their indices.
 * Tiled as a bounded selection per chunk and a tree: every chunk keeps its k best along the
 * axis ({@link KBest}) with their indices in the whole tensor, and the candidates of one row of
 * chunks are merged {@code combineSize} chunks at a time until one is left, so no chunk holds
 * more than {@code combineSize · k} candidates along the axis — the axis is never gathered.
 *
 * <p>The order is numpy's sort order: NaN after every number (so the largest are NaNs first),
 * {@code -0.0} equal to {@code 0.0}; equal values are ordered by the lower index, for the largest
 * as for the smallest. {@code sorted} false gives the same k values in the order of their
 * indices. Outputs: the values (the input's dtype) and the indices (int64).
 */
public final class TopK extends TensorOp {
  private final int axis;
  private final int k;
  private final boolean largest;
  private final boolean sorted;

  private TopK(TensorData in, int axis, int k, boolean largest, boolean sorted) {
    super(List.of(in));
    this.axis = axis;
    this.k = k;
    this.largest = largest;
    this.sorted = sorted;
  }

  /** {@code [values, indices]} of the k best along {@code axis} (negative counts from the end). */
  public static List<TensorData> of(TensorData in, int k, int axis, boolean largest, boolean sorted, String op) {
    int a = Errors.normalizeAxis(op, axis, in.ndim());
    long n = in.shape(a);
    if (k < 1 || (n != Shapes.UNKNOWN && k > n)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": k (" + k + ") must be in [1, "
          + (n == Shapes.UNKNOWN ? "n], n" : n + "],") + " the length of axis " + axis);
    }
    long[] shape = in.shape().clone();
    shape[a] = k;
    return new TopK(in, a, k, largest, sorted).bindOutputs(List.of(new TensorData(shape, in.dtype()),
        new TensorData(shape.clone(), DType.INT64)));
  }

  @Override
  public String name() {
    return "topk";
  }

  @Override
  public void tile(TileContext ctx) {
    TensorData in = input(0);
    ctx.requireKnownShapes(in);
    if (in.shape(axis) < k) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "topk: k (" + k + ") must be in [1, " + in.shape(axis)
          + "], the length of axis " + axis);
    }
    long[] offsets = Shapes.offsets(in.nsplits()[axis]);
    Map<List<Integer>, List<List<Chunk>>> rows = new LinkedHashMap<>();
    for (Chunk c : in.chunks()) {
      int[] idx = c.index();
      long[] shape = c.shape();
      shape[axis] = Math.min(k, shape[axis]);
      List<Chunk> local = ctx.newChunks(new Select(axis, k, largest, false, offsets[idx[axis]]), List.of(c),
          specs(idx, shape, in.dtype()));
      List<Integer> key = new ArrayList<>();
      for (int i = 0; i < idx.length; i++) {
        key.add(i == axis ? 0 : idx[i]);
      }
      rows.computeIfAbsent(key, x -> new ArrayList<>()).add(local);
    }
    List<Chunk> values = new ArrayList<>();
    List<Chunk> indices = new ArrayList<>();
    for (Map.Entry<List<Integer>, List<List<Chunk>>> e : rows.entrySet()) {
      int[] idx = e.getKey().stream().mapToInt(Integer::intValue).toArray();
      List<Chunk> root = mergeTree(ctx, e.getValue(), axis, k, largest, !sorted, idx);
      values.add(root.get(0));
      indices.add(root.get(1));
    }
    long[][] splits = in.nsplits().clone();
    splits[axis] = new long[] {k};
    ((TensorData) outputs().get(0)).setChunks(values, splits);
    ((TensorData) outputs().get(1)).setChunks(indices, splits.clone());
  }

  /**
   * Merges candidates — pairs {@code [values, indices]} of chunks of one row of a grid, whose
   * indices count along the whole {@code axis}, each pair sorted best first — {@code combineSize}
   * pairs at a time until one pair is left: the k best of all (by ascending index with
   * {@code byIndex}) at grid position {@code index}. Also the merge of other operands' bounded
   * selections (the nearest neighbours of query rows, one candidate pair per block of items).
   */
  public static List<Chunk> mergeTree(TileContext ctx, List<List<Chunk>> candidates, int axis, int k,
      boolean largest, boolean byIndex, int[] index) {
    int fanIn = Math.max(2, ctx.options().combineSize());
    List<List<Chunk>> level = candidates;
    while (true) {
      boolean last = level.size() <= fanIn;
      List<List<Chunk>> next = new ArrayList<>();
      for (int i = 0; i < level.size(); i += fanIn) {
        List<List<Chunk>> group = level.subList(i, Math.min(level.size(), i + fanIn));
        List<Chunk> ins = new ArrayList<>();
        long along = 0;
        for (List<Chunk> pair : group) {
          ins.add(pair.get(0));
          along += pair.get(0).shape()[axis];
        }
        for (List<Chunk> pair : group) {
          ins.add(pair.get(1));
        }
        Chunk first = group.get(0).get(0);
        long[] shape = first.shape();
        shape[axis] = Math.min(k, along);
        DType dt = (DType) first.meta();
        next.add(ctx.newChunks(new Select(axis, k, largest, last && byIndex, -1), ins,
            specs(last ? index : first.index(), shape, dt)));
      }
      if (last) {
        return next.get(0);
      }
      level = next;
    }
  }

  private static List<ChunkSpec> specs(int[] index, long[] shape, DType dtype) {
    return List.of(new ChunkSpec(index, shape, dtype), new ChunkSpec(index.clone(), shape.clone(), DType.INT64));
  }

  /**
   * The k best along the axis of its inputs, as {@code [values, indices]}: of one chunk whose
   * first element along the axis is at {@code offset} of the whole axis, or ({@code offset} −1)
   * of candidate pairs, the values of every pair first and then their indices.
   */
  record Select(int axis, int k, boolean largest, boolean byIndex, long offset) implements ChunkOp {
    @Override
    public int outputCount() {
      return 2;
    }

    @Override
    public Object execute(Object[] inputs) {
      int parts = offset >= 0 ? 1 : inputs.length / 2;
      NDArray[] values = new NDArray[parts];
      NDArray[] indices = new NDArray[parts];
      for (int j = 0; j < parts; j++) {
        values[j] = lastAxis((NDArray) inputs[j]);
        indices[j] = offset >= 0 ? null : lastAxis((NDArray) inputs[parts + j]);
      }
      NDArray[] out = select(values, indices, offset, k, largest, byIndex);
      return new Object[] {restore(out[0]), restore(out[1])};
    }

    private NDArray lastAxis(NDArray x) {
      return axis == x.ndim() - 1 ? x : x.transpose(moveLast(x.ndim()));
    }

    private NDArray restore(NDArray x) {
      int nd = x.ndim();
      if (axis == nd - 1) {
        return x;
      }
      int[] perm = moveLast(nd);
      int[] back = new int[nd];
      for (int i = 0; i < nd; i++) {
        back[perm[i]] = i;
      }
      return x.transpose(back);
    }

    private int[] moveLast(int nd) {
      int[] perm = new int[nd];
      for (int i = 0, j = 0; i < nd; i++) {
        if (i != axis) {
          perm[j++] = i;
        }
      }
      perm[nd - 1] = axis;
      return perm;
    }

    @Override
    public String name() {
      return offset >= 0 ? "topk.select" : "topk.merge";
    }
  }

  /**
   * The k best along the last axis of one or more arrays that share their other axes:
   * {@code [values, indices]} with the last axis {@code min(k, Σ lengths)} long. The indices of
   * part j are {@code indices[j]}, or (null, one part) {@code offset} plus the position.
   */
  public static NDArray[] select(NDArray[] values, NDArray[] indices, long offset, int k, boolean largest,
      boolean byIndex) {
    int parts = values.length;
    DType dt = values[0].dtype();
    long[] shape = values[0].shape().clone();
    int nd = shape.length;
    int[] lens = new int[parts];
    int total = 0;
    int widest = 0;
    for (int j = 0; j < parts; j++) {
      lens[j] = (int) values[j].shape(nd - 1);
      total += lens[j];
      widest = Math.max(widest, lens[j]);
    }
    int m = Math.min(k, total);
    shape[nd - 1] = 1;
    int rows = (int) Shapes.size(shape);
    shape[nd - 1] = m;
    Object outValues = NDArray.zeros(dt, rows * m).buffer();
    long[] outIndex = new long[rows * m];
    int[] slots = new int[rows * m];
    KBest best = new KBest(Math.max(1, m));
    long[] keys = new long[widest];
    for (int r = 0; r < rows; r++) {
      int slot = 0;
      for (int j = 0; j < parts; j++) {
        int from = r * lens[j];
        KBest.keys(values[j].buffer(), dt, from, lens[j], largest, keys);
        long[] given = indices[j] == null ? null : indices[j].longs();
        for (int i = 0; i < lens[j]; i++) {
          best.offer(keys[i], given == null ? offset + i : given[from + i], slot + i);
        }
        slot += lens[j];
      }
      best.drain(outIndex, slots, null, r * m, byIndex);
      for (int o = r * m; o < (r + 1) * m; o++) {
        int s = slots[o];
        int j = 0;
        while (s >= lens[j]) {
          s -= lens[j++];
        }
        System.arraycopy(values[j].buffer(), r * lens[j] + s, outValues, o, 1);
      }
    }
    return new NDArray[] {NDArray.wrap(dt, shape, outValues), NDArray.of(outIndex, shape.clone())};
  }
}
