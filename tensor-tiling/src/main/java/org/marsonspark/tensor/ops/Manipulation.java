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
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;

/**
 * Shape manipulation operands: reshape, broadcast_to, concatenate and take along an
 * axis. The other manipulation functions ({@code ravel}, {@code squeeze}, {@code stack},
 * {@code split}, {@code tile}, {@code repeat}, {@code flip}, {@code roll}, {@code diff}, ...)
 * are compositions of these with slicing and transposition, written in
 * {@code tensor.ManipulationRoutines}.
 */
public final class Manipulation {
  private Manipulation() {}

  // ---- reshape --------------------------------------------------------------------------------

  /**
   * numpy's {@code reshape} (C order). Input and output axes are grouped into runs with equal
   * products; within a group only the first non-trivial input axis may be split into several
   * chunks, and its chunk boundaries (as flat offsets) must fall on rows of the output group's
   * trailing axes. Where that does not hold the input is rechunked first (trailing axes of the
   * group to one chunk, leading axis to multiples of the needed unit); then every output chunk is
   * the C-order reshape of exactly one input chunk.
   */
  public static final class Reshape extends TensorOp {
    private Reshape(TensorData in) {
      super(List.of(in));
    }

    /** The reshaped data; null when there is nothing to do (the caller keeps its tensor). */
    public static TensorData of(TensorData in, long... newShape) {
      if (in.hasUnknownShape()) {
        if (in.ndim() == 1 && newShape.length == 1 && (newShape[0] == -1)) {
          return null; // ravel of a 1-D tensor of unknown length: the caller keeps the tensor
        }
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "reshape: tensor of unknown shape "
            + Shapes.toString(in.shape()) + " cannot be reshaped to " + Shapes.toString(newShape) + "; execute() it first");
      }
      long size = Shapes.size(in.shape());
      long[] shape = resolve(newShape, size, in.shape());
      return new Reshape(in).newOutput(shape, in.dtype());
    }

    /** Resolves one {@code -1} in a new shape against the size; checks the size matches. */
    static long[] resolve(long[] newShape, long size, long[] from) {
      long[] shape = newShape.clone();
      int unknown = -1;
      long known = 1;
      for (int i = 0; i < shape.length; i++) {
        if (shape[i] == -1) {
          if (unknown >= 0) {
            throw new MarsException(ErrorClass.INVALID_ARGUMENT, "reshape: can only specify one unknown dimension (-1), got "
                + Arrays.toString(newShape));
          }
          unknown = i;
        } else if (shape[i] < 0) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "reshape: negative dimension " + shape[i] + " in "
              + Arrays.toString(newShape) + "; only -1 (one unknown dimension) may be negative");
        } else {
          known *= shape[i];
        }
      }
      if (unknown >= 0) {
        if (known == 0 || size % known != 0) {
          throw sizeMismatch(size, from, newShape);
        }
        shape[unknown] = size / known;
      } else if (known != size) {
        throw sizeMismatch(size, from, newShape);
      }
      return shape;
    }

    private static MarsException sizeMismatch(long size, long[] from, long[] newShape) {
      return new MarsException(ErrorClass.SHAPE_MISMATCH, "reshape: cannot reshape tensor of size " + size
          + " (shape " + Shapes.toString(from) + ") into shape " + Arrays.toString(newShape)
          + "; the new shape must hold " + size + " elements (one dimension may be -1 to infer it)");
    }

    /** Groups of input and output axes with equal products: {inFrom, inTo, outFrom, outTo}. */
    static List<int[]> groups(long[] s, long[] t) {
      List<int[]> out = new ArrayList<>();
      int i = 0;
      int j = 0;
      while (i < s.length || j < t.length) {
        if (i < s.length && s[i] == 1) {
          out.add(new int[] {i, i + 1, j, j});
          i++;
          continue;
        }
        if (j < t.length && t[j] == 1) {
          out.add(new int[] {i, i, j, j + 1});
          j++;
          continue;
        }
        int i0 = i;
        int j0 = j;
        long pi = s[i++];
        long pj = t[j++];
        while (pi != pj) {
          if (pi < pj) {
            pi *= s[i++];
          } else {
            pj *= t[j++];
          }
        }
        // size-1 axes that trail a group stay inside it only when both sides are exhausted
        out.add(new int[] {i0, i, j0, j});
      }
      return out;
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      ctx.requireKnownShapes(in);
      long[] s = in.shape();
      long[] t = out().shape();
      if (Shapes.size(s) == 0) {
        long[][] splits = new long[t.length][];
        for (int i = 0; i < t.length; i++) {
          splits[i] = new long[] {t[i]};
        }
        out().setChunks(List.of(ctx.newChunk(new Zeros(t, in.dtype()), List.of(), new int[t.length], t, in.dtype())),
            splits);
        return;
      }
      long[][] inTarget = new long[s.length][];
      long[][] outSplits = new long[t.length][];
      // per group: the input axis and output axis that carry the chunk index
      List<int[]> groups = groups(s, t);
      int[] outLeadOfIn = new int[s.length];
      Arrays.fill(outLeadOfIn, -1);
      for (int[] g : groups) {
        int inLead = g[0];
        while (inLead < g[1] - 1 && s[inLead] == 1) {
          inLead++;
        }
        int outLead = g[2];
        while (outLead < g[3] - 1 && t[outLead] == 1) {
          outLead++;
        }
        for (int a = g[0]; a < g[1]; a++) {
          inTarget[a] = a == inLead ? in.nsplits()[a] : new long[] {s[a]};
        }
        for (int b = g[2]; b < g[3]; b++) {
          outSplits[b] = new long[] {t[b]};
        }
        if (g[0] == g[1] || g[2] == g[3]) {
          continue; // a size-1 axis inserted or dropped
        }
        long pIn = 1;
        for (int a = inLead + 1; a < g[1]; a++) {
          pIn *= s[a];
        }
        long q = 1;
        for (int b = outLead + 1; b < g[3]; b++) {
          q *= t[b];
        }
        long unit = q / gcd(q, pIn);
        long[] lead = in.nsplits()[inLead];
        boolean ok = true;
        for (long c : lead) {
          ok &= c % unit == 0;
        }
        if (!ok) {
          long size = 0;
          for (long c : lead) {
            size = Math.max(size, c);
          }
          size = Math.max(unit, (size + unit - 1) / unit * unit);
          lead = org.marsonspark.tensor.ChunkSize.split(s[inLead], size);
        }
        inTarget[inLead] = lead;
        long[] os = new long[lead.length];
        for (int k = 0; k < lead.length; k++) {
          os[k] = lead[k] * pIn / q;
        }
        outSplits[outLead] = os;
        outLeadOfIn[inLead] = outLead;
      }
      List<Chunk> inChunks = Rechunking.rechunk(ctx, in, inTarget);
      int[] inGrid = grid(inTarget);
      int[] outGrid = grid(outSplits);
      List<Chunk> chunks = new ArrayList<>();
      for (int[] idx : gridPositions(outGrid)) {
        int[] src = new int[s.length];
        for (int a = 0; a < s.length; a++) {
          src[a] = outLeadOfIn[a] >= 0 ? idx[outLeadOfIn[a]] : 0;
        }
        long[] shape = chunkShape(outSplits, idx);
        chunks.add(ctx.newChunk(new ReshapeChunk(shape), List.of(inChunks.get(Shapes.flatIndex(src, inGrid))), idx, shape,
            in.dtype()));
      }
      out().setChunks(chunks, outSplits);
    }
  }

  static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  static int[] grid(long[][] splits) {
    int[] g = new int[splits.length];
    for (int i = 0; i < g.length; i++) {
      g[i] = splits[i].length;
    }
    return g;
  }

  record ReshapeChunk(long[] shape) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return ((NDArray) inputs[0]).reshape(shape);
    }

    @Override
    public String name() {
      return "reshape";
    }
  }

  record Zeros(long[] shape, DType dtype) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return NDArray.zeros(dtype, shape);
    }

    @Override
    public String name() {
      return "empty";
    }
  }

  // ---- broadcast_to ---------------------------------------------------------------------------

  /**
   * numpy's {@code broadcast_to}: axes the input has keep its chunks; new axes and axes
   * broadcast from length 1 are one chunk each.
   */
  public static final class BroadcastTo extends TensorOp {
    private BroadcastTo(TensorData in) {
      super(List.of(in));
    }

    /** The broadcast data; null when {@code in} already has {@code shape}. */
    public static TensorData of(TensorData in, long... shape) {
      if (shape.length < in.ndim()) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "broadcast_to: input of shape " + Shapes.toString(in.shape())
            + " has more dimensions than the target shape " + Shapes.toString(shape));
      }
      for (long d : shape) {
        if (d < 0) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "broadcast_to: all elements of the shape must be non-negative, got "
              + Shapes.toString(shape));
        }
      }
      int lead = shape.length - in.ndim();
      for (int i = 0; i < in.ndim(); i++) {
        if (in.shape(i) != 1 && in.shape(i) != shape[lead + i]) {
          throw new MarsException(ErrorClass.BROADCAST_MISMATCH, "broadcast_to: tensor of shape "
              + Shapes.toString(in.shape()) + " cannot be broadcast to shape " + Shapes.toString(shape)
              + "; each axis of the tensor must have the target's size or size 1");
        }
      }
      if (Arrays.equals(in.shape(), shape)) {
        return null;
      }
      return new BroadcastTo(in).newOutput(shape.clone(), in.dtype());
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      ctx.requireKnownShapes(in);
      long[] t = out().shape();
      int lead = t.length - in.ndim();
      long[][] splits = new long[t.length][];
      for (int i = 0; i < t.length; i++) {
        int a = i - lead;
        splits[i] = a >= 0 && in.shape(a) == t[i] ? in.nsplits()[a] : new long[] {t[i]};
      }
      List<Chunk> chunks = new ArrayList<>();
      for (int[] idx : gridPositions(grid(splits))) {
        int[] src = new int[in.ndim()];
        for (int a = 0; a < in.ndim(); a++) {
          src[a] = in.shape(a) == t[a + lead] ? idx[a + lead] : 0;
        }
        long[] shape = chunkShape(splits, idx);
        chunks.add(ctx.newChunk(new BroadcastChunk(shape), List.of(in.chunk(src)), idx, shape, in.dtype()));
      }
      out().setChunks(chunks, splits);
    }
  }

  record BroadcastChunk(long[] shape) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return ((NDArray) inputs[0]).broadcastTo(shape);
    }

    @Override
    public String name() {
      return "broadcast_to";
    }
  }

  // ---- concatenate ----------------------------------------------------------------------------

  /**
   * numpy's {@code concatenate} along an axis: the inputs' chunks along the axis are re-indexed
   * one after another; the other axes are aligned on the common refinement of the inputs'
   * chunk boundaries.
   */
  public static final class Concatenate extends TensorOp {
    private final int axis;

    private Concatenate(List<TensorData> ins, int axis) {
      super(ins);
      this.axis = axis;
    }

    /** The concatenation; null when it is the single input unchanged. */
    public static TensorData of(List<TensorData> ins, int axis, String op) {
      if (ins.isEmpty()) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": need at least one tensor to concatenate");
      }
      TensorData first = ins.get(0);
      if (first.ndim() == 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": zero-dimensional tensors cannot be concatenated");
      }
      int nd = first.ndim();
      int ax = Errors.normalizeAxis(op, axis, nd);
      long[] shape = first.shape().clone();
      DType dtype = first.dtype();
      for (int k = 1; k < ins.size(); k++) {
        TensorData t = ins.get(k);
        if (t.ndim() != nd) {
          throw new MarsException(ErrorClass.SHAPE_MISMATCH, op + ": all the input tensors must have the same number of"
              + " dimensions, but tensor 0 has " + nd + " dimension(s) and tensor " + k + " has " + t.ndim());
        }
        for (int i = 0; i < nd; i++) {
          if (i == ax) {
            shape[i] = shape[i] == Shapes.UNKNOWN || t.shape(i) == Shapes.UNKNOWN ? Shapes.UNKNOWN : shape[i] + t.shape(i);
          } else if (t.shape(i) != shape[i]) {
            throw new MarsException(ErrorClass.SHAPE_MISMATCH, op + ": the input tensor dimensions except for the"
                + " concatenation axis must match exactly, but along dimension " + i + ", tensor 0 has size " + shape[i]
                + " and tensor " + k + " has size " + t.shape(i));
          }
        }
        dtype = DType.promote(dtype, t.dtype());
      }
      if (ins.size() == 1 && dtype == first.dtype()) {
        return null;
      }
      return new Concatenate(ins, ax).newOutput(shape, dtype);
    }

    @Override
    public void tile(TileContext ctx) {
      List<TensorData> ins = new ArrayList<>();
      for (int i = 0; i < inputs().size(); i++) {
        ins.add(input(i));
      }
      ctx.requireKnownShapes(ins.toArray(new TensorData[0]));
      int nd = out().ndim();
      long[][] common = new long[nd][];
      for (int i = 0; i < nd; i++) {
        if (i != axis) {
          List<long[]> c = new ArrayList<>();
          for (TensorData t : ins) {
            c.add(t.nsplits()[i]);
          }
          common[i] = Rechunking.union(c);
        }
      }
      List<Long> axisSplits = new ArrayList<>();
      List<List<Chunk>> aligned = new ArrayList<>();
      List<long[][]> targets = new ArrayList<>();
      boolean allEmpty = ins.stream().allMatch(t -> t.shape(axis) == 0);
      for (TensorData t : ins) {
        if (t.shape(axis) == 0 && !(allEmpty && aligned.isEmpty())) {
          continue;
        }
        long[][] target = common.clone();
        target[axis] = t.nsplits()[axis];
        aligned.add(Rechunking.rechunk(ctx, t, target));
        targets.add(target);
        for (long c : target[axis]) {
          axisSplits.add(c);
        }
      }
      long[][] outSplits = common.clone();
      outSplits[axis] = axisSplits.stream().mapToLong(Long::longValue).toArray();
      int[] outGrid = grid(outSplits);
      int[] start = new int[aligned.size() + 1];
      for (int k = 0; k < aligned.size(); k++) {
        start[k + 1] = start[k] + targets.get(k)[axis].length;
      }
      Identity op = new Identity(out().dtype());
      List<Chunk> chunks = new ArrayList<>();
      for (int[] idx : gridPositions(outGrid)) {
        int k = 0;
        while (idx[axis] >= start[k + 1]) {
          k++;
        }
        int[] src = idx.clone();
        src[axis] -= start[k];
        Chunk c = aligned.get(k).get(Shapes.flatIndex(src, grid(targets.get(k))));
        chunks.add(ctx.newChunk(op, List.of(c), idx, c.shape(), out().dtype()));
      }
      out().setChunks(chunks, outSplits);
    }
  }

  /** A chunk re-indexed (and cast to the result dtype). */
  record Identity(DType dtype) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return ((NDArray) inputs[0]).astype(dtype);
    }

    @Override
    public String name() {
      return "concatenate";
    }
  }

  // ---- take along an axis ---------------------------------------------------------------------

  /**
   * numpy's {@code take(a, indices, axis)} for indices known on the driver: the output along
   * the axis is cut into pieces of the input's largest chunk there, and each output chunk reads
   * only the input chunks its indices fall in.
   */
  public static final class TakeKnown extends TensorOp {
    private final long[] indices;
    private final int axis;

    private TakeKnown(TensorData in, long[] indices, int axis) {
      super(List.of(in));
      this.indices = indices;
      this.axis = axis;
    }

    public static TensorData of(TensorData in, long[] indices, int axis, String op) {
      if (in.ndim() == 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": cannot index a 0-d tensor along an axis");
      }
      int ax = Errors.normalizeAxis(op, axis, in.ndim());
      long dim = in.shape(ax);
      if (dim == Shapes.UNKNOWN) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, op + ": axis " + ax + " has unknown length; execute() it first");
      }
      long[] norm = new long[indices.length];
      for (int i = 0; i < indices.length; i++) {
        norm[i] = Errors.normalizeIndex(op, indices[i], ax, dim);
      }
      long[] shape = in.shape().clone();
      shape[ax] = norm.length;
      return new TakeKnown(in, norm, ax).newOutput(shape, in.dtype());
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      ctx.requireKnownShapes(in);
      long[] srcSplit = in.nsplits()[axis];
      long[] srcOff = Shapes.offsets(srcSplit);
      long piece = 1;
      for (long c : srcSplit) {
        piece = Math.max(piece, c);
      }
      long[][] outSplits = in.nsplits().clone();
      outSplits[axis] = org.marsonspark.tensor.ChunkSize.split(indices.length, piece);
      long[] outOff = Shapes.offsets(outSplits[axis]);
      int[] outGrid = grid(outSplits);
      List<Chunk> chunks = new ArrayList<>();
      // per output piece along the axis: the source chunks it reads and local positions
      int np = outSplits[axis].length;
      List<List<Integer>> srcOf = new ArrayList<>();
      List<int[]> which = new ArrayList<>();
      List<long[]> local = new ArrayList<>();
      for (int p = 0; p < np; p++) {
        List<Integer> srcs = new ArrayList<>();
        int n = (int) outSplits[axis][p];
        int[] w = new int[n];
        long[] l = new long[n];
        for (int k = 0; k < n; k++) {
          long v = indices[(int) outOff[p] + k];
          int c = chunkOf(srcOff, v);
          int pos = srcs.indexOf(c);
          if (pos < 0) {
            pos = srcs.size();
            srcs.add(c);
          }
          w[k] = pos;
          l[k] = v - srcOff[c];
        }
        srcOf.add(srcs);
        which.add(w);
        local.add(l);
      }
      for (int[] idx : gridPositions(outGrid)) {
        int p = idx[axis];
        List<Chunk> args = new ArrayList<>();
        for (int c : srcOf.get(p)) {
          int[] src = idx.clone();
          src[axis] = c;
          args.add(in.chunk(src));
        }
        long[] shape = chunkShape(outSplits, idx);
        if (args.isEmpty()) {
          chunks.add(ctx.newChunk(new Zeros(shape, in.dtype()), List.of(), idx, shape, in.dtype()));
        } else {
          chunks.add(ctx.newChunk(new GatherChunk(axis, which.get(p), local.get(p)), args, idx, shape, in.dtype()));
        }
      }
      out().setChunks(chunks, outSplits);
    }
  }

  static int chunkOf(long[] offsets, long v) {
    int c = Arrays.binarySearch(offsets, v);
    if (c < 0) {
      c = -c - 2;
    }
    while (c + 1 < offsets.length - 1 && offsets[c + 1] <= v) {
      c++;
    }
    return c;
  }

  /** Gathers positions along an axis: output position k is {@code inputs[which[k]]} at {@code local[k]}. */
  record GatherChunk(int axis, int[] which, long[] local) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray first = (NDArray) inputs[0];
      long[] shape = first.shape().clone();
      shape[axis] = which.length;
      return gather(inputs, axis, which, local, shape, first.dtype());
    }

    @Override
    public String name() {
      return "take";
    }
  }

  /** Copies hyperslabs along {@code axis} from several same-shaped (off the axis) arrays. */
  static NDArray gather(Object[] inputs, int axis, int[] which, long[] local, long[] shape, DType dtype) {
    long outer = 1;
    for (int i = 0; i < axis; i++) {
      outer *= shape[i];
    }
    long inner = 1;
    for (int i = axis + 1; i < shape.length; i++) {
      inner *= shape[i];
    }
    NDArray out = NDArray.zeros(dtype, shape);
    Object dst = out.buffer();
    int n = which.length;
    for (int o = 0; o < outer; o++) {
      for (int k = 0; k < n; k++) {
        NDArray src = (NDArray) inputs[which[k]];
        long dimSrc = src.shape(axis);
        System.arraycopy(src.buffer(), (int) ((o * dimSrc + local[k]) * inner), dst, (int) ((o * (long) n + k) * inner),
            (int) inner);
      }
    }
    return out;
  }

  /**
   * numpy's {@code take(a, indices, axis)} for a 1-D integer index tensor: one output chunk per
   * index chunk (and chunk of the other axes), each reading all the input's chunks along the
   * axis; indices are checked on the executors.
   */
  public static final class TakeTensor extends TensorOp {
    private final int axis;

    private TakeTensor(TensorData in, TensorData idx, int axis) {
      super(List.of(in, idx));
      this.axis = axis;
    }

    public static TensorData of(TensorData in, TensorData idx, int axis, String op) {
      if (!idx.dtype().isInteger()) {
        throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, op + ": indices must be an integer tensor, got " + idx.dtype());
      }
      if (idx.ndim() != 1) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": expected 1-D indices here, got shape "
            + Shapes.toString(idx.shape()));
      }
      if (in.ndim() == 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": cannot index a 0-d tensor along an axis");
      }
      int ax = Errors.normalizeAxis(op, axis, in.ndim());
      long[] shape = in.shape().clone();
      shape[ax] = idx.shape(0);
      return new TakeTensor(in, idx, ax).newOutput(shape, in.dtype());
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      TensorData idx = input(1);
      ctx.requireKnownShapes(in, idx);
      long[][] outSplits = in.nsplits().clone();
      outSplits[axis] = idx.nsplits()[0];
      int nsrc = in.nsplits()[axis].length;
      long[] srcOff = Shapes.offsets(in.nsplits()[axis]);
      List<Chunk> chunks = new ArrayList<>();
      for (int[] pos : gridPositions(grid(outSplits))) {
        List<Chunk> args = new ArrayList<>();
        args.add(idx.chunk(pos[axis]));
        for (int c = 0; c < nsrc; c++) {
          int[] src = pos.clone();
          src[axis] = c;
          args.add(in.chunk(src));
        }
        long[] shape = chunkShape(outSplits, pos);
        chunks.add(ctx.newChunk(new TakeChunk(axis, srcOff), args, pos, shape, in.dtype()));
      }
      out().setChunks(chunks, outSplits);
    }
  }

  record TakeChunk(int axis, long[] offsets) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray idx = (NDArray) inputs[0];
      long dim = offsets[offsets.length - 1];
      int n = idx.size();
      int[] which = new int[n];
      long[] local = new long[n];
      for (int k = 0; k < n; k++) {
        long v = idx.getLong(k);
        long w = Errors.normalizeIndex("take", v, axis, dim);
        int c = chunkOf(offsets, w);
        which[k] = c + 1;
        local[k] = w - offsets[c];
      }
      NDArray first = (NDArray) inputs[1];
      long[] shape = first.shape().clone();
      shape[axis] = n;
      return gather(inputs, axis, which, local, shape, first.dtype());
    }

    @Override
    public String name() {
      return "take";
    }
  }
}
