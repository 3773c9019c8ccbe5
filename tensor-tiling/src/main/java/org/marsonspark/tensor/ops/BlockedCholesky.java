package org.marsonspark.tensor.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;
import org.marsonspark.tensor.kernel.Lapack;

/**
 * Blocked Cholesky over the chunk grid (left-looking by block column). The matrix is rechunked
 * to square blocks (the row splits on both axes); then for each block column k:
 * {@code L[k][k] = chol(A[k][k] - Σ_{j<k} L[k][j]·L[k][j]ᵀ)} (LAPACK potrf in the chunk) and, for
 * i > k, {@code L[i][k] = (A[i][k] - Σ_{j<k} L[i][j]·L[k][j]ᵀ)·L[k][k]⁻ᵀ}. Blocks above the
 * diagonal are zero chunks. The caller checks the input is square and 2-D.
 */
public final class BlockedCholesky extends TensorOp {
  private BlockedCholesky(TensorData a) {
    super(List.of(a));
  }

  public static TensorData of(TensorData a) {
    return new BlockedCholesky(a).newOutput(a.shape(), Tsqr.floatType(a.dtype()));
  }

  @Override
  public String name() {
    return "cholesky";
  }

  @Override
  public void tile(TileContext ctx) {
    TensorData a = input(0);
    ctx.requireKnownShapes(a);
    long[] rows = a.nsplits()[0];
    int nb = rows.length;
    List<Chunk> blocks = Rechunking.rechunk(ctx, a, new long[][] {rows, rows});
    DType dt = out().dtype();
    Chunk[][] l = new Chunk[nb][nb];
    for (int k = 0; k < nb; k++) {
      List<Chunk> ins = new ArrayList<>();
      ins.add(blocks.get(k * nb + k));
      for (int j = 0; j < k; j++) {
        ins.add(l[k][j]);
      }
      l[k][k] = ctx.newChunk(new DiagBlock(k, dt), ins, new int[] {k, k}, new long[] {rows[k], rows[k]}, dt);
      for (int i = k + 1; i < nb; i++) {
        List<Chunk> off = new ArrayList<>();
        off.add(blocks.get(i * nb + k));
        off.add(l[k][k]);
        for (int j = 0; j < k; j++) {
          off.add(l[i][j]);
        }
        for (int j = 0; j < k; j++) {
          off.add(l[k][j]);
        }
        l[i][k] = ctx.newChunk(new OffBlock(k, dt), off, new int[] {i, k}, new long[] {rows[i], rows[k]}, dt);
      }
    }
    List<Chunk> chunks = new ArrayList<>();
    for (int i = 0; i < nb; i++) {
      for (int j = 0; j < nb; j++) {
        chunks.add(j <= i ? l[i][j] : ctx.newChunk(new ZeroBlock((int) rows[i], (int) rows[j], dt), List.of(),
            new int[] {i, j}, new long[] {rows[i], rows[j]}, dt));
      }
    }
    out().setChunks(chunks, new long[][] {rows, rows.clone()});
  }

  static double[] f64(Object o) {
    return ((NDArray) o).astype(DType.FLOAT64).doubles();
  }

  /** {@code c (m×n) -= x (m×p) · y (n×p)ᵀ}. */
  static void subtractProduct(double[] c, double[] x, double[] y, int m, int n, int p) {
    for (int r = 0; r < m; r++) {
      for (int s = 0; s < n; s++) {
        double acc = 0;
        for (int t = 0; t < p; t++) {
          acc += x[r * p + t] * y[s * p + t];
        }
        c[r * n + s] -= acc;
      }
    }
  }

  static NDArray out(double[] v, DType dt, int m, int n) {
    NDArray r = NDArray.of(v, m, n);
    return dt == DType.FLOAT64 ? r : r.astype(dt);
  }

  /** The diagonal block: inputs A[k][k], then L[k][0..k-1]. */
  record DiagBlock(int k, DType dtype) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray a = (NDArray) inputs[0];
      int n = (int) a.shape(0);
      double[] s = f64(a).clone();
      for (int j = 0; j < k; j++) {
        NDArray lj = (NDArray) inputs[1 + j];
        subtractProduct(s, f64(lj), f64(lj), n, n, (int) lj.shape(1));
      }
      return out(Lapack.cholesky(s, n), dtype, n, n);
    }

    @Override
    public String name() {
      return "cholesky_diag";
    }
  }

  /** A block below the diagonal: inputs A[i][k], L[k][k], L[i][0..k-1], L[k][0..k-1]. */
  record OffBlock(int k, DType dtype) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray a = (NDArray) inputs[0];
      int m = (int) a.shape(0);
      int n = (int) a.shape(1);
      double[] b = f64(a).clone();
      for (int j = 0; j < k; j++) {
        NDArray lij = (NDArray) inputs[2 + j];
        NDArray lkj = (NDArray) inputs[2 + k + j];
        subtractProduct(b, f64(lij), f64(lkj), m, n, (int) lij.shape(1));
      }
      double[] lkk = f64(inputs[1]);
      // each row x of the result solves x·L[k][k]ᵀ = b, i.e. L[k][k]·xᵀ = bᵀ (forward substitution)
      double[] x = new double[m * n];
      for (int r = 0; r < m; r++) {
        for (int c = 0; c < n; c++) {
          double v = b[r * n + c];
          for (int t = 0; t < c; t++) {
            v -= lkk[c * n + t] * x[r * n + t];
          }
          x[r * n + c] = v / lkk[c * n + c];
        }
      }
      return out(x, dtype, m, n);
    }

    @Override
    public String name() {
      return "cholesky_trsm";
    }
  }

  /** A zero block above the diagonal. */
  record ZeroBlock(int m, int n, DType dtype) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return NDArray.zeros(dtype, m, n);
    }

    @Override
    public String name() {
      return "zeros";
    }
  }
}
