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
import org.marsonspark.tensor.kernel.FftKernel;

/**
 * A 1-D discrete Fourier transform along one axis, and the fft shifts. The transformed axis is
 * rechunked to one chunk; the other axes keep their chunks. Complex tensors have no dtype of
 * their own yet: they are float64 tensors whose last axis (size 2, one chunk) holds real and
 * imaginary parts, and {@code axis} counts the other (logical) axes.
 */
public final class FftOp extends TensorOp {
  /** The transform: complex in/out (FFT, IFFT), real in (RFFT), real out (IRFFT). */
  public enum Kind { FFT, IFFT, RFFT, IRFFT }

  private final Kind kind;
  private final boolean complexIn;
  private final int axis;
  private final int n;
  private final String norm;

  private FftOp(TensorData in, Kind kind, boolean complexIn, int axis, int n, String norm) {
    super(List.of(in));
    this.kind = kind;
    this.complexIn = complexIn;
    this.axis = axis;
    this.n = n;
    this.norm = norm;
  }

  /**
   * The transform of {@code in} along logical {@code axis}; {@code n} null for numpy's default
   * (the input length, or {@code 2·(len-1)} for irfft); norm "backward" (null), "ortho", "forward".
   */
  public static TensorData of(TensorData in, Kind kind, boolean complexIn, Integer n, int axis, String norm) {
    String op = kind.name().toLowerCase();
    if (complexIn && (in.ndim() < 1 || in.shape(in.ndim() - 1) != 2)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": a complex tensor is a float64 tensor whose last axis"
          + " has size 2 (real, imaginary); got shape " + Shapes.toString(in.shape()));
    }
    if (kind == Kind.RFFT && complexIn) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "rfft: input must be real, not complex");
    }
    int nd = in.ndim() - (complexIn ? 1 : 0);
    if (nd < 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": input must have at least one (logical) dimension");
    }
    int ax = Errors.normalizeAxis(op, axis, nd);
    if (in.hasUnknownShape()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, op
          + " of a tensor of unknown shape: execute() it first");
    }
    if (norm != null && !norm.equals("backward") && !norm.equals("ortho") && !norm.equals("forward")) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": Invalid norm value " + norm
          + "; should be \"backward\", \"ortho\" or \"forward\"");
    }
    long len = in.shape(ax);
    long size = n != null ? n : (kind == Kind.IRFFT ? 2 * (len - 1) : len);
    if (size < 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": Invalid number of FFT data points (" + size
          + ") specified");
    }
    long outLen = kind == Kind.RFFT ? size / 2 + 1 : size;
    boolean complexOut = kind != Kind.IRFFT;
    long[] shape = new long[nd + (complexOut ? 1 : 0)];
    for (int i = 0; i < nd; i++) {
      shape[i] = i == ax ? outLen : in.shape(i);
    }
    if (complexOut) {
      shape[nd] = 2;
    }
    return new FftOp(in, kind, complexIn, ax, (int) size, norm == null ? "backward" : norm)
        .newOutput(shape, DType.FLOAT64);
  }

  @Override
  public String name() {
    return kind.name().toLowerCase();
  }

  @Override
  public void tile(TileContext ctx) {
    TensorData in = input(0);
    ctx.requireKnownShapes(in);
    long[][] target = in.nsplits();
    target[axis] = new long[] {in.shape(axis)};
    if (complexIn) {
      target[in.ndim() - 1] = new long[] {2};
    }
    List<Chunk> src = Rechunking.rechunk(ctx, in, target);
    long[] outShape = out().shape();
    long[][] outSplits = new long[outShape.length][];
    int nd = in.ndim() - (complexIn ? 1 : 0);
    for (int i = 0; i < nd; i++) {
      outSplits[i] = i == axis ? new long[] {outShape[i]} : target[i];
    }
    if (outShape.length > nd) {
      outSplits[nd] = new long[] {2};
    }
    List<Chunk> chunks = new ArrayList<>();
    Line op = new Line(kind, complexIn, axis, n, (int) outShape[axis], norm);
    for (Chunk c : src) {
      int[] idx = new int[outShape.length];
      long[] shape = new long[outShape.length];
      for (int i = 0; i < nd; i++) {
        idx[i] = c.index()[i];
        shape[i] = i == axis ? outShape[axis] : c.shape()[i];
      }
      if (outShape.length > nd) {
        shape[nd] = 2;
      }
      chunks.add(ctx.newChunk(op, List.of(c), idx, shape, DType.FLOAT64));
    }
    out().setChunks(chunks, outSplits);
  }

  /** Transforms every line of one chunk along the axis. */
  record Line(Kind kind, boolean complexIn, int axis, int n, int outLen, String norm) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray a = ((NDArray) inputs[0]).astype(DType.FLOAT64);
      double[] v = a.doubles();
      long[] s = a.shape();
      int nd = s.length - (complexIn ? 1 : 0);
      int len = (int) s[axis];
      int outer = 1;
      for (int i = 0; i < axis; i++) {
        outer *= (int) s[i];
      }
      int inner = 1;
      for (int i = axis + 1; i < nd; i++) {
        inner *= (int) s[i];
      }
      boolean complexOut = kind != Kind.IRFFT;
      long[] os = new long[nd + (complexOut ? 1 : 0)];
      for (int i = 0; i < nd; i++) {
        os[i] = i == axis ? outLen : s[i];
      }
      if (complexOut) {
        os[nd] = 2;
      }
      double[] out = new double[outer * outLen * inner * (complexOut ? 2 : 1)];
      double scale = switch (norm) {
        case "ortho" -> 1 / Math.sqrt(n);
        case "forward" -> kind == Kind.FFT || kind == Kind.RFFT ? 1.0 / n : 1;
        default -> kind == Kind.IFFT || kind == Kind.IRFFT ? 1.0 / n : 1;
      };
      double[] re = new double[n];
      double[] im = new double[n];
      for (int o = 0; o < outer; o++) {
        for (int j = 0; j < inner; j++) {
          java.util.Arrays.fill(re, 0);
          java.util.Arrays.fill(im, 0);
          if (kind == Kind.IRFFT) {
            // the first n/2+1 values (truncated or zero-padded), then the Hermitian mirror
            int m = Math.min(len, n / 2 + 1);
            for (int k = 0; k < m; k++) {
              int at = ((o * len + k) * inner + j) * (complexIn ? 2 : 1);
              re[k] = v[at];
              im[k] = complexIn ? v[at + 1] : 0;
            }
            for (int k = 1; k < (n + 1) / 2; k++) {
              re[n - k] = k < m ? re[k] : 0;
              im[n - k] = k < m ? -im[k] : 0;
            }
          } else {
            int m = Math.min(len, n);
            for (int k = 0; k < m; k++) {
              int at = ((o * len + k) * inner + j) * (complexIn ? 2 : 1);
              re[k] = v[at];
              im[k] = complexIn ? v[at + 1] : 0;
            }
          }
          FftKernel.transform(re, im, kind == Kind.IFFT || kind == Kind.IRFFT);
          for (int k = 0; k < outLen; k++) {
            int at = (o * outLen + k) * inner + j;
            if (complexOut) {
              out[2 * at] = re[k] * scale;
              out[2 * at + 1] = im[k] * scale;
            } else {
              out[at] = re[k] * scale;
            }
          }
        }
      }
      return NDArray.of(out, os);
    }

    @Override
    public String name() {
      return kind.name().toLowerCase();
    }
  }

  /** numpy's fftshift (shift = n/2) or ifftshift (shift = -(n/2)) along one axis: a roll in one chunk. */
  public static final class Shift extends TensorOp {
    private final int axis;
    private final boolean inverse;

    private Shift(TensorData in, int axis, boolean inverse) {
      super(List.of(in));
      this.axis = axis;
      this.inverse = inverse;
    }

    public static TensorData of(TensorData in, int axis, boolean inverse) {
      int ax = Errors.normalizeAxis(inverse ? "ifftshift" : "fftshift", axis, in.ndim());
      return new Shift(in, ax, inverse).newOutput(in.shape(), in.dtype());
    }

    @Override
    public String name() {
      return inverse ? "ifftshift" : "fftshift";
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      ctx.requireKnownShapes(in);
      long[][] target = in.nsplits();
      target[axis] = new long[] {in.shape(axis)};
      List<Chunk> src = Rechunking.rechunk(ctx, in, target);
      long len = in.shape(axis);
      long shift = inverse ? -(len / 2) : len / 2;
      tileChunkwiseFrom(ctx, src, new Roll(axis, shift), target);
    }

    private void tileChunkwiseFrom(TileContext ctx, List<Chunk> src, ChunkOp op, long[][] splits) {
      List<Chunk> chunks = new ArrayList<>();
      for (Chunk c : src) {
        chunks.add(ctx.newChunk(op, List.of(c), c.index(), c.shape(), out().dtype()));
      }
      out().setChunks(chunks, splits);
    }
  }

  /** Rolls one chunk (holding the whole axis) by {@code shift} along {@code axis}. */
  record Roll(int axis, long shift) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray a = (NDArray) inputs[0];
      long[] s = a.shape();
      int len = (int) s[axis];
      if (len == 0) {
        return a;
      }
      int outer = 1;
      for (int i = 0; i < axis; i++) {
        outer *= (int) s[i];
      }
      int inner = 1;
      for (int i = axis + 1; i < s.length; i++) {
        inner *= (int) s[i];
      }
      int sh = (int) (((shift % len) + len) % len);
      // gather by flat indices through a long index map, then take per dtype
      int total = outer * len * inner;
      int[] from = new int[total];
      for (int o = 0; o < outer; o++) {
        for (int k = 0; k < len; k++) {
          int src = (k - sh + len) % len;
          for (int j = 0; j < inner; j++) {
            from[(o * len + k) * inner + j] = (o * len + src) * inner + j;
          }
        }
      }
      Object buf = a.buffer();
      Object out;
      if (buf instanceof double[] d) {
        double[] r = new double[total];
        for (int i = 0; i < total; i++) {
          r[i] = d[from[i]];
        }
        out = r;
      } else if (buf instanceof float[] f) {
        float[] r = new float[total];
        for (int i = 0; i < total; i++) {
          r[i] = f[from[i]];
        }
        out = r;
      } else if (buf instanceof long[] l) {
        long[] r = new long[total];
        for (int i = 0; i < total; i++) {
          r[i] = l[from[i]];
        }
        out = r;
      } else if (buf instanceof int[] l) {
        int[] r = new int[total];
        for (int i = 0; i < total; i++) {
          r[i] = l[from[i]];
        }
        out = r;
      } else {
        boolean[] b = (boolean[]) buf;
        boolean[] r = new boolean[total];
        for (int i = 0; i < total; i++) {
          r[i] = b[from[i]];
        }
        out = r;
      }
      return NDArray.wrap(a.dtype(), s, out);
    }

    @Override
    public String name() {
      return "roll";
    }
  }
}
