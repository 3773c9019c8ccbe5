package org.marsonspark.tensor;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableData;
import org.marsonspark.session.ExecutionHandle;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.kernel.BinaryFn;
import org.marsonspark.tensor.kernel.UnaryFn;
import org.marsonspark.tensor.ops.Creation;

/**
 * The numpy-style entry point, named after Mars's {@code import mars.tensor as mt}:
 * {@code Mt.ones(...)}, {@code Mt.sqrt(t)}, {@code Mt.random.uniform(...)},
 * {@code Mt.linalg.norm(...)}.
 */
public final class Mt {
  private Mt() {}

  /** The global random state, as numpy's {@code np.random} (seed it with {@code Mt.random.seed(n)}). */
  public static final RandomState random = new RandomState();

  /** Linear algebra, as numpy's {@code np.linalg}. */
  public static final Linalg linalg = new Linalg();

  // ---- creation -----------------------------------------------------------------------

  /** A tensor from driver-side data (each chunk ships its own slice with its task). */
  public static Tensor tensor(NDArray array, ChunkSize chunkSize) {
    return new Creation.FromArray(array, chunkSize).create();
  }

  public static Tensor tensor(NDArray array) {
    return tensor(array, ChunkSize.auto());
  }

  public static Tensor array(double[] values, long... shape) {
    return tensor(shape.length == 0 ? NDArray.of(values) : NDArray.of(values, shape));
  }

  public static Tensor array(long[] values, long... shape) {
    return tensor(shape.length == 0 ? NDArray.of(values) : NDArray.of(values, shape));
  }

  public static Tensor array(int[] values, long... shape) {
    return tensor(shape.length == 0 ? NDArray.of(values) : NDArray.of(values, shape));
  }

  public static Tensor array(boolean[] values, long... shape) {
    return tensor(shape.length == 0 ? NDArray.of(values) : NDArray.of(values, shape));
  }

  public static Tensor zeros(long... shape) {
    return full(shape, 0.0, DType.FLOAT64, ChunkSize.auto());
  }

  public static Tensor zeros(long[] shape, DType dtype, ChunkSize chunkSize) {
    return full(shape, 0, dtype, chunkSize);
  }

  public static Tensor ones(long... shape) {
    return full(shape, 1.0, DType.FLOAT64, ChunkSize.auto());
  }

  public static Tensor ones(long[] shape, DType dtype, ChunkSize chunkSize) {
    return full(shape, 1, dtype, chunkSize);
  }

  /** numpy's {@code empty}; here zero-filled, as uninitialized memory has no place in a chunk store. */
  public static Tensor empty(long[] shape, DType dtype, ChunkSize chunkSize) {
    return full(shape, 0, dtype, chunkSize);
  }

  public static Tensor full(long[] shape, Object value, DType dtype, ChunkSize chunkSize) {
    return new Creation.Full(shape, dtype, value, chunkSize).create();
  }

  /** {@code full} with numpy's dtype for the fill value (int64, float64 or bool). */
  public static Tensor full(long[] shape, Object value) {
    return full(shape, value, DType.scalarKind(value), ChunkSize.auto());
  }

  public static Tensor arange(long stop) {
    return arange(0, stop, 1, DType.INT64, ChunkSize.auto());
  }

  public static Tensor arange(long start, long stop, long step) {
    return arange(start, stop, step, DType.INT64, ChunkSize.auto());
  }

  public static Tensor arange(double start, double stop, double step) {
    return arange(start, stop, step, DType.FLOAT64, ChunkSize.auto());
  }

  public static Tensor arange(double start, double stop, double step, DType dtype, ChunkSize chunkSize) {
    return new Creation.Arange(start, stop, step, dtype, chunkSize).create();
  }

  public static Tensor linspace(double start, double stop, long num) {
    return linspace(start, stop, num, true, ChunkSize.auto());
  }

  public static Tensor linspace(double start, double stop, long num, boolean endpoint, ChunkSize chunkSize) {
    return new Creation.Linspace(start, stop, num, endpoint, chunkSize).create();
  }

  public static Tensor eye(long n) {
    return eye(n, n, 0, DType.FLOAT64, ChunkSize.auto());
  }

  public static Tensor eye(long n, long m, long k, DType dtype, ChunkSize chunkSize) {
    return new Creation.Eye(n, m, k, dtype, chunkSize).create();
  }

  // ---- ufuncs -------------------------------------------------------------------------

  private static Tensor binary(BinaryFn fn, Object a, Object b) {
    if (a instanceof Tensor ta) {
      if (b instanceof Tensor tb) {
        return org.marsonspark.tensor.ops.ElementwiseOp.Binary.of(fn, ta.data(), tb.data());
      }
      return org.marsonspark.tensor.ops.ElementwiseOp.Binary.withScalar(fn, ta.data(), b, false);
    }
    if (b instanceof Tensor tb) {
      return tb.binaryReversed(fn, a);
    }
    throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn.numpyName() + " needs at least one tensor operand");
  }

  public static Tensor add(Object a, Object b) {
    return binary(BinaryFn.ADD, a, b);
  }

  public static Tensor subtract(Object a, Object b) {
    return binary(BinaryFn.SUBTRACT, a, b);
  }

  public static Tensor multiply(Object a, Object b) {
    return binary(BinaryFn.MULTIPLY, a, b);
  }

  public static Tensor divide(Object a, Object b) {
    return binary(BinaryFn.TRUE_DIVIDE, a, b);
  }

  public static Tensor trueDivide(Object a, Object b) {
    return binary(BinaryFn.TRUE_DIVIDE, a, b);
  }

  public static Tensor floorDivide(Object a, Object b) {
    return binary(BinaryFn.FLOOR_DIVIDE, a, b);
  }

  public static Tensor mod(Object a, Object b) {
    return binary(BinaryFn.MOD, a, b);
  }

  public static Tensor power(Object a, Object b) {
    return binary(BinaryFn.POWER, a, b);
  }

  public static Tensor maximum(Object a, Object b) {
    return binary(BinaryFn.MAXIMUM, a, b);
  }

  public static Tensor minimum(Object a, Object b) {
    return binary(BinaryFn.MINIMUM, a, b);
  }

  public static Tensor equal(Object a, Object b) {
    return binary(BinaryFn.EQUAL, a, b);
  }

  public static Tensor notEqual(Object a, Object b) {
    return binary(BinaryFn.NOT_EQUAL, a, b);
  }

  public static Tensor less(Object a, Object b) {
    return binary(BinaryFn.LESS, a, b);
  }

  public static Tensor lessEqual(Object a, Object b) {
    return binary(BinaryFn.LESS_EQUAL, a, b);
  }

  public static Tensor greater(Object a, Object b) {
    return binary(BinaryFn.GREATER, a, b);
  }

  public static Tensor greaterEqual(Object a, Object b) {
    return binary(BinaryFn.GREATER_EQUAL, a, b);
  }

  public static Tensor logicalAnd(Object a, Object b) {
    return binary(BinaryFn.LOGICAL_AND, a, b);
  }

  public static Tensor logicalOr(Object a, Object b) {
    return binary(BinaryFn.LOGICAL_OR, a, b);
  }

  public static Tensor logicalXor(Object a, Object b) {
    return binary(BinaryFn.LOGICAL_XOR, a, b);
  }

  public static Tensor arctan2(Object a, Object b) {
    return binary(BinaryFn.ARCTAN2, a, b);
  }

  public static Tensor hypot(Object a, Object b) {
    return binary(BinaryFn.HYPOT, a, b);
  }

  public static Tensor negative(Tensor t) {
    return t.unary(UnaryFn.NEGATIVE);
  }

  public static Tensor abs(Tensor t) {
    return t.unary(UnaryFn.ABSOLUTE);
  }

  public static Tensor absolute(Tensor t) {
    return t.unary(UnaryFn.ABSOLUTE);
  }

  public static Tensor square(Tensor t) {
    return t.unary(UnaryFn.SQUARE);
  }

  public static Tensor sign(Tensor t) {
    return t.unary(UnaryFn.SIGN);
  }

  public static Tensor sqrt(Tensor t) {
    return t.unary(UnaryFn.SQRT);
  }

  public static Tensor cbrt(Tensor t) {
    return t.unary(UnaryFn.CBRT);
  }

  public static Tensor exp(Tensor t) {
    return t.unary(UnaryFn.EXP);
  }

  public static Tensor exp2(Tensor t) {
    return t.unary(UnaryFn.EXP2);
  }

  public static Tensor expm1(Tensor t) {
    return t.unary(UnaryFn.EXPM1);
  }

  public static Tensor log(Tensor t) {
    return t.unary(UnaryFn.LOG);
  }

  public static Tensor log2(Tensor t) {
    return t.unary(UnaryFn.LOG2);
  }

  public static Tensor log10(Tensor t) {
    return t.unary(UnaryFn.LOG10);
  }

  public static Tensor log1p(Tensor t) {
    return t.unary(UnaryFn.LOG1P);
  }

  public static Tensor sin(Tensor t) {
    return t.unary(UnaryFn.SIN);
  }

  public static Tensor cos(Tensor t) {
    return t.unary(UnaryFn.COS);
  }

  public static Tensor tan(Tensor t) {
    return t.unary(UnaryFn.TAN);
  }

  public static Tensor arcsin(Tensor t) {
    return t.unary(UnaryFn.ARCSIN);
  }

  public static Tensor arccos(Tensor t) {
    return t.unary(UnaryFn.ARCCOS);
  }

  public static Tensor arctan(Tensor t) {
    return t.unary(UnaryFn.ARCTAN);
  }

  public static Tensor sinh(Tensor t) {
    return t.unary(UnaryFn.SINH);
  }

  public static Tensor cosh(Tensor t) {
    return t.unary(UnaryFn.COSH);
  }

  public static Tensor tanh(Tensor t) {
    return t.unary(UnaryFn.TANH);
  }

  public static Tensor floor(Tensor t) {
    return t.unary(UnaryFn.FLOOR);
  }

  public static Tensor ceil(Tensor t) {
    return t.unary(UnaryFn.CEIL);
  }

  public static Tensor trunc(Tensor t) {
    return t.unary(UnaryFn.TRUNC);
  }

  public static Tensor rint(Tensor t) {
    return t.unary(UnaryFn.RINT);
  }

  public static Tensor reciprocal(Tensor t) {
    return t.unary(UnaryFn.RECIPROCAL);
  }

  public static Tensor isnan(Tensor t) {
    return t.unary(UnaryFn.ISNAN);
  }

  public static Tensor isinf(Tensor t) {
    return t.unary(UnaryFn.ISINF);
  }

  public static Tensor isfinite(Tensor t) {
    return t.unary(UnaryFn.ISFINITE);
  }

  public static Tensor logicalNot(Tensor t) {
    return t.unary(UnaryFn.LOGICAL_NOT);
  }

  // ---- reductions and products as functions -------------------------------------------

  public static Tensor sum(Tensor t, int... axes) {
    return t.sum(axes);
  }

  public static Tensor mean(Tensor t, int... axes) {
    return t.mean(axes);
  }

  public static Tensor dot(Tensor a, Tensor b) {
    return a.dot(b);
  }

  public static Tensor matmul(Tensor a, Tensor b) {
    return a.matmul(b);
  }

  // ---- manipulation and indexing (issue 5) -------------------------------------------------

  public static Tensor reshape(Tensor t, long... shape) {
    return Manip.reshape(t, shape);
  }

  public static Tensor ravel(Tensor t) {
    return Manip.ravel(t);
  }

  public static Tensor transpose(Tensor t, int... axes) {
    return t.transpose(axes);
  }

  public static Tensor swapaxes(Tensor t, int axis1, int axis2) {
    return Manip.swapaxes(t, axis1, axis2);
  }

  public static Tensor moveaxis(Tensor t, int source, int destination) {
    return Manip.moveaxis(t, new int[] {source}, new int[] {destination});
  }

  public static Tensor moveaxis(Tensor t, int[] source, int[] destination) {
    return Manip.moveaxis(t, source, destination);
  }

  public static Tensor expandDims(Tensor t, int... axes) {
    return Manip.expandDims(t, axes);
  }

  public static Tensor squeeze(Tensor t, int... axes) {
    return Manip.squeeze(t, axes);
  }

  public static Tensor broadcastTo(Tensor t, long... shape) {
    return Manip.broadcastTo(t, shape);
  }

  public static Tensor atleast1d(Tensor t) {
    return Manip.atleast(t, 1);
  }

  public static Tensor atleast2d(Tensor t) {
    return Manip.atleast(t, 2);
  }

  public static Tensor atleast3d(Tensor t) {
    return Manip.atleast(t, 3);
  }

  /** numpy's {@code concatenate} along an axis (null: the flattened inputs). */
  public static Tensor concatenate(List<Tensor> tensors, Integer axis) {
    return Manip.concatenate(tensors, axis, "concatenate");
  }

  public static Tensor concatenate(Tensor... tensors) {
    return Manip.concatenate(List.of(tensors), 0, "concatenate");
  }

  public static Tensor stack(List<Tensor> tensors, int axis) {
    return Manip.stack(tensors, axis);
  }

  public static Tensor stack(Tensor... tensors) {
    return Manip.stack(List.of(tensors), 0);
  }

  public static Tensor vstack(Tensor... tensors) {
    return Manip.vstack(List.of(tensors));
  }

  public static Tensor hstack(Tensor... tensors) {
    return Manip.hstack(List.of(tensors));
  }

  public static Tensor dstack(Tensor... tensors) {
    return Manip.dstack(List.of(tensors));
  }

  /** numpy's {@code split} into equal sections (an error when the axis does not divide). */
  public static Tensor[] split(Tensor t, long sections, int axis) {
    return Manip.arraySplit(t, sections, axis, true, "split");
  }

  /** numpy's {@code split} at the given indices along an axis. */
  public static Tensor[] split(Tensor t, long[] indices, int axis) {
    return Manip.splitAt(t, indices, axis, "split");
  }

  /** numpy's {@code array_split}: sections whose lengths differ by at most one. */
  public static Tensor[] arraySplit(Tensor t, long sections, int axis) {
    return Manip.arraySplit(t, sections, axis, false, "array_split");
  }

  public static Tensor[] arraySplit(Tensor t, long[] indices, int axis) {
    return Manip.splitAt(t, indices, axis, "array_split");
  }

  public static Tensor[] hsplit(Tensor t, long sections) {
    if (t.ndim() == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "hsplit: hsplit only works on tensors of 1 or more dimensions");
    }
    return Manip.arraySplit(t, sections, t.ndim() > 1 ? 1 : 0, true, "hsplit");
  }

  public static Tensor[] vsplit(Tensor t, long sections) {
    if (t.ndim() < 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "vsplit: vsplit only works on tensors of 2 or more dimensions");
    }
    return Manip.arraySplit(t, sections, 0, true, "vsplit");
  }

  public static Tensor[] dsplit(Tensor t, long sections) {
    if (t.ndim() < 3) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "dsplit: dsplit only works on tensors of 3 or more dimensions");
    }
    return Manip.arraySplit(t, sections, 2, true, "dsplit");
  }

  public static Tensor tile(Tensor t, long... reps) {
    return Manip.tile(t, reps);
  }

  public static Tensor repeat(Tensor t, long repeats, Integer axis) {
    return Manip.repeat(t, new long[] {repeats}, axis);
  }

  public static Tensor repeat(Tensor t, long[] repeats, Integer axis) {
    return Manip.repeat(t, repeats, axis);
  }

  public static Tensor flip(Tensor t, int... axes) {
    return Manip.flip(t, axes);
  }

  public static Tensor fliplr(Tensor t) {
    if (t.ndim() < 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "fliplr: input must be at least 2-d");
    }
    return Manip.flip(t, 1);
  }

  public static Tensor flipud(Tensor t) {
    if (t.ndim() < 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "flipud: input must be at least 1-d");
    }
    return Manip.flip(t, 0);
  }

  public static Tensor roll(Tensor t, long shift, Integer axis) {
    return t.roll(shift, axis);
  }

  public static Tensor roll(Tensor t, long[] shifts, int[] axes) {
    return Manip.roll(t, shifts, axes);
  }

  public static Tensor diff(Tensor t, int n, int axis) {
    return Manip.diff(t, n, axis);
  }

  public static Tensor take(Tensor t, long[] indices, Integer axis) {
    return Manip.take(t, indices, axis);
  }

  public static Tensor take(Tensor t, Tensor indices, Integer axis) {
    return Manip.take(t, indices, axis);
  }

  public static Tensor compress(boolean[] condition, Tensor t, Integer axis) {
    return Manip.compress(condition, t, axis);
  }

  public static Tensor compress(Tensor condition, Tensor t, Integer axis) {
    return Manip.compress(condition, t, axis);
  }

  /** numpy's 3-argument {@code where}; {@code x} and {@code y} are tensors or scalars. */
  public static Tensor where(Tensor condition, Object x, Object y) {
    return org.marsonspark.tensor.ops.Selection.Where.of(condition.data(), x, y);
  }

  /** numpy's 1-argument {@code where}: {@code nonzero}. */
  public static Tensor[] where(Tensor condition) {
    return Manip.nonzero(condition);
  }

  public static Tensor[] nonzero(Tensor t) {
    return Manip.nonzero(t);
  }

  public static Tensor argwhere(Tensor t) {
    return Manip.argwhere(t);
  }

  /** numpy's {@code unravel_index} (C order): one int64 tensor of coordinates per dimension. */
  public static Tensor[] unravelIndex(Tensor indices, long... shape) {
    return org.marsonspark.tensor.ops.Selection.Unravel.of(indices.data(), shape);
  }

  /** {@code unravel_index} of driver-side flat indices. */
  public static Tensor[] unravelIndex(long[] indices, long... shape) {
    return unravelIndex(array(indices), shape);
  }

  // ---- end of manipulation and indexing (issue 5) ------------------------------------------

  // ---- linear algebra and fft (issue 5) ----

  /** numpy's {@code fft} namespace; complex results as a trailing (real, imaginary) axis, see {@link Fft}. */
  public static final Fft fft = new Fft();

  /** numpy's {@code tensordot(a, b, axes=n)}. */
  public static Tensor tensordot(Tensor a, Tensor b, int axes) {
    return org.marsonspark.tensor.ops.Products.tensordot(a, b, axes);
  }

  /** numpy's {@code tensordot(a, b, axes=(aAxes, bAxes))}. */
  public static Tensor tensordot(Tensor a, Tensor b, int[] aAxes, int[] bAxes) {
    return org.marsonspark.tensor.ops.Products.tensordot(a, b, aAxes, bAxes);
  }

  /** numpy's {@code inner}. */
  public static Tensor inner(Tensor a, Tensor b) {
    return org.marsonspark.tensor.ops.Products.inner(a, b);
  }

  /** numpy's {@code outer} (vectors only so far). */
  public static Tensor outer(Tensor a, Tensor b) {
    return org.marsonspark.tensor.ops.Products.outer(a, b);
  }

  /** numpy's {@code vdot} (real dtypes; equally shaped operands). */
  public static Tensor vdot(Tensor a, Tensor b) {
    return org.marsonspark.tensor.ops.Products.vdot(a, b);
  }

  /** numpy's {@code einsum} without ellipsis, e.g. {@code einsum("ij,jk->ik", a, b)}. */
  public static Tensor einsum(String subscripts, Tensor... operands) {
    return org.marsonspark.tensor.ops.Products.einsum(subscripts, operands);
  }

  // ---- end of linear algebra and fft (issue 5) ----

  // ---- execution ----------------------------------------------------------------------

  /** Executes several tensors in one go (shared work runs once) in the default session. */
  public static void execute(Tensor... tensors) {
    execute(MarsSession.getDefault(), tensors);
  }

  public static void execute(MarsSession session, Tensor... tensors) {
    List<TileableData> targets = new ArrayList<>();
    for (Tensor t : tensors) {
      targets.add(t.data());
    }
    List<ExecutionHandle> handles = session.execute(targets);
    for (int i = 0; i < tensors.length; i++) {
      tensors[i].adopt(session, handles.get(i));
    }
  }
}
