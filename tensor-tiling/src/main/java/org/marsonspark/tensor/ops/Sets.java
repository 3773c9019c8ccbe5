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
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;

/**
 * unique (with index, inverse and counts), isin/in1d and the 1-d concatenation and ravel the
 * set functions need. unique sorts by PSRS ({@link Sort#keyedBuckets}): equal values share a
 * bucket, so each bucket deduplicates on its own and the result's chunk sizes are known after
 * the run. isin tests every chunk of the elements against every chunk of the test values and
 * ORs the answers.
 */
public final class Sets {
  private Sets() {}

  /** numpy's ravel for the set functions: C-order 1-d (trailing axes brought to one chunk first). */
  public static final class Ravel extends TensorOp {
    private Ravel(TensorData in) {
      super(List.of(in));
    }

    public static TensorData of(TensorData in) {
      return new Ravel(in).newOutput(new long[] {Shapes.size(in.shape())}, in.dtype());
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      ctx.requireKnownShapes(in);
      int nd = in.ndim();
      long[][] target = new long[nd][];
      for (int i = 0; i < nd; i++) {
        target[i] = i == 0 ? in.nsplits()[0] : new long[] {in.shape(i)};
      }
      List<Chunk> src = nd == 0 ? in.chunks() : Rechunking.rechunk(ctx, in, target);
      List<Chunk> outs = new ArrayList<>();
      long[] splits = new long[src.size()];
      for (int i = 0; i < src.size(); i++) {
        Chunk c = src.get(i);
        long n = Shapes.size(c.shape());
        splits[i] = n;
        outs.add(ctx.newChunk(new RavelChunk(), List.of(c), new int[] {i}, new long[] {n}, in.dtype()));
      }
      out().setChunks(outs, new long[][] {splits});
    }
  }

  record RavelChunk() implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray x = (NDArray) inputs[0];
      return x.reshape(x.size());
    }

    @Override
    public String name() {
      return "ravel";
    }
  }

  /** Two 1-d tensors one after the other, as {@code dtype}. */
  public static final class Concat1d extends TensorOp {
    private Concat1d(TensorData a, TensorData b) {
      super(List.of(a, b));
    }

    public static TensorData of(TensorData a, TensorData b) {
      return new Concat1d(a, b).newOutput(new long[] {a.shape(0) + b.shape(0)}, DType.promote(a.dtype(), b.dtype()));
    }

    @Override
    public void tile(TileContext ctx) {
      ctx.requireKnownShapes(input(0), input(1));
      List<Chunk> outs = new ArrayList<>();
      List<Long> splits = new ArrayList<>();
      DType dt = out().dtype();
      for (TensorData in : List.of(input(0), input(1))) {
        for (Chunk c : in.chunks()) {
          outs.add(ctx.newChunk(new ElementwiseOp.CastChunk(dt), List.of(c), new int[] {outs.size()}, c.shape(), dt));
          splits.add(c.shape(0));
        }
      }
      out().setChunks(outs, new long[][] {splits.stream().mapToLong(Long::longValue).toArray()});
    }
  }

  /** The sorted buckets of a 1-d tensor (an internal tileable whose chunks hold keyed values). */
  static final class Buckets extends TensorOp {
    private Buckets(TensorData in) {
      super(List.of(in));
    }

    static TensorData of(TensorData flat) {
      return new Buckets(flat).newOutput(flat.shape(), flat.dtype());
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      ctx.requireKnownShapes(in);
      List<Chunk> b = Sort.keyedBuckets(ctx, in);
      long[] splits = new long[b.size()];
      Arrays.fill(splits, Shapes.UNKNOWN);
      out().setChunks(b, new long[][] {splits});
    }
  }

  /** What unique returns. */
  public enum UniqueKind { VALUES, INDEX, COUNTS }

  /**
   * numpy's unique of the flattened tensor: {@code [values, index?, inverse?, counts?]} as asked.
   * NaNs collapse into one (numpy's equal_nan=True).
   */
  public static List<TensorData> unique(TensorData in, boolean returnIndex, boolean returnInverse,
      boolean returnCounts) {
    TensorData flat = in.ndim() == 1 ? in : Ravel.of(in);
    TensorData buckets = Buckets.of(flat);
    List<TensorData> out = new ArrayList<>();
    out.add(UniqueOp.of(buckets, UniqueKind.VALUES));
    if (returnIndex) {
      out.add(UniqueOp.of(buckets, UniqueKind.INDEX));
    }
    if (returnInverse) {
      out.add(Inverse.of(buckets, flat));
    }
    if (returnCounts) {
      out.add(UniqueOp.of(buckets, UniqueKind.COUNTS));
    }
    return out;
  }

  /** One output of unique, bucket by bucket. */
  public static final class UniqueOp extends TensorOp {
    private final UniqueKind kind;

    private UniqueOp(TensorData buckets, UniqueKind kind) {
      super(List.of(buckets));
      this.kind = kind;
    }

    static TensorData of(TensorData buckets, UniqueKind kind) {
      return new UniqueOp(buckets, kind).newOutput(new long[] {Shapes.UNKNOWN},
          kind == UniqueKind.VALUES ? buckets.dtype() : DType.INT64);
    }

    @Override
    public String name() {
      return "unique";
    }

    @Override
    public void tile(TileContext ctx) {
      List<Chunk> outs = new ArrayList<>();
      for (Chunk b : input(0).chunks()) {
        outs.add(ctx.newChunk(new UniqueChunk(kind), List.of(b), b.index(), new long[] {Shapes.UNKNOWN},
            out().dtype()));
      }
      long[] splits = new long[outs.size()];
      Arrays.fill(splits, Shapes.UNKNOWN);
      out().setChunks(outs, new long[][] {splits});
    }
  }

  /** Distinct values of a sorted bucket, the first position of each, or how often each occurs. */
  record UniqueChunk(UniqueKind kind) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      Sort.Keyed k = (Sort.Keyed) inputs[0];
      int n = k.index.length;
      List<Integer> starts = groupStarts(k);
      int m = starts.size();
      switch (kind) {
        case VALUES -> {
          int[] at = starts.stream().mapToInt(Integer::intValue).toArray();
          return Sort.take(k.values, at, new long[] {m});
        }
        case INDEX -> {
          long[] o = new long[m];
          for (int g = 0; g < m; g++) {
            o[g] = k.index[starts.get(g)];
          }
          return NDArray.of(o, new long[] {m});
        }
        default -> {
          long[] o = new long[m];
          for (int g = 0; g < m; g++) {
            int end = g + 1 < m ? starts.get(g + 1) : n;
            o[g] = end - starts.get(g);
          }
          return NDArray.of(o, new long[] {m});
        }
      }
    }

    @Override
    public String name() {
      return "unique." + kind.name().toLowerCase();
    }
  }

  /** Where each group of equal values starts in a sorted bucket. */
  static List<Integer> groupStarts(Sort.Keyed k) {
    List<Integer> starts = new ArrayList<>();
    for (int i = 0; i < k.index.length; i++) {
      if (i == 0 || Sort.compare(k.values, i - 1, k.values, i) != 0) {
        starts.add(i);
      }
    }
    return starts;
  }

  /** unique's return_inverse: for each element, the position of its value in the unique values. */
  static final class Inverse extends TensorOp {
    private Inverse(TensorData buckets, TensorData flat) {
      super(List.of(buckets, flat));
    }

    static TensorData of(TensorData buckets, TensorData flat) {
      return new Inverse(buckets, flat).newOutput(flat.shape(), DType.INT64);
    }

    @Override
    public String name() {
      return "unique.inverse";
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData flat = input(1);
      long[] splits = flat.nsplits()[0];
      long[] off = Shapes.offsets(splits);
      List<Chunk> buckets = input(0).chunks();
      List<Chunk> outs = new ArrayList<>();
      for (int i = 0; i < splits.length; i++) {
        outs.add(ctx.newChunk(new InverseChunk(off[i], off[i] + splits[i]), buckets, new int[] {i},
            new long[] {splits[i]}, DType.INT64));
      }
      out().setChunks(outs, new long[][] {splits});
    }
  }

  record InverseChunk(long lo, long hi) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      long[] out = new long[(int) (hi - lo)];
      long rank = 0;
      for (Object o : inputs) {
        Sort.Keyed k = (Sort.Keyed) o;
        long r = rank - 1;
        for (int i = 0; i < k.index.length; i++) {
          if (i == 0 || Sort.compare(k.values, i - 1, k.values, i) != 0) {
            r++;
          }
          long at = k.index[i];
          if (at >= lo && at < hi) {
            out[(int) (at - lo)] = r;
          }
        }
        rank = r + 1;
      }
      return NDArray.of(out, new long[] {out.length});
    }

    @Override
    public String name() {
      return "unique.inverse";
    }
  }

  /** numpy's isin: whether each element equals any test value ({@code invert}: equals none). */
  public static final class IsIn extends TensorOp {
    private final boolean invert;

    private IsIn(TensorData element, TensorData test, boolean invert) {
      super(List.of(element, test));
      this.invert = invert;
    }

    public static TensorData of(TensorData element, TensorData test, boolean invert) {
      if (test.ndim() == 0 && Shapes.size(test.shape()) == 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "isin: test_elements is empty");
      }
      return new IsIn(element, test, invert).newOutput(element.shape(), DType.BOOL);
    }

    @Override
    public String name() {
      return "isin";
    }

    @Override
    public void tile(TileContext ctx) {
      List<Chunk> tests = input(1).chunks();
      List<Chunk> outs = new ArrayList<>();
      for (Chunk e : input(0).chunks()) {
        List<Chunk> parts = new ArrayList<>();
        for (Chunk t : tests) {
          parts.add(ctx.newChunk(new IsInChunk(tests.size() == 1 && invert), List.of(e, t), e.index(), e.shape(),
              DType.BOOL));
        }
        outs.add(parts.size() == 1 ? parts.get(0)
            : ctx.newChunk(new AnyChunk(invert), parts, e.index(), e.shape(), DType.BOOL));
      }
      out().setChunks(outs, input(0).nsplits());
    }
  }

  record IsInChunk(boolean invert) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray e = (NDArray) inputs[0];
      NDArray t = (NDArray) inputs[1];
      boolean floats = e.dtype().isFloat() || t.dtype().isFloat();
      boolean[] out = new boolean[e.size()];
      if (floats) {
        double[] tv = t.astype(DType.FLOAT64).doubles().clone();
        Arrays.sort(tv);
        for (int i = 0; i < out.length; i++) {
          double x = e.getDouble(i);
          out[i] = (!Double.isNaN(x) && Arrays.binarySearch(tv, x) >= 0
              || (x == 0 && (Arrays.binarySearch(tv, 0.0) >= 0 || Arrays.binarySearch(tv, -0.0) >= 0))) != invert;
        }
      } else {
        long[] tv = t.astype(DType.INT64).longs().clone();
        Arrays.sort(tv);
        for (int i = 0; i < out.length; i++) {
          out[i] = (Arrays.binarySearch(tv, e.getLong(i)) >= 0) != invert;
        }
      }
      return NDArray.of(out, e.shape());
    }

    @Override
    public String name() {
      return "isin.test";
    }
  }

  record AnyChunk(boolean invert) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      boolean[] acc = ((NDArray) inputs[0]).bools().clone();
      for (int p = 1; p < inputs.length; p++) {
        boolean[] x = ((NDArray) inputs[p]).bools();
        for (int i = 0; i < acc.length; i++) {
          acc[i] |= x[i];
        }
      }
      if (invert) {
        for (int i = 0; i < acc.length; i++) {
          acc[i] = !acc[i];
        }
      }
      return NDArray.of(acc, ((NDArray) inputs[0]).shape());
    }

    @Override
    public String name() {
      return "isin.any";
    }
  }
}
