package org.marsonspark.tensor.ops;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.RuntimeWarnings;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;
import org.marsonspark.tensor.kernel.ReduceLayout;

/**
 * Order statistics: median, quantile and percentile (numpy's default linear interpolation).
 * Exact order statistics need every value of a slice together, so the reduced axes are
 * rechunked to one chunk while the other axes keep their chunks.
 */
public final class Statistics {
  private Statistics() {}

  /** median, or quantiles at {@code q} (in [0, 1]). */
  public static final class Quantile extends TensorOp {
    private final int[] axes;
    private final double[] q;
    private final boolean scalarQ;
    private final boolean median;
    private final String opName;

    /** Whether NaNs are left out (nanmedian, nanquantile, nanpercentile). */
    private boolean skipNan() {
      return opName.startsWith("nan");
    }

    private Quantile(TensorData in, int[] axes, double[] q, boolean scalarQ, boolean median, String opName) {
      super(List.of(in));
      this.axes = axes;
      this.q = q;
      this.scalarQ = scalarQ;
      this.median = median;
      this.opName = opName;
    }

    /** numpy's median: the middle value, or the mean of the two middle values. */
    public static TensorData median(TensorData in, int[] axes) {
      return median(in, axes, "median");
    }

    /** @param opName "median" or "nanmedian" (NaNs left out; an all-NaN slice gives NaN) */
    public static TensorData median(TensorData in, int[] axes, String opName) {
      DType result = in.dtype() == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
      return build(in, axes, new double[] {0.5}, true, true, opName, result);
    }

    /**
     * numpy's quantile with method 'linear'.
     *
     * @param scalarQ whether q is a scalar (no leading q axis in the result)
     */
    public static TensorData quantile(TensorData in, int[] axes, double[] q, boolean scalarQ, String opName) {
      for (double v : q) {
        if (!(v >= 0 && v <= 1)) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, opName.endsWith("percentile")
              ? opName + ": Percentiles must be in the range [0, 100], got " + v * 100
              : opName + ": Quantiles must be in the range [0, 1], got " + v);
        }
      }
      return build(in, axes, q.clone(), scalarQ, false, opName, DType.FLOAT64);
    }

    private static TensorData build(TensorData in, int[] axes, double[] q, boolean scalarQ, boolean median, String opName,
        DType result) {
      if (in.dtype() == DType.BOOL && !median) {
        throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, opName + " of a bool tensor: cast to an integer or float dtype first");
      }
      int[] norm = Reduction.normalizeAxes(axes, in.ndim(), opName);
      List<Long> shape = new ArrayList<>();
      if (!scalarQ) {
        shape.add((long) q.length);
      }
      for (int i = 0; i < in.ndim(); i++) {
        if (!Reduction.contains(norm, i)) {
          shape.add(in.shape(i));
        }
      }
      return new Quantile(in, norm, q, scalarQ, median, opName)
          .newOutput(shape.stream().mapToLong(Long::longValue).toArray(), result);
    }

    @Override
    public String name() {
      return opName;
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      if (Shapes.hasUnknown(in.nsplits())) {
        ctx.requireKnownShapes(in);
      }
      int nd = in.ndim();
      long[][] target = new long[nd][];
      for (int i = 0; i < nd; i++) {
        target[i] = Reduction.contains(axes, i) ? new long[] {in.shape(i)} : in.nsplits()[i];
      }
      List<Chunk> src = Rechunking.rechunk(ctx, in, target);
      QuantileChunk op = new QuantileChunk(axes, q, scalarQ, median, skipNan(), out().dtype());
      List<Chunk> outs = new ArrayList<>();
      for (Chunk c : src) {
        List<Long> shape = new ArrayList<>();
        List<Integer> idx = new ArrayList<>();
        if (!scalarQ) {
          shape.add((long) q.length);
          idx.add(0);
        }
        for (int i = 0; i < nd; i++) {
          if (!Reduction.contains(axes, i)) {
            shape.add(c.shape(i));
            idx.add(c.index()[i]);
          }
        }
        outs.add(ctx.newChunk(op, List.of(c), idx.stream().mapToInt(Integer::intValue).toArray(),
            shape.stream().mapToLong(Long::longValue).toArray(), out().dtype()));
      }
      List<long[]> splits = new ArrayList<>();
      if (!scalarQ) {
        splits.add(new long[] {q.length});
      }
      for (int i = 0; i < nd; i++) {
        if (!Reduction.contains(axes, i)) {
          splits.add(target[i]);
        }
      }
      out().setChunks(outs, splits.toArray(new long[0][]));
    }
  }

  /** numpy's warning for the median of an empty slice. */
  static final String EMPTY_SLICE = "Mean of empty slice";

  /** Sorts each slice over the reduced axes and interpolates. */
  record QuantileChunk(int[] axes, double[] q, boolean scalarQ, boolean median, boolean skipNan, DType result)
      implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray x = (NDArray) inputs[0];
      ReduceLayout l = new ReduceLayout(x, axes);
      double[] v = l.data.astype(DType.FLOAT64).doubles();
      int n = l.inner;
      if (n == 0) {
        // numpy: median (and the nan- variants) of an empty slice is NaN with a RuntimeWarning,
        // quantile an IndexError
        if (!median && !skipNan) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "quantile of an empty slice: IndexError: cannot do a"
              + " non-empty take from an empty axes.");
        }
        RuntimeWarnings.warn(EMPTY_SLICE, () -> (median ? "median" : "quantile") + " of an empty slice is NaN");
      }
      double[] out = new double[q.length * l.outer];
      double[] row = new double[n];
      for (int o = 0; o < l.outer; o++) {
        System.arraycopy(v, o * n, row, 0, n);
        Arrays.sort(row);
        int m = n;
        if (skipNan) {
          while (m > 0 && Double.isNaN(row[m - 1])) {
            m--;
          }
        }
        double[] vals = m == n ? row : Arrays.copyOf(row, m);
        boolean nan = m == 0 || Double.isNaN(vals[m - 1]);
        for (int k = 0; k < q.length; k++) {
          double r;
          if (nan) {
            r = Double.NaN;
          } else if (median) {
            r = m % 2 == 1 ? vals[m / 2] : (vals[m / 2 - 1] + vals[m / 2]) / 2;
          } else {
            r = linear(vals, q[k], x.dtype() == DType.FLOAT32);
          }
          out[k * l.outer + o] = r;
        }
      }
      List<Long> shape = new ArrayList<>();
      if (!scalarQ) {
        shape.add((long) q.length);
      }
      for (int i = 0; i < x.ndim(); i++) {
        if (!Reduction.contains(axes, i)) {
          shape.add(x.shape(i));
        }
      }
      return NDArray.of(out, shape.stream().mapToLong(Long::longValue).toArray()).astype(result);
    }

    /**
     * numpy's 'linear' method and its {@code _lerp} (which rounds from the nearer end); on
     * float32 input numpy takes the difference of the two neighbours in float32.
     */
    static double linear(double[] sorted, double q, boolean f32) {
      int n = sorted.length;
      double index = q * (n - 1);
      int below = (int) Math.floor(index);
      int above = Math.min(below + 1, n - 1);
      below = Math.max(0, Math.min(below, n - 1));
      double t = index - Math.floor(index);
      double a = sorted[below];
      double b = sorted[above];
      double diff = f32 ? (float) (b - a) : b - a;
      return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
    }

    @Override
    public String name() {
      return median ? "median" : "quantile";
    }
  }
}
