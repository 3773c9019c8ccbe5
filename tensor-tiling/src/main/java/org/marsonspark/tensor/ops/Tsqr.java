package org.marsonspark.tensor.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileContext.ChunkSpec;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;
import org.marsonspark.tensor.kernel.Lapack;

/**
 * Tall-skinny QR across row chunks, and the SVD on top of it. The columns are brought to one
 * chunk; row chunks are merged until each has at least n rows. Each row block i is factored
 * {@code A_i = Q_i·R_i} (LAPACK in the chunk). The R's are then merged in a tree of fan-in
 * {@code combineSize}: a node stacks its children's R's ({@code g·n × n}) and factors them again,
 * {@code [R_a; …; R_b] = Qn·R}, until one merge is left at the root. Going back down, each
 * child j of a node gets {@code W_j = Qn[j]·W_node} (the root's W's are the rows of its Q, or of
 * {@code Q·Ur} for the SVD, {@code R = Ur·S·Vt}), and block i of Q (or U) is {@code Q_i·W_i}. With
 * at most {@code combineSize} row blocks the tree is the root alone. A matrix with fewer rows
 * than columns is factored in one chunk.
 *
 * <p>Outputs: mode QR → {@code [Q (m×k), R (k×n)]}; mode SVD → {@code [U (m×k), S (k), Vt (k×n)]},
 * k = min(m, n).
 */
public final class Tsqr extends TensorOp {
  public enum Mode { QR, SVD }

  private final Mode mode;

  private Tsqr(TensorData a, Mode mode) {
    super(List.of(a));
    this.mode = mode;
  }

  /** The outputs of a QR or SVD of the matrix {@code a}. */
  public static List<TensorData> of(TensorData a, Mode mode) {
    String op = mode == Mode.QR ? "qr" : "svd";
    if (a.ndim() != 2) {
      throw new MarsException(a.ndim() < 2 ? ErrorClass.INVALID_ARGUMENT : ErrorClass.UNSUPPORTED_OPERATION, op + ": "
          + a.ndim() + "-dimensional tensor given" + (a.ndim() < 2 ? ", array must be at least two-dimensional"
          : "; stacks of matrices are not supported yet, only 2-D"));
    }
    if (a.hasUnknownShape()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, op + " of a tensor of unknown shape "
          + Shapes.toString(a.shape()) + ": execute() it first");
    }
    long m = a.shape(0);
    long n = a.shape(1);
    long k = Math.min(m, n);
    DType dt = floatType(a.dtype());
    List<TensorData> outs = mode == Mode.QR
        ? List.of(new TensorData(new long[] {m, k}, dt), new TensorData(new long[] {k, n}, dt))
        : List.of(new TensorData(new long[] {m, k}, dt), new TensorData(new long[] {k}, dt),
            new TensorData(new long[] {k, n}, dt));
    return new Tsqr(a, mode).bindOutputs(outs);
  }

  /** numpy's result type of a decomposition: float32 stays, everything else is float64. */
  public static DType floatType(DType in) {
    return in == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
  }

  @Override
  public String name() {
    return mode == Mode.QR ? "qr" : "svd";
  }

  /** Row splits with every block at least n rows (one block when m < n). */
  static long[] rowBlocks(long[] rows, long n) {
    List<Long> out = new ArrayList<>();
    long acc = 0;
    for (long r : rows) {
      acc += r;
      if (acc >= Math.max(1, n)) {
        out.add(acc);
        acc = 0;
      }
    }
    if (acc > 0) {
      if (out.isEmpty()) {
        out.add(acc);
      } else {
        out.set(out.size() - 1, out.get(out.size() - 1) + acc);
      }
    }
    if (out.isEmpty()) {
      out.add(0L);
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  @Override
  public void tile(TileContext ctx) {
    TensorData a = input(0);
    long m = a.shape(0);
    int n = (int) a.shape(1);
    int k = (int) Math.min(m, n);
    DType dt = floatType(a.dtype());
    long[] rows = rowBlocks(a.nsplits()[0], n);
    List<Chunk> blocks = Rechunking.rechunk(ctx, a, new long[][] {rows, {n}});
    int p = rows.length;
    List<TensorData> outs = new ArrayList<>();
    for (var o : outputs()) {
      outs.add((TensorData) o);
    }
    if (p == 1) {
      List<ChunkSpec> specs = new ArrayList<>();
      for (TensorData o : outs) {
        specs.add(new ChunkSpec(new int[o.ndim()], o.shape(), dt));
      }
      List<Chunk> res = ctx.newChunks(new Whole(mode, dt), List.of(blocks.get(0)), specs);
      for (int i = 0; i < outs.size(); i++) {
        TensorData o = outs.get(i);
        long[][] splits = new long[o.ndim()][];
        for (int d = 0; d < o.ndim(); d++) {
          splits[d] = new long[] {o.shape(d)};
        }
        o.setChunks(List.of(res.get(i)), splits);
      }
      return;
    }
    // level 1: QR of each row block (every block has >= n rows, so Q_i is m_i×n and R_i n×n)
    List<Chunk> qs = new ArrayList<>();
    List<Chunk> rs = new ArrayList<>();
    for (int i = 0; i < p; i++) {
      List<Chunk> qr = ctx.newChunks(new LocalQr(), List.of(blocks.get(i)), List.of(
          new ChunkSpec(new int[] {i, 0}, new long[] {rows[i], n}, DType.FLOAT64),
          new ChunkSpec(new int[] {i, 0}, new long[] {n, n}, DType.FLOAT64)));
      qs.add(qr.get(0));
      rs.add(qr.get(1));
    }
    List<List<Chunk>> stackedQs = new ArrayList<>();
    List<Chunk> top = mergeUp(ctx, rs, n, stackedQs);
    List<Chunk> root = ctx.newChunks(new Combine(mode, top.size(), n, dt), top, rootSpecs(top.size(), n, dt));
    List<Chunk> w = handDown(ctx, root.subList(0, top.size()), stackedQs, n);
    // the leaves: block i of Q (or U) = Q_i · W_i
    List<Chunk> left = new ArrayList<>();
    for (int i = 0; i < p; i++) {
      left.add(ctx.newChunk(new ApplyQ(dt), List.of(qs.get(i), w.get(i)), new int[] {i, 0},
          new long[] {rows[i], n}, dt));
    }
    outs.get(0).setChunks(left, new long[][] {rows, {k}});
    if (mode == Mode.QR) {
      outs.get(1).setChunks(List.of(root.get(top.size())), new long[][] {{k}, {n}});
    } else {
      outs.get(1).setChunks(List.of(root.get(top.size())), new long[][] {{k}});
      outs.get(2).setChunks(List.of(root.get(top.size() + 1)), new long[][] {{k}, {n}});
    }
  }

  /**
   * Up the tree: the R's merged {@code combineSize} at a time until at most that many are left
   * for the root, which they are returned to; each level's stacked Q's are added to {@code stackedQs}
   * (null for a lone R carried up unmerged).
   */
  private static List<Chunk> mergeUp(TileContext ctx, List<Chunk> rs, int n, List<List<Chunk>> stackedQs) {
    int fanIn = Math.max(2, ctx.options().combineSize());
    List<Chunk> level = rs;
    while (level.size() > fanIn) {
      List<Chunk> qStacks = new ArrayList<>();
      List<Chunk> next = new ArrayList<>();
      for (int i = 0; i < level.size(); i += fanIn) {
        List<Chunk> group = List.copyOf(level.subList(i, Math.min(level.size(), i + fanIn)));
        if (group.size() == 1) { // a lone R goes up as it is (its W comes down as it is)
          qStacks.add(null);
          next.add(group.get(0));
          continue;
        }
        int node = next.size();
        List<Chunk> qr = ctx.newChunks(new StackedQr(group.size(), n), group, List.of(
            new ChunkSpec(new int[] {node, 0}, new long[] {(long) group.size() * n, n}, DType.FLOAT64),
            new ChunkSpec(new int[] {node, 0}, new long[] {n, n}, DType.FLOAT64)));
        qStacks.add(qr.get(0));
        next.add(qr.get(1));
      }
      stackedQs.add(qStacks);
      level = next;
    }
    return level;
  }

  /** The root's outputs: a W per child, then R (QR) or S and Vt (SVD). */
  private List<ChunkSpec> rootSpecs(int children, int n, DType dt) {
    List<ChunkSpec> specs = new ArrayList<>();
    for (int i = 0; i < children; i++) {
      specs.add(new ChunkSpec(new int[] {i, 0}, new long[] {n, n}, DType.FLOAT64));
    }
    if (mode == Mode.QR) {
      specs.add(new ChunkSpec(new int[] {0, 0}, new long[] {n, n}, dt));
    } else {
      specs.add(new ChunkSpec(new int[] {0}, new long[] {n}, dt));
      specs.add(new ChunkSpec(new int[] {0, 0}, new long[] {n, n}, dt));
    }
    return specs;
  }

  /** Down the tree: each node hands {@code W_j = Qn[j]·W_node} to its children; returns the leaves' W's. */
  private static List<Chunk> handDown(TileContext ctx, List<Chunk> rootW, List<List<Chunk>> stackedQs, int n) {
    List<Chunk> w = rootW;
    for (int l = stackedQs.size() - 1; l >= 0; l--) {
      List<Chunk> qStacks = stackedQs.get(l);
      List<Chunk> next = new ArrayList<>();
      for (int j = 0; j < qStacks.size(); j++) {
        if (qStacks.get(j) == null) {
          next.add(w.get(j));
          continue;
        }
        int children = (int) (qStacks.get(j).shape()[0] / n);
        List<ChunkSpec> specs = new ArrayList<>();
        for (int c = 0; c < children; c++) {
          specs.add(new ChunkSpec(new int[] {next.size() + c, 0}, new long[] {n, n}, DType.FLOAT64));
        }
        next.addAll(ctx.newChunks(new Descend(children, n), List.of(qStacks.get(j), w.get(j)), specs));
      }
      w = next;
    }
    return w;
  }

  static NDArray result(double[] v, DType dt, long... shape) {
    NDArray r = NDArray.of(v, shape);
    return dt == DType.FLOAT64 ? r : r.astype(dt);
  }

  /** QR or SVD of a whole matrix in one chunk. */
  record Whole(Mode mode, DType dtype) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray a = ((NDArray) inputs[0]).astype(DType.FLOAT64);
      int m = (int) a.shape(0);
      int n = (int) a.shape(1);
      int k = Math.min(m, n);
      if (mode == Mode.QR) {
        double[][] qr = Lapack.qr(a.doubles(), m, n);
        return new Object[] {result(qr[0], dtype, m, k), result(qr[1], dtype, k, n)};
      }
      double[][] usv = Lapack.svd(a.doubles(), m, n);
      return new Object[] {result(usv[0], dtype, m, k), result(usv[1], dtype, k), result(usv[2], dtype, k, n)};
    }

    @Override
    public int outputCount() {
      return mode == Mode.QR ? 2 : 3;
    }

    @Override
    public String name() {
      return mode == Mode.QR ? "qr" : "svd";
    }
  }

  /** QR of one row block: {@code [Q_i, R_i]}. */
  record LocalQr() implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray a = ((NDArray) inputs[0]).astype(DType.FLOAT64);
      int m = (int) a.shape(0);
      int n = (int) a.shape(1);
      double[][] qr = Lapack.qr(a.doubles(), m, n);
      return new Object[] {NDArray.of(qr[0], m, n), NDArray.of(qr[1], n, n)};
    }

    @Override
    public int outputCount() {
      return 2;
    }

    @Override
    public String name() {
      return "tsqr_local";
    }
  }

  /**
   * The root of the tree: factors its p stacked R's and outputs the p n×n blocks W_i to hand down
   * (rows of Q2, or of Q2·Ur for the SVD), then R (QR) or S and Vt (SVD).
   */
  record Combine(Mode mode, int p, int n, DType dtype) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      double[][] qr = Lapack.qr(stack(inputs, p, n), p * n, n);
      double[] w = qr[0];
      Object[] out = new Object[outputCount()];
      if (mode == Mode.SVD) {
        double[][] usv = Lapack.svd(qr[1], n, n);
        // W = Q2 · Ur
        double[] qu = new double[p * n * n];
        org.marsonspark.tensor.kernel.Blas.get().dgemm("N", "N", n, p * n, n, 1.0, usv[0], n, w, n, 0.0, qu, n);
        w = qu;
        out[p] = result(usv[1], dtype, n);
        out[p + 1] = result(usv[2], dtype, n, n);
      } else {
        out[p] = result(qr[1], dtype, n, n);
      }
      System.arraycopy(blocks(w, p, n), 0, out, 0, p);
      return out;
    }

    @Override
    public int outputCount() {
      return mode == Mode.QR ? p + 1 : p + 2;
    }

    @Override
    public String name() {
      return "tsqr_combine";
    }
  }

  /** The g stacked R's of a tree node factored again: {@code [Qn (g·n × n), R (n×n)]}. */
  record StackedQr(int g, int n) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      double[][] qr = Lapack.qr(stack(inputs, g, n), g * n, n);
      return new Object[] {NDArray.of(qr[0], (long) g * n, n), NDArray.of(qr[1], n, n)};
    }

    @Override
    public int outputCount() {
      return 2;
    }

    @Override
    public String name() {
      return "tsqr_merge";
    }
  }

  /** A tree node's W handed to its g children: {@code W_j = Qn[j] · W}. */
  record Descend(int g, int n) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      double[] qn = ((NDArray) inputs[0]).doubles();
      double[] w = ((NDArray) inputs[1]).doubles();
      double[] all = new double[g * n * n];
      // row-major C = Qn W is column-major Cᵀ = Wᵀ Qnᵀ
      org.marsonspark.tensor.kernel.Blas.get().dgemm("N", "N", n, g * n, n, 1.0, w, n, qn, n, 0.0, all, n);
      return blocks(all, g, n);
    }

    @Override
    public int outputCount() {
      return g;
    }

    @Override
    public String name() {
      return "tsqr_descend";
    }
  }

  /** The n×n matrices of {@code inputs[0..g)} stacked into a {@code g·n × n} row-major buffer. */
  static double[] stack(Object[] inputs, int g, int n) {
    double[] stacked = new double[g * n * n];
    for (int i = 0; i < g; i++) {
      System.arraycopy(((NDArray) inputs[i]).doubles(), 0, stacked, i * n * n, n * n);
    }
    return stacked;
  }

  /** A {@code g·n × n} row-major buffer cut into its g n×n blocks (a chunk op's outputs). */
  static Object[] blocks(double[] stacked, int g, int n) {
    Object[] out = new Object[g];
    for (int i = 0; i < g; i++) {
      double[] b = new double[n * n];
      System.arraycopy(stacked, i * n * n, b, 0, n * n);
      out[i] = NDArray.of(b, n, n);
    }
    return out;
  }

  /** {@code Q_i · W_i}. */
  record ApplyQ(DType dtype) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray q = (NDArray) inputs[0];
      NDArray w = (NDArray) inputs[1];
      int m = (int) q.shape(0);
      int n = (int) q.shape(1);
      double[] c = new double[m * n];
      if (m > 0 && n > 0) {
        // row-major C = Q W is column-major Cᵀ = Wᵀ Qᵀ
        org.marsonspark.tensor.kernel.Blas.get().dgemm("N", "N", n, m, n, 1.0, w.doubles(), n, q.doubles(), n, 0.0, c, n);
      }
      return result(c, dtype, m, n);
    }

    @Override
    public String name() {
      return "tsqr_apply";
    }
  }
}
