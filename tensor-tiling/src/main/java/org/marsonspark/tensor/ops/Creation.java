package org.marsonspark.tensor.ops;

import java.util.List;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.DataLiteral;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;
import org.marsonspark.tensor.fusion.Expr;
import org.marsonspark.tensor.fusion.Fusable;

/** Operands that create tensors from nothing or from driver-side arrays. */
public final class Creation {
  private Creation() {}

  static void checkShape(long[] shape) {
    for (long d : shape) {
      if (d < 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "negative dimensions are not allowed: "
            + java.util.Arrays.toString(shape));
      }
    }
  }

  /** A tensor from an array built on the driver: each chunk ships its own slice. */
  public static final class FromArray extends TensorOp {
    private final NDArray array;
    private final ChunkSize chunkSize;

    public FromArray(NDArray array, ChunkSize chunkSize) {
      super(List.of());
      this.array = array;
      this.chunkSize = chunkSize;
    }

    public TensorData create() {
      return newOutput(array.shape(), array.dtype());
    }

    @Override
    public Object literalValue() {
      return array.ndim() == 0 ? array.item() : null;
    }

    @Override
    public void tile(TileContext ctx) {
      long[][] nsplits = chunkSize.nsplits(array.shape(), array.dtype(), ctx.options());
      tileSource(ctx, nsplits, b -> {
        long[] step = new long[b.shape().length];
        java.util.Arrays.fill(step, 1);
        return new Literal(array.slice(b.offset(), step, b.shape()));
      });
    }

    /** A chunk of a driver-side array (a large one travels as a broadcast: {@link DataLiteral}). */
    record Literal(NDArray data) implements DataLiteral {
      @Override
      public long carriedBytes() {
        return data.nbytes();
      }
    }
  }

  /** zeros, ones, full and empty (which, unlike numpy's, is zero-filled). */
  public static final class Full extends TensorOp {
    private final long[] shape;
    private final DType dtype;
    private final Object value;
    private final ChunkSize chunkSize;

    public Full(long[] shape, DType dtype, Object value, ChunkSize chunkSize) {
      super(List.of());
      checkShape(shape);
      this.shape = shape.clone();
      this.dtype = dtype;
      this.value = value;
      this.chunkSize = chunkSize;
    }

    public TensorData create() {
      return newOutput(shape, dtype);
    }

    @Override
    public Object literalValue() {
      return shape.length == 0 ? NDArray.scalar(dtype, value).item() : null;
    }

    @Override
    public void tile(TileContext ctx) {
      tileSource(ctx, chunkSize.nsplits(shape, dtype, ctx.options()), b -> new FullChunk(b.shape(), dtype, value));
    }

    record FullChunk(long[] shape, DType dtype, Object value) implements ChunkOp, Fusable {
      @Override
      public Expr fuse(List<Expr> args, long[] outShape) {
        return new Expr.Const(dtype, NDArray.scalar(dtype, value).get(0), shape);
      }

      @Override
      public Object execute(Object[] inputs) {
        return NDArray.full(dtype, shape, value);
      }

      @Override
      public String name() {
        return "full";
      }
    }
  }

  /** numpy's {@code arange}: {@code start + i * step} for {@code i < ceil((stop - start) / step)}. */
  public static final class Arange extends TensorOp {
    private final double start;
    private final double step;
    private final long length;
    private final DType dtype;
    private final ChunkSize chunkSize;

    public Arange(double start, double stop, double step, DType dtype, ChunkSize chunkSize) {
      super(List.of());
      if (step == 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "arange: step must not be zero");
      }
      this.start = start;
      this.step = step;
      this.length = Math.max(0, (long) Math.ceil((stop - start) / step));
      this.dtype = dtype;
      this.chunkSize = chunkSize;
    }

    public TensorData create() {
      return newOutput(new long[] {length}, dtype);
    }

    @Override
    public void tile(TileContext ctx) {
      tileSource(ctx, chunkSize.nsplits(new long[] {length}, dtype, ctx.options()),
          b -> new ArangeChunk(start, step, b.offset()[0], (int) b.shape()[0], dtype));
    }

    record ArangeChunk(double start, double step, long offset, int n, DType dtype) implements ChunkOp {
      @Override
      public Object execute(Object[] inputs) {
        if (dtype.isInteger()) {
          long s = (long) start;
          long st = (long) step;
          long[] out = new long[n];
          for (int i = 0; i < n; i++) {
            out[i] = s + (offset + i) * st;
          }
          return NDArray.of(out).astype(dtype);
        }
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
          out[i] = start + (offset + i) * step;
        }
        return NDArray.of(out).astype(dtype);
      }

      @Override
      public String name() {
        return "arange";
      }
    }
  }

  /** numpy's {@code linspace}: {@code start + i * step}, the last value exactly {@code stop}. */
  public static final class Linspace extends TensorOp {
    private final double start;
    private final double stop;
    private final long num;
    private final boolean endpoint;
    private final ChunkSize chunkSize;

    public Linspace(double start, double stop, long num, boolean endpoint, ChunkSize chunkSize) {
      super(List.of());
      if (num < 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "linspace: number of samples must be non-negative, got " + num);
      }
      this.start = start;
      this.stop = stop;
      this.num = num;
      this.endpoint = endpoint;
      this.chunkSize = chunkSize;
    }

    public TensorData create() {
      return newOutput(new long[] {num}, DType.FLOAT64);
    }

    @Override
    public void tile(TileContext ctx) {
      long div = endpoint ? num - 1 : num;
      double step = div > 0 ? (stop - start) / div : Double.NaN;
      tileSource(ctx, chunkSize.nsplits(new long[] {num}, DType.FLOAT64, ctx.options()),
          b -> new LinspaceChunk(start, stop, step, b.offset()[0], (int) b.shape()[0], endpoint ? num - 1 : -1));
    }

    record LinspaceChunk(double start, double stop, double step, long offset, int n, long lastIndex)
        implements ChunkOp {
      @Override
      public Object execute(Object[] inputs) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
          long g = offset + i;
          out[i] = Double.isNaN(step) ? start : g * step + start;
          if (g == lastIndex && lastIndex > 0) {
            out[i] = stop;
          }
        }
        return NDArray.of(out);
      }

      @Override
      public String name() {
        return "linspace";
      }
    }
  }

  /** numpy's {@code eye(N, M, k)}: ones on the k-th diagonal. */
  public static final class Eye extends TensorOp {
    private final long rows;
    private final long cols;
    private final long k;
    private final DType dtype;
    private final ChunkSize chunkSize;

    public Eye(long rows, long cols, long k, DType dtype, ChunkSize chunkSize) {
      super(List.of());
      checkShape(new long[] {rows, cols});
      this.rows = rows;
      this.cols = cols;
      this.k = k;
      this.dtype = dtype;
      this.chunkSize = chunkSize;
    }

    public TensorData create() {
      return newOutput(new long[] {rows, cols}, dtype);
    }

    @Override
    public void tile(TileContext ctx) {
      tileSource(ctx, chunkSize.nsplits(new long[] {rows, cols}, dtype, ctx.options()),
          b -> new EyeChunk(b.offset()[0], b.offset()[1], b.shape(), k, dtype));
    }

    record EyeChunk(long row0, long col0, long[] shape, long k, DType dtype) implements ChunkOp {
      @Override
      public Object execute(Object[] inputs) {
        int r = (int) shape[0];
        int c = (int) shape[1];
        double[] out = new double[r * c];
        for (int i = 0; i < r; i++) {
          long j = row0 + i + k - col0;
          if (j >= 0 && j < c) {
            out[(int) (i * c + j)] = 1;
          }
        }
        return NDArray.of(out, shape).astype(dtype);
      }

      @Override
      public String name() {
        return "eye";
      }
    }
  }
}
