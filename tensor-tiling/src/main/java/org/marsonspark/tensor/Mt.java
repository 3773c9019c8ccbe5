package org.marsonspark.tensor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.Errors;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileableData;
import org.marsonspark.session.ExecutionHandle;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.kernel.BinaryFn;
import org.marsonspark.tensor.kernel.NanReductions;
import org.marsonspark.tensor.kernel.ReductionFn;
import org.marsonspark.tensor.kernel.UnaryFn;
import org.marsonspark.tensor.ops.Creation;
import org.marsonspark.tensor.ops.ElementwiseOp;
import org.marsonspark.tensor.ops.Histograms;
import org.marsonspark.tensor.ops.Manipulation;
import org.marsonspark.tensor.ops.Scans;
import org.marsonspark.tensor.ops.Searching;
import org.marsonspark.tensor.ops.Selection;
import org.marsonspark.tensor.ops.Sets;
import org.marsonspark.tensor.ops.Sort;
import org.marsonspark.tensor.ops.Statistics;
import org.marsonspark.tensor.ops.TopK;
import org.marsonspark.tensor.ops.Triangles;

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

  /** 2-D sparse tensors with CSR chunks, as Mars's {@code mt.sparse} / scipy's {@code sparse}. */
  public static final Sparse sparse = new Sparse();

  // ---- creation -----------------------------------------------------------------------

  /** A tensor from driver-side data (each chunk ships its own slice with its task). */
  public static Tensor tensor(NDArray array, ChunkSize chunkSize) {
    return Tensor.ofOutput(new Creation.FromArray(array, chunkSize).create());
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
    return Tensor.ofOutput(new Creation.Full(shape, dtype, value, chunkSize).create());
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
    return Tensor.ofOutput(new Creation.Arange(start, stop, step, dtype, chunkSize).create());
  }

  public static Tensor linspace(double start, double stop, long num) {
    return linspace(start, stop, num, true, ChunkSize.auto());
  }

  public static Tensor linspace(double start, double stop, long num, boolean endpoint, ChunkSize chunkSize) {
    return Tensor.ofOutput(new Creation.Linspace(start, stop, num, endpoint, chunkSize).create());
  }

  public static Tensor eye(long n) {
    return eye(n, n, 0, DType.FLOAT64, ChunkSize.auto());
  }

  public static Tensor eye(long n, long m, long k, DType dtype, ChunkSize chunkSize) {
    return Tensor.ofOutput(new Creation.Eye(n, m, k, dtype, chunkSize).create());
  }

  /** {@code eye} as Mars's {@code mt.eye(..., sparse=True)} has it: a sparse tensor when {@code sparse}. */
  public static Tensor eye(long n, long m, long k, DType dtype, ChunkSize chunkSize, boolean sparse) {
    return sparse ? Mt.sparse.eye(n, m, k, dtype, chunkSize) : eye(n, m, k, dtype, chunkSize);
  }

  /** A tensor of zeros with {@code t}'s shape and dtype. */
  public static Tensor zerosLike(Tensor t) {
    return fullLike(t, 0, t.dtype());
  }

  /** A tensor of ones with {@code t}'s shape and dtype. */
  public static Tensor onesLike(Tensor t) {
    return fullLike(t, 1, t.dtype());
  }

  /** As numpy's empty_like, zero-filled (like {@link #empty}). */
  public static Tensor emptyLike(Tensor t) {
    return fullLike(t, 0, t.dtype());
  }

  public static Tensor fullLike(Tensor t, Object value) {
    return fullLike(t, value, t.dtype());
  }

  /** A tensor of {@code value} with {@code t}'s shape, in {@code dtype} (chunked automatically). */
  public static Tensor fullLike(Tensor t, Object value, DType dtype) {
    if (Shapes.hasUnknown(t.shape())) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "full_like: the shape of " + t
          + " is unknown until it runs; execute it first");
    }
    return full(t.shape(), value, dtype, ChunkSize.auto());
  }

  /** The lower triangle of the last two axes: elements above diagonal {@code k} set to zero. */
  public static Tensor tril(Tensor t, long k) {
    return Tensor.ofOutput(Triangles.Tri.of(t.data(), k, true));
  }

  public static Tensor tril(Tensor t) {
    return tril(t, 0);
  }

  /** The upper triangle of the last two axes: elements below diagonal {@code k} set to zero. */
  public static Tensor triu(Tensor t, long k) {
    return Tensor.ofOutput(Triangles.Tri.of(t.data(), k, false));
  }

  public static Tensor triu(Tensor t) {
    return triu(t, 0);
  }

  /** numpy's diag: the k-th diagonal of a 2-d tensor, or a square matrix with 1-d {@code v} on it. */
  public static Tensor diag(Tensor v, long k) {
    return diag(v, k, ChunkSize.auto());
  }

  public static Tensor diag(Tensor v) {
    return diag(v, 0);
  }

  /** As {@link #diag(Tensor, long)}; {@code chunkSize} chunks the matrix built from a 1-d tensor. */
  public static Tensor diag(Tensor v, long k, ChunkSize chunkSize) {
    return Tensor.ofOutput(switch (v.ndim()) {
      case 1 -> Triangles.DiagFrom1d.of(v.data(), k, chunkSize);
      case 2 -> Triangles.DiagOf2d.of(v.data(), k);
      default -> throw new MarsException(ErrorClass.INVALID_ARGUMENT, "diag: input must be 1-d or 2-d, got "
          + v.ndim() + "-d");
    });
  }

  // ---- ufuncs -------------------------------------------------------------------------

  private static Tensor binary(BinaryFn fn, Object a, Object b) {
    if (a instanceof Tensor ta) {
      if (b instanceof Tensor tb) {
        return Tensor.ofOutput(ElementwiseOp.Binary.of(fn, ta.data(), tb.data()));
      }
      return Tensor.ofOutput(ElementwiseOp.Binary.withScalar(fn, ta.data(), b, false));
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

  // ---- manipulation and indexing -----------------------------------------------------------

  public static Tensor reshape(Tensor t, long... shape) {
    return ManipulationRoutines.reshape(t, shape);
  }

  public static Tensor ravel(Tensor t) {
    return ManipulationRoutines.ravel(t);
  }

  public static Tensor transpose(Tensor t, int... axes) {
    return t.transpose(axes);
  }

  public static Tensor swapaxes(Tensor t, int axis1, int axis2) {
    return ManipulationRoutines.swapaxes(t, axis1, axis2);
  }

  public static Tensor moveaxis(Tensor t, int source, int destination) {
    return ManipulationRoutines.moveaxis(t, new int[] {source}, new int[] {destination});
  }

  public static Tensor moveaxis(Tensor t, int[] source, int[] destination) {
    return ManipulationRoutines.moveaxis(t, source, destination);
  }

  public static Tensor expandDims(Tensor t, int... axes) {
    return ManipulationRoutines.expandDims(t, axes);
  }

  public static Tensor squeeze(Tensor t, int... axes) {
    return ManipulationRoutines.squeeze(t, axes);
  }

  public static Tensor broadcastTo(Tensor t, long... shape) {
    return ManipulationRoutines.broadcastTo(t, shape);
  }

  public static Tensor atleast1d(Tensor t) {
    return ManipulationRoutines.atleast(t, 1);
  }

  public static Tensor atleast2d(Tensor t) {
    return ManipulationRoutines.atleast(t, 2);
  }

  public static Tensor atleast3d(Tensor t) {
    return ManipulationRoutines.atleast(t, 3);
  }

  /** numpy's {@code concatenate} along an axis (null: the flattened inputs). */
  public static Tensor concatenate(List<Tensor> tensors, Integer axis) {
    return ManipulationRoutines.concatenate(tensors, axis, "concatenate");
  }

  public static Tensor concatenate(Tensor... tensors) {
    return ManipulationRoutines.concatenate(List.of(tensors), 0, "concatenate");
  }

  public static Tensor stack(List<Tensor> tensors, int axis) {
    return ManipulationRoutines.stack(tensors, axis);
  }

  public static Tensor stack(Tensor... tensors) {
    return ManipulationRoutines.stack(List.of(tensors), 0);
  }

  public static Tensor vstack(Tensor... tensors) {
    return ManipulationRoutines.vstack(List.of(tensors));
  }

  public static Tensor hstack(Tensor... tensors) {
    return ManipulationRoutines.hstack(List.of(tensors));
  }

  public static Tensor dstack(Tensor... tensors) {
    return ManipulationRoutines.dstack(List.of(tensors));
  }

  /** numpy's {@code split} into equal sections (an error when the axis does not divide). */
  public static Tensor[] split(Tensor t, long sections, int axis) {
    return ManipulationRoutines.arraySplit(t, sections, axis, true, "split");
  }

  /** numpy's {@code split} at the given indices along an axis. */
  public static Tensor[] split(Tensor t, long[] indices, int axis) {
    return ManipulationRoutines.splitAt(t, indices, axis, "split");
  }

  /** numpy's {@code array_split}: sections whose lengths differ by at most one. */
  public static Tensor[] arraySplit(Tensor t, long sections, int axis) {
    return ManipulationRoutines.arraySplit(t, sections, axis, false, "array_split");
  }

  public static Tensor[] arraySplit(Tensor t, long[] indices, int axis) {
    return ManipulationRoutines.splitAt(t, indices, axis, "array_split");
  }

  public static Tensor[] hsplit(Tensor t, long sections) {
    if (t.ndim() == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "hsplit: hsplit only works on tensors of 1 or more dimensions");
    }
    return ManipulationRoutines.arraySplit(t, sections, t.ndim() > 1 ? 1 : 0, true, "hsplit");
  }

  public static Tensor[] vsplit(Tensor t, long sections) {
    if (t.ndim() < 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "vsplit: vsplit only works on tensors of 2 or more dimensions");
    }
    return ManipulationRoutines.arraySplit(t, sections, 0, true, "vsplit");
  }

  public static Tensor[] dsplit(Tensor t, long sections) {
    if (t.ndim() < 3) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "dsplit: dsplit only works on tensors of 3 or more dimensions");
    }
    return ManipulationRoutines.arraySplit(t, sections, 2, true, "dsplit");
  }

  public static Tensor tile(Tensor t, long... reps) {
    return ManipulationRoutines.tile(t, reps);
  }

  public static Tensor repeat(Tensor t, long repeats, Integer axis) {
    return ManipulationRoutines.repeat(t, new long[] {repeats}, axis);
  }

  public static Tensor repeat(Tensor t, long[] repeats, Integer axis) {
    return ManipulationRoutines.repeat(t, repeats, axis);
  }

  public static Tensor flip(Tensor t, int... axes) {
    return ManipulationRoutines.flip(t, axes);
  }

  public static Tensor fliplr(Tensor t) {
    if (t.ndim() < 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "fliplr: input must be at least 2-d");
    }
    return ManipulationRoutines.flip(t, 1);
  }

  public static Tensor flipud(Tensor t) {
    if (t.ndim() < 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "flipud: input must be at least 1-d");
    }
    return ManipulationRoutines.flip(t, 0);
  }

  public static Tensor roll(Tensor t, long shift, Integer axis) {
    return t.roll(shift, axis);
  }

  public static Tensor roll(Tensor t, long[] shifts, int[] axes) {
    return ManipulationRoutines.roll(t, shifts, axes);
  }

  public static Tensor diff(Tensor t, int n, int axis) {
    return ManipulationRoutines.diff(t, n, axis);
  }

  public static Tensor take(Tensor t, long[] indices, Integer axis) {
    return ManipulationRoutines.take(t, indices, axis);
  }

  public static Tensor take(Tensor t, Tensor indices, Integer axis) {
    return ManipulationRoutines.take(t, indices, axis);
  }

  public static Tensor compress(boolean[] condition, Tensor t, Integer axis) {
    return ManipulationRoutines.compress(condition, t, axis);
  }

  public static Tensor compress(Tensor condition, Tensor t, Integer axis) {
    return ManipulationRoutines.compress(condition, t, axis);
  }

  /** numpy's 3-argument {@code where}; {@code x} and {@code y} are tensors or scalars. */
  public static Tensor where(Tensor condition, Object x, Object y) {
    return Tensor.ofOutput(Selection.Where.of(condition.data(), x instanceof Tensor tx ? tx.data() : x,
        y instanceof Tensor ty ? ty.data() : y));
  }

  /** numpy's 1-argument {@code where}: {@code nonzero}. */
  public static Tensor[] where(Tensor condition) {
    return ManipulationRoutines.nonzero(condition);
  }

  public static Tensor[] nonzero(Tensor t) {
    return ManipulationRoutines.nonzero(t);
  }

  public static Tensor argwhere(Tensor t) {
    return ManipulationRoutines.argwhere(t);
  }

  /** numpy's {@code unravel_index} (C order): one int64 tensor of coordinates per dimension. */
  public static Tensor[] unravelIndex(Tensor indices, long... shape) {
    return Tensor.ofOutputs(java.util.List.of(Selection.Unravel.of(indices.data(), shape)));
  }

  /** {@code unravel_index} of driver-side flat indices. */
  public static Tensor[] unravelIndex(long[] indices, long... shape) {
    return unravelIndex(array(indices), shape);
  }

  // ---- end of manipulation and indexing ----------------------------------------------------

  // ---- linear algebra and fft ----

  /** numpy's {@code fft} namespace; complex results as a trailing (real, imaginary) axis, see {@link Fft}. */
  public static final Fft fft = new Fft();

  /** numpy's {@code tensordot(a, b, axes=n)}. */
  public static Tensor tensordot(Tensor a, Tensor b, int axes) {
    return Products.tensordot(a, b, axes);
  }

  /** numpy's {@code tensordot(a, b, axes=(aAxes, bAxes))}. */
  public static Tensor tensordot(Tensor a, Tensor b, int[] aAxes, int[] bAxes) {
    return Products.tensordot(a, b, aAxes, bAxes);
  }

  /** numpy's {@code inner}. */
  public static Tensor inner(Tensor a, Tensor b) {
    return Products.inner(a, b);
  }

  /** numpy's {@code outer} (vectors only so far). */
  public static Tensor outer(Tensor a, Tensor b) {
    return Products.outer(a, b);
  }

  /** numpy's {@code vdot} (real dtypes; equally shaped operands). */
  public static Tensor vdot(Tensor a, Tensor b) {
    return Products.vdot(a, b);
  }

  /** numpy's {@code einsum} without ellipsis, e.g. {@code einsum("ij,jk->ik", a, b)}. */
  public static Tensor einsum(String subscripts, Tensor... operands) {
    return Products.einsum(subscripts, operands);
  }

  // ---- end of linear algebra and fft ----

  // ---- statistics, sorting and sets --------------------------------------------------

  public static Tensor bitwiseAnd(Object a, Object b) {
    return binary(BinaryFn.BITWISE_AND, a, b);
  }

  public static Tensor bitwiseOr(Object a, Object b) {
    return binary(BinaryFn.BITWISE_OR, a, b);
  }

  public static Tensor bitwiseXor(Object a, Object b) {
    return binary(BinaryFn.BITWISE_XOR, a, b);
  }

  public static Tensor leftShift(Object a, Object b) {
    return binary(BinaryFn.LEFT_SHIFT, a, b);
  }

  public static Tensor rightShift(Object a, Object b) {
    return binary(BinaryFn.RIGHT_SHIFT, a, b);
  }

  /** Bitwise not of integers, logical not of bools (numpy's {@code invert}). */
  public static Tensor invert(Tensor t) {
    return t.unary(UnaryFn.INVERT);
  }

  public static Tensor bitwiseNot(Tensor t) {
    return t.unary(UnaryFn.INVERT);
  }

  /** Element-wise maximum ignoring NaN (NaN only where both are NaN). */
  public static Tensor fmax(Object a, Object b) {
    return binary(BinaryFn.FMAX, a, b);
  }

  /** Element-wise minimum ignoring NaN. */
  public static Tensor fmin(Object a, Object b) {
    return binary(BinaryFn.FMIN, a, b);
  }

  /** C's remainder: the sign of the dividend. */
  public static Tensor fmod(Object a, Object b) {
    return binary(BinaryFn.FMOD, a, b);
  }

  /** numpy's {@code remainder}, an alias of {@code mod} (the sign of the divisor). */
  public static Tensor remainder(Object a, Object b) {
    return binary(BinaryFn.MOD, a, b);
  }

  public static Tensor copysign(Object a, Object b) {
    return binary(BinaryFn.COPYSIGN, a, b);
  }

  public static Tensor logaddexp(Object a, Object b) {
    return binary(BinaryFn.LOGADDEXP, a, b);
  }

  public static Tensor logaddexp2(Object a, Object b) {
    return binary(BinaryFn.LOGADDEXP2, a, b);
  }

  /** The next representable value after {@code a} towards {@code b} (in float32 steps for float32). */
  public static Tensor nextafter(Object a, Object b) {
    return binary(promotedType("nextafter", a, b) == DType.FLOAT32 ? BinaryFn.NEXTAFTER_F32 : BinaryFn.NEXTAFTER, a, b);
  }

  /** The distance from each value to the next representable one away from zero. */
  public static Tensor spacing(Tensor t) {
    return t.unary(t.dtype() == DType.FLOAT32 ? UnaryFn.SPACING_F32 : UnaryFn.SPACING);
  }

  /** The Heaviside step: 0 below zero, 1 above, {@code atZero} at zero. */
  public static Tensor heaviside(Object x, Object atZero) {
    return binary(BinaryFn.HEAVISIDE, x, atZero);
  }

  /**
   * {@code x * 2**e} for integer (or bool) exponents {@code e}; the result has x's float type
   * (float64 for integer x), as numpy's.
   */
  public static Tensor ldexp(Object x, Object e) {
    DType ex = e instanceof Tensor te ? te.dtype() : DType.scalarKind(e);
    if (ex.isFloat()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "ldexp: the exponent must be an integer, got " + ex);
    }
    if (!(x instanceof Tensor) && !(e instanceof Tensor)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "ldexp needs at least one tensor operand");
    }
    DType ft = (x instanceof Tensor tx ? tx.dtype() : DType.scalarKind(x)) == DType.FLOAT32 ? DType.FLOAT32
        : DType.FLOAT64;
    Object fx = x instanceof Tensor tx ? tx.astype(ft) : (Object) ((Number) x).doubleValue();
    Object fe = e instanceof Tensor te ? te.astype(ft)
        : (Object) (e instanceof Boolean b ? (b ? 1.0 : 0.0) : ((Number) e).doubleValue());
    return binary(BinaryFn.LDEXP, fx, fe);
  }

  /** Greatest common divisor of integer tensors (non-negative). */
  public static Tensor gcd(Object a, Object b) {
    return binary(BinaryFn.GCD, a, b);
  }

  /** Least common multiple of integer tensors (non-negative). */
  public static Tensor lcm(Object a, Object b) {
    return binary(BinaryFn.LCM, a, b);
  }

  /** numpy's frexp: {@code [mantissa, exponent]} with x = m * 2**e, 0.5 <= |m| < 1; exponents are int32. */
  public static Tensor[] frexp(Tensor t) {
    return new Tensor[] {t.unary(UnaryFn.FREXP_MANTISSA), t.unary(UnaryFn.FREXP_EXPONENT).astype(DType.INT32)};
  }

  /** numpy's modf: {@code [fractional part, integral part]}, both with x's sign. */
  public static Tensor[] modf(Tensor t) {
    return new Tensor[] {t.unary(UnaryFn.MODF_FRACTION), t.unary(UnaryFn.TRUNC)};
  }

  /** numpy's divmod: {@code [floor_divide(a, b), mod(a, b)]}. */
  public static Tensor[] divmod(Object a, Object b) {
    return new Tensor[] {floorDivide(a, b), mod(a, b)};
  }

  private static DType promotedType(String op, Object a, Object b) {
    if (a instanceof Tensor ta) {
      return b instanceof Tensor tb ? ElementwiseOp.promote(ta.data(), tb.data())
          : ElementwiseOp.promoteWithScalar(ta.data(), b);
    }
    if (b instanceof Tensor tb) {
      return ElementwiseOp.promoteWithScalar(tb.data(), a);
    }
    throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + " needs at least one tensor operand");
  }

  public static Tensor signbit(Tensor t) {
    return t.unary(UnaryFn.SIGNBIT);
  }

  public static Tensor degrees(Tensor t) {
    return t.unary(UnaryFn.DEGREES);
  }

  public static Tensor rad2deg(Tensor t) {
    return t.unary(UnaryFn.DEGREES);
  }

  public static Tensor radians(Tensor t) {
    return t.unary(UnaryFn.RADIANS);
  }

  public static Tensor deg2rad(Tensor t) {
    return t.unary(UnaryFn.RADIANS);
  }

  public static Tensor fabs(Tensor t) {
    return t.unary(UnaryFn.FABS);
  }

  public static Tensor arcsinh(Tensor t) {
    return t.unary(UnaryFn.ARCSINH);
  }

  public static Tensor arccosh(Tensor t) {
    return t.unary(UnaryFn.ARCCOSH);
  }

  public static Tensor arctanh(Tensor t) {
    return t.unary(UnaryFn.ARCTANH);
  }

  /** numpy's clip: {@code minimum(maximum(t, lo), hi)}; lo or hi (a tensor or a scalar) may be null. */
  public static Tensor clip(Tensor t, Object lo, Object hi) {
    if (lo == null && hi == null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "clip: one of 'a_min' and 'a_max' must be given");
    }
    Tensor r = lo == null ? t : maximum(t, lo);
    return hi == null ? r : minimum(r, hi);
  }

  /** numpy's around (round_): round half to even at {@code decimals} places (negative: left of the point). */
  public static Tensor around(Tensor t, int decimals) {
    DType dt = t.dtype();
    if (dt == DType.BOOL) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "around of a bool tensor: cast to a numeric dtype first");
    }
    if (!dt.isFloat()) {
      if (decimals >= 0) {
        return t.astype(dt);
      }
      double f = Math.pow(10, -decimals);
      return rint(t.astype(DType.FLOAT64).div(f)).mul(f).astype(dt);
    }
    if (decimals >= 0) {
      double f = Math.pow(10, decimals);
      return rint(t.mul(f)).div(f);
    }
    double f = Math.pow(10, -decimals);
    return rint(t.div(f)).mul(f);
  }

  public static Tensor round(Tensor t, int decimals) {
    return around(t, decimals);
  }

  /** numpy's isclose with rtol=1e-5, atol=1e-8. */
  public static Tensor isclose(Tensor a, Tensor b) {
    return isclose(a, b, 1e-5, 1e-8, false);
  }

  /** {@code |a - b| <= atol + rtol |b|} for finite values, equality for infinities, NaN == NaN if asked. */
  public static Tensor isclose(Tensor a, Tensor b, double rtol, double atol, boolean equalNan) {
    Tensor y = b.dtype().isFloat() ? b : b.astype(DType.FLOAT64);
    Tensor within = abs(a.sub(y)).le(abs(y).mul(rtol).add(atol));
    Tensor r = isfinite(a).and(isfinite(y)).and(within).or(a.eq(y));
    return equalNan ? r.or(isnan(a).and(isnan(y))) : r;
  }

  /** Whether every pair is close (a 0-d bool tensor). */
  public static Tensor allclose(Tensor a, Tensor b) {
    return isclose(a, b).all();
  }

  public static Tensor allclose(Tensor a, Tensor b, double rtol, double atol, boolean equalNan) {
    return isclose(a, b, rtol, atol, equalNan).all();
  }

  public static Tensor nansum(Tensor t, int... axes) {
    return t.reduceWith(NanReductions.NanSimple.NANSUM, axes, false);
  }

  public static Tensor nanprod(Tensor t, int... axes) {
    return t.reduceWith(NanReductions.NanSimple.NANPROD, axes, false);
  }

  public static Tensor nanmin(Tensor t, int... axes) {
    return t.reduceWith(NanReductions.NanSimple.NANMIN, axes, false);
  }

  public static Tensor nanmax(Tensor t, int... axes) {
    return t.reduceWith(NanReductions.NanSimple.NANMAX, axes, false);
  }

  public static Tensor nanmean(Tensor t, int... axes) {
    return t.reduceWith(NanReductions.NanMoment.nanmean(), axes, false);
  }

  public static Tensor nanvar(Tensor t, int[] axes, boolean keepdims, int ddof) {
    return t.reduceWith(NanReductions.NanMoment.nanvar(ddof), axes, keepdims);
  }

  public static Tensor nanstd(Tensor t, int[] axes, boolean keepdims, int ddof) {
    return t.reduceWith(NanReductions.NanMoment.nanstd(ddof), axes, keepdims);
  }

  /** nan-reductions with keepdims ({@code fn}: nansum, nanprod, nanmin, nanmax, nanmean). */
  public static Tensor nanReduce(String fn, Tensor t, int[] axes, boolean keepdims) {
    ReductionFn f = switch (fn) {
      case "nansum" -> NanReductions.NanSimple.NANSUM;
      case "nanprod" -> NanReductions.NanSimple.NANPROD;
      case "nanmin" -> NanReductions.NanSimple.NANMIN;
      case "nanmax" -> NanReductions.NanSimple.NANMAX;
      case "nanmean" -> NanReductions.NanMoment.nanmean();
      default -> throw new MarsException(ErrorClass.INVALID_ARGUMENT, "nanReduce: unknown reduction '" + fn + "'");
    };
    return t.reduceWith(f, axes, keepdims);
  }

  /** Flat index of the smallest non-NaN value; an all-NaN input fails when executed. */
  public static Tensor nanargmin(Tensor t) {
    return t.reduceWith(NanReductions.NanArg.NANARGMIN, null, false);
  }

  public static Tensor nanargmin(Tensor t, int axis) {
    return t.reduceWith(NanReductions.NanArg.NANARGMIN, new int[] {axis}, false);
  }

  public static Tensor nanargmax(Tensor t) {
    return t.reduceWith(NanReductions.NanArg.NANARGMAX, null, false);
  }

  public static Tensor nanargmax(Tensor t, int axis) {
    return t.reduceWith(NanReductions.NanArg.NANARGMAX, new int[] {axis}, false);
  }

  /** Cumulative sum along {@code axis} (null: only for 1-d tensors). */
  public static Tensor cumsum(Tensor t, Integer axis) {
    return Tensor.ofOutput(Scans.Scan.of(t.data(), Scans.Kind.CUMSUM, axis));
  }

  public static Tensor cumprod(Tensor t, Integer axis) {
    return Tensor.ofOutput(Scans.Scan.of(t.data(), Scans.Kind.CUMPROD, axis));
  }

  public static Tensor nancumsum(Tensor t, Integer axis) {
    return Tensor.ofOutput(Scans.Scan.of(t.data(), Scans.Kind.NANCUMSUM, axis));
  }

  public static Tensor nancumprod(Tensor t, Integer axis) {
    return Tensor.ofOutput(Scans.Scan.of(t.data(), Scans.Kind.NANCUMPROD, axis));
  }

  /** Range (max - min) over the axes (all when none). */
  public static Tensor ptp(Tensor t, int... axes) {
    return t.max(axes).sub(t.min(axes));
  }

  /** numpy's average: the mean, weighted when {@code weights} is not null; {@code axis} null for all. */
  public static Tensor average(Tensor a, Tensor weights, Integer axis) {
    int[] axes = axis == null ? new int[0] : new int[] {axis};
    if (weights == null) {
      return a.mean(axes);
    }
    DType dt = a.dtype().isFloat() ? DType.promote(a.dtype(), weights.dtype())
        : DType.promote(DType.promote(a.dtype(), weights.dtype()), DType.FLOAT64);
    Tensor x = a.astype(dt);
    Tensor w = weights.astype(dt);
    if (Arrays.equals(a.shape(), weights.shape())) {
      return x.mul(w).sum(axes).div(w.sum(axes));
    }
    if (axis == null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT,
          "average: Axis must be specified when shapes of a and weights differ.");
    }
    if (weights.ndim() != 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT,
          "average: 1D weights expected when shapes of a and weights differ.");
    }
    int ax = Errors.normalizeAxis("average", axis, a.ndim());
    if (weights.shape(0) != a.shape(ax)) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "average: Length of weights not compatible with specified "
          + "axis: " + weights.shape(0) + " weights for axis " + axis + " of length " + a.shape(ax)
          + "; pass one weight per element along the axis");
    }
    int[] perm = new int[a.ndim()];
    for (int i = 0, k = 0; i < a.ndim(); i++) {
      if (i != ax) {
        perm[k++] = i;
      }
    }
    perm[a.ndim() - 1] = ax;
    return x.transpose(perm).mul(w).sum(-1).div(w.sum());
  }

  public static Tensor median(Tensor t, int... axes) {
    return Tensor.ofOutput(Statistics.Quantile.median(t.data(), axes));
  }

  /** The q-th quantile (q in [0, 1]), numpy's linear interpolation; the result has no q axis. */
  public static Tensor quantile(Tensor t, double q, int... axes) {
    return Tensor.ofOutput(Statistics.Quantile.quantile(t.data(), axes, new double[] {q}, true, "quantile"));
  }

  /** Quantiles at each of {@code q}; the result's first axis runs over q. */
  public static Tensor quantile(Tensor t, double[] q, int... axes) {
    return Tensor.ofOutput(Statistics.Quantile.quantile(t.data(), axes, q, false, "quantile"));
  }

  /** The q-th percentile (q in [0, 100]). */
  public static Tensor percentile(Tensor t, double q, int... axes) {
    return Tensor.ofOutput(Statistics.Quantile.quantile(t.data(), axes, new double[] {q / 100}, true, "percentile"));
  }

  public static Tensor percentile(Tensor t, double[] q, int... axes) {
    double[] f = new double[q.length];
    for (int i = 0; i < q.length; i++) {
      f[i] = q[i] / 100;
    }
    return Tensor.ofOutput(Statistics.Quantile.quantile(t.data(), axes, f, false, "percentile"));
  }

  /** median leaving NaNs out (an all-NaN slice gives NaN). */
  public static Tensor nanmedian(Tensor t, int... axes) {
    return Tensor.ofOutput(Statistics.Quantile.median(t.data(), axes, "nanmedian"));
  }

  public static Tensor nanquantile(Tensor t, double q, int... axes) {
    return Tensor.ofOutput(Statistics.Quantile.quantile(t.data(), axes, new double[] {q}, true, "nanquantile"));
  }

  public static Tensor nanquantile(Tensor t, double[] q, int... axes) {
    return Tensor.ofOutput(Statistics.Quantile.quantile(t.data(), axes, q, false, "nanquantile"));
  }

  public static Tensor nanpercentile(Tensor t, double q, int... axes) {
    return Tensor.ofOutput(Statistics.Quantile.quantile(t.data(), axes, new double[] {q / 100}, true, "nanpercentile"));
  }

  public static Tensor nanpercentile(Tensor t, double[] q, int... axes) {
    double[] f = new double[q.length];
    for (int i = 0; i < q.length; i++) {
      f[i] = q[i] / 100;
    }
    return Tensor.ofOutput(Statistics.Quantile.quantile(t.data(), axes, f, false, "nanpercentile"));
  }

  /** Covariance of the rows (variables) of a 1-d or 2-d tensor, ddof 1. */
  public static Tensor cov(Tensor m) {
    return cov(m, true, 1);
  }

  /**
   * numpy's cov: centre each variable, then {@code X · Xᵀ / (N - ddof)} as a tiled matrix
   * product; float64 result.
   */
  public static Tensor cov(Tensor m, boolean rowvar, int ddof) {
    if (m.ndim() == 0 || m.ndim() > 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "cov: m has more than 2 dimensions (or is 0-d): "
          + m.ndim());
    }
    Tensor x = (m.ndim() == 2 && !rowvar ? m.T() : m).astype(DType.FLOAT64);
    long n = x.shape(x.ndim() - 1);
    double fact = Math.max(n - ddof, 0);
    if (x.ndim() == 1) {
      Tensor xc = x.sub(x.mean());
      return xc.mul(xc).sum().mul(1.0 / fact);
    }
    Tensor xc = x.sub(x.mean(new int[] {1}, true));
    Tensor c = xc.dot(xc.T()).mul(1.0 / fact);
    return x.shape(0) == 1 ? c.sum() : c;
  }

  /** numpy's corrcoef: the covariance divided by the outer product of the standard deviations, clipped to [-1, 1]. */
  public static Tensor corrcoef(Tensor m, boolean rowvar) {
    Tensor c = cov(m, rowvar, 1);
    if (c.ndim() == 0) {
      return c.div(c);
    }
    Tensor x = (!rowvar ? m.T() : m).astype(DType.FLOAT64);
    long n = x.shape(1);
    Tensor xc = x.sub(x.mean(new int[] {1}, true));
    Tensor sd = sqrt(xc.mul(xc).sum(new int[] {1}, true).mul(1.0 / Math.max(n - 1, 0)));
    return clip(c.div(sd).div(sd.T()), -1, 1);
  }

  public static Tensor corrcoef(Tensor m) {
    return corrcoef(m, true);
  }

  /** A sorted copy along {@code axis} (stable; NaN last); a 1-d tensor of several chunks sorts by PSRS. */
  public static Tensor sort(Tensor t, int axis) {
    return Tensor.ofOutput(Sort.SortOp.of(t.data(), axis, false));
  }

  public static Tensor sort(Tensor t) {
    return sort(t, -1);
  }

  /** The indices that sort along {@code axis}, stable (numpy's kind='stable'). */
  public static Tensor argsort(Tensor t, int axis) {
    return Tensor.ofOutput(Sort.SortOp.of(t.data(), axis, true));
  }

  public static Tensor argsort(Tensor t) {
    return argsort(t, -1);
  }

  /** The sorted distinct values of the flattened tensor (NaNs collapse into one). */
  public static Tensor unique(Tensor t) {
    return Tensor.ofOutput(Sets.unique(t.data(), false, false, false).get(0));
  }

  /**
   * numpy's unique with its flags: {@code [values, index?, inverse?, counts?]}, the optional
   * ones present when asked, in that order. Sorted by PSRS; sizes are known after execution.
   */
  public static Tensor[] unique(Tensor t, boolean returnIndex, boolean returnInverse, boolean returnCounts) {
    return Tensor.ofOutputs(Sets.unique(t.data(), returnIndex, returnInverse, returnCounts));
  }

  /** Whether each element is in {@code test} (any shape), element-wise over {@code element}'s shape. */
  public static Tensor isin(Tensor element, Tensor test) {
    return Tensor.ofOutput(Sets.IsIn.of(element.data(), test.data(), false));
  }

  public static Tensor isin(Tensor element, Tensor test, boolean invert) {
    return Tensor.ofOutput(Sets.IsIn.of(element.data(), test.data(), invert));
  }

  /** numpy's in1d: isin of the flattened {@code a}. */
  public static Tensor in1d(Tensor a, Tensor b, boolean invert) {
    return isin(ravel1d(a), b, invert);
  }

  public static Tensor in1d(Tensor a, Tensor b) {
    return in1d(a, b, false);
  }

  /** The sorted distinct values in either. */
  public static Tensor union1d(Tensor a, Tensor b) {
    return unique(Tensor.ofOutput(Sets.Concat1d.of(ravel1d(a).data(), ravel1d(b).data())));
  }

  /** The sorted distinct values in both. */
  public static Tensor intersect1d(Tensor a, Tensor b) {
    Tensor ua = unique(a);
    Tensor r = ua.get(isin(ua, b));
    DType dt = DType.promote(a.dtype(), b.dtype());
    return dt == r.dtype() ? r : r.astype(dt);
  }

  /** The sorted distinct values of {@code a} not in {@code b}. */
  public static Tensor setdiff1d(Tensor a, Tensor b) {
    Tensor ua = unique(a);
    return ua.get(isin(ua, b, true));
  }

  private static Tensor ravel1d(Tensor t) {
    return t.ndim() == 1 ? t : Tensor.ofOutput(Sets.Ravel.of(t.data()));
  }

  /**
   * numpy's histogram with {@code bins} equal-width bins over the data's min and max:
   * {@code [hist, bin_edges]}. Counted per chunk and summed.
   */
  public static Tensor[] histogram(Tensor a, int bins) {
    Histograms.HistCount.checkBins(bins); // before building reductions
    Tensor[] mm = {a.min(), a.max()};
    TensorData[] d = {mm[0].data(), mm[1].data()};
    return new Tensor[] {Tensor.ofOutput(Histograms.HistCount.uniform(a.data(), bins, null, d)),
        Tensor.ofOutput(Histograms.HistEdges.of(a.data(), bins, null, d))};
  }

  /** histogram over the given range (values outside are not counted). */
  public static Tensor[] histogram(Tensor a, int bins, double lo, double hi) {
    double[] range = {lo, hi};
    return new Tensor[] {Tensor.ofOutput(Histograms.HistCount.uniform(a.data(), bins, range, null)),
        Tensor.ofOutput(Histograms.HistEdges.of(a.data(), bins, range, null))};
  }

  /** histogram over explicit, monotonically increasing bin edges; the edges are returned as given. */
  public static Tensor[] histogram(Tensor a, Tensor edges) {
    return new Tensor[] {Tensor.ofOutput(Histograms.HistCount.edges(a.data(), edges.data())), edges};
  }

  /** Occurrences of each non-negative integer of 1-d {@code x}; one chunk whose length is known after execution. */
  public static Tensor bincount(Tensor x) {
    return Tensor.ofOutput(Histograms.BinCount.of(x.data(), null, 0));
  }

  public static Tensor bincount(Tensor x, Tensor weights, long minlength) {
    return Tensor.ofOutput(Histograms.BinCount.of(x.data(), weights == null ? null : weights.data(), minlength));
  }

  /**
   * numpy's partition: the element at {@code kth} is where a sort would put it, smaller ones
   * before, larger after. Mars on Spark returns the fully sorted order (which meets that
   * contract); numpy's arrangement inside the two sides differs.
   */
  public static Tensor partition(Tensor t, long kth, int axis) {
    return sort(t, checkKth("partition", t, kth, axis));
  }

  /** Indices that partition along {@code axis}; here the stable argsort (see {@link #partition}). */
  public static Tensor argpartition(Tensor t, long kth, int axis) {
    return argsort(t, checkKth("argpartition", t, kth, axis));
  }

  private static int checkKth(String op, Tensor t, long kth, int axis) {
    int nd = t.ndim();
    int a = Errors.normalizeAxis(op, axis, nd);
    long n = t.shape(a);
    if (kth < -n || kth >= n) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": kth(=" + kth + ") out of bounds (" + n + ")");
    }
    return a;
  }

  /**
   * Mars's {@code mt.topk}: the k largest (or, {@code largest} false, smallest) values along
   * {@code axis}, best first ({@code sorted} false: in the order of their indices), and with
   * {@code returnIndex} their indices along the axis (int64): {@code {values}} or
   * {@code {values, indices}}. NaN sorts after every number as in numpy (so the largest are NaNs
   * first); equal values come by the lower index. Tiled as a per-chunk selection and a
   * {@code combineSize} tree along the axis, which is never gathered into one chunk.
   */
  public static Tensor[] topk(Tensor a, int k, int axis, boolean largest, boolean sorted, boolean returnIndex) {
    Tensor[] both = Tensor.ofOutputs(TopK.of(a.data(), k, axis, largest, sorted, "topk"));
    return returnIndex ? both : new Tensor[] {both[0]};
  }

  /** The k best values along {@code axis}, best first (see {@link #topk(Tensor, int, int, boolean, boolean, boolean)}). */
  public static Tensor topk(Tensor t, int k, int axis, boolean largest) {
    return topk(t, k, axis, largest, true, false)[0];
  }

  /** The k largest values along the last axis, largest first. */
  public static Tensor topk(Tensor t, int k) {
    return topk(t, k, -1, true);
  }

  /**
   * Mars's {@code mt.argtopk}: the indices (int64) along {@code axis} of the k largest (or
   * smallest) values, in the order of {@link #topk(Tensor, int, int, boolean, boolean, boolean)}.
   */
  public static Tensor argtopk(Tensor a, int k, int axis, boolean largest, boolean sorted) {
    return Tensor.ofOutputs(TopK.of(a.data(), k, axis, largest, sorted, "argtopk"))[1];
  }

  /** The indices of the k largest values along the last axis, largest first. */
  public static Tensor argtopk(Tensor a, int k) {
    return argtopk(a, k, -1, true, true);
  }

  /** Insertion points of {@code v} in the sorted 1-d {@code a} ({@code side}: "left" or "right"). */
  public static Tensor searchsorted(Tensor a, Tensor v, String side) {
    return Tensor.ofOutput(Searching.Search.searchsorted(a.data(), v.data(), side));
  }

  public static Tensor searchsorted(Tensor a, Tensor v) {
    return searchsorted(a, v, "left");
  }

  /** The bin of each value for monotonic (increasing or decreasing) 1-d {@code bins}. */
  public static Tensor digitize(Tensor x, Tensor bins, boolean right) {
    return Tensor.ofOutput(Searching.Search.digitize(x.data(), bins.data(), right));
  }

  public static Tensor digitize(Tensor x, Tensor bins) {
    return digitize(x, bins, false);
  }

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
