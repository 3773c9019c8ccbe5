package org.marsonspark.tensor.sparse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.CsrMatrix;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;
import org.marsonspark.tensor.ops.Dot;
import org.marsonspark.tensor.ops.Rechunking;

/**
 * {@code dot}/{@code matmul} with a sparse operand, tiled as the dense product is: output block
 * (i, j) sums {@code A[i, k] · B[k, j]} over the contracted chunks k, B's rows rechunked to A's
 * columns. sparse · sparse is sparse (Gustavson's row-by-row product, all k pairs accumulated in
 * one pass); sparse · dense and dense · sparse are dense. The dense operand may be 1-D (a vector),
 * as in numpy. Float products accumulate in double, integer and bool ones in long (bool results
 * are "any product true", as numpy's).
 */
public final class SparseDot extends TensorOp {
  private final String opName;

  private SparseDot(TensorData a, TensorData b, String opName) {
    super(List.of(a, b));
    this.opName = opName;
  }

  public static TensorData of(TensorData a, TensorData b, String opName) {
    if (a.ndim() == 0 || b.ndim() == 0 || a.ndim() > 2 || b.ndim() > 2) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, opName + " of a sparse tensor with shapes "
          + Shapes.toString(a.shape()) + " and " + Shapes.toString(b.shape()) + ": the other operand must be 1-D or 2-D");
    }
    org.marsonspark.tensor.ops.Dot.requireAligned(a, b, opName);
    List<Long> shape = new ArrayList<>();
    if (a.ndim() == 2) {
      shape.add(a.shape(0));
    }
    if (b.ndim() == 2) {
      shape.add(b.shape(1));
    }
    long[] s = shape.stream().mapToLong(Long::longValue).toArray();
    DType dt = DType.promote(a.dtype(), b.dtype());
    SparseDot op = new SparseDot(a, b, opName);
    return a.isSparse() && b.isSparse() ? op.newSparseOutput(s, dt) : op.newOutput(s, dt);
  }

  @Override
  protected boolean acceptsSparse() {
    return true;
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
    long[] kSplits = a.nsplits()[a.ndim() - 1];
    long[][] bTarget = b.nsplits();
    bTarget[0] = kSplits;
    List<Chunk> bChunks = b.isSparse() ? SparseRechunk.rechunk(ctx, b, bTarget) : Rechunking.rechunk(ctx, b, bTarget);
    DType dt = out().dtype();
    boolean aSparse = a.isSparse();
    boolean bSparse = b.isSparse();
    Dot.tileBlockProducts(ctx, a, b, bChunks, bTarget, out(),
        (kn, m, n, shape) -> new BlockProduct(kn, m, n, shape, dt, aSparse, bSparse), out().chunkMeta());
  }

  /**
   * Sums {@code k} products of an (m × kk) and a (kk × n) block (A blocks first, then B blocks);
   * a 1-D dense block is a single row (as A) or column (as B).
   */
  record BlockProduct(int k, int m, int n, long[] outShape, DType dtype, boolean aSparse, boolean bSparse)
      implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      boolean real = dtype.isFloat();
      DType acc = real ? DType.FLOAT64 : DType.INT64;
      if (aSparse && bSparse) {
        return sparseProduct(inputs, real, acc);
      }
      double[] cd = real ? new double[m * n] : null;
      long[] cl = real ? null : new long[m * n];
      for (int p = 0; p < k; p++) {
        if (aSparse) {
          CsrMatrix sa = (CsrMatrix) inputs[p];
          NDArray b = ((NDArray) inputs[k + p]).astype(acc);
          int[] ptr = sa.indptr();
          int[] idx = sa.indices();
          NDArray av = sa.data().astype(acc);
          for (int i = 0; i < m; i++) {
            for (int q = ptr[i]; q < ptr[i + 1]; q++) {
              int row = idx[q] * n;
              if (real) {
                double v = av.doubles()[q];
                double[] bd = b.doubles();
                for (int j = 0; j < n; j++) {
                  cd[i * n + j] += v * bd[row + j];
                }
              } else {
                long v = av.longs()[q];
                long[] bl = b.longs();
                for (int j = 0; j < n; j++) {
                  cl[i * n + j] += v * bl[row + j];
                }
              }
            }
          }
        } else {
          NDArray a = ((NDArray) inputs[p]).astype(acc);
          CsrMatrix sb = (CsrMatrix) inputs[k + p];
          int kk = sb.rows();
          int[] ptr = sb.indptr();
          int[] idx = sb.indices();
          NDArray bv = sb.data().astype(acc);
          for (int i = 0; i < m; i++) {
            for (int q = 0; q < kk; q++) {
              if (real) {
                double x = a.doubles()[i * kk + q];
                if (x == 0) {
                  continue;
                }
                double[] bd = bv.doubles();
                for (int r = ptr[q]; r < ptr[q + 1]; r++) {
                  cd[i * n + idx[r]] += x * bd[r];
                }
              } else {
                long x = a.longs()[i * kk + q];
                if (x == 0) {
                  continue;
                }
                long[] bl = bv.longs();
                for (int r = ptr[q]; r < ptr[q + 1]; r++) {
                  cl[i * n + idx[r]] += x * bl[r];
                }
              }
            }
          }
        }
      }
      NDArray c = real ? NDArray.of(cd, outShape) : NDArray.of(cl, outShape);
      return c.astype(dtype);
    }

    /** Row i of the result accumulates {@code A_p[i, q] · B_p[q, :]} over every pair p and stored q. */
    private CsrMatrix sparseProduct(Object[] inputs, boolean real, DType acc) {
      CsrMatrix[] as = new CsrMatrix[k];
      CsrMatrix[] bs = new CsrMatrix[k];
      NDArray[] av = new NDArray[k];
      NDArray[] bv = new NDArray[k];
      for (int p = 0; p < k; p++) {
        as[p] = (CsrMatrix) inputs[p];
        bs[p] = (CsrMatrix) inputs[k + p];
        av[p] = as[p].data().astype(acc);
        bv[p] = bs[p].data().astype(acc);
      }
      double[] accD = real ? new double[n] : null;
      long[] accL = real ? null : new long[n];
      boolean[] touched = new boolean[n];
      int[] cols = new int[n];
      int[] ptr = new int[m + 1];
      int[] outIdx = new int[16];
      double[] outD = real ? new double[16] : null;
      long[] outL = real ? null : new long[16];
      int nnz = 0;
      for (int i = 0; i < m; i++) {
        int count = 0;
        for (int p = 0; p < k; p++) {
          int[] ap = as[p].indptr();
          int[] ai = as[p].indices();
          int[] bp = bs[p].indptr();
          int[] bi = bs[p].indices();
          for (int q = ap[i]; q < ap[i + 1]; q++) {
            int row = ai[q];
            for (int r = bp[row]; r < bp[row + 1]; r++) {
              int j = bi[r];
              if (!touched[j]) {
                touched[j] = true;
                cols[count++] = j;
              }
              if (real) {
                accD[j] += av[p].doubles()[q] * bv[p].doubles()[r];
              } else {
                accL[j] += av[p].longs()[q] * bv[p].longs()[r];
              }
            }
          }
        }
        Arrays.sort(cols, 0, count);
        if (nnz + count > outIdx.length) {
          int cap = Math.max(nnz + count, outIdx.length * 2);
          outIdx = Arrays.copyOf(outIdx, cap);
          if (real) {
            outD = Arrays.copyOf(outD, cap);
          } else {
            outL = Arrays.copyOf(outL, cap);
          }
        }
        for (int c = 0; c < count; c++) {
          int j = cols[c];
          outIdx[nnz] = j;
          if (real) {
            outD[nnz] = accD[j];
            accD[j] = 0;
          } else {
            outL[nnz] = accL[j];
            accL[j] = 0;
          }
          touched[j] = false;
          nnz++;
        }
        ptr[i + 1] = nnz;
      }
      NDArray values = real ? NDArray.of(Arrays.copyOf(outD, nnz)) : NDArray.of(Arrays.copyOf(outL, nnz));
      return CsrMatrix.of(m, n, ptr, Arrays.copyOf(outIdx, nnz), values.astype(dtype));
    }

    @Override
    public String name() {
      return aSparse && bSparse ? "spgemm" : aSparse ? "csr_dense_dot" : "dense_csr_dot";
    }
  }
}
