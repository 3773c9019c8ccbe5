package org.marsonspark.tensor.ops;

import java.util.ArrayList;
import java.util.List;
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

/**
 * cumsum, cumprod, nancumsum and nancumprod along an axis, tiled in two passes: every chunk
 * is scanned on its own, then each chunk after the first along the axis merges in the last
 * slices of the chunks before it (their running totals). No chunk holds more than it did.
 */
public final class Scans {
  private Scans() {}

  /** The scans: sum or product, optionally NaN-ignoring (NaN counts as the identity). */
  public enum Kind {
    CUMSUM("cumsum", false, false), CUMPROD("cumprod", true, false),
    NANCUMSUM("nancumsum", false, true), NANCUMPROD("nancumprod", true, true);

    final String numpyName;
    final boolean product;
    final boolean skipNan;

    Kind(String numpyName, boolean product, boolean skipNan) {
      this.numpyName = numpyName;
      this.product = product;
      this.skipNan = skipNan;
    }

    /** numpy's accumulation dtype: bool and int32 become int64, floats stay. */
    DType resultType(DType in) {
      return in.isFloat() ? in : DType.INT64;
    }
  }

  /** The scan operand. */
  public static final class Scan extends TensorOp {
    private final Kind kind;
    private final int axis;

    private Scan(TensorData in, Kind kind, int axis) {
      super(List.of(in));
      this.kind = kind;
      this.axis = axis;
    }

    /**
     * @param axis the axis to scan (negative counts from the end); null only for 1-d input
     *     (numpy flattens; flattening N-d input needs a reshape first)
     */
    public static TensorData of(TensorData in, Kind kind, Integer axis) {
      int nd = in.ndim();
      int a;
      if (axis == null) {
        if (nd > 1) {
          throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, kind.numpyName
              + ": axis=None on a " + nd + "-d tensor flattens it; reshape to 1-d first or pass an axis");
        }
        a = 0;
      } else {
        a = axis;
      }
      a = Errors.normalizeAxis(kind.numpyName, a, nd);
      return new Scan(in, kind, a).newOutput(in.shape(), kind.resultType(in.dtype()));
    }

    @Override
    public String name() {
      return kind.numpyName;
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      if (Shapes.hasUnknown(in.nsplits())) {
        ctx.requireKnownShapes(in);
      }
      DType result = out().dtype();
      List<Chunk> local = new ArrayList<>();
      List<Chunk> last = new ArrayList<>();
      for (Chunk c : in.chunks()) {
        Chunk s = ctx.newChunk(new ScanChunk(kind, axis, result), List.of(c), c.index(), c.shape(), result);
        local.add(s);
        long[] start = new long[c.shape().length];
        long[] step = new long[start.length];
        long[] count = c.shape();
        java.util.Arrays.fill(step, 1);
        start[axis] = Math.max(0, count[axis] - 1);
        count[axis] = Math.min(1, count[axis]);
        last.add(ctx.newChunk(new Indexing.SliceChunk(start, step, count), List.of(s), c.index(), count, result));
      }
      int[] grid = in.chunkGrid();
      List<Chunk> outs = new ArrayList<>();
      for (int flat = 0; flat < local.size(); flat++) {
        Chunk s = local.get(flat);
        int[] idx = s.index();
        if (idx[axis] == 0) {
          outs.add(s);
          continue;
        }
        List<Chunk> args = new ArrayList<>();
        args.add(s);
        for (int j = 0; j < idx[axis]; j++) {
          int[] p = idx.clone();
          p[axis] = j;
          args.add(last.get(Shapes.flatIndex(p, grid)));
        }
        outs.add(ctx.newChunk(new OffsetChunk(kind, axis, result), args, idx, s.shape(), result));
      }
      out().setChunks(outs, in.nsplits());
    }
  }

  /**
   * The float identity a scan starts from: 1, or -0.0 for sums — the x with x + y == y for
   * every y, signed zeros included, so a scan's first value is the first element (numpy's
   * accumulate) and [-0.0, -0.0] sums to -0.0.
   */
  static double identity(Kind kind) {
    return kind.product ? 1 : -0.0;
  }

  /** Scans one chunk along the axis. */
  record ScanChunk(Kind kind, int axis, DType result) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray x = (NDArray) inputs[0];
      long[] shape = x.shape();
      int nd = shape.length;
      long inner = 1;
      for (int i = axis + 1; i < nd; i++) {
        inner *= shape[i];
      }
      int n = (int) shape[axis];
      int outer = (int) (x.size() / Math.max(1, n * inner));
      int in = (int) inner;
      if (result.isFloat()) {
        double[] v = x.astype(DType.FLOAT64).doubles().clone();
        boolean f32 = result == DType.FLOAT32;
        for (int o = 0; o < outer; o++) {
          for (int k = 0; k < in; k++) {
            double acc = identity(kind);
            for (int i = 0; i < n; i++) {
              int at = (o * n + i) * in + k;
              double e = v[at];
              if (kind.skipNan && Double.isNaN(e)) {
                e = kind.product ? 1.0 : 0.0; // numpy replaces NaN by 1 or +0.0 (so -0.0 then gives 0.0)
              }
              acc = kind.product ? acc * e : acc + e;
              if (f32) {
                acc = (float) acc;
              }
              v[at] = acc;
            }
          }
        }
        return NDArray.of(v, shape).astype(result);
      }
      long[] v = x.astype(DType.INT64).longs().clone();
      for (int o = 0; o < outer; o++) {
        for (int k = 0; k < in; k++) {
          long acc = kind.product ? 1 : 0;
          for (int i = 0; i < n; i++) {
            int at = (o * n + i) * in + k;
            acc = kind.product ? acc * v[at] : acc + v[at];
            v[at] = acc;
          }
        }
      }
      return NDArray.of(v, shape);
    }

    @Override
    public String name() {
      return kind.numpyName + ".scan";
    }
  }

  /** Merges the running totals of the preceding chunks (their last slices) into a scanned chunk. */
  record OffsetChunk(Kind kind, int axis, DType result) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray x = (NDArray) inputs[0];
      long[] shape = x.shape();
      long inner = 1;
      for (int i = axis + 1; i < shape.length; i++) {
        inner *= shape[i];
      }
      int n = (int) shape[axis];
      int in = (int) inner;
      int m = ((NDArray) inputs[1]).size();
      int outer = m / Math.max(1, in);
      if (result.isFloat()) {
        boolean f32 = result == DType.FLOAT32;
        double[] carry = new double[m];
        java.util.Arrays.fill(carry, identity(kind));
        for (int p = 1; p < inputs.length; p++) {
          double[] s = ((NDArray) inputs[p]).astype(DType.FLOAT64).doubles();
          for (int i = 0; i < m; i++) {
            double r = kind.product ? carry[i] * s[i] : carry[i] + s[i];
            carry[i] = f32 ? (float) r : r;
          }
        }
        double[] v = x.astype(DType.FLOAT64).doubles().clone();
        for (int o = 0; o < outer; o++) {
          for (int i = 0; i < n; i++) {
            for (int k = 0; k < in; k++) {
              int at = (o * n + i) * in + k;
              double c = carry[o * in + k];
              double r = kind.product ? c * v[at] : c + v[at];
              v[at] = f32 ? (float) r : r;
            }
          }
        }
        return NDArray.of(v, shape).astype(result);
      }
      long[] carry = new long[m];
      java.util.Arrays.fill(carry, kind.product ? 1 : 0);
      for (int p = 1; p < inputs.length; p++) {
        long[] s = ((NDArray) inputs[p]).astype(DType.INT64).longs();
        for (int i = 0; i < m; i++) {
          carry[i] = kind.product ? carry[i] * s[i] : carry[i] + s[i];
        }
      }
      long[] v = x.astype(DType.INT64).longs().clone();
      for (int o = 0; o < outer; o++) {
        for (int i = 0; i < n; i++) {
          for (int k = 0; k < in; k++) {
            int at = (o * n + i) * in + k;
            long c = carry[o * in + k];
            v[at] = kind.product ? c * v[at] : c + v[at];
          }
        }
      }
      return NDArray.of(v, shape);
    }

    @Override
    public String name() {
      return kind.numpyName + ".offset";
    }
  }
}
