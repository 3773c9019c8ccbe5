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
import org.marsonspark.tensor.kernel.Blas;

/**
 * {@code dot}/{@code matmul} of 1-D and 2-D tensors as a blocked product: output block (i, j)
 * sums {@code A[i, k] · B[k, j]} over the contracted chunks k, each product a BLAS gemm
 * (native OpenBLAS when the machine has it). The contracted axis of B is rechunked to A's.
 */
public final class Dot extends TensorOp {
  private final String opName;

  private Dot(TensorData a, TensorData b, String opName) {
    super(List.of(a, b));
    this.opName = opName;
  }

  /**
   * Checks that the last axis of {@code a} and the first of {@code b} (both 1-D or 2-D) have one
   * length, as a product of the two needs (unknown lengths are checked when they run).
   */
  public static void requireAligned(TensorData a, TensorData b, String opName) {
    long ka = a.shape(a.ndim() - 1);
    long kb = b.shape(0);
    if (ka != kb && ka != Shapes.UNKNOWN && kb != Shapes.UNKNOWN) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, opName + ": shapes " + Shapes.toString(a.shape()) + " and "
          + Shapes.toString(b.shape()) + " not aligned: " + ka + " (dim " + (a.ndim() - 1) + ") != " + kb + " (dim 0)"
          + "; the first operand's last axis must be as long as the second's first (transpose or slice to match)");
    }
  }

  public static TensorData of(TensorData a, TensorData b, String opName) {
    if (a.isSparse() || b.isSparse()) {
      return org.marsonspark.tensor.sparse.SparseDot.of(a, b, opName);
    }
    if (a.ndim() == 0 || b.ndim() == 0 || a.ndim() > 2 || b.ndim() > 2) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, opName + " of shapes " + Shapes.toString(a.shape())
          + " and " + Shapes.toString(b.shape()) + ": only 1-D and 2-D operands are supported so far");
    }
    requireAligned(a, b, opName);
    List<Long> shape = new ArrayList<>();
    if (a.ndim() == 2) {
      shape.add(a.shape(0));
    }
    if (b.ndim() == 2) {
      shape.add(b.shape(1));
    }
    DType dt = DType.promote(a.dtype(), b.dtype());
    if (dt.isFloat()) {
      org.marsonspark.tensor.kernel.Blas.warnIfSlow();
    }
    return new Dot(a, b, opName).newOutput(shape.stream().mapToLong(Long::longValue).toArray(), dt);
  }

  @Override
  public String name() {
    return opName;
  }

  @Override
  public void tile(TileContext ctx) {
    TensorData a = input(0);
    TensorData b = input(1);
    ctx.requireKnownShapes(a, b);
    if (isGram(a, b)) {
      tileGram(ctx, a);
      return;
    }
    long[] kSplits = a.nsplits()[a.ndim() - 1];
    long[][] bTarget = b.nsplits();
    bTarget[0] = kSplits;
    List<Chunk> bChunks = Rechunking.rechunk(ctx, b, bTarget);
    DType dt = out().dtype();
    tileBlockProducts(ctx, a, b, bChunks, bTarget, out(), (kn, m, n, shape) -> new BlockDot(kn, m, n, shape, dt), dt);
  }

  /** Makes the chunk op summing {@code k} block products into an (m × n) block of shape {@code shape}. */
  public interface BlockProductOp {
    ChunkOp of(int k, int m, int n, long[] shape);
  }

  /**
   * Tiles a·b of 1-D/2-D operands, b already cut along its first axis like a's last
   * ({@code bChunks}, C order over the grid {@code bSplits}): one output chunk per (row block of
   * a, column block of b), reading a's k blocks of that row, then b's k blocks of that column.
   */
  public static void tileBlockProducts(TileContext ctx, TensorData a, TensorData b, List<Chunk> bChunks,
      long[][] bSplits, TensorData out, BlockProductOp opOf, Object chunkMeta) {
    int kn = bSplits[0].length;
    long[] rows = a.ndim() == 2 ? a.nsplits()[0] : new long[] {1};
    long[] cols = b.ndim() == 2 ? bSplits[1] : new long[] {1};
    List<Chunk> chunks = new ArrayList<>();
    for (int i = 0; i < rows.length; i++) {
      for (int j = 0; j < cols.length; j++) {
        List<Chunk> ins = new ArrayList<>();
        for (int k = 0; k < kn; k++) {
          ins.add(a.ndim() == 2 ? a.chunk(i, k) : a.chunk(k));
        }
        for (int k = 0; k < kn; k++) {
          ins.add(bChunks.get(b.ndim() == 2 ? k * cols.length + j : k));
        }
        List<Long> shape = new ArrayList<>();
        List<Integer> idx = new ArrayList<>();
        if (a.ndim() == 2) {
          shape.add(rows[i]);
          idx.add(i);
        }
        if (b.ndim() == 2) {
          shape.add(cols[j]);
          idx.add(j);
        }
        long[] s = shape.stream().mapToLong(Long::longValue).toArray();
        chunks.add(ctx.newChunk(opOf.of(kn, (int) rows[i], (int) cols[j], s), ins,
            idx.stream().mapToInt(Integer::intValue).toArray(), s, chunkMeta));
      }
    }
    List<long[]> splits = new ArrayList<>();
    if (a.ndim() == 2) {
      splits.add(rows);
    }
    if (b.ndim() == 2) {
      splits.add(cols);
    }
    out.setChunks(chunks, splits.toArray(new long[0][]));
  }

  /** {@code x.dot(x.T)} of a float matrix: symmetric, so half the blocks and half the flops. */
  private static boolean isGram(TensorData a, TensorData b) {
    return a.ndim() == 2 && a.dtype().isFloat() && b.op() instanceof Indexing.Transpose t && t.isMatrixTranspose()
        && b.op().inputs().get(0) == a;
  }

  /**
   * Block (i, j) of {@code x·xᵀ} for i ≤ j is {@code Σk x[i,k]·x[j,k]ᵀ} (a gemm reading both
   * operands in place, a syrk on the diagonal); block (j, i) is the transpose of block (i, j).
   */
  private void tileGram(TileContext ctx, TensorData a) {
    long[] rows = a.nsplits()[0];
    int kn = a.nsplits()[1].length;
    int nb = rows.length;
    DType dt = out().dtype();
    Chunk[][] blocks = new Chunk[nb][nb];
    for (int i = 0; i < nb; i++) {
      for (int j = i; j < nb; j++) {
        List<Chunk> ins = new ArrayList<>();
        for (int k = 0; k < kn; k++) {
          ins.add(a.chunk(i, k));
        }
        if (i != j) {
          for (int k = 0; k < kn; k++) {
            ins.add(a.chunk(j, k));
          }
        }
        long[] shape = {rows[i], rows[j]};
        blocks[i][j] = ctx.newChunk(new GramBlock(kn, (int) rows[i], (int) rows[j], i == j, dt), ins,
            new int[] {i, j}, shape, dt);
      }
    }
    Indexing.TransposeChunk flip = new Indexing.TransposeChunk(new int[] {1, 0});
    List<Chunk> chunks = new ArrayList<>();
    for (int i = 0; i < nb; i++) {
      for (int j = 0; j < nb; j++) {
        chunks.add(i <= j ? blocks[i][j] : ctx.newChunk(flip, List.of(blocks[j][i]), new int[] {i, j},
            new long[] {rows[i], rows[j]}, dt));
      }
    }
    out().setChunks(chunks, new long[][] {rows, rows.clone()});
  }

  /**
   * One block of {@code x·xᵀ}: {@code Σk A[k]·B[k]ᵀ} with A the k row-chunks of block row i and
   * B those of block row j; on the diagonal (A = B) a syrk computes one triangle, then mirrors.
   */
  record GramBlock(int k, int m, int n, boolean diagonal, DType dtype) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      boolean single = dtype == DType.FLOAT32;
      double[] c = single ? null : new double[m * n];
      float[] cf = single ? new float[m * n] : null;
      for (int p = 0; p < k; p++) {
        NDArray x = ((NDArray) inputs[p]).astype(dtype);
        NDArray y = diagonal ? x : ((NDArray) inputs[k + p]).astype(dtype);
        int kk = (int) x.shape(1);
        if (m == 0 || n == 0 || kk == 0) {
          continue;
        }
        // row-major C = X Yᵀ is column-major Cᵀ = Y Xᵀ, and a row-major matrix is its own transpose
        // in column-major: so gemm("T", "N") on the buffers as they are
        if (diagonal && single) {
          Blas.get().ssyrk("U", "T", m, kk, 1f, x.floats(), kk, 1f, cf, m);
        } else if (diagonal) {
          Blas.get().dsyrk("U", "T", m, kk, 1.0, x.doubles(), kk, 1.0, c, m);
        } else if (single) {
          Blas.get().sgemm("T", "N", n, m, kk, 1f, y.floats(), kk, x.floats(), kk, 1f, cf, n);
        } else {
          Blas.get().dgemm("T", "N", n, m, kk, 1.0, y.doubles(), kk, x.doubles(), kk, 1.0, c, n);
        }
      }
      if (diagonal) {
        // syrk filled the column-major upper triangle: the row-major lower one
        for (int r = 0; r < m; r++) {
          for (int col = r + 1; col < m; col++) {
            if (single) {
              cf[r * m + col] = cf[col * m + r];
            } else {
              c[r * m + col] = c[col * m + r];
            }
          }
        }
      }
      return single ? NDArray.of(cf, m, n) : NDArray.of(c, m, n);
    }

    @Override
    public String name() {
      return diagonal ? "syrk" : "gemm_nt";
    }
  }

  /** Sums the products of {@code k} pairs of blocks (A blocks first, then B blocks). */
  record BlockDot(int k, int m, int n, long[] outShape, DType dtype) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      if (dtype == DType.FLOAT64 || dtype == DType.FLOAT32) {
        boolean single = dtype == DType.FLOAT32;
        double[] c = single ? null : new double[m * n];
        float[] cf = single ? new float[m * n] : null;
        for (int p = 0; p < k; p++) {
          NDArray a = ((NDArray) inputs[p]).astype(dtype);
          NDArray b = ((NDArray) inputs[k + p]).astype(dtype);
          int kk = (int) (a.size() / Math.max(1, m));
          if (m == 0 || n == 0 || kk == 0) {
            continue;
          }
          // row-major C = A B is column-major C^T = B^T A^T
          if (single) {
            Blas.get().sgemm("N", "N", n, m, kk, 1f, b.floats(), n, a.floats(), kk, 1f, cf, n);
          } else {
            Blas.get().dgemm("N", "N", n, m, kk, 1.0, b.doubles(), n, a.doubles(), kk, 1.0, c, n);
          }
        }
        return single ? NDArray.of(cf, outShape) : NDArray.of(c, outShape);
      }
      long[] c = new long[m * n];
      for (int p = 0; p < k; p++) {
        long[] a = ((NDArray) inputs[p]).astype(DType.INT64).longs();
        long[] b = ((NDArray) inputs[k + p]).astype(DType.INT64).longs();
        int kk = a.length / Math.max(1, m);
        for (int i = 0; i < m; i++) {
          for (int q = 0; q < kk; q++) {
            long av = a[i * kk + q];
            if (av == 0) {
              continue;
            }
            for (int j = 0; j < n; j++) {
              c[i * n + j] += av * b[q * n + j];
            }
          }
        }
      }
      NDArray r = NDArray.of(c, outShape);
      return dtype == DType.BOOL ? r.astype(DType.BOOL) : r.astype(dtype);
    }

    @Override
    public String name() {
      return "dot";
    }
  }
}
