package org.marsonspark.tensor.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
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

/**
 * tril, triu and diag. All work chunk by chunk from where each chunk sits in the whole matrix:
 * a chunk entirely on the kept side of the diagonal passes through, one entirely on the other
 * side becomes zeros, and only chunks the diagonal crosses are masked element by element.
 */
public final class Triangles {
  private Triangles() {}

  /** tril ({@code lower}) or triu of the last two axes, keeping diagonal {@code k}. */
  public static final class Tri extends TensorOp {
    private final long k;
    private final boolean lower;

    private Tri(TensorData in, long k, boolean lower) {
      super(List.of(in));
      this.k = k;
      this.lower = lower;
    }

    public static TensorData of(TensorData in, long k, boolean lower) {
      if (in.ndim() < 2) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, (lower ? "tril" : "triu")
            + ": input must be at least 2-d, got " + in.ndim() + "-d (numpy broadcasts 1-d input; pass a 2-d tensor)");
      }
      return new Tri(in, k, lower).newOutput(in.shape(), in.dtype());
    }

    @Override
    public String name() {
      return lower ? "tril" : "triu";
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      int nd = in.ndim();
      long[] rowOffsets = Shapes.offsets(in.nsplits()[nd - 2]);
      long[] colOffsets = Shapes.offsets(in.nsplits()[nd - 1]);
      tileChunkwise(ctx, in, c -> {
        long r0 = rowOffsets[c.index()[nd - 2]];
        long c0 = colOffsets[c.index()[nd - 1]];
        return new TriChunk(r0, c0, k, lower);
      }, Chunk::shape, in.nsplits());
    }
  }

  /** Keeps element (i, j) of the last two axes where j - i <= k (lower) or j - i >= k (upper). */
  record TriChunk(long rowOffset, long colOffset, long k, boolean lower) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray x = (NDArray) inputs[0];
      int nd = x.ndim();
      int rows = (int) x.shape(nd - 2);
      int cols = (int) x.shape(nd - 1);
      long lowest = colOffset - (rowOffset + rows - 1); // smallest j - i in this chunk
      long highest = colOffset + cols - 1 - rowOffset; // largest j - i
      if (rows == 0 || cols == 0 || (lower ? highest <= k : lowest >= k)) {
        return x;
      }
      if (lower ? lowest > k : highest < k) {
        return NDArray.zeros(x.dtype(), x.shape());
      }
      // in row i the kept columns are a prefix (lower) or a suffix (upper): copy those runs
      Object src = x.buffer();
      Object dst = java.lang.reflect.Array.newInstance(src.getClass().getComponentType(), x.size());
      int matrices = x.size() / (rows * cols);
      for (int m = 0; m < matrices; m++) {
        for (int i = 0; i < rows; i++) {
          long edge = k + rowOffset + i - colOffset; // j - i == k at column j == edge
          int from = lower ? 0 : (int) Math.max(0, Math.min(cols, edge));
          int to = lower ? (int) Math.max(0, Math.min(cols, edge + 1)) : cols;
          int base = (m * rows + i) * cols;
          if (to > from) {
            System.arraycopy(src, base + from, dst, base + from, to - from);
          }
        }
      }
      NDArray out = NDArray.wrap(x.dtype(), x.shape(), dst);
      return out;
    }

    @Override
    public String name() {
      return lower ? "tril" : "triu";
    }
  }

  /** diag of a 1-d tensor: a square matrix with the values on diagonal {@code k}. */
  public static final class DiagFrom1d extends TensorOp {
    private final long k;
    private final ChunkSize chunkSize;

    private DiagFrom1d(TensorData v, long k, ChunkSize chunkSize) {
      super(List.of(v));
      this.k = k;
      this.chunkSize = chunkSize;
    }

    public static TensorData of(TensorData v, long k, ChunkSize chunkSize) {
      long n = v.shape(0) < 0 ? Shapes.UNKNOWN : v.shape(0) + Math.abs(k);
      return new DiagFrom1d(v, k, chunkSize).newOutput(new long[] {n, n}, v.dtype());
    }

    @Override
    public String name() {
      return "diag";
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData v = input(0);
      ctx.requireKnownShapes(v);
      long n = v.shape(0) + Math.abs(k);
      long[][] nsplits = chunkSize.nsplits(new long[] {n, n}, v.dtype(), ctx.options());
      long[] rowOff = Shapes.offsets(nsplits[0]);
      long[] colOff = Shapes.offsets(nsplits[1]);
      long[] vOff = Shapes.offsets(v.nsplits()[0]);
      long rowShift = Math.max(0, -k);
      long colShift = Math.max(0, k);
      List<Chunk> chunks = new ArrayList<>();
      for (int i = 0; i < nsplits[0].length; i++) {
        for (int j = 0; j < nsplits[1].length; j++) {
          long h = nsplits[0][i];
          long w = nsplits[1][j];
          // positions p of v landing in this block: row p + rowShift, column p + colShift
          long from = Math.max(rowOff[i] - rowShift, colOff[j] - colShift);
          long to = Math.min(rowOff[i] + h - rowShift, colOff[j] + w - colShift);
          List<Chunk> ins = new ArrayList<>();
          List<Long> insOffsets = new ArrayList<>();
          for (int c = 0; c < v.chunks().size() && from < to; c++) {
            long c0 = vOff[c];
            long c1 = c0 + v.nsplits()[0][c];
            if (c1 > from && c0 < to) {
              ins.add(v.chunks().get(c));
              insOffsets.add(c0);
            }
          }
          long[] offs = insOffsets.stream().mapToLong(Long::longValue).toArray();
          chunks.add(ctx.newChunk(new DiagBlockChunk(rowOff[i] - rowShift, colOff[j] - colShift, offs, h, w,
              v.dtype()), ins, new int[] {i, j}, new long[] {h, w}, v.dtype()));
        }
      }
      out().setChunks(chunks, nsplits);
    }
  }

  /**
   * One block of diag(v): element p of v sits at block position (p - rowBase, p - colBase).
   * The inputs are the chunks of v overlapping the block, starting at {@code inputOffsets}.
   */
  record DiagBlockChunk(long rowBase, long colBase, long[] inputOffsets, long rows, long cols, DType dtype)
      implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray out = NDArray.zeros(dtype, rows, cols);
      Object dst = out.buffer();
      for (int c = 0; c < inputs.length; c++) {
        NDArray part = ((NDArray) inputs[c]).astype(dtype);
        for (int q = 0; q < part.size(); q++) {
          long p = inputOffsets[c] + q;
          long r = p - rowBase;
          long col = p - colBase;
          if (r >= 0 && r < rows && col >= 0 && col < cols) {
            System.arraycopy(part.buffer(), q, dst, (int) (r * cols + col), 1);
          }
        }
      }
      return out;
    }

    @Override
    public String name() {
      return "diag";
    }
  }

  /**
   * diag of a 2-d tensor: diagonal {@code k} as a 1-d tensor, one output chunk per stretch of
   * the diagonal inside one input chunk.
   */
  public static final class DiagOf2d extends TensorOp {
    private final long k;

    private DiagOf2d(TensorData m, long k) {
      super(List.of(m));
      this.k = k;
    }

    public static TensorData of(TensorData m, long k) {
      long len = m.shape(0) < 0 || m.shape(1) < 0 ? Shapes.UNKNOWN : length(m.shape(0), m.shape(1), k);
      return new DiagOf2d(m, k).newOutput(new long[] {len}, m.dtype());
    }

    static long length(long rows, long cols, long k) {
      return Math.max(0, k >= 0 ? Math.min(rows, cols - k) : Math.min(rows + k, cols));
    }

    @Override
    public String name() {
      return "diag";
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData m = input(0);
      ctx.requireKnownShapes(m);
      long len = length(m.shape(0), m.shape(1), k);
      long[] rowOff = Shapes.offsets(m.nsplits()[0]);
      long[] colOff = Shapes.offsets(m.nsplits()[1]);
      int gridCols = m.nsplits()[1].length;
      long r0 = Math.max(0, -k);
      long c0 = Math.max(0, k);
      List<Chunk> chunks = new ArrayList<>();
      List<Long> sizes = new ArrayList<>();
      long p = 0;
      int bi = 0;
      int bj = 0;
      while (p < len) {
        long r = r0 + p;
        long c = c0 + p;
        while (rowOff[bi] + m.nsplits()[0][bi] <= r) {
          bi++;
        }
        while (colOff[bj] + m.nsplits()[1][bj] <= c) {
          bj++;
        }
        long run = Math.min(Math.min(rowOff[bi] + m.nsplits()[0][bi] - r, colOff[bj] + m.nsplits()[1][bj] - c), len - p);
        Chunk in = m.chunks().get(bi * gridCols + bj);
        chunks.add(ctx.newChunk(new DiagStretchChunk(r - rowOff[bi], c - colOff[bj], run), List.of(in),
            new int[] {chunks.size()}, new long[] {run}, m.dtype()));
        sizes.add(run);
        p += run;
      }
      if (chunks.isEmpty()) {
        chunks.add(ctx.newChunk(new Creation.Full.FullChunk(new long[] {0}, m.dtype(), 0), List.of(), new int[] {0},
            new long[] {0}, m.dtype()));
        sizes.add(0L);
      }
      out().setChunks(chunks, new long[][] {sizes.stream().mapToLong(Long::longValue).toArray()});
    }
  }

  /** {@code n} diagonal elements of one chunk, from (row, col) on. */
  record DiagStretchChunk(long row, long col, long n) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray x = (NDArray) inputs[0];
      NDArray out = NDArray.zeros(x.dtype(), n);
      long cols = x.shape(1);
      for (int i = 0; i < n; i++) {
        System.arraycopy(x.buffer(), (int) ((row + i) * cols + col + i), out.buffer(), i, 1);
      }
      return out;
    }

    @Override
    public String name() {
      return "diag";
    }
  }
}
