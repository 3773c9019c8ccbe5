package org.marsonspark.tensor.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileContext.ChunkSpec;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;
import org.marsonspark.tensor.kernel.Lapack;

/**
 * Decompositions computed in one chunk: every input is rechunked to a single chunk and one
 * LAPACK call runs there (cholesky, lu, inv, solve, det, eigh, and the triangular solve of
 * lstsq). Meant for matrices that fit one executor; the tall-skinny ones go through
 * {@link Tsqr} instead.
 */
public final class DenseLinalg extends TensorOp {
  /** The kernels; each reads its inputs as float64 matrices and returns its outputs. */
  public enum Kernel {
    CHOLESKY, LU, INV, SOLVE, DET, SLOGDET, EIGH, EIGVALSH, SOLVE_UPPER;

    Object[] run(NDArray[] in) {
      NDArray a = in[0];
      int n = (int) a.shape(0);
      double[] av = a.doubles();
      return switch (this) {
        case CHOLESKY -> new Object[] {Lapack.cholesky(av, n)};
        case LU -> Lapack.lu(av, n);
        case INV -> {
          double[] eye = new double[n * n];
          for (int i = 0; i < n; i++) {
            eye[i * n + i] = 1;
          }
          yield new Object[] {Lapack.solve(av, n, eye, n, "inv")};
        }
        case SOLVE -> new Object[] {Lapack.solve(av, n, in[1].doubles(), rhs(in[1]), "solve")};
        case SOLVE_UPPER -> new Object[] {Lapack.solveUpper(av, n, in[1].doubles(), rhs(in[1]), "lstsq")};
        case DET -> new Object[] {new double[] {Lapack.det(av, n)}};
        case SLOGDET -> {
          double[] sl = Lapack.slogdet(av, n);
          yield new Object[] {new double[] {sl[0]}, new double[] {sl[1]}};
        }
        case EIGH -> Lapack.eigh(av, n);
        case EIGVALSH -> new Object[] {Lapack.eigh(av, n)[0]};
      };
    }

    private static int rhs(NDArray b) {
      return b.ndim() == 1 ? 1 : (int) b.shape(1);
    }
  }

  private final Kernel kernel;

  private DenseLinalg(List<TensorData> inputs, Kernel kernel) {
    super(inputs);
    this.kernel = kernel;
  }

  /** Binds outputs of the given shapes, all of dtype {@code dt}. */
  public static List<TensorData> of(Kernel kernel, List<TensorData> inputs, List<long[]> outShapes, DType dt) {
    List<TensorData> outs = new ArrayList<>();
    for (long[] s : outShapes) {
      outs.add(new TensorData(s, dt));
    }
    return new DenseLinalg(inputs, kernel).bindOutputs(outs);
  }

  @Override
  public String name() {
    return kernel.name().toLowerCase();
  }

  /**
   * Stacks of matrices ({@code (..., n, n)}, single-input kernels): the leading (batch) axes keep
   * their chunks and each batch chunk runs the kernel per matrix; the matrix axes are one chunk.
   * Other inputs (solve's b) are one chunk.
   */
  @Override
  public void tile(TileContext ctx) {
    TensorData a = input(0);
    ctx.requireKnownShapes(a);
    int batch = inputs().size() == 1 ? Math.max(0, a.ndim() - 2) : 0;
    long[][] target = new long[a.ndim()][];
    for (int d = 0; d < a.ndim(); d++) {
      target[d] = d < batch ? a.nsplits()[d] : new long[] {a.shape(d)};
    }
    List<Chunk> aChunks = Rechunking.rechunk(ctx, a, target);
    List<Chunk> others = new ArrayList<>();
    for (int i = 1; i < inputs().size(); i++) {
      TensorData in = input(i);
      ctx.requireKnownShapes(in);
      long[][] one = new long[in.ndim()][];
      for (int d = 0; d < in.ndim(); d++) {
        one[d] = new long[] {in.shape(d)};
      }
      others.add(Rechunking.rechunk(ctx, in, one).get(0));
    }
    DType dt = ((TensorData) output()).dtype();
    int nOut = outputs().size();
    long[][] trailing = new long[nOut][];
    for (int i = 0; i < nOut; i++) {
      long[] s = ((TensorData) outputs().get(i)).shape();
      trailing[i] = java.util.Arrays.copyOfRange(s, batch, s.length);
    }
    Run op = new Run(kernel, trailing, dt);
    List<List<Chunk>> perOut = new ArrayList<>();
    for (int i = 0; i < nOut; i++) {
      perOut.add(new ArrayList<>());
    }
    for (Chunk c : aChunks) {
      List<ChunkSpec> specs = new ArrayList<>();
      for (int i = 0; i < nOut; i++) {
        int[] idx = new int[batch + trailing[i].length];
        long[] shape = new long[batch + trailing[i].length];
        for (int d = 0; d < batch; d++) {
          idx[d] = c.index()[d];
          shape[d] = c.shape()[d];
        }
        System.arraycopy(trailing[i], 0, shape, batch, trailing[i].length);
        specs.add(new ChunkSpec(idx, shape, dt));
      }
      List<Chunk> ins = new ArrayList<>();
      ins.add(c);
      ins.addAll(others);
      List<Chunk> res = ctx.newChunks(op, ins, specs);
      for (int i = 0; i < nOut; i++) {
        perOut.get(i).add(res.get(i));
      }
    }
    for (int i = 0; i < nOut; i++) {
      long[][] splits = new long[batch + trailing[i].length][];
      for (int d = 0; d < batch; d++) {
        splits[d] = target[d];
      }
      for (int d = 0; d < trailing[i].length; d++) {
        splits[batch + d] = new long[] {trailing[i][d]};
      }
      ((TensorData) outputs().get(i)).setChunks(perOut.get(i), splits);
    }
  }

  /**
   * Runs a kernel on each matrix of the first input's chunk (its leading axes a stack), with the
   * other inputs whole; {@code shapes} are the per-matrix output shapes.
   */
  record Run(Kernel kernel, long[][] shapes, DType dtype) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray[] in = new NDArray[inputs.length];
      for (int i = 0; i < in.length; i++) {
        in[i] = ((NDArray) inputs[i]).astype(DType.FLOAT64);
      }
      NDArray a = in[0];
      int nd = a.ndim();
      int batchNd = inputs.length == 1 ? Math.max(0, nd - 2) : 0;
      long[] batchShape = java.util.Arrays.copyOf(a.shape(), batchNd);
      int count = (int) org.marsonspark.core.Shapes.size(batchShape);
      long[] matShape = java.util.Arrays.copyOfRange(a.shape(), batchNd, nd);
      int matSize = (int) org.marsonspark.core.Shapes.size(matShape);
      double[][] outs = new double[shapes.length][];
      int[] outSizes = new int[shapes.length];
      for (int i = 0; i < shapes.length; i++) {
        outSizes[i] = (int) org.marsonspark.core.Shapes.size(shapes[i]);
        outs[i] = new double[count * outSizes[i]];
      }
      double[] av = a.doubles();
      for (int b = 0; b < count; b++) {
        NDArray[] one = in.clone();
        if (batchNd > 0) {
          one[0] = NDArray.of(java.util.Arrays.copyOfRange(av, b * matSize, (b + 1) * matSize), matShape);
        }
        Object[] raw = kernel.run(one);
        for (int i = 0; i < raw.length; i++) {
          System.arraycopy((double[]) raw[i], 0, outs[i], b * outSizes[i], outSizes[i]);
        }
      }
      Object[] out = new Object[shapes.length];
      for (int i = 0; i < shapes.length; i++) {
        long[] full = new long[batchNd + shapes[i].length];
        System.arraycopy(batchShape, 0, full, 0, batchNd);
        System.arraycopy(shapes[i], 0, full, batchNd, shapes[i].length);
        NDArray r = NDArray.of(outs[i], full);
        out[i] = dtype == DType.FLOAT64 ? r : r.astype(dtype);
      }
      return shapes.length == 1 ? out[0] : out;
    }

    @Override
    public int outputCount() {
      return shapes.length;
    }

    @Override
    public String name() {
      return kernel.name().toLowerCase();
    }
  }
}
