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

  @Override
  public void tile(TileContext ctx) {
    List<Chunk> ins = new ArrayList<>();
    for (int i = 0; i < inputs().size(); i++) {
      TensorData in = input(i);
      ctx.requireKnownShapes(in);
      long[][] one = new long[in.ndim()][];
      for (int d = 0; d < in.ndim(); d++) {
        one[d] = new long[] {in.shape(d)};
      }
      ins.add(Rechunking.rechunk(ctx, in, one).get(0));
    }
    List<ChunkSpec> specs = new ArrayList<>();
    List<long[]> shapes = new ArrayList<>();
    DType dt = ((TensorData) output()).dtype();
    for (var o : outputs()) {
      long[] s = ((TensorData) o).shape();
      shapes.add(s);
      specs.add(new ChunkSpec(new int[s.length], s, dt));
    }
    List<Chunk> res = ctx.newChunks(new Run(kernel, shapes.toArray(new long[0][]), dt), ins, specs);
    for (int i = 0; i < res.size(); i++) {
      long[] s = shapes.get(i);
      long[][] splits = new long[s.length][];
      for (int d = 0; d < s.length; d++) {
        splits[d] = new long[] {s[d]};
      }
      ((TensorData) outputs().get(i)).setChunks(List.of(res.get(i)), splits);
    }
  }

  /** Runs a kernel on the single chunks of the inputs. */
  record Run(Kernel kernel, long[][] shapes, DType dtype) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray[] in = new NDArray[inputs.length];
      for (int i = 0; i < in.length; i++) {
        in[i] = ((NDArray) inputs[i]).astype(DType.FLOAT64);
      }
      Object[] raw = kernel.run(in);
      Object[] out = new Object[raw.length];
      for (int i = 0; i < raw.length; i++) {
        NDArray r = NDArray.of((double[]) raw[i], shapes[i]);
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
