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
 * histogram and bincount, tiled as counts: every chunk counts into its own bins and the
 * partial counts are summed. A histogram of equal-width bins takes its range from min and max
 * reductions of the data (chunks of their own), so nothing is collected. bincount's length
 * depends on the largest value, so its result is one chunk whose size is known after the run.
 */
public final class Histograms {
  private Histograms() {}

  /** histogram's counts: equal-width bins over [lo, hi] (given, or min/max of the data), or explicit edges. */
  public static final class HistCount extends TensorOp {
    private final int bins;
    private final double[] range;

    private HistCount(List<TensorData> inputs, int bins, double[] range) {
      super(inputs);
      this.bins = bins;
      this.range = range;
    }

    /**
     * @param minMax min and max of the data as 0-d tensors, or null when {@code range} is given
     */
    public static TensorData uniform(TensorData a, int bins, double[] range, TensorData[] minMax) {
      checkBins(bins);
      if (range == null && minMax == null) {
        throw new IllegalArgumentException("histogram: equal-width bins need a range or the data's min and max");
      }
      if (range != null && !(range[0] <= range[1])) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "histogram: max must be larger than min in range parameter");
      }
      List<TensorData> ins = minMax == null ? List.of(a) : List.of(a, minMax[0], minMax[1]);
      return new HistCount(ins, bins, range).newOutput(new long[] {bins}, DType.INT64);
    }

    public static void checkBins(int bins) {
      if (bins < 1) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "histogram: `bins` must be positive, when an integer, got "
            + bins);
      }
    }

    public static TensorData edges(TensorData a, TensorData edges) {
      if (edges.ndim() != 1 || edges.shape(0) < 2) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "histogram: `bins` must be 1d with at least 2 edges");
      }
      return new HistCount(List.of(a, edges), (int) edges.shape(0) - 1, null).newOutput(
          new long[] {edges.shape(0) - 1}, DType.INT64);
    }

    @Override
    public String name() {
      return "histogram";
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData a = input(0);
      boolean explicit = inputs().size() == 2;
      List<Chunk> extra = new ArrayList<>();
      for (int i = 1; i < inputs().size(); i++) {
        extra.addAll(input(i).chunks());
      }
      boolean f32 = a.dtype() == DType.FLOAT32;
      List<Chunk> parts = new ArrayList<>();
      for (Chunk c : a.chunks()) {
        List<Chunk> args = new ArrayList<>();
        args.add(c);
        args.addAll(extra);
        parts.add(ctx.newChunk(new HistChunk(bins, range, explicit, f32), args, new int[] {0}, new long[] {bins},
            DType.INT64));
      }
      Chunk sum = parts.size() == 1 ? parts.get(0)
          : ctx.newChunk(new Searching.SumChunk(), parts, new int[] {0}, new long[] {bins}, DType.INT64);
      out().setChunks(List.of(sum), new long[][] {{bins}});
    }
  }

  /** Counts one chunk (numpy's uniform-bin index arithmetic and its edge corrections). */
  record HistChunk(int bins, double[] range, boolean explicit, boolean f32) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray x = (NDArray) inputs[0];
      long[] n = new long[bins];
      if (explicit) {
        double[] e = new double[bins + 1];
        int k = 0;
        for (int i = 1; i < inputs.length; i++) {
          NDArray part = (NDArray) inputs[i];
          for (int j = 0; j < part.size(); j++) {
            e[k++] = part.getDouble(j);
          }
        }
        for (int i = 0; i < x.size(); i++) {
          double v = x.getDouble(i);
          for (int b = 0; b < bins; b++) {
            boolean last = b == bins - 1;
            if (v >= e[b] && (v < e[b + 1] || (last && v <= e[b + 1]))) {
              n[b]++;
              break;
            }
          }
        }
        return NDArray.of(n, new long[] {bins});
      }
      double lo;
      double hi;
      if (range != null) {
        lo = range[0];
        hi = range[1];
      } else {
        lo = ((NDArray) inputs[1]).getDouble(0);
        hi = ((NDArray) inputs[2]).getDouble(0);
        if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "histogram: autodetected range of [" + lo + ", " + hi
              + "] is not finite");
        }
      }
      if (lo == hi) {
        lo -= 0.5;
        hi += 0.5;
      }
      double[] edges = edges(lo, hi, bins, f32);
      double norm = bins / (hi - lo);
      if (f32) {
        norm = (float) norm;
      }
      for (int i = 0; i < x.size(); i++) {
        double v = x.getDouble(i);
        if (!(v >= lo && v <= hi)) {
          continue;
        }
        double f = f32 ? (float) ((float) (v - (float) lo) * norm) : (v - lo) * norm;
        int idx = (int) f;
        if (idx == bins) {
          idx--;
        }
        if (v < edges[idx]) {
          idx--;
        } else if (v >= edges[idx + 1] && idx != bins - 1) {
          idx++;
        }
        n[idx]++;
      }
      return NDArray.of(n, new long[] {bins});
    }

    @Override
    public String name() {
      return "histogram.count";
    }
  }

  /** numpy's linspace(lo, hi, bins + 1) (computed in float64, then cast). */
  static double[] edges(double lo, double hi, int bins, boolean f32) {
    double[] e = new double[bins + 1];
    double step = (hi - lo) / bins;
    for (int i = 0; i <= bins; i++) {
      e[i] = i * step + lo;
    }
    e[bins] = hi;
    if (f32) {
      for (int i = 0; i <= bins; i++) {
        e[i] = (float) e[i];
      }
    }
    return e;
  }

  /** histogram's bin edges for equal-width bins. */
  public static final class HistEdges extends TensorOp {
    private final int bins;
    private final double[] range;

    private HistEdges(List<TensorData> inputs, int bins, double[] range) {
      super(inputs);
      this.bins = bins;
      this.range = range;
    }

    public static TensorData of(TensorData a, int bins, double[] range, TensorData[] minMax) {
      DType dt = a.dtype() == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
      List<TensorData> ins = minMax == null ? List.of() : List.of(minMax[0], minMax[1]);
      return new HistEdges(ins, bins, range).newOutput(new long[] {bins + 1}, dt);
    }

    @Override
    public String name() {
      return "histogram.edges";
    }

    @Override
    public void tile(TileContext ctx) {
      List<Chunk> args = new ArrayList<>();
      for (int i = 0; i < inputs().size(); i++) {
        args.addAll(input(i).chunks());
      }
      Chunk c = ctx.newChunk(new EdgesChunk(bins, range, out().dtype()), args, new int[] {0}, new long[] {bins + 1},
          out().dtype());
      out().setChunks(List.of(c), new long[][] {{bins + 1}});
    }
  }

  record EdgesChunk(int bins, double[] range, DType dtype) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      double lo = range != null ? range[0] : ((NDArray) inputs[0]).getDouble(0);
      double hi = range != null ? range[1] : ((NDArray) inputs[1]).getDouble(0);
      if (lo == hi) {
        lo -= 0.5;
        hi += 0.5;
      }
      return NDArray.of(edges(lo, hi, bins, dtype == DType.FLOAT32), new long[] {bins + 1}).astype(dtype);
    }

    @Override
    public String name() {
      return "histogram.edges";
    }
  }

  /** numpy's bincount of non-negative integers, optionally weighted, at least {@code minlength} long. */
  public static final class BinCount extends TensorOp {
    private final long minlength;

    private BinCount(List<TensorData> inputs, long minlength) {
      super(inputs);
      this.minlength = minlength;
    }

    public static TensorData of(TensorData x, TensorData weights, long minlength) {
      if (x.ndim() != 1) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "bincount: x must be 1-d, got " + x.ndim() + " dimensions");
      }
      if (x.dtype().isFloat()) {
        throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "bincount: x must hold non-negative integers, got "
            + x.dtype());
      }
      if (minlength < 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "bincount: 'minlength' must not be negative");
      }
      if (weights != null && (weights.ndim() != 1 || weights.shape(0) != x.shape(0))) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, "bincount: The weights and list don't have the same length.");
      }
      List<TensorData> ins = weights == null ? List.of(x) : List.of(x, weights);
      return new BinCount(ins, minlength).newOutput(new long[] {Shapes.UNKNOWN},
          weights == null ? DType.INT64 : DType.FLOAT64);
    }

    @Override
    public String name() {
      return "bincount";
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData x = input(0);
      List<Chunk> xs = x.chunks();
      List<Chunk> ws = null;
      if (inputs().size() == 2) {
        ctx.requireKnownShapes(x, input(1));
        ws = Rechunking.rechunk(ctx, input(1), x.nsplits());
      }
      List<Chunk> parts = new ArrayList<>();
      for (int i = 0; i < xs.size(); i++) {
        List<Chunk> args = ws == null ? List.of(xs.get(i)) : List.of(xs.get(i), ws.get(i));
        parts.add(ctx.newChunk(new BinCountChunk(), args, new int[] {0}, new long[] {Shapes.UNKNOWN}, null));
      }
      Chunk out = ctx.newChunk(new BinSumChunk(minlength, out().dtype()), parts, new int[] {0},
          new long[] {Shapes.UNKNOWN}, out().dtype());
      out().setChunks(List.of(out), new long[][] {{Shapes.UNKNOWN}});
    }
  }

  record BinCountChunk() implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray x = (NDArray) inputs[0];
      NDArray w = inputs.length > 1 ? (NDArray) inputs[1] : null;
      long max = -1;
      for (int i = 0; i < x.size(); i++) {
        long v = x.getLong(i);
        if (v < 0) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "bincount: 'list' argument must have no negative elements");
        }
        max = Math.max(max, v);
      }
      double[] n = new double[(int) (max + 1)];
      for (int i = 0; i < x.size(); i++) {
        n[(int) x.getLong(i)] += w == null ? 1 : w.getDouble(i);
      }
      return NDArray.of(n, new long[] {n.length});
    }

    @Override
    public String name() {
      return "bincount.count";
    }
  }

  record BinSumChunk(long minlength, DType dtype) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      int len = (int) minlength;
      for (Object o : inputs) {
        len = Math.max(len, ((NDArray) o).size());
      }
      double[] acc = new double[len];
      for (Object o : inputs) {
        double[] x = ((NDArray) o).doubles();
        for (int i = 0; i < x.length; i++) {
          acc[i] += x[i];
        }
      }
      return NDArray.of(acc, new long[] {len}).astype(dtype);
    }

    @Override
    public String name() {
      return "bincount.sum";
    }
  }
}
