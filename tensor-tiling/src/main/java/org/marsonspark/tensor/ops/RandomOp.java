package org.marsonspark.tensor.ops;

import static org.marsonspark.tensor.kernel.CounterRandom.GAMMA;
import static org.marsonspark.tensor.kernel.CounterRandom.mix64;
import static org.marsonspark.tensor.kernel.CounterRandom.randint;
import static org.marsonspark.tensor.kernel.CounterRandom.unit;

import java.util.List;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;
import org.marsonspark.tensor.fusion.Expr;
import org.marsonspark.tensor.fusion.Fusable;
import org.marsonspark.tensor.kernel.CounterRandom.Distribution;

/**
 * Seeded random tensors. The seeding rule: each tensor drawn from a {@code RandomState} gets a
 * stream key from (seed, draw number); element {@code i} (its C-order position in the whole
 * tensor) uses the 64-bit word {@code mix64(key + (i + 1) * 0x9e3779b97f4a7c15)} — SplitMix64
 * read at position i. So a value depends only on the seed, the draw and its position: never
 * on the chunk sizes, the number of executors or the order in which chunks run.
 */
public final class RandomOp extends TensorOp {
  private final Distribution dist;
  private final double a;
  private final double b;
  private final long key;
  private final long[] shape;
  private final DType dtype;
  private final ChunkSize chunkSize;

  public RandomOp(Distribution dist, double a, double b, long key, long[] shape, DType dtype, ChunkSize chunkSize) {
    super(List.of());
    Creation.checkShape(shape);
    if (dist == Distribution.RANDINT && !(b > a)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "randint: low >= high (" + (long) a + " >= " + (long) b + ")");
    }
    if (dist == Distribution.NORMAL && b < 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "normal: scale < 0 (" + b + ")");
    }
    this.dist = dist;
    this.a = a;
    this.b = b;
    this.key = key;
    this.shape = shape.clone();
    this.dtype = dtype;
    this.chunkSize = chunkSize;
  }

  public TensorData create() {
    return newOutput(shape, dtype);
  }

  @Override
  public void tile(TileContext ctx) {
    long[] strides = new long[shape.length];
    long s = 1;
    for (int i = shape.length - 1; i >= 0; i--) {
      strides[i] = s;
      s *= shape[i];
    }
    tileSource(ctx, chunkSize.nsplits(shape, dtype, ctx.options()),
        blk -> new RandomChunk(dist, a, b, key, strides, blk.offset(), blk.shape(), dtype));
  }

  /** One chunk: walks its rows, each a contiguous run of global positions. */
  record RandomChunk(Distribution dist, double a, double b, long key, long[] globalStrides, long[] offset,
      long[] shape, DType dtype) implements ChunkOp, Fusable {
    /** Fuses when the chunk's global positions are one contiguous run (it spans all trailing axes). */
    @Override
    public Expr fuse(List<Expr> args, long[] outShape) {
      long base = 0;
      for (int i = 0; i < shape.length; i++) {
        if (i > 0 && (offset[i] != 0 || globalStrides[i] == 0 || shape[i] * globalStrides[i] != globalStrides[i - 1])) {
          return null;
        }
        base += offset[i] * globalStrides[i];
      }
      return new Expr.Random(dist, a, b, key, base, dtype, shape);
    }

    @Override
    public Object execute(Object[] inputs) {
      int nd = shape.length;
      int n = 1;
      for (long d : shape) {
        n *= (int) d;
      }
      double[] dv = dtype.isFloat() ? new double[n] : null;
      long[] lv = dtype.isFloat() ? null : new long[n];
      if (n > 0) {
        int inner = nd == 0 ? 1 : (int) shape[nd - 1];
        long[] idx = new long[Math.max(nd, 1)];
        int pos = 0;
        while (pos < n) {
          long base = 0;
          for (int i = 0; i < nd; i++) {
            base += (offset[i] + idx[i]) * globalStrides[i];
          }
          fill(base, inner, dv, lv, pos);
          pos += inner;
          for (int ax = nd - 2; ax >= 0; ax--) {
            if (++idx[ax] < shape[ax]) {
              break;
            }
            idx[ax] = 0;
          }
        }
      }
      NDArray out = dv != null ? NDArray.of(dv, shape) : NDArray.of(lv, shape);
      return out.astype(dtype);
    }

    private void fill(long base, int n, double[] dv, long[] lv, int pos) {
      switch (dist) {
        // the state key + (i + 1)·γ advances by γ per position: word(key, i) without the multiply
        case UNIFORM -> {
          long state = key + base * GAMMA;
          for (int j = 0; j < n; j++) {
            state += GAMMA;
            dv[pos + j] = a + (b - a) * unit(mix64(state));
          }
        }
        case NORMAL -> {
          long state = key + (2 * base - 1) * GAMMA;
          for (int j = 0; j < n; j++) {
            state += 2 * GAMMA;
            double u1 = unit(mix64(state));
            double u2 = unit(mix64(state + GAMMA));
            dv[pos + j] = a + b * Math.sqrt(-2.0 * Math.log1p(-u1)) * Math.cos(2 * Math.PI * u2);
          }
        }
        case RANDINT -> {
          long low = (long) a;
          long high = (long) b;
          long state = key + base * GAMMA;
          for (int j = 0; j < n; j++) {
            state += GAMMA;
            lv[pos + j] = randint(mix64(state), low, high);
          }
        }
      }
    }

    @Override
    public String name() {
      return "random." + dist.name().toLowerCase();
    }
  }

  /** For error messages. */
  @Override
  public String toString() {
    return "random." + dist.name().toLowerCase() + Shapes.toString(shape);
  }
}
