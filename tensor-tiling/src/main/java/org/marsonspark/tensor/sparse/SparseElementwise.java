package org.marsonspark.tensor.sparse;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
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
import org.marsonspark.tensor.kernel.BinaryFn;
import org.marsonspark.tensor.kernel.Elementwise;
import org.marsonspark.tensor.kernel.UnaryFn;
import org.marsonspark.tensor.ops.Rechunking;

/**
 * Element-wise operations with a sparse operand. The rule is scipy's: an operation stays sparse
 * when it maps zeros to zero — a unary function with {@code f(0) = 0}, a scalar operation with
 * {@code f(0, s) = 0}, a function of two sparse tensors with {@code f(0, 0) = 0} (computed on the
 * union of their patterns), and {@code multiply} / {@code logical_and} with a dense tensor
 * (computed on the sparse pattern only, so {@code 0 · inf} stays 0 as in scipy). Any other
 * function of a sparse and a dense tensor gives a dense tensor (the sparse one densified, as
 * scipy's {@code A + D}); any other unary, scalar or sparse–sparse function is refused with
 * {@code UNSUPPORTED_OPERATION}, since it would fill every zero. Chunks are computed block by
 * block, the second operand rechunked to the first's blocks; results never store zeros.
 */
public final class SparseElementwise {
  private SparseElementwise() {}

  /** Functions of a sparse and a dense tensor that are zero wherever the sparse one is. */
  private static final Set<BinaryFn> MASKED_BY_SPARSE = Set.of(BinaryFn.MULTIPLY, BinaryFn.LOGICAL_AND);

  private static NDArray zero(DType dtype) {
    return NDArray.zeros(dtype, 1);
  }

  private static void requireZero(NDArray atZero, String what) {
    if (CsrMatrix.Buffers.nonZero(atZero)[0]) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, what + " = " + atZero.get(0) + " is not zero, so "
          + "the result would not be sparse: not supported on sparse tensors; call toDense() first");
    }
  }

  /** A unary ufunc of a sparse tensor (with {@code f(0) = 0}). */
  public static TensorData unary(UnaryFn fn, TensorData in) {
    DType compute = fn.computeType(in.dtype());
    DType result = fn.resultType(in.dtype());
    requireZero(Elementwise.unary(fn, zero(in.dtype()), compute, result), fn.numpyName() + "(0)");
    return Map.of(in, new UnaryData(fn, compute, result), fn.numpyName(), result);
  }

  /** {@code fn(a, scalar)} (or {@code fn(scalar, a)}) of a sparse tensor, with {@code fn(0, s) = 0}. */
  public static TensorData scalar(BinaryFn fn, TensorData in, Object scalar, boolean scalarFirst) {
    DType promoted = DType.promoteWithScalar(in.dtype(), scalar);
    DType compute = fn.computeType(promoted);
    DType result = fn.resultType(promoted);
    NDArray s = NDArray.scalar(compute, scalar);
    NDArray z = zero(compute);
    requireZero(scalarFirst ? Elementwise.binary(fn, s, z, compute, result) : Elementwise.binary(fn, z, s, compute,
        result), fn.numpyName() + (scalarFirst ? "(" + scalar + ", 0)" : "(0, " + scalar + ")"));
    return Map.of(in, new ScalarData(fn, compute, result, s, scalarFirst), fn.numpyName(), result);
  }

  /** {@code astype} of a sparse tensor (stays sparse). */
  public static TensorData astype(TensorData in, DType to) {
    return Map.of(in, new CastData(to), "astype", to);
  }

  /**
   * Whether {@code fn(a, b)}, one of them sparse, is sparse too (both sparse, or a product or
   * logical and, which the sparse side masks); otherwise scipy's result — {@code A + D},
   * {@code A - D}, {@code A / D}, comparisons with a dense array — is dense, computed from the
   * sparse side made dense.
   */
  public static boolean staysSparse(BinaryFn fn, TensorData a, TensorData b) {
    return (a.isSparse() && b.isSparse()) || MASKED_BY_SPARSE.contains(fn);
  }

  /** {@code fn(a, b)} with at least one of them sparse, where the result {@linkplain #staysSparse stays sparse}. */
  public static TensorData binary(BinaryFn fn, TensorData a, TensorData b) {
    if (a.isSparse() && b.isSparse()) {
      requireSameShape(fn, a, b);
      DType promoted = DType.promote(a.dtype(), b.dtype());
      DType compute = fn.computeType(promoted);
      DType result = fn.resultType(promoted);
      requireZero(Elementwise.binary(fn, zero(compute), zero(compute), compute, result), fn.numpyName() + "(0, 0)");
      return Binary.of(a, b, new SparseSparse(fn, compute, result), fn.numpyName(), result);
    }
    if (!MASKED_BY_SPARSE.contains(fn)) {
      throw new MarsException(ErrorClass.INTERNAL, fn.numpyName() + " of a sparse and a dense tensor is dense: "
          + "the caller makes the sparse side dense first (staysSparse)");
    }
    requireSameShape(fn, a, b);
    DType promoted = DType.promote(a.dtype(), b.dtype());
    DType compute = fn.computeType(promoted);
    DType result = fn.resultType(promoted);
    TensorData sparse = a.isSparse() ? a : b;
    TensorData dense = a.isSparse() ? b : a;
    return Binary.of(sparse, dense, new SparseDense(fn, compute, result, !a.isSparse()), fn.numpyName(), result);
  }

  private static void requireSameShape(BinaryFn fn, TensorData a, TensorData b) {
    if (!java.util.Arrays.equals(a.shape(), b.shape())) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, fn.numpyName() + " of a sparse tensor needs operands of one "
          + "shape (no broadcasting), got " + Shapes.toString(a.shape()) + " and " + Shapes.toString(b.shape()));
    }
  }

  /** A chunk-by-chunk map of a sparse tensor's stored values. */
  static final class Map extends TensorOp {
    private final ChunkOp op;
    private final String name;

    private Map(TensorData in, ChunkOp op, String name) {
      super(List.of(in));
      this.op = op;
      this.name = name;
    }

    static TensorData of(TensorData in, ChunkOp op, String name, DType result) {
      return new Map(in, op, name).newSparseOutput(in.shape(), result);
    }

    @Override
    protected boolean acceptsSparse() {
      return true;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public void tile(TileContext ctx) {
      tileChunkwise(ctx, input(0), c -> op, Chunk::shape, input(0).nsplits());
    }
  }

  record UnaryData(UnaryFn fn, DType compute, DType result) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      CsrMatrix a = (CsrMatrix) inputs[0];
      return a.withData(Elementwise.unary(fn, a.data(), compute, result));
    }

    @Override
    public String name() {
      return "sparse_" + fn.numpyName();
    }
  }

  record ScalarData(BinaryFn fn, DType compute, DType result, NDArray scalar, boolean scalarFirst) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      CsrMatrix a = (CsrMatrix) inputs[0];
      NDArray v = scalarFirst ? Elementwise.binary(fn, scalar, a.data(), compute, result)
          : Elementwise.binary(fn, a.data(), scalar, compute, result);
      return a.withData(v);
    }

    @Override
    public String name() {
      return "sparse_" + fn.numpyName();
    }
  }

  record CastData(DType to) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      CsrMatrix a = (CsrMatrix) inputs[0];
      return a.withData(a.data().astype(to));
    }

    @Override
    public String name() {
      return "sparse_astype(" + to + ")";
    }
  }

  /** Two operands of one shape, block by block; the second is rechunked to the first's blocks. */
  static final class Binary extends TensorOp {
    private final ChunkOp op;
    private final String name;

    private Binary(TensorData first, TensorData second, ChunkOp op, String name) {
      super(List.of(first, second));
      this.op = op;
      this.name = name;
    }

    static TensorData of(TensorData first, TensorData second, ChunkOp op, String name, DType result) {
      return new Binary(first, second, op, name).newSparseOutput(first.shape(), result);
    }

    @Override
    protected boolean acceptsSparse() {
      return true;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData a = input(0);
      TensorData b = input(1);
      ctx.requireKnownShapes(a, b);
      long[][] splits = a.nsplits();
      List<Chunk> bs = b.isSparse() ? SparseRechunk.rechunk(ctx, b, splits) : Rechunking.rechunk(ctx, b, splits);
      List<Chunk> chunks = new ArrayList<>();
      for (int i = 0; i < a.chunks().size(); i++) {
        Chunk c = a.chunks().get(i);
        chunks.add(ctx.newChunk(op, List.of(c, bs.get(i)), c.index(), c.shape(), out().chunkMeta()));
      }
      out().setChunks(chunks, splits);
    }
  }

  /** {@code fn} of two CSR blocks on the union of their patterns. */
  record SparseSparse(BinaryFn fn, DType compute, DType result) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      CsrMatrix a = (CsrMatrix) inputs[0];
      CsrMatrix b = (CsrMatrix) inputs[1];
      int m = a.rows();
      int[] ap = a.indptr();
      int[] ai = a.indices();
      int[] bp = b.indptr();
      int[] bi = b.indices();
      int cap = a.nnz() + b.nnz();
      int[] ptr = new int[m + 1];
      int[] idx = new int[cap];
      int[] pa = new int[cap];
      int[] pb = new int[cap];
      int k = 0;
      for (int i = 0; i < m; i++) {
        int p = ap[i];
        int q = bp[i];
        while (p < ap[i + 1] || q < bp[i + 1]) {
          int ca = p < ap[i + 1] ? ai[p] : Integer.MAX_VALUE;
          int cb = q < bp[i + 1] ? bi[q] : Integer.MAX_VALUE;
          idx[k] = Math.min(ca, cb);
          // a missing entry reads the zero appended after each operand's values
          pa[k] = ca <= cb ? p++ : a.nnz();
          pb[k] = cb <= ca ? q++ : b.nnz();
          k++;
        }
        ptr[i + 1] = k;
      }
      NDArray x = CsrMatrix.Buffers.gather(withZero(a.data().astype(compute)), java.util.Arrays.copyOf(pa, k));
      NDArray y = CsrMatrix.Buffers.gather(withZero(b.data().astype(compute)), java.util.Arrays.copyOf(pb, k));
      NDArray v = Elementwise.binary(fn, x, y, compute, result);
      return CsrMatrix.of(m, a.cols(), ptr, java.util.Arrays.copyOf(idx, k), v);
    }

    private static NDArray withZero(NDArray values) {
      NDArray z = NDArray.zeros(values.dtype(), 1);
      int n = values.size();
      Object buf = java.lang.reflect.Array.newInstance(values.buffer().getClass().getComponentType(), n + 1);
      System.arraycopy(values.buffer(), 0, buf, 0, n);
      System.arraycopy(z.buffer(), 0, buf, n, 1);
      return NDArray.wrap(values.dtype(), new long[] {n + 1}, buf);
    }

    @Override
    public String name() {
      return "sparse_" + fn.numpyName();
    }
  }

  /**
   * {@code fn} of a CSR block and a dense block on the sparse pattern only ({@code fn} is zero
   * wherever the sparse operand is); {@code denseFirst} keeps the user's operand order.
   */
  record SparseDense(BinaryFn fn, DType compute, DType result, boolean denseFirst) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      CsrMatrix a = (CsrMatrix) inputs[0];
      NDArray d = (NDArray) inputs[1];
      int[] pos = new int[a.nnz()];
      int[] ptr = a.indptr();
      int[] idx = a.indices();
      for (int i = 0; i < a.rows(); i++) {
        for (int p = ptr[i]; p < ptr[i + 1]; p++) {
          pos[p] = i * a.cols() + idx[p];
        }
      }
      NDArray dv = CsrMatrix.Buffers.gather(d, pos);
      NDArray v = denseFirst ? Elementwise.binary(fn, dv, a.data(), compute, result)
          : Elementwise.binary(fn, a.data(), dv, compute, result);
      return a.withData(v);
    }

    @Override
    public String name() {
      return "sparse_dense_" + fn.numpyName();
    }
  }
}
