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
import org.marsonspark.tensor.Broadcast;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;
import org.marsonspark.tensor.fusion.Expr;
import org.marsonspark.tensor.fusion.Fusable;
import org.marsonspark.tensor.kernel.BinaryFn;
import org.marsonspark.tensor.kernel.Elementwise;
import org.marsonspark.tensor.kernel.UnaryFn;
import org.marsonspark.tensor.sparse.SparseCreation;
import org.marsonspark.tensor.sparse.SparseElementwise;

/**
 * Element-wise operands. Their tiling is the family's, written once here: broadcast the
 * inputs, give every input the same chunk boundaries on the axes they share (rechunking where
 * they differ), then map each output chunk to one chunk of each input.
 */
public abstract class ElementwiseOp extends TensorOp {
  protected ElementwiseOp(List<TensorData> inputs) {
    super(inputs);
  }

  /** The chunk op computing one output chunk from the aligned input chunks. */
  protected abstract ChunkOp chunkOp();

  @Override
  public void tile(TileContext ctx) {
    List<TensorData> ins = new ArrayList<>();
    for (int i = 0; i < inputs().size(); i++) {
      ins.add(input(i));
    }
    long[] outShape = out().shape();
    int nd = outShape.length;
    if (ins.size() == 1) {
      TensorData in = ins.get(0);
      tileChunkwise(ctx, in, c -> chunkOp(), Chunk::shape, in.nsplits());
      return;
    }
    // inputs that vary along an axis must agree on its chunks
    boolean unknown = false;
    for (TensorData in : ins) {
      unknown |= Shapes.hasUnknown(in.nsplits());
    }
    if (unknown) {
      ctx.requireKnownShapes(ins.toArray(new TensorData[0]));
    }
    // an input's length unknown when this was built is known from its chunks now (tiling resumed)
    long[][] shapes = ins.stream().map(in -> Shapes.fromNsplits(in.nsplits())).toArray(long[][]::new);
    if (Arrays.stream(outShape).anyMatch(d -> d == Shapes.UNKNOWN)) {
      outShape = org.marsonspark.tensor.Broadcast.shape(shapes);
    }
    long[][] outSplits = new long[nd][];
    for (int ax = 0; ax < nd; ax++) {
      List<long[]> candidates = new ArrayList<>();
      for (int k = 0; k < ins.size(); k++) {
        TensorData in = ins.get(k);
        int a = ax - (nd - in.ndim());
        if (a >= 0 && shapes[k][a] == outShape[ax]) {
          candidates.add(in.nsplits()[a]);
        }
      }
      outSplits[ax] = candidates.isEmpty() ? new long[] {outShape[ax]} : Rechunking.union(candidates);
    }
    List<List<Chunk>> aligned = new ArrayList<>();
    for (int k = 0; k < ins.size(); k++) {
      TensorData in = ins.get(k);
      long[][] target = new long[in.ndim()][];
      for (int a = 0; a < in.ndim(); a++) {
        int ax = a + nd - in.ndim();
        target[a] = shapes[k][a] == outShape[ax] ? outSplits[ax] : in.nsplits()[a];
      }
      aligned.add(Rechunking.rechunk(ctx, in, target));
    }
    int[] grid = new int[nd];
    for (int i = 0; i < nd; i++) {
      grid[i] = outSplits[i].length;
    }
    List<Chunk> chunks = new ArrayList<>();
    for (int[] idx : gridPositions(grid)) {
      List<Chunk> args = new ArrayList<>();
      for (int k = 0; k < ins.size(); k++) {
        TensorData in = ins.get(k);
        int[] inIdx = new int[in.ndim()];
        int[] inGrid = new int[in.ndim()];
        for (int a = 0; a < in.ndim(); a++) {
          int ax = a + nd - in.ndim();
          boolean broadcast = shapes[k][a] != outShape[ax];
          inIdx[a] = broadcast ? 0 : idx[ax];
          inGrid[a] = broadcast ? 1 : grid[ax];
        }
        args.add(aligned.get(k).get(Shapes.flatIndex(inIdx, inGrid)));
      }
      chunks.add(ctx.newChunk(chunkOp(), args, idx, chunkShape(outSplits, idx), out().dtype()));
    }
    out().setChunks(chunks, outSplits);
  }

  /**
   * numpy 1.24's dtype of two tensor operands: a 0-d tensor meeting one of more dimensions counts
   * as a scalar (value-based casting, {@link DType#promoteWithScalar(DType, DType, Object)}), its
   * value read from a literal; any other pair promotes by dtype.
   */
  public static DType promote(TensorData a, TensorData b) {
    if (a.ndim() == 0 && b.ndim() > 0) {
      return DType.promoteWithScalar(b.dtype(), a.dtype(), literal(a));
    }
    if (b.ndim() == 0 && a.ndim() > 0) {
      return DType.promoteWithScalar(a.dtype(), b.dtype(), literal(b));
    }
    return DType.promote(a.dtype(), b.dtype());
  }

  /**
   * numpy 1.24's dtype of a tensor with a Java scalar: value-based casting against a tensor of
   * one or more dimensions; with a 0-d tensor both are scalars, which promote by dtype (the Java
   * scalar as int64, float64 or bool).
   */
  public static DType promoteWithScalar(TensorData a, Object scalar) {
    return a.ndim() == 0 ? DType.promote(a.dtype(), DType.scalarKind(scalar)) : DType.promoteWithScalar(a.dtype(), scalar);
  }

  /**
   * Operand {@code x} (paired with {@code other}) as it enters an element-wise op computing in
   * {@code promoted}: unchanged, or — a 0-d tensor of unknown value whose dtype numpy 1.24 would
   * decide by value — through {@link FitScalar}, which checks the value when it runs.
   */
  public static TensorData fitted(TensorData x, TensorData other, DType promoted) {
    boolean check = x.ndim() == 0 && other.ndim() > 0 && literal(x) == null
        && DType.dependsOnValue(other.dtype(), x.dtype());
    return check ? FitScalar.of(x, promoted) : x;
  }

  private static Object literal(TensorData t) {
    return t.op() instanceof TensorOp op ? op.literalValue() : null;
  }

  /** A binary ufunc of two tensors, or of a tensor and a scalar. */
  public static final class Binary extends ElementwiseOp {
    private final BinaryChunk op;

    private Binary(List<TensorData> inputs, BinaryChunk op) {
      super(inputs);
      this.op = op;
    }

    public static TensorData of(BinaryFn fn, TensorData a, TensorData b) {
      if ((a.isSparse() || b.isSparse()) && SparseElementwise.staysSparse(fn, a, b)) {
        return SparseElementwise.binary(fn, a, b);
      }
      if (a.isSparse() || b.isSparse()) { // a dense result, as scipy's: the sparse side made dense first
        a = a.isSparse() ? SparseCreation.ToDense.of(a) : a;
        b = b.isSparse() ? SparseCreation.ToDense.of(b) : b;
      }
      long[] shape = Broadcast.shape(a.shape(), b.shape());
      DType promoted = promote(a, b);
      BinaryChunk op = new BinaryChunk(fn, fn.computeType(promoted), fn.resultType(promoted), null, false);
      return new Binary(List.of(fitted(a, b, promoted), fitted(b, a, promoted)), op).newOutput(shape, op.result());
    }

    /** {@code fn(a, scalar)}, or {@code fn(scalar, a)} when {@code scalarFirst}. */
    public static TensorData withScalar(BinaryFn fn, TensorData a, Object scalar, boolean scalarFirst) {
      if (a.isSparse()) {
        return SparseElementwise.scalar(fn, a, scalar, scalarFirst);
      }
      DType promoted = promoteWithScalar(a, scalar);
      DType compute = fn.computeType(promoted);
      NDArray s = NDArray.scalar(compute, scalar);
      BinaryChunk op = new BinaryChunk(fn, compute, fn.resultType(promoted), s, scalarFirst);
      return new Binary(List.of(a), op).newOutput(a.shape(), op.result());
    }

    @Override
    protected ChunkOp chunkOp() {
      return op;
    }

    @Override
    public String name() {
      return op.fn().numpyName();
    }
  }

  record BinaryChunk(BinaryFn fn, DType compute, DType result, NDArray scalar, boolean scalarFirst)
      implements ChunkOp, Fusable {
    @Override
    public Expr fuse(List<Expr> args, long[] shape) {
      Expr x = args.get(0);
      Expr y = scalar == null ? args.get(1) : new Expr.Const(compute, scalar.get(0), new long[0]);
      if (scalar != null && scalarFirst) {
        Expr t = x;
        x = y;
        y = t;
      }
      return Fusable.fits(x, shape) && Fusable.fits(y, shape) ? new Expr.Binary(fn, compute, result, x, y, shape) : null;
    }

    @Override
    public Object execute(Object[] inputs) {
      NDArray x = (NDArray) inputs[0];
      if (scalar == null) {
        return Elementwise.binary(fn, x, (NDArray) inputs[1], compute, result);
      }
      return scalarFirst ? Elementwise.binary(fn, scalar, x, compute, result)
          : Elementwise.binary(fn, x, scalar, compute, result);
    }

    @Override
    public String name() {
      return fn.numpyName();
    }
  }

  /** A unary ufunc. */
  public static final class Unary extends ElementwiseOp {
    private final UnaryChunk op;

    private Unary(TensorData in, UnaryChunk op) {
      super(List.of(in));
      this.op = op;
    }

    public static TensorData of(UnaryFn fn, TensorData in) {
      if (in.isSparse()) {
        return SparseElementwise.unary(fn, in);
      }
      UnaryChunk op = new UnaryChunk(fn, fn.computeType(in.dtype()), fn.resultType(in.dtype()));
      return new Unary(in, op).newOutput(in.shape(), op.result());
    }

    @Override
    protected ChunkOp chunkOp() {
      return op;
    }

    @Override
    public String name() {
      return op.fn().numpyName();
    }
  }

  record UnaryChunk(UnaryFn fn, DType compute, DType result) implements ChunkOp, Fusable {
    @Override
    public Expr fuse(List<Expr> args, long[] shape) {
      return Arrays.equals(args.get(0).shape(), shape) ? new Expr.Unary(fn, compute, result, args.get(0)) : null;
    }

    @Override
    public Object execute(Object[] inputs) {
      return Elementwise.unary(fn, (NDArray) inputs[0], compute, result);
    }

    @Override
    public String name() {
      return fn.numpyName();
    }
  }

  /**
   * A 0-d tensor whose value was unknown when an element-wise op gave it the dtype of the arrays
   * it meets (numpy 1.24's dtype for every value that fits): converted to that dtype when it
   * runs, or — a value numpy would have promoted for (int32 arrays and 2**40) — an
   * {@code UNSUPPORTED_OPERATION} error saying which dtype numpy would give, never a wrapped value.
   */
  public static final class FitScalar extends ElementwiseOp {
    private final FitScalarChunk op;

    private FitScalar(TensorData in, DType to) {
      super(List.of(in));
      this.op = new FitScalarChunk(to);
    }

    static TensorData of(TensorData in, DType to) {
      return new FitScalar(in, to).newOutput(in.shape(), to);
    }

    @Override
    protected ChunkOp chunkOp() {
      return op;
    }
  }

  record FitScalarChunk(DType to) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray x = (NDArray) inputs[0];
      Object v = x.item();
      DType numpy = DType.promoteWithScalar(to, x.dtype(), v);
      if (numpy != to) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "a 0-d " + x.dtype() + " tensor holding " + v
            + " meets " + to + " arrays: numpy 1.24 gives " + numpy + " for this value (value-based casting), but its"
            + " value was unknown when the expression was built, which fixed " + to + "; cast an operand with astype("
            + numpy + ") first");
      }
      return x.astype(to);
    }

    @Override
    public String name() {
      return "fit_scalar(" + to + ")";
    }
  }

  /** numpy's {@code astype}. */
  public static final class AsType extends ElementwiseOp {
    private final CastChunk op;

    private AsType(TensorData in, DType to) {
      super(List.of(in));
      this.op = new CastChunk(to);
    }

    public static TensorData of(TensorData in, DType to) {
      if (in.isSparse()) {
        return SparseElementwise.astype(in, to);
      }
      return new AsType(in, to).newOutput(in.shape(), to);
    }

    @Override
    protected ChunkOp chunkOp() {
      return op;
    }
  }

  record CastChunk(DType to) implements ChunkOp, Fusable {
    @Override
    public Expr fuse(List<Expr> args, long[] shape) {
      return Arrays.equals(args.get(0).shape(), shape) ? new Expr.Cast(to, args.get(0)) : null;
    }

    @Override
    public Object execute(Object[] inputs) {
      return ((NDArray) inputs[0]).astype(to);
    }

    @Override
    public String name() {
      return "astype(" + to + ")";
    }
  }

  static long[] copy(long[] a) {
    return Arrays.copyOf(a, a.length);
  }
}
