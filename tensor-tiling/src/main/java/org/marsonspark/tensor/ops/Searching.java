package org.marsonspark.tensor.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;

/**
 * searchsorted and digitize, tiled as counts: the insertion point of v in a sorted a is the
 * number of elements of a before it, so every (chunk of v, chunk of a) pair counts on its own
 * and the counts of one chunk of v are summed. Values order as numpy sorts them (NaN last).
 */
public final class Searching {
  private Searching() {}

  /** searchsorted(a, v, side), or digitize(v, a, right) when {@code digitize}. */
  public static final class Search extends TensorOp {
    private final boolean right;
    private final boolean digitize;

    private Search(TensorData sorted, TensorData v, boolean right, boolean digitize) {
      super(List.of(sorted, v));
      this.right = right;
      this.digitize = digitize;
    }

    /** @param side "left" or "right" */
    public static TensorData searchsorted(TensorData a, TensorData v, String side) {
      if (a.ndim() != 1) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "searchsorted: a must be 1-d, got "
            + a.ndim() + " dimensions");
      }
      if (!side.equals("left") && !side.equals("right")) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "searchsorted: side must be 'left' or 'right', got '"
            + side + "'");
      }
      return new Search(a, v, side.equals("right"), false).newOutput(v.shape(), DType.INT64);
    }

    /** Bins must be monotonic (increasing or decreasing); this is not checked. */
    public static TensorData digitize(TensorData x, TensorData bins, boolean right) {
      if (bins.ndim() != 1) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "digitize: bins must be 1-d, got "
            + bins.ndim() + " dimensions");
      }
      return new Search(bins, x, right, true).newOutput(x.shape(), DType.INT64);
    }

    @Override
    public String name() {
      return digitize ? "digitize" : "searchsorted";
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData a = input(0);
      TensorData v = input(1);
      List<Chunk> as = a.chunks();
      List<Chunk> outs = new ArrayList<>();
      for (Chunk vc : v.chunks()) {
        List<Chunk> counts = new ArrayList<>();
        for (Chunk ac : as) {
          List<Chunk> args = digitize ? List.of(vc, ac, as.get(0), as.get(as.size() - 1)) : List.of(vc, ac);
          counts.add(ctx.newChunk(new CountChunk(right, digitize), args, vc.index(), vc.shape(), DType.INT64));
        }
        outs.add(counts.size() == 1 ? counts.get(0)
            : ctx.newChunk(new SumChunk(), counts, vc.index(), vc.shape(), DType.INT64));
      }
      out().setChunks(outs, v.nsplits());
    }
  }

  /** Counts, for every value, the elements of one chunk of the sorted array before it. */
  record CountChunk(boolean right, boolean digitize) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray v = (NDArray) inputs[0];
      NDArray a = (NDArray) inputs[1];
      boolean decreasing = false;
      if (digitize) {
        NDArray first = (NDArray) inputs[2];
        NDArray last = (NDArray) inputs[3];
        decreasing = first.size() > 0 && last.size() > 0
            && Sort.lt(last.getDouble(last.size() - 1), first.getDouble(0));
      }
      int n = v.size();
      int m = a.size();
      long[] out = new long[n];
      for (int i = 0; i < n; i++) {
        double x = v.getDouble(i);
        long c = 0;
        for (int j = 0; j < m; j++) {
          double b = a.getDouble(j);
          boolean counted;
          if (!digitize) {
            counted = right ? Sort.le(b, x) : Sort.lt(b, x);
          } else if (!decreasing) {
            // bins[i-1] <= x < bins[i] (right=False): bins at or below x
            counted = right ? Sort.lt(b, x) : Sort.le(b, x);
          } else {
            // bins[i-1] > x >= bins[i] (right=False): bins above x
            counted = right ? Sort.le(x, b) : Sort.lt(x, b);
          }
          if (counted) {
            c++;
          }
        }
        out[i] = c;
      }
      return NDArray.of(out, v.shape());
    }

    @Override
    public String name() {
      return digitize ? "digitize.count" : "searchsorted.count";
    }
  }

  /** Sums the counts of one chunk of values. */
  record SumChunk() implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      long[] acc = ((NDArray) inputs[0]).longs().clone();
      for (int p = 1; p < inputs.length; p++) {
        long[] x = ((NDArray) inputs[p]).longs();
        for (int i = 0; i < acc.length; i++) {
          acc[i] += x[i];
        }
      }
      return NDArray.of(acc, ((NDArray) inputs[0]).shape());
    }

    @Override
    public String name() {
      return "sum_counts";
    }
  }
}
