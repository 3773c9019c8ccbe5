package org.marsonspark.tensor.ops;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;

/**
 * Chunk-level rechunking: each new chunk is assembled from the slices of the old chunks it
 * overlaps. Used by the {@code rechunk} operand and by operands that must align the chunks of
 * several inputs. Needs known chunk sizes.
 */
public final class Rechunking {
  private Rechunking() {}

  /** Chunks of {@code in} re-split as {@code target} (same shape), in C order of the new grid. */
  public static List<Chunk> rechunk(TileContext ctx, TensorData in, long[][] target) {
    long[][] source = in.nsplits();
    if (Arrays.deepEquals(source, target)) {
      return in.chunks();
    }
    int nd = target.length;
    long[][] srcOff = new long[nd][];
    long[][] dstOff = new long[nd][];
    int[] grid = new int[nd];
    for (int i = 0; i < nd; i++) {
      srcOff[i] = Shapes.offsets(source[i]);
      dstOff[i] = Shapes.offsets(target[i]);
      grid[i] = target[i].length;
    }
    List<Chunk> out = new ArrayList<>();
    int total = Shapes.gridSize(grid);
    for (int flat = 0; flat < total; flat++) {
      int[] idx = Shapes.unflatIndex(flat, grid);
      long[] lo = new long[nd];
      long[] hi = new long[nd];
      long[] shape = new long[nd];
      int[][] ranges = new int[nd][];
      for (int a = 0; a < nd; a++) {
        lo[a] = dstOff[a][idx[a]];
        hi[a] = dstOff[a][idx[a] + 1];
        shape[a] = hi[a] - lo[a];
        ranges[a] = overlapping(srcOff[a], lo[a], hi[a]);
      }
      List<Chunk> inputs = new ArrayList<>();
      List<long[]> starts = new ArrayList<>();
      List<long[]> counts = new ArrayList<>();
      List<long[]> at = new ArrayList<>();
      int[] sgrid = new int[nd];
      for (int a = 0; a < nd; a++) {
        sgrid[a] = ranges[a][1] - ranges[a][0];
      }
      int sn = Shapes.gridSize(sgrid);
      for (int s = 0; s < sn; s++) {
        int[] rel = Shapes.unflatIndex(s, sgrid);
        int[] src = new int[nd];
        long[] st = new long[nd];
        long[] cn = new long[nd];
        long[] pos = new long[nd];
        for (int a = 0; a < nd; a++) {
          src[a] = ranges[a][0] + rel[a];
          long cLo = srcOff[a][src[a]];
          long cHi = srcOff[a][src[a] + 1];
          long from = Math.max(cLo, lo[a]);
          long to = Math.min(cHi, hi[a]);
          st[a] = from - cLo;
          cn[a] = to - from;
          pos[a] = from - lo[a];
        }
        inputs.add(in.chunk(src));
        starts.add(st);
        counts.add(cn);
        at.add(pos);
      }
      ChunkOp op;
      if (inputs.size() == 1 && Arrays.equals(counts.get(0), inputs.get(0).shape())) {
        out.add(inputs.get(0));
        continue;
      }
      op = new Assemble(shape, in.dtype(), starts.toArray(new long[0][]), counts.toArray(new long[0][]),
          at.toArray(new long[0][]));
      out.add(ctx.newChunk(op, inputs, idx, shape, in.dtype()));
    }
    return out;
  }

  /** The chunks [first, last) of a split (given by offsets) that overlap [lo, hi). */
  static int[] overlapping(long[] offsets, long lo, long hi) {
    int n = offsets.length - 1;
    int first = 0;
    while (first < n - 1 && offsets[first + 1] <= lo) {
      first++;
    }
    int last = first;
    while (last < n && offsets[last] < hi) {
      last++;
    }
    if (last == first) {
      last = first + 1;
    }
    return new int[] {first, last};
  }

  /** Every boundary of any of the splits: the coarsest split refining them all. */
  public static long[] union(List<long[]> splits) {
    java.util.TreeSet<Long> bounds = new java.util.TreeSet<>();
    long total = -1;
    for (long[] s : splits) {
      long[] off = Shapes.offsets(s);
      for (long o : off) {
        bounds.add(o);
      }
      total = off[off.length - 1];
    }
    long[] b = bounds.stream().mapToLong(Long::longValue).toArray();
    if (b.length == 1) {
      return new long[] {total == -1 ? 0 : total};
    }
    long[] out = new long[b.length - 1];
    for (int i = 0; i < out.length; i++) {
      out[i] = b[i + 1] - b[i];
    }
    return out;
  }

  /** Builds one chunk from slices of its inputs. */
  record Assemble(long[] shape, DType dtype, long[][] starts, long[][] counts, long[][] at) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray[] pieces = new NDArray[inputs.length];
      for (int i = 0; i < inputs.length; i++) {
        long[] step = new long[shape.length];
        Arrays.fill(step, 1);
        pieces[i] = ((NDArray) inputs[i]).slice(starts[i], step, counts[i]);
      }
      return NDArray.assemble(dtype, shape, pieces, at);
    }

    @Override
    public String name() {
      return "rechunk";
    }
  }
}
