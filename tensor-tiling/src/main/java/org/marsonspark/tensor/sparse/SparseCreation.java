package org.marsonspark.tensor.sparse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TilingOptions;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.CsrMatrix;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;

/** Operands that make sparse tensors (from coordinates, from dense tensors, {@code eye}) and dense ones from them. */
public final class SparseCreation {
  private SparseCreation() {}

  static void check2d(String op, long[] shape) {
    if (shape.length != 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": sparse tensors are 2-D, got shape "
          + Shapes.toString(shape));
    }
    if (shape[0] < 0 || shape[1] < 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": negative dimensions are not allowed: "
          + Shapes.toString(shape));
    }
  }

  /**
   * Chunk sizes of a sparse tensor of {@code shape} holding about {@code nnz} values: the given
   * sizes, or (auto) whole rows, as many per chunk as keep its CSR arrays, at the average
   * density, under {@code chunkStoreLimit}.
   */
  static long[][] splits(ChunkSize chunkSize, long[] shape, long nnz, DType dtype, TilingOptions options) {
    if (!chunkSize.isAuto()) {
      return chunkSize.nsplits(shape, dtype, options);
    }
    double perRow = 4 + (shape[0] == 0 ? 0 : (double) nnz / shape[0]) * (4 + dtype.itemSize());
    long rows = Math.max(1, (long) (options.chunkStoreLimit() / perRow));
    return new long[][] {ChunkSize.split(shape[0], rows), new long[] {shape[1]}};
  }

  /** The chunk of a split (given by its offsets) holding position {@code x}. */
  static int chunkOf(long[] offsets, long x) {
    int i = Arrays.binarySearch(offsets, x);
    return i >= 0 ? Math.min(i, offsets.length - 2) : -i - 2;
  }

  /** scipy's {@code coo_matrix((values, (rows, cols)), shape).tocsr()}: duplicates summed. */
  public static final class FromCoo extends TensorOp {
    private final long[] rows;
    private final long[] cols;
    private final NDArray values;
    private final long[] shape;
    private final ChunkSize chunkSize;

    private FromCoo(long[] rows, long[] cols, NDArray values, long[] shape, ChunkSize chunkSize) {
      super(List.of());
      this.rows = rows;
      this.cols = cols;
      this.values = values;
      this.shape = shape;
      this.chunkSize = chunkSize;
    }

    public static TensorData of(long[] rows, long[] cols, NDArray values, long[] shape, ChunkSize chunkSize) {
      check2d("sparse.fromCoo", shape);
      if (rows.length != cols.length || values.ndim() != 1 || values.size() != rows.length) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, "sparse.fromCoo: rows, cols and values must be 1-D of one "
            + "length, got " + rows.length + ", " + cols.length + " and shape " + Shapes.toString(values.shape()));
      }
      for (int i = 0; i < rows.length; i++) {
        if (rows[i] < 0 || rows[i] >= shape[0] || cols[i] < 0 || cols[i] >= shape[1]) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "sparse.fromCoo: coordinate (" + rows[i] + ", "
              + cols[i] + ") is outside the shape " + Shapes.toString(shape));
        }
      }
      return new FromCoo(rows.clone(), cols.clone(), values, shape.clone(), chunkSize)
          .newSparseOutput(shape, values.dtype());
    }

    @Override
    protected boolean acceptsSparse() {
      return true;
    }

    @Override
    public String name() {
      return "sparse.fromCoo";
    }

    @Override
    public void tile(TileContext ctx) {
      long[][] nsplits = splits(chunkSize, shape, rows.length, values.dtype(), ctx.options());
      long[] ro = Shapes.offsets(nsplits[0]);
      long[] co = Shapes.offsets(nsplits[1]);
      int gc = nsplits[1].length;
      int blocks = nsplits[0].length * gc;
      // the entries of each block, by position in the inputs
      int[] count = new int[blocks + 1];
      int[] blockOf = new int[rows.length];
      for (int i = 0; i < rows.length; i++) {
        blockOf[i] = chunkOf(ro, rows[i]) * gc + chunkOf(co, cols[i]);
        count[blockOf[i] + 1]++;
      }
      for (int b = 0; b < blocks; b++) {
        count[b + 1] += count[b];
      }
      int[] order = new int[rows.length];
      int[] fill = Arrays.copyOf(count, blocks);
      for (int i = 0; i < rows.length; i++) {
        order[fill[blockOf[i]]++] = i;
      }
      tileSource(ctx, nsplits, b -> {
        int flat = b.index()[0] * gc + b.index()[1];
        int from = count[flat];
        int n = count[flat + 1] - from;
        int[] r = new int[n];
        int[] c = new int[n];
        int[] pick = new int[n];
        for (int k = 0; k < n; k++) {
          int i = order[from + k];
          r[k] = (int) (rows[i] - b.offset()[0]);
          c[k] = (int) (cols[i] - b.offset()[1]);
          pick[k] = i;
        }
        return new CooBlock((int) b.shape()[0], (int) b.shape()[1], r, c, CsrMatrix.Buffers.gather(values, pick));
      });
    }

    /** One block built from the coordinates that fall into it (shipped with the task). */
    record CooBlock(int rows, int cols, int[] r, int[] c, NDArray values) implements ChunkOp {
      @Override
      public Object execute(Object[] inputs) {
        return CsrMatrix.fromCoo(rows, cols, r, c, values);
      }

      @Override
      public String name() {
        return "coo_to_csr";
      }
    }
  }

  /** A dense 2-D tensor's non-zeros, chunk by chunk (the chunk grid is kept). */
  public static final class FromDense extends TensorOp {
    private FromDense(TensorData in) {
      super(List.of(in));
    }

    public static TensorData of(TensorData in) {
      if (in.isSparse()) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "toSparse: " + in + " is sparse already");
      }
      check2d("toSparse", in.shape());
      return new FromDense(in).newSparseOutput(in.shape(), in.dtype());
    }

    @Override
    public String name() {
      return "toSparse";
    }

    @Override
    public void tile(TileContext ctx) {
      tileChunkwise(ctx, input(0), c -> new DenseToCsr(), org.marsonspark.core.Chunk::shape, input(0).nsplits());
    }

    record DenseToCsr() implements ChunkOp {
      @Override
      public Object execute(Object[] inputs) {
        return CsrMatrix.fromDense((NDArray) inputs[0]);
      }

      @Override
      public String name() {
        return "dense_to_csr";
      }
    }
  }

  /** The dense tensor of a sparse one, chunk by chunk. */
  public static final class ToDense extends TensorOp {
    private ToDense(TensorData in) {
      super(List.of(in));
    }

    public static TensorData of(TensorData in) {
      if (!in.isSparse()) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "toDense: " + in + " is not sparse");
      }
      return new ToDense(in).newOutput(in.shape(), in.dtype());
    }

    @Override
    protected boolean acceptsSparse() {
      return true;
    }

    @Override
    public String name() {
      return "toDense";
    }

    @Override
    public void tile(TileContext ctx) {
      tileChunkwise(ctx, input(0), c -> new CsrToDense(), org.marsonspark.core.Chunk::shape, input(0).nsplits());
    }

    record CsrToDense() implements ChunkOp {
      @Override
      public Object execute(Object[] inputs) {
        return ((CsrMatrix) inputs[0]).toDense();
      }

      @Override
      public String name() {
        return "csr_to_dense";
      }
    }
  }

  /** numpy's {@code eye(n, m, k)} as a sparse tensor: ones on the k-th diagonal. */
  public static final class Eye extends TensorOp {
    private final long[] shape;
    private final long k;
    private final DType dtype;
    private final ChunkSize chunkSize;

    private Eye(long[] shape, long k, DType dtype, ChunkSize chunkSize) {
      super(List.of());
      this.shape = shape;
      this.k = k;
      this.dtype = dtype;
      this.chunkSize = chunkSize;
    }

    public static TensorData of(long n, long m, long k, DType dtype, ChunkSize chunkSize) {
      long[] shape = {n, m};
      check2d("sparse.eye", shape);
      return new Eye(shape, k, dtype, chunkSize).newSparseOutput(shape, dtype);
    }

    @Override
    protected boolean acceptsSparse() {
      return true;
    }

    @Override
    public String name() {
      return "sparse.eye";
    }

    @Override
    public void tile(TileContext ctx) {
      long diag = Math.max(0, Math.min(shape[0], shape[1] - k) - Math.max(0, -k));
      tileSource(ctx, splits(chunkSize, shape, diag, dtype, ctx.options()),
          b -> new EyeBlock(b.offset()[0], b.offset()[1], (int) b.shape()[0], (int) b.shape()[1], k, dtype));
    }

    /** The block at (rowOffset, colOffset): ones where {@code col - row == k} globally. */
    record EyeBlock(long rowOffset, long colOffset, int rows, int cols, long k, DType dtype) implements ChunkOp {
      @Override
      public Object execute(Object[] inputs) {
        List<int[]> at = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
          long j = rowOffset + i + k - colOffset;
          if (j >= 0 && j < cols) {
            at.add(new int[] {i, (int) j});
          }
        }
        int n = at.size();
        int[] r = new int[n];
        int[] c = new int[n];
        for (int i = 0; i < n; i++) {
          r[i] = at.get(i)[0];
          c[i] = at.get(i)[1];
        }
        return CsrMatrix.fromCoo(rows, cols, r, c, NDArray.full(dtype, new long[] {n}, 1));
      }

      @Override
      public String name() {
        return "eye";
      }
    }
  }
}
