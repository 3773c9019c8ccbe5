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
import org.marsonspark.tensor.Casting;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Slice;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;

/**
 * Selection operands: 3-argument {@code where}, {@code argwhere} (and the columns
 * that make {@code nonzero}), {@code unravel_index} and functional setitem over a basic index.
 */
public final class Selection {
  private Selection() {}

  // ---- where(cond, x, y) ----------------------------------------------------------------------

  /**
   * numpy's 3-argument {@code where}: an element-wise select over the broadcast of the three
   * arguments (tiled by the element-wise family); scalar {@code x}/{@code y} ride in the chunk op.
   */
  public static final class Where extends ElementwiseOp {
    private final WhereChunk op;

    private Where(List<TensorData> ins, WhereChunk op) {
      super(ins);
      this.op = op;
    }

    /** @param x a {@link TensorData} or a scalar; @param y the same */
    public static TensorData of(TensorData cond, Object x, Object y) {
      List<TensorData> ins = new ArrayList<>();
      ins.add(cond);
      List<long[]> shapes = new ArrayList<>();
      shapes.add(cond.shape());
      DType dtype;
      TensorData xd = x instanceof TensorData tx ? tx : null;
      TensorData yd = y instanceof TensorData ty ? ty : null;
      if (xd != null && yd != null) {
        dtype = ElementwiseOp.promote(xd, yd);
        TensorData xf = ElementwiseOp.fitted(xd, yd, dtype);
        yd = ElementwiseOp.fitted(yd, xd, dtype);
        xd = xf;
      } else if (xd != null) {
        dtype = ElementwiseOp.promoteWithScalar(xd, y);
      } else if (yd != null) {
        dtype = ElementwiseOp.promoteWithScalar(yd, x);
      } else {
        dtype = DType.promote(DType.scalarKind(x), DType.scalarKind(y));
      }
      NDArray xc = null;
      NDArray yc = null;
      if (xd != null) {
        ins.add(xd);
        shapes.add(xd.shape());
      } else {
        xc = NDArray.scalar(dtype, x);
      }
      if (yd != null) {
        ins.add(yd);
        shapes.add(yd.shape());
      } else {
        yc = NDArray.scalar(dtype, y);
      }
      long[] shape = Broadcast.shape(shapes.toArray(new long[0][]));
      WhereChunk op = new WhereChunk(dtype, xc, yc);
      return new Where(ins, op).newOutput(shape, dtype);
    }

    @Override
    protected ChunkOp chunkOp() {
      return op;
    }

    @Override
    public String name() {
      return "where";
    }
  }

  record WhereChunk(DType dtype, NDArray xConst, NDArray yConst) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray cond = (NDArray) inputs[0];
      int k = 1;
      NDArray x = xConst != null ? xConst : (NDArray) inputs[k++];
      NDArray y = yConst != null ? yConst : (NDArray) inputs[k];
      long[] shape = Broadcast.shape(cond.shape(), x.shape(), y.shape());
      boolean[] c = cond.astype(DType.BOOL).broadcastTo(shape).bools();
      Object xb = x.astype(dtype).broadcastTo(shape).buffer();
      Object yb = y.astype(dtype).broadcastTo(shape).buffer();
      NDArray out = NDArray.zeros(dtype, shape);
      Object ob = out.buffer();
      int n = c.length;
      int i = 0;
      while (i < n) {
        int j = i;
        while (j < n && c[j] == c[i]) {
          j++;
        }
        System.arraycopy(c[i] ? xb : yb, i, ob, i, j - i);
        i = j;
      }
      return out;
    }

    @Override
    public String name() {
      return "where";
    }
  }

  // ---- argwhere / nonzero ---------------------------------------------------------------------

  /**
   * numpy's {@code argwhere}: the {@code (n, ndim)} int64 coordinates of the non-zero entries in
   * C order. All axes but the first are brought to one chunk so that each chunk is a run of
   * whole rows; each chunk gives its rows' coordinates, so the result's length is unknown until
   * the chunks have run.
   */
  public static final class Argwhere extends TensorOp {
    private Argwhere(TensorData in) {
      super(List.of(in));
    }

    public static TensorData of(TensorData in, String op) {
      if (in.ndim() == 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": a 0-d tensor has no axes to index; use atleast_1d / reshape(1) first");
      }
      return new Argwhere(in).newOutput(new long[] {Shapes.UNKNOWN, in.ndim()}, DType.INT64);
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      int nd = in.ndim();
      boolean rows = true;
      for (int i = 1; i < nd; i++) {
        rows &= in.nsplits()[i].length == 1;
      }
      if (!rows || Shapes.hasUnknown(in.nsplits()[0])) {
        ctx.requireKnownShapes(in);
      }
      long[][] target = new long[nd][];
      target[0] = in.nsplits()[0];
      for (int i = 1; i < nd; i++) {
        target[i] = new long[] {in.shape(i)};
      }
      List<Chunk> src = rows ? in.chunks() : Rechunking.rechunk(ctx, in, target);
      long[] off = Shapes.offsets(target[0]);
      List<Chunk> chunks = new ArrayList<>();
      for (int k = 0; k < target[0].length; k++) {
        chunks.add(ctx.newChunk(new ArgwhereChunk(off[k]), List.of(src.get(k)), new int[] {k, 0},
            new long[] {Shapes.UNKNOWN, nd}, DType.INT64));
      }
      long[] unknown = new long[target[0].length];
      Arrays.fill(unknown, Shapes.UNKNOWN);
      out().setChunks(chunks, new long[][] {unknown, {nd}});
    }
  }

  record ArgwhereChunk(long rowOffset) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray a = ((NDArray) inputs[0]).astype(DType.BOOL);
      boolean[] b = a.bools();
      long[] shape = a.shape();
      int nd = shape.length;
      int count = 0;
      for (boolean v : b) {
        if (v) {
          count++;
        }
      }
      long[] out = new long[count * nd];
      int r = 0;
      long[] idx = new long[nd];
      for (int i = 0; i < b.length; i++) {
        if (b[i]) {
          for (int d = 0; d < nd; d++) {
            out[r * nd + d] = idx[d] + (d == 0 ? rowOffset : 0);
          }
          r++;
        }
        for (int d = nd - 1; d >= 0; d--) {
          if (++idx[d] < shape[d]) {
            break;
          }
          idx[d] = 0;
        }
      }
      return NDArray.of(out, count, nd);
    }

    @Override
    public String name() {
      return "argwhere";
    }
  }

  /** One column of an {@code (n, k)} tensor as a 1-D tensor (the pieces of {@code nonzero}). */
  public static final class Column extends TensorOp {
    private final int column;

    private Column(TensorData in, int column) {
      super(List.of(in));
      this.column = column;
    }

    public static TensorData of(TensorData in, int column) {
      return new Column(in, column).newOutput(new long[] {in.shape(0)}, in.dtype());
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      if (in.nsplits()[1].length != 1) {
        ctx.requireKnownShapes(in);
      }
      List<Chunk> src = in.nsplits()[1].length == 1 ? in.chunks()
          : Rechunking.rechunk(ctx, in, new long[][] {in.nsplits()[0], {in.shape(1)}});
      List<Chunk> chunks = new ArrayList<>();
      for (int k = 0; k < src.size(); k++) {
        Chunk c = src.get(k);
        chunks.add(ctx.newChunk(new ColumnChunk(column), List.of(c), new int[] {k}, new long[] {c.shape(0)}, in.dtype()));
      }
      out().setChunks(chunks, new long[][] {in.nsplits()[0].clone()});
    }
  }

  record ColumnChunk(int column) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray a = (NDArray) inputs[0];
      return a.slice(new long[] {0, column}, new long[] {1, 1}, new long[] {a.shape(0), 1}).reshape(a.shape(0));
    }

    @Override
    public String name() {
      return "column";
    }
  }

  // ---- unravel_index --------------------------------------------------------------------------

  /** One coordinate of numpy's {@code unravel_index}: chunk-wise, indices checked on the executors. */
  public static final class Unravel extends TensorOp {
    private final long[] dims;
    private final int coordinate;

    private Unravel(TensorData in, long[] dims, int coordinate) {
      super(List.of(in));
      this.dims = dims;
      this.coordinate = coordinate;
    }

    public static TensorData[] of(TensorData in, long[] dims) {
      if (!in.dtype().isInteger()) {
        throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "unravel_index: indices must be integers, got " + in.dtype());
      }
      for (long d : dims) {
        if (d < 0) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "unravel_index: dimensions must be non-negative, got "
              + Shapes.toString(dims));
        }
      }
      TensorData[] out = new TensorData[dims.length];
      for (int k = 0; k < dims.length; k++) {
        out[k] = new Unravel(in, dims.clone(), k).newOutput(in.shape(), DType.INT64);
      }
      return out;
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      tileChunkwise(ctx, in, c -> new UnravelChunk(dims, coordinate), Chunk::shape, in.nsplits());
    }
  }

  record UnravelChunk(long[] dims, int coordinate) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray a = (NDArray) inputs[0];
      long size = Shapes.size(dims);
      long stride = 1;
      for (int i = coordinate + 1; i < dims.length; i++) {
        stride *= dims[i];
      }
      long[] out = new long[a.size()];
      for (int i = 0; i < out.length; i++) {
        long v = a.getLong(i);
        if (v < 0 || v >= size) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "unravel_index: index " + v
              + " is out of bounds for array with size " + size);
        }
        out[i] = (v / stride) % dims[coordinate];
      }
      return NDArray.of(out, a.shape());
    }

    @Override
    public String name() {
      return "unravel_index";
    }
  }

  // ---- setitem over a basic index -------------------------------------------------------------

  /**
   * Functional setitem {@code t[slices] = value}: chunks the selection does not touch are the
   * input's own chunks; each touched chunk is a copy with the values written at its part of the
   * selection. A tensor value (already broadcast to the selection's shape) is rechunked so that
   * its pieces line up with the selection cut by the input's chunks.
   */
  public static final class SetItem extends TensorOp {
    private final Slice[] slices;
    private final NDArray constant;

    private SetItem(List<TensorData> ins, Slice[] slices, NDArray constant) {
      super(ins);
      this.slices = slices;
      this.constant = constant;
    }

    /** {@code value} is a scalar or a {@link TensorData} of exactly the selection's (sliced) shape. */
    public static TensorData of(TensorData in, Slice[] slices, Object value) {
      if (in.hasUnknownShape()) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "set: tensor of unknown shape "
            + Shapes.toString(in.shape()) + " cannot be assigned to by index; execute() it first");
      }
      if (value instanceof TensorData v) {
        return new SetItem(List.of(in, v), slices, null).newOutput(in.shape(), in.dtype());
      }
      DType.scalarKind(value);
      NDArray constant = NDArray.scalar(in.dtype(), Casting.assigned(value, in.dtype()));
      return new SetItem(List.of(in), slices, constant).newOutput(in.shape(), in.dtype());
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = input(0);
      TensorData v = constant == null ? input(1) : null;
      if (v != null) {
        ctx.requireKnownShapes(in, v);
      } else {
        ctx.requireKnownShapes(in);
      }
      int nd = in.ndim();
      long[][] splits = in.nsplits();
      // per axis: piece index of each input chunk (or -1), and the piece itself
      int[][] pieceOf = new int[nd][];
      List<long[]>[] pieces = new List[nd];
      long[][] vTarget = new long[nd][];
      boolean empty = false;
      for (int a = 0; a < nd; a++) {
        pieces[a] = slices[a].pieces(splits[a], in.shape(a));
        pieceOf[a] = new int[splits[a].length];
        Arrays.fill(pieceOf[a], -1);
        vTarget[a] = new long[pieces[a].size()];
        for (int k = 0; k < pieces[a].size(); k++) {
          long[] p = pieces[a].get(k);
          pieceOf[a][(int) p[0]] = k;
          vTarget[a][k] = p[3];
        }
        empty |= pieces[a].isEmpty();
      }
      if (empty) {
        out().setChunks(in.chunks(), splits);
        return;
      }
      List<Chunk> vChunks = v == null ? null : Rechunking.rechunk(ctx, v, vTarget);
      int[] vGrid = grid(vTarget);
      List<Chunk> chunks = new ArrayList<>();
      for (int[] idx : gridPositions(grid(splits))) {
        Chunk c = in.chunk(idx);
        int[] vIdx = new int[nd];
        long[] start = new long[nd];
        long[] step = new long[nd];
        long[] count = new long[nd];
        boolean touched = true;
        for (int a = 0; a < nd; a++) {
          int k = pieceOf[a][idx[a]];
          if (k < 0) {
            touched = false;
            break;
          }
          long[] p = pieces[a].get(k);
          vIdx[a] = k;
          start[a] = p[1];
          step[a] = p[2];
          count[a] = p[3];
        }
        if (!touched) {
          chunks.add(c);
          continue;
        }
        List<Chunk> args = v == null ? List.of(c) : List.of(c, vChunks.get(Shapes.flatIndex(vIdx, vGrid)));
        chunks.add(ctx.newChunk(new SetChunk(start, step, count, constant), args, idx, c.shape(), in.dtype()));
      }
      out().setChunks(chunks, splits);
    }

    private static int[] grid(long[][] s) {
      int[] g = new int[s.length];
      for (int i = 0; i < g.length; i++) {
        g[i] = s[i].length;
      }
      return g;
    }
  }

  record SetChunk(long[] start, long[] step, long[] count, NDArray constant) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray a = (NDArray) inputs[0];
      NDArray values = constant != null ? NDArray.full(a.dtype(), count, constant.item()) : (NDArray) inputs[1];
      return a.withSlice(start, step, count, values);
    }

    @Override
    public String name() {
      return "setitem";
    }
  }
}
