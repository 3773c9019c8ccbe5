package org.marsonspark.tensor.ops;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Errors;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Slice;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;

/** Slicing, boolean masks, rechunking and transposition. */
public final class Indexing {
  private Indexing() {}

  /** Basic slicing ({@code start:stop:step} per axis); only chunks that overlap are read. */
  public static final class SliceOp extends TensorOp {
    private final Slice[] slices;

    private SliceOp(TensorData in, Slice[] slices) {
      super(List.of(in));
      this.slices = slices;
    }

    public static TensorData of(TensorData in, Slice... slices) {
      if (slices.length > in.ndim()) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "too many indices for tensor: tensor is " + in.ndim()
            + "-dimensional, but " + slices.length + " were indexed");
      }
      if (in.hasUnknownShape()) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION,
            "slicing a tensor of unknown shape " + Shapes.toString(in.shape()) + ": execute() it first");
      }
      Slice[] full = new Slice[in.ndim()];
      long[] shape = new long[in.ndim()];
      for (int i = 0; i < in.ndim(); i++) {
        full[i] = i < slices.length ? slices[i] : Slice.all();
        shape[i] = full[i].length(in.shape(i));
      }
      return new SliceOp(in, full).newOutput(shape, in.dtype());
    }

    public TensorData source() {
      return input(0);
    }

    /**
     * For each axis, the pieces of the selection: the input chunk, and start/step/count within it,
     * in output order.
     */
    public List<long[]>[] plan(long[][] nsplits) {
      @SuppressWarnings("unchecked")
      List<long[]>[] perAxis = new List[slices.length];
      for (int a = 0; a < slices.length; a++) {
        perAxis[a] = slices[a].pieces(nsplits[a], input(0).shape(a));
      }
      return perAxis;
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      // a known shape can still have chunks of unknown size (a sort's buckets): run them first
      ctx.requireKnownShapes(in);
      List<long[]>[] perAxis = plan(in.nsplits());
      int nd = slices.length;
      int[] grid = new int[nd];
      long[][] outSplits = new long[nd][];
      for (int a = 0; a < nd; a++) {
        grid[a] = Math.max(1, perAxis[a].size());
        outSplits[a] = perAxis[a].isEmpty() ? new long[] {0} : perAxis[a].stream().mapToLong(p -> p[3]).toArray();
      }
      List<Chunk> chunks = new ArrayList<>();
      for (int[] idx : gridPositions(grid)) {
        int[] src = new int[nd];
        long[] start = new long[nd];
        long[] step = new long[nd];
        long[] count = new long[nd];
        for (int a = 0; a < nd; a++) {
          if (perAxis[a].isEmpty()) {
            src[a] = 0;
            count[a] = 0;
            step[a] = 1;
            continue;
          }
          long[] p = perAxis[a].get(idx[a]);
          src[a] = (int) p[0];
          start[a] = p[1];
          step[a] = p[2];
          count[a] = p[3];
        }
        chunks.add(ctx.newChunk(new SliceChunk(start, step, count), List.of(in.chunk(src)), idx, count, in.dtype()));
      }
      out().setChunks(chunks, outSplits);
    }
  }

  /** Slices one chunk. */
  public record SliceChunk(long[] start, long[] step, long[] count) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return ((NDArray) inputs[0]).slice(start, step, count);
    }

    @Override
    public String name() {
      return "slice";
    }
  }

  /**
   * {@code t[mask]} for a boolean mask over the leading axes: the result's first axis has
   * unknown length until the chunks have run. Axes the mask spans beyond the first are brought
   * to one chunk so that chunk order is C order.
   */
  public static final class BoolMask extends TensorOp {
    private BoolMask(TensorData in, TensorData mask) {
      super(List.of(in, mask));
    }

    public static TensorData of(TensorData in, TensorData mask) {
      if (mask.dtype() != DType.BOOL) {
        throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "a mask must be a bool tensor, got " + mask.dtype());
      }
      if (mask.ndim() == 0 || mask.ndim() > in.ndim()) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, "mask of shape " + Shapes.toString(mask.shape())
            + " cannot index a tensor of shape " + Shapes.toString(in.shape()));
      }
      for (int i = 0; i < mask.ndim(); i++) {
        if (mask.shape(i) != in.shape(i) && mask.shape(i) != Shapes.UNKNOWN && in.shape(i) != Shapes.UNKNOWN) {
          throw new MarsException(ErrorClass.SHAPE_MISMATCH, "boolean index did not match indexed tensor along axis "
              + i + "; size of axis is " + in.shape(i) + " but size of corresponding boolean axis is " + mask.shape(i));
        }
      }
      long[] shape = new long[in.ndim() - mask.ndim() + 1];
      shape[0] = Shapes.UNKNOWN;
      for (int i = mask.ndim(); i < in.ndim(); i++) {
        shape[i - mask.ndim() + 1] = in.shape(i);
      }
      return new BoolMask(in, mask).newOutput(shape, in.dtype());
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      TensorData mask = input(1);
      int m = mask.ndim();
      boolean aligned = Arrays.deepEquals(Arrays.copyOf(in.nsplits(), m), mask.nsplits());
      for (int i = 1; i < m; i++) {
        aligned &= mask.nsplits()[i].length == 1;
      }
      if (!aligned) {
        ctx.requireKnownShapes(in, mask);
      }
      long[][] maskSplits = mask.nsplits();
      long[][] inSplits = in.nsplits();
      long[][] target = new long[in.ndim()][];
      long[][] maskTarget = new long[m][];
      target[0] = aligned ? inSplits[0] : Rechunking.union(List.of(inSplits[0], maskSplits[0]));
      maskTarget[0] = target[0];
      for (int i = 1; i < in.ndim(); i++) {
        target[i] = i < m ? new long[] {in.shape(i)} : inSplits[i];
        if (i < m) {
          maskTarget[i] = target[i];
        }
      }
      List<Chunk> inChunks = aligned ? in.chunks() : Rechunking.rechunk(ctx, in, target);
      List<Chunk> maskChunks = aligned ? mask.chunks() : Rechunking.rechunk(ctx, mask, maskTarget);
      int[] inGrid = new int[in.ndim()];
      for (int i = 0; i < inGrid.length; i++) {
        inGrid[i] = target[i].length;
      }
      int rest = in.ndim() - m;
      int[] outGrid = new int[rest + 1];
      outGrid[0] = target[0].length;
      long[][] outSplits = new long[rest + 1][];
      outSplits[0] = new long[target[0].length];
      Arrays.fill(outSplits[0], Shapes.UNKNOWN);
      for (int i = 0; i < rest; i++) {
        outGrid[i + 1] = target[m + i].length;
        outSplits[i + 1] = target[m + i];
      }
      List<Chunk> chunks = new ArrayList<>();
      for (int[] idx : gridPositions(outGrid)) {
        int[] src = new int[in.ndim()];
        src[0] = idx[0];
        for (int i = 0; i < rest; i++) {
          src[m + i] = idx[i + 1];
        }
        int[] msrc = new int[m];
        msrc[0] = idx[0];
        Chunk c = inChunks.get(org.marsonspark.core.Shapes.flatIndex(src, inGrid));
        Chunk mc = maskChunks.get(idx[0]);
        long[] shape = new long[rest + 1];
        shape[0] = Shapes.UNKNOWN;
        for (int i = 0; i < rest; i++) {
          shape[i + 1] = c.shape(m + i);
        }
        chunks.add(ctx.newChunk(new MaskChunk(m), List.of(c, mc), idx, shape, in.dtype()));
      }
      out().setChunks(chunks, outSplits);
    }
  }

  /** Selects the entries (rows over the mask's axes) where the mask is true. */
  record MaskChunk(int maskDims) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray x = (NDArray) inputs[0];
      NDArray mask = (NDArray) inputs[1];
      long[] shape = x.shape();
      long rows = 1;
      for (int i = 0; i < maskDims; i++) {
        rows *= shape[i];
      }
      int inner = (int) (x.size() / Math.max(1, rows));
      boolean[] mk = mask.bools();
      int kept = 0;
      for (boolean b : mk) {
        if (b) {
          kept++;
        }
      }
      long[] outShape = new long[shape.length - maskDims + 1];
      outShape[0] = kept;
      System.arraycopy(shape, maskDims, outShape, 1, shape.length - maskDims);
      return x.compressRows(mk, (int) rows, inner).reshape(outShape);
    }

    @Override
    public String name() {
      return "bool_mask";
    }
  }

  /** Re-splits a tensor into new chunk sizes; needs known sizes (so it follows a mask through iterative tiling). */
  public static final class Rechunk extends TensorOp {
    private final ChunkSize chunkSize;

    private Rechunk(TensorData in, ChunkSize chunkSize) {
      super(List.of(in));
      this.chunkSize = chunkSize;
    }

    public static TensorData of(TensorData in, ChunkSize chunkSize) {
      return new Rechunk(in, chunkSize).newOutput(in.shape(), in.dtype());
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      ctx.requireKnownShapes(in);
      long[][] target = chunkSize.nsplits(in.shape(), in.dtype(), ctx.options());
      out().setChunks(Rechunking.rechunk(ctx, in, target), target);
    }
  }

  /** numpy's {@code transpose(axes)}: the chunk grid is permuted and each chunk transposed. */
  public static final class Transpose extends TensorOp {
    private final int[] perm;

    /** Whether this swaps the two axes of a matrix ({@code x.T} of 2-D x). */
    public boolean isMatrixTranspose() {
      return perm.length == 2 && perm[0] == 1 && perm[1] == 0;
    }

    private Transpose(TensorData in, int[] perm) {
      super(List.of(in));
      this.perm = perm;
    }

    public static TensorData of(TensorData in, int... axes) {
      int nd = in.ndim();
      int[] perm = new int[nd];
      if (axes == null || axes.length == 0) {
        for (int i = 0; i < nd; i++) {
          perm[i] = nd - 1 - i;
        }
      } else {
        if (axes.length != nd) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "axes don't match tensor: " + Arrays.toString(axes)
              + " for " + nd + " dimensions");
        }
        boolean[] seen = new boolean[nd];
        for (int i = 0; i < nd; i++) {
          int a = Errors.normalizeAxis("transpose", axes[i], nd);
          if (seen[a]) {
            throw new MarsException(ErrorClass.INVALID_ARGUMENT, "repeated axis in transpose: " + Arrays.toString(axes));
          }
          seen[a] = true;
          perm[i] = a;
        }
      }
      long[] shape = new long[nd];
      for (int i = 0; i < nd; i++) {
        shape[i] = in.shape(perm[i]);
      }
      if (in.isSparse()) {
        return perm[0] == 1 ? org.marsonspark.tensor.sparse.SparseTranspose.of(in)
            : org.marsonspark.tensor.sparse.SparseElementwise.astype(in, in.dtype());
      }
      return new Transpose(in, perm).newOutput(shape, in.dtype());
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      int nd = perm.length;
      long[][] splits = new long[nd][];
      int[] grid = new int[nd];
      for (int i = 0; i < nd; i++) {
        splits[i] = in.nsplits()[perm[i]];
        grid[i] = splits[i].length;
      }
      TransposeChunk op = new TransposeChunk(perm);
      List<Chunk> chunks = new ArrayList<>();
      for (int[] idx : gridPositions(grid)) {
        int[] src = new int[nd];
        for (int i = 0; i < nd; i++) {
          src[perm[i]] = idx[i];
        }
        Chunk c = in.chunk(src);
        long[] shape = new long[nd];
        for (int i = 0; i < nd; i++) {
          shape[i] = c.shape(perm[i]);
        }
        chunks.add(ctx.newChunk(op, List.of(c), idx, shape, in.dtype()));
      }
      out().setChunks(chunks, splits);
    }
  }

  public record TransposeChunk(int[] perm) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return ((NDArray) inputs[0]).transpose(perm);
    }

    @Override
    public String name() {
      return "transpose";
    }
  }
}
