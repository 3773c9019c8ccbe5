package org.marsonspark.tensor.ops;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoSerializable;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Errors;
import org.marsonspark.core.Exchange;
import org.marsonspark.core.ChunkValue;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;

/**
 * sort and argsort. A 1-d tensor of several chunks is sorted by regular sampling (PSRS, as in
 * Mars): each chunk is sorted and sampled at p regular positions, p - 1 pivots are picked from
 * the sorted samples, every sorted chunk is split by the pivots into p pieces, and bucket j
 * merges the j-th piece of every chunk. Bucket sizes are known only after the run, so the
 * result's chunk sizes are unknown until then (iterative tiling). Along an axis of an N-d
 * tensor the axis is brought to one chunk (other axes keep theirs). The order is numpy's
 * (NaN last) and stable: ties keep their original order, as numpy's kind='stable'.
 */
public final class Sort {
  private Sort() {}

  /** numpy's sort order: NaN after everything, NaN equal to NaN. */
  static boolean lt(double a, double b) {
    return a < b || (Double.isNaN(b) && !Double.isNaN(a));
  }

  static boolean le(double a, double b) {
    return !lt(b, a);
  }

  /** The sort operand. */
  public static final class SortOp extends TensorOp {
    private final int axis;
    private final boolean indices;

    private SortOp(TensorData in, int axis, boolean indices) {
      super(List.of(in));
      this.axis = axis;
      this.indices = indices;
    }

    /** @param axis the axis to sort along (negative counts from the end) */
    public static TensorData of(TensorData in, int axis, boolean indices) {
      String op = indices ? "argsort" : "sort";
      int nd = in.ndim();
      int a = Errors.normalizeAxis(op, axis, nd);
      return new SortOp(in, a, indices).newOutput(in.shape(), indices ? DType.INT64 : in.dtype());
    }

    @Override
    public String name() {
      return indices ? "argsort" : "sort";
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      ctx.requireKnownShapes(in);
      DType dt = out().dtype();
      long[][] nsplits = in.nsplits();
      if (in.ndim() == 1 && nsplits[0].length > 1) {
        psrs(ctx, in, dt);
        return;
      }
      long[][] target = nsplits.clone();
      target[axis] = new long[] {in.shape(axis)};
      List<Chunk> src = Rechunking.rechunk(ctx, in, target);
      List<Chunk> outs = new ArrayList<>();
      for (Chunk c : src) {
        outs.add(ctx.newChunk(new AxisSortChunk(axis, indices), List.of(c), c.index(), c.shape(), dt));
      }
      out().setChunks(outs, target);
    }

    private void psrs(TileContext ctx, TensorData in, DType dt) {
      List<Chunk> buckets = keyedBuckets(ctx, in);
      List<Chunk> outs = new ArrayList<>();
      for (int j = 0; j < buckets.size(); j++) {
        outs.add(ctx.newChunk(new FinishChunk(indices), List.of(buckets.get(j)), new int[] {j},
            new long[] {Shapes.UNKNOWN}, dt));
      }
      long[] splits = new long[outs.size()];
      Arrays.fill(splits, Shapes.UNKNOWN);
      out().setChunks(outs, new long[][] {splits});
    }
  }

  /**
   * PSRS of a 1-d tensor of known chunk sizes: chunks holding {@link Keyed} values in global
   * order, bucket by bucket (one bucket, the sorted chunk, when there is one chunk). Equal
   * values always land in the same bucket.
   */
  static List<Chunk> keyedBuckets(TileContext ctx, TensorData in) {
    List<Chunk> chunks = in.chunks();
    int p = chunks.size();
    long[] offsets = Shapes.offsets(in.nsplits()[0]);
    List<Chunk> sorted = new ArrayList<>();
    List<Chunk> samples = new ArrayList<>();
    for (int i = 0; i < p; i++) {
      Chunk c = chunks.get(i);
      Chunk s = ctx.newChunk(new LocalSortChunk(offsets[i]), List.of(c), c.index(), c.shape(), null);
      sorted.add(s);
      samples.add(ctx.newChunk(new SampleChunk(p), List.of(s), c.index(), new long[] {Math.min(p, c.shape(0))},
          in.dtype()));
    }
    if (p == 1) {
      return sorted;
    }
    Chunk pivots = ctx.newChunk(new PivotChunk(p), samples, new int[] {0}, new long[] {p - 1}, in.dtype());
    List<Chunk> cuts = new ArrayList<>();
    for (int i = 0; i < p; i++) {
      cuts.add(ctx.newChunk(new PartitionChunk(p), List.of(sorted.get(i), pivots), new int[] {i}, new long[] {p},
          Exchange.PIECES));
    }
    List<Chunk> buckets = ctx.newExchange("psrs.exchange", cuts, p);
    List<Chunk> outs = new ArrayList<>();
    for (int j = 0; j < p; j++) {
      outs.add(ctx.newChunk(new MergeChunk(), List.of(buckets.get(j)), new int[] {j}, new long[] {Shapes.UNKNOWN},
          null));
    }
    return outs;
  }

  /** The values (or positions) of a sorted bucket. */
  record FinishChunk(boolean indices) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      Keyed k = (Keyed) inputs[0];
      return indices ? NDArray.of(k.index.clone(), new long[] {k.index.length}) : k.values;
    }

    @Override
    public String name() {
      return indices ? "argsort.finish" : "sort.finish";
    }
  }

  /** Values with their positions in the whole tensor, in sorted order. */
  static final class Keyed implements ChunkValue, java.io.Serializable, KryoSerializable {
    NDArray values;
    long[] index;

    Keyed(NDArray values, long[] index) {
      this.values = values;
      this.index = index;
    }

    @SuppressWarnings("unused")
    private Keyed() {}

    @Override
    public long[] shape() {
      return new long[] {index.length};
    }

    @Override
    public long nbytes() {
      return values.nbytes() + 8L * index.length;
    }

    @Override
    public String kind() {
      return "keyed";
    }

    @Override
    public void write(Kryo kryo, Output out) {
      kryo.writeObject(out, values);
      out.writeInt(index.length);
      out.writeLongs(index);
    }

    @Override
    public void read(Kryo kryo, Input in) {
      values = kryo.readObject(in, NDArray.class);
      index = in.readLongs(in.readInt());
    }
  }

  /** numpy's order of element i and j of x (NaN last), -1, 0 or 1. */
  static int compare(NDArray x, int i, NDArray y, int j) {
    if (x.dtype().isFloat() || y.dtype().isFloat()) {
      double a = x.getDouble(i);
      double b = y.getDouble(j);
      return lt(a, b) ? -1 : lt(b, a) ? 1 : 0;
    }
    return Long.compare(x.getLong(i), y.getLong(j));
  }

  /** Sort keys of an array: double[] for floats, long[] otherwise. */
  static Object keys(NDArray x) {
    return x.dtype().isFloat() ? x.astype(DType.FLOAT64).doubles() : x.astype(DType.INT64).longs();
  }

  private interface IndexOrder {
    int compare(int i, int j);
  }

  /**
   * The permutation sorting keys[from, from + n) stably in numpy's order (NaN last), by a
   * bottom-up merge sort over primitive keys (no boxing).
   */
  static int[] order(Object keys, int from, int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = from + i;
    }
    IndexOrder c;
    if (keys instanceof double[] d) {
      c = (i, j) -> lt(d[i], d[j]) ? -1 : lt(d[j], d[i]) ? 1 : 0;
    } else {
      long[] l = (long[]) keys;
      c = (i, j) -> Long.compare(l[i], l[j]);
    }
    int[] b = new int[n];
    for (int width = 1; width < n; width *= 2) {
      for (int lo = 0; lo < n; lo += 2 * width) {
        int mid = Math.min(lo + width, n);
        int hi = Math.min(lo + 2 * width, n);
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
          b[k++] = c.compare(a[j], a[i]) < 0 ? a[j++] : a[i++];
        }
        while (i < mid) {
          b[k++] = a[i++];
        }
        while (j < hi) {
          b[k++] = a[j++];
        }
      }
      int[] t = a;
      a = b;
      b = t;
    }
    return a;
  }

  static NDArray take(NDArray x, int[] at, long[] shape) {
    long[] idx = new long[at.length];
    for (int i = 0; i < at.length; i++) {
      idx[i] = at[i];
    }
    return gather(x, idx, shape);
  }

  static NDArray gather(NDArray x, long[] at, long[] shape) {
    int n = at.length;
    switch (x.dtype()) {
      case FLOAT64, FLOAT32 -> {
        double[] o = new double[n];
        for (int i = 0; i < n; i++) {
          o[i] = x.getDouble((int) at[i]);
        }
        return NDArray.of(o, shape).astype(x.dtype());
      }
      case BOOL -> {
        boolean[] o = new boolean[n];
        for (int i = 0; i < n; i++) {
          o[i] = x.getBool((int) at[i]);
        }
        return NDArray.of(o, shape);
      }
      default -> {
        long[] o = new long[n];
        for (int i = 0; i < n; i++) {
          o[i] = x.getLong((int) at[i]);
        }
        return NDArray.of(o, shape).astype(x.dtype());
      }
    }
  }

  /** Sorts one chunk holding the whole axis. */
  record AxisSortChunk(int axis, boolean indices) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray x = (NDArray) inputs[0];
      int nd = x.ndim();
      int[] perm = new int[nd];
      int[] back = new int[nd];
      for (int i = 0, k = 0; i < nd; i++) {
        if (i != axis) {
          perm[k++] = i;
        }
      }
      perm[nd - 1] = axis;
      for (int i = 0; i < nd; i++) {
        back[perm[i]] = i;
      }
      NDArray t = x.transpose(perm);
      int n = (int) x.shape(axis);
      int rows = n == 0 ? 0 : t.size() / n;
      int[] at = new int[t.size()];
      long[] pos = new long[t.size()];
      Object keys = keys(t);
      for (int r = 0; r < rows; r++) {
        int[] o = order(keys, r * n, n);
        for (int i = 0; i < n; i++) {
          at[r * n + i] = o[i];
          pos[r * n + i] = o[i] - r * n;
        }
      }
      NDArray sorted = indices ? NDArray.of(pos, t.shape()) : take(t, at, t.shape());
      return sorted.transpose(back);
    }

    @Override
    public String name() {
      return indices ? "argsort" : "sort";
    }
  }

  /** PSRS step 1: sorts a chunk, keeping global positions. */
  record LocalSortChunk(long offset) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray x = (NDArray) inputs[0];
      int[] o = order(keys(x), 0, x.size());
      int[] at = new int[o.length];
      long[] idx = new long[o.length];
      for (int i = 0; i < o.length; i++) {
        at[i] = o[i];
        idx[i] = offset + o[i];
      }
      return new Keyed(take(x, at, x.shape()), idx);
    }

    @Override
    public String name() {
      return "psrs.sort";
    }
  }

  /** PSRS step 2: p values at regular positions of a sorted chunk. */
  record SampleChunk(int p) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray v = ((Keyed) inputs[0]).values;
      int n = v.size();
      int k = Math.min(p, n);
      int[] at = new int[k];
      for (int i = 0; i < k; i++) {
        at[i] = (int) ((long) i * n / k);
      }
      return take(v, at, new long[] {k});
    }

    @Override
    public String name() {
      return "psrs.sample";
    }
  }

  /** PSRS step 3: p - 1 pivots at regular positions of all samples, sorted. */
  record PivotChunk(int p) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray[] parts = new NDArray[inputs.length];
      long total = 0;
      for (int i = 0; i < inputs.length; i++) {
        parts[i] = (NDArray) inputs[i];
        total += parts[i].size();
      }
      NDArray all = concat(parts, (int) total);
      int[] o = order(keys(all), 0, all.size());
      int[] at = new int[p - 1];
      for (int j = 1; j < p; j++) {
        at[j - 1] = o[Math.min(o.length - 1, (int) ((long) j * o.length / p))];
      }
      return take(all, at, new long[] {p - 1});
    }

    @Override
    public String name() {
      return "psrs.pivots";
    }
  }

  static NDArray concat(NDArray[] parts, int total) {
    DType dt = parts[0].dtype();
    long[] offsets = new long[parts.length];
    long at = 0;
    long[][] offs = new long[parts.length][];
    for (int i = 0; i < parts.length; i++) {
      offs[i] = new long[] {at};
      at += parts[i].size();
      offsets[i] = at;
    }
    return NDArray.assemble(dt, new long[] {total}, parts, offs);
  }

  /** PSRS step 4: splits a sorted chunk by the pivots into p pieces (bucket j: pivot[j-1] <= v < pivot[j]). */
  record PartitionChunk(int p) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      Keyed k = (Keyed) inputs[0];
      NDArray piv = (NDArray) inputs[1];
      Object[] out = new Object[p];
      int n = k.values.size();
      int start = 0;
      for (int j = 0; j < p; j++) {
        int end = start;
        if (j == p - 1) {
          end = n;
        } else {
          while (end < n && compare(k.values, end, piv, j) < 0) {
            end++;
          }
        }
        int[] at = new int[end - start];
        for (int i = 0; i < at.length; i++) {
          at[i] = start + i;
        }
        out[j] = new Keyed(take(k.values, at, new long[] {at.length}), Arrays.copyOfRange(k.index, start, end));
        start = end;
      }
      return new Exchange.Pieces(out);
    }

    @Override
    public String name() {
      return "psrs.partition";
    }
  }

  /** PSRS step 5: merges the pieces of one bucket (stable by global position). */
  record MergeChunk() implements ChunkOp {
    @Override
    public Object execute(Object[] bucket) {
      Object[] inputs = ((Exchange.Bucket) bucket[0]).pieces().toArray();
      int total = 0;
      NDArray[] vals = new NDArray[inputs.length];
      for (int i = 0; i < inputs.length; i++) {
        vals[i] = ((Keyed) inputs[i]).values;
        total += vals[i].size();
      }
      long[] idx = new long[total];
      int at = 0;
      for (Object o : inputs) {
        long[] ix = ((Keyed) o).index;
        System.arraycopy(ix, 0, idx, at, ix.length);
        at += ix.length;
      }
      NDArray all = total == 0 ? NDArray.zeros(vals[0].dtype(), 0) : concat(vals, total);
      // pieces come in chunk order and each is sorted by (value, position), and positions grow
      // with the chunk: a stable sort by value alone orders by (value, position)
      int[] p = order(keys(all), 0, total);
      long[] sortedIdx = new long[total];
      for (int i = 0; i < total; i++) {
        sortedIdx[i] = idx[p[i]];
      }
      return new Keyed(take(all, p, new long[] {total}), sortedIdx);
    }

    @Override
    public String name() {
      return "psrs.merge";
    }
  }
}
