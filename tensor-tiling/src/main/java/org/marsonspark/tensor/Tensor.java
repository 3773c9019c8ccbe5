package org.marsonspark.tensor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.exec.Fetcher;
import org.marsonspark.session.ExecutionHandle;
import org.marsonspark.session.ExecutionHolder;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.kernel.BinaryFn;
import org.marsonspark.tensor.kernel.ReductionFn;
import org.marsonspark.tensor.kernel.Reductions;
import org.marsonspark.tensor.kernel.UnaryFn;
import org.marsonspark.tensor.ops.Dot;
import org.marsonspark.tensor.ops.ElementwiseOp;
import org.marsonspark.tensor.ops.Indexing;
import org.marsonspark.tensor.ops.Reduction;
import org.marsonspark.tensor.sparse.SparseCreation;

/**
 * A numpy-style N-dimensional array, built lazily: operations record a graph and nothing runs
 * until {@link #execute()}. {@link #fetch()} then brings the values to the driver. An executed
 * tensor keeps its chunks in the executors until {@link #release()} is called, it becomes
 * unreachable, or the session closes.
 *
 * <p>Arithmetic takes another tensor or a Java scalar ({@code Integer}, {@code Long},
 * {@code Double}, {@code Boolean}, ...), with numpy's broadcasting and type promotion.
 */
public final class Tensor implements TileableHandle {
  private final TensorData data;
  private final ExecutionHolder executed = new ExecutionHolder(this);

  Tensor(TensorData data) {
    this.data = data;
  }

  // ---- metadata -----------------------------------------------------------------------

  @Override
  public TensorData data() {
    return data;
  }

  /** The shape; a dimension is {@code -1} while unknown (after a boolean mask, before execution). */
  public long[] shape() {
    return data.shape();
  }

  public long shape(int axis) {
    return data.shape(axis < 0 ? axis + ndim() : axis);
  }

  public int ndim() {
    return data.ndim();
  }

  public long size() {
    return Shapes.size(data.shape());
  }

  public DType dtype() {
    return data.dtype();
  }

  /** Whether this is a 2-D sparse tensor (its chunks are {@link CsrMatrix} blocks). */
  public boolean isSparse() {
    return data.isSparse();
  }

  /** The sparse tensor of this dense 2-D tensor's non-zeros (same chunks). */
  public Tensor toSparse() {
    return ofOutput(SparseCreation.FromDense.of(data));
  }

  /** The dense tensor of this sparse tensor (same chunks). */
  public Tensor toDense() {
    return ofOutput(SparseCreation.ToDense.of(data));
  }

  /** Chunk sizes along each axis; known once the tensor has been tiled (executed). */
  public long[][] nsplits() {
    return data.nsplits();
  }

  // ---- element-wise -------------------------------------------------------------------

  private Tensor binary(BinaryFn fn, Object other) {
    if (other instanceof Tensor t) {
      return Tensor.ofOutput(ElementwiseOp.Binary.of(fn, data, t.data));
    }
    return Tensor.ofOutput(ElementwiseOp.Binary.withScalar(fn, data, other, false));
  }

  /** {@code fn(scalar, this)}. */
  Tensor binaryReversed(BinaryFn fn, Object scalar) {
    return Tensor.ofOutput(ElementwiseOp.Binary.withScalar(fn, data, scalar, true));
  }

  Tensor unary(UnaryFn fn) {
    return Tensor.ofOutput(ElementwiseOp.Unary.of(fn, data));
  }

  public Tensor add(Object other) {
    return binary(BinaryFn.ADD, other);
  }

  public Tensor sub(Object other) {
    return binary(BinaryFn.SUBTRACT, other);
  }

  public Tensor mul(Object other) {
    return binary(BinaryFn.MULTIPLY, other);
  }

  /** True division (numpy's {@code /}): integer inputs give float64. */
  public Tensor div(Object other) {
    return binary(BinaryFn.TRUE_DIVIDE, other);
  }

  public Tensor floorDiv(Object other) {
    return binary(BinaryFn.FLOOR_DIVIDE, other);
  }

  public Tensor mod(Object other) {
    return binary(BinaryFn.MOD, other);
  }

  public Tensor pow(Object other) {
    return binary(BinaryFn.POWER, other);
  }

  public Tensor neg() {
    return unary(UnaryFn.NEGATIVE);
  }

  public Tensor abs() {
    return unary(UnaryFn.ABSOLUTE);
  }

  public Tensor eq(Object other) {
    return binary(BinaryFn.EQUAL, other);
  }

  public Tensor ne(Object other) {
    return binary(BinaryFn.NOT_EQUAL, other);
  }

  public Tensor lt(Object other) {
    return binary(BinaryFn.LESS, other);
  }

  public Tensor le(Object other) {
    return binary(BinaryFn.LESS_EQUAL, other);
  }

  public Tensor gt(Object other) {
    return binary(BinaryFn.GREATER, other);
  }

  public Tensor ge(Object other) {
    return binary(BinaryFn.GREATER_EQUAL, other);
  }

  public Tensor and(Object other) {
    return binary(BinaryFn.LOGICAL_AND, other);
  }

  public Tensor or(Object other) {
    return binary(BinaryFn.LOGICAL_OR, other);
  }

  public Tensor xor(Object other) {
    return binary(BinaryFn.LOGICAL_XOR, other);
  }

  public Tensor not() {
    return unary(UnaryFn.LOGICAL_NOT);
  }

  public Tensor astype(DType to) {
    return Tensor.ofOutput(ElementwiseOp.AsType.of(data, to));
  }

  // ---- reductions ---------------------------------------------------------------------

  private Tensor reduce(ReductionFn fn, int[] axes, boolean keepdims) {
    return Tensor.ofOutput(Reduction.of(data, fn, axes, keepdims));
  }

  public Tensor sum(int... axes) {
    return reduce(Reductions.Simple.SUM, axes, false);
  }

  public Tensor sum(int[] axes, boolean keepdims) {
    return reduce(Reductions.Simple.SUM, axes, keepdims);
  }

  public Tensor prod(int... axes) {
    return reduce(Reductions.Simple.PROD, axes, false);
  }

  public Tensor prod(int[] axes, boolean keepdims) {
    return reduce(Reductions.Simple.PROD, axes, keepdims);
  }

  public Tensor min(int... axes) {
    return reduce(Reductions.Simple.MIN, axes, false);
  }

  public Tensor min(int[] axes, boolean keepdims) {
    return reduce(Reductions.Simple.MIN, axes, keepdims);
  }

  public Tensor max(int... axes) {
    return reduce(Reductions.Simple.MAX, axes, false);
  }

  public Tensor max(int[] axes, boolean keepdims) {
    return reduce(Reductions.Simple.MAX, axes, keepdims);
  }

  public Tensor mean(int... axes) {
    return reduce(Reductions.Moment.mean(), axes, false);
  }

  public Tensor mean(int[] axes, boolean keepdims) {
    return reduce(Reductions.Moment.mean(), axes, keepdims);
  }

  public Tensor var(int... axes) {
    return reduce(Reductions.Moment.var(0), axes, false);
  }

  /** Variance with {@code ddof} delta degrees of freedom. */
  public Tensor var(int[] axes, boolean keepdims, int ddof) {
    return reduce(Reductions.Moment.var(ddof), axes, keepdims);
  }

  public Tensor std(int... axes) {
    return reduce(Reductions.Moment.std(0), axes, false);
  }

  public Tensor std(int[] axes, boolean keepdims, int ddof) {
    return reduce(Reductions.Moment.std(ddof), axes, keepdims);
  }

  /** Index of the minimum over the flattened tensor. */
  public Tensor argmin() {
    return reduce(Reductions.Arg.ARGMIN, null, false);
  }

  public Tensor argmin(int axis) {
    return reduce(Reductions.Arg.ARGMIN, new int[] {axis}, false);
  }

  public Tensor argmax() {
    return reduce(Reductions.Arg.ARGMAX, null, false);
  }

  public Tensor argmax(int axis) {
    return reduce(Reductions.Arg.ARGMAX, new int[] {axis}, false);
  }

  public Tensor all(int... axes) {
    return reduce(Reductions.Simple.ALL, axes, false);
  }

  public Tensor all(int[] axes, boolean keepdims) {
    return reduce(Reductions.Simple.ALL, axes, keepdims);
  }

  public Tensor any(int... axes) {
    return reduce(Reductions.Simple.ANY, axes, false);
  }

  public Tensor any(int[] axes, boolean keepdims) {
    return reduce(Reductions.Simple.ANY, axes, keepdims);
  }

  public Tensor countNonzero(int... axes) {
    return reduce(Reductions.Simple.COUNT_NONZERO, axes, false);
  }

  // ---- indexing and layout ------------------------------------------------------------

  /** {@code t[mask]}: the entries where a bool tensor over the leading axes is true. */
  public Tensor get(Tensor mask) {
    return Tensor.ofOutput(Indexing.BoolMask.of(data, mask.data));
  }

  /** Basic slicing, one {@link Slice} per leading axis. */
  public Tensor slice(Slice... slices) {
    return Tensor.ofOutput(Indexing.SliceOp.of(data, slices));
  }

  /** Basic slicing written as numpy writes it: {@code "1:10, ::2"}. */
  public Tensor slice(String spec) {
    return Index.get(this, Index.parse(spec));
  }

  public Tensor rechunk(long chunkSize) {
    return Tensor.ofOutput(Indexing.Rechunk.of(data, ChunkSize.of(chunkSize)));
  }

  public Tensor rechunk(ChunkSize chunkSize) {
    return Tensor.ofOutput(Indexing.Rechunk.of(data, chunkSize));
  }

  /** The transpose (numpy's {@code .T}). */
  public Tensor T() {
    return Tensor.ofOutput(Indexing.Transpose.of(data));
  }

  public Tensor transpose(int... axes) {
    return Tensor.ofOutput(Indexing.Transpose.of(data, axes));
  }

  public Tensor dot(Tensor other) {
    return Products.dot(this, other);
  }

  public Tensor matmul(Tensor other) {
    return Products.matmul(this, other);
  }

  // ---- manipulation and indexing -----------------------------------------------------------

  /** numpy's {@code reshape} (C order); one dimension may be {@code -1}. */
  public Tensor reshape(long... shape) {
    return ManipulationRoutines.reshape(this, shape);
  }

  /** numpy's {@code ravel}: the C-order 1-D tensor. */
  public Tensor ravel() {
    return ManipulationRoutines.ravel(this);
  }

  public Tensor flatten() {
    return ManipulationRoutines.ravel(this);
  }

  public Tensor swapaxes(int axis1, int axis2) {
    return ManipulationRoutines.swapaxes(this, axis1, axis2);
  }

  public Tensor moveaxis(int source, int destination) {
    return ManipulationRoutines.moveaxis(this, new int[] {source}, new int[] {destination});
  }

  public Tensor expandDims(int... axes) {
    return ManipulationRoutines.expandDims(this, axes);
  }

  /** Removes the given length-1 axes, or all of them when none are given. */
  public Tensor squeeze(int... axes) {
    return ManipulationRoutines.squeeze(this, axes);
  }

  public Tensor broadcastTo(long... shape) {
    return ManipulationRoutines.broadcastTo(this, shape);
  }

  /** numpy's {@code repeat} of each element {@code repeats} times along an axis (null: flattened). */
  public Tensor repeat(long repeats, Integer axis) {
    return ManipulationRoutines.repeat(this, new long[] {repeats}, axis);
  }

  public Tensor repeat(long[] repeats, Integer axis) {
    return ManipulationRoutines.repeat(this, repeats, axis);
  }

  /** Reverses the given axes, or all axes when none are given. */
  public Tensor flip(int... axes) {
    return ManipulationRoutines.flip(this, axes);
  }

  /** numpy's {@code roll} along an axis (null: the flattened tensor, reshaped back). */
  public Tensor roll(long shift, Integer axis) {
    return ManipulationRoutines.roll(this, new long[] {shift}, axis == null ? null : new int[] {axis});
  }

  /** The {@code n}-th discrete difference along an axis. */
  public Tensor diff(int n, int axis) {
    return ManipulationRoutines.diff(this, n, axis);
  }

  /** diff with {@code prepend}/{@code append} (tensors or scalars; null for none) joined along the axis first. */
  public Tensor diff(int n, int axis, Object prepend, Object append) {
    return ManipulationRoutines.diff(this, n, axis, prepend, append);
  }

  public Tensor diff() {
    return ManipulationRoutines.diff(this, 1, -1);
  }

  /** numpy's {@code take} with indices known on the driver (axis null: the flattened tensor). */
  public Tensor take(long[] indices, Integer axis) {
    return ManipulationRoutines.take(this, indices, axis);
  }

  /** numpy's {@code take} with an integer index tensor of any shape. */
  public Tensor take(Tensor indices, Integer axis) {
    return ManipulationRoutines.take(this, indices, axis);
  }

  /** numpy's {@code compress}: the entries along an axis where the condition is true. */
  public Tensor compress(boolean[] condition, Integer axis) {
    return ManipulationRoutines.compress(condition, this, axis);
  }

  public Tensor compress(Tensor condition, Integer axis) {
    return ManipulationRoutines.compress(condition, this, axis);
  }

  /** numpy's {@code nonzero}: one int64 tensor of coordinates per axis (lengths unknown until run). */
  public Tensor[] nonzero() {
    return ManipulationRoutines.nonzero(this);
  }

  /**
   * numpy indexing with typed items: {@link Slice}, integers (drop the axis), {@link Index#NEW_AXIS},
   * {@link Index#ELLIPSIS}, one integer array ({@code long[]}, {@code int[]} or integer tensor) for
   * fancy indexing along its axis, or a single bool tensor as a mask.
   */
  public Tensor index(Object... items) {
    return Index.get(this, items);
  }

  /** numpy indexing written as numpy writes it: {@code "1, ..., None"}, {@code "::2, -1"}. */
  public Tensor index(String spec) {
    return Index.get(this, Index.parse(spec));
  }

  /**
   * Functional setitem: a new tensor equal to this one with {@code this[spec] = value} applied
   * ({@code value} a scalar or a tensor broadcastable to the selection).
   */
  public Tensor set(String spec, Object value) {
    return Index.set(this, Index.parse(spec), value);
  }

  /** Functional setitem with typed index items (see {@link #index(Object...)}), or a bool mask. */
  public Tensor set(Object[] items, Object value) {
    return Index.set(this, items, value);
  }

  /** Functional {@code this[mask] = value} for a bool mask of this tensor's shape. */
  public Tensor set(Tensor mask, Object value) {
    return Index.set(this, new Object[] {mask}, value);
  }

  // ---- end of manipulation and indexing ----------------------------------------------------

  // ---- linear algebra and fft ----

  /** numpy's {@code a.dot(b)} for N-d operands is {@link #dot}; this is {@code tensordot(a, b, axes)}. */
  public Tensor tensordot(Tensor other, int axes) {
    return Products.tensordot(this, other, axes);
  }

  /** {@code tensordot(a, b, axes=(aAxes, bAxes))}. */
  public Tensor tensordot(Tensor other, int[] aAxes, int[] bAxes) {
    return Products.tensordot(this, other, aAxes, bAxes);
  }

  // ---- end of linear algebra and fft ----


  // ---- statistics, sorting and sets --------------------------------------------------

  /** A reduction of the family with any member (used by the nan-reductions of {@link Mt}). */
  Tensor reduceWith(ReductionFn fn, int[] axes, boolean keepdims) {
    return reduce(fn, axes, keepdims);
  }

  public Tensor cumsum(int axis) {
    return Mt.cumsum(this, axis);
  }

  public Tensor cumprod(int axis) {
    return Mt.cumprod(this, axis);
  }

  public Tensor ptp(int... axes) {
    return Mt.ptp(this, axes);
  }

  public Tensor clip(Object lo, Object hi) {
    return Mt.clip(this, lo, hi);
  }

  public Tensor round(int decimals) {
    return Mt.around(this, decimals);
  }

  // ---- execution ----------------------------------------------------------------------

  /** Runs this tensor in the default session and keeps its chunks; returns this tensor. */
  public Tensor execute() {
    return execute(MarsSession.getDefault());
  }

  public Tensor execute(MarsSession s) {
    Mt.execute(s, this);
    return this;
  }

  /**
   * Runs newly created tensors at once when the default session is eager
   * ({@link org.marsonspark.session.MarsOptions#withEager}); returns them.
   */
  static Tensor[] eager(Tensor... created) {
    MarsSession s = MarsSession.eagerDefault();
    if (s != null) {
      Mt.execute(s, created);
    }
    return created;
  }

  /**
   * Wraps the output tensor of an operand from another module (a DataFrame's {@code toTensor},
   * say), already bound to that operand; in an eager session it runs right away.
   */
  public static Tensor ofOutput(TensorData bound) {
    if (bound.op() == null) {
      throw new IllegalArgumentException("tensor data " + bound + " is not the output of an operand");
    }
    return eager(new Tensor(bound))[0];
  }

  /**
   * Wraps the outputs of one operand (values and indices, Q and R…), bound to it; in an eager
   * session they run right away, together.
   */
  public static Tensor[] ofOutputs(List<TensorData> bound) {
    Tensor[] t = new Tensor[bound.size()];
    for (int i = 0; i < t.length; i++) {
      t[i] = new Tensor(bound.get(i));
    }
    return eager(t);
  }

  /** Called by execution: takes ownership of the handle holding this tensor's chunks. */
  void adopt(MarsSession s, ExecutionHandle h) {
    executed.adopt(s, h);
  }

  public boolean isExecuted() {
    return executed.isExecuted(data);
  }

  /** Drops this tensor's chunks from the executors (unless something else still uses them). */
  public void release() {
    executed.release();
  }

  /** The values, on the driver. The tensor (or the tensor it slices) must have been executed. */
  public NDArray fetch() {
    if (data.isSparse()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, this + " is sparse: fetchSparse() returns its "
          + "CsrMatrix (with toDense(), nnz() and get(i, j)), toDense().fetch() a dense NDArray");
    }
    MarsSession session = executed.session();
    MarsSession s = session != null && !session.isClosed() ? session : MarsSession.getDefault();
    if (s.isExecuted(data)) {
      return assemble(data.chunks(), null, data.nsplits(), data.shape(), s);
    }
    if (data.op() instanceof Indexing.SliceOp slice && s.isExecuted(slice.source())) {
      return fetchSlice(slice, s);
    }
    throw new MarsException(ErrorClass.NOT_EXECUTED, this + " has not been executed (or was released): call execute() first");
  }

  /** The values of an executed sparse tensor, on the driver, as one CSR matrix. */
  public CsrMatrix fetchSparse() {
    if (!data.isSparse()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, this + " is dense: use fetch()");
    }
    MarsSession session = executed.session();
    MarsSession s = session != null && !session.isClosed() ? session : MarsSession.getDefault();
    if (!s.isExecuted(data)) {
      throw new MarsException(ErrorClass.NOT_EXECUTED, this + " has not been executed (or was released): call execute() first");
    }
    Object[] parts = s.fetchChunks(data.chunks(), null);
    CsrMatrix[] blocks = new CsrMatrix[parts.length];
    for (int i = 0; i < parts.length; i++) {
      blocks[i] = (CsrMatrix) parts[i];
    }
    return CsrMatrix.fromGrid(dtype(), data.nsplits(), blocks);
  }

  /** Fetches a slice of an executed tensor: only the chunks it overlaps, sliced on their executors. */
  private NDArray fetchSlice(Indexing.SliceOp slice, MarsSession s) {
    TensorData src = slice.source();
    List<long[]>[] plan = slice.plan(src.nsplits());
    int nd = plan.length;
    int[] grid = new int[nd];
    long[][] splits = new long[nd][];
    for (int a = 0; a < nd; a++) {
      if (plan[a].isEmpty()) {
        return NDArray.zeros(dtype(), shape());
      }
      grid[a] = plan[a].size();
      splits[a] = plan[a].stream().mapToLong(p -> p[3]).toArray();
    }
    List<Chunk> chunks = new ArrayList<>();
    List<Fetcher.Transform> transforms = new ArrayList<>();
    for (int flat = 0; flat < Shapes.gridSize(grid); flat++) {
      int[] idx = Shapes.unflatIndex(flat, grid);
      int[] srcIdx = new int[nd];
      long[] start = new long[nd];
      long[] step = new long[nd];
      long[] count = new long[nd];
      for (int a = 0; a < nd; a++) {
        long[] p = plan[a].get(idx[a]);
        srcIdx[a] = (int) p[0];
        start[a] = p[1];
        step[a] = p[2];
        count[a] = p[3];
      }
      chunks.add(src.chunk(srcIdx));
      Indexing.SliceChunk op = new Indexing.SliceChunk(start, step, count);
      transforms.add(v -> op.execute(new Object[] {v}));
    }
    return assemble(chunks, transforms, splits, shape(), s);
  }

  private NDArray assemble(List<Chunk> chunks, List<Fetcher.Transform> transforms, long[][] nsplits, long[] shape,
      MarsSession s) {
    Object[] parts = s.fetchChunks(chunks, transforms);
    NDArray[] pieces = new NDArray[parts.length];
    for (int i = 0; i < parts.length; i++) {
      pieces[i] = (NDArray) parts[i];
    }
    return NDArray.fromGrid(dtype(), shape, nsplits, pieces);
  }

  @Override
  public String toString() {
    String op = data.op() == null ? "" : data.op().name();
    return "Tensor(" + op + ", shape=" + Shapes.toString(data.shape()) + ", dtype=" + dtype()
        + (data.isSparse() ? ", sparse" : "")
        + (data.isTiled() ? ", chunks=" + Arrays.toString(data.chunkGrid()) : "") + ")";
  }
}
