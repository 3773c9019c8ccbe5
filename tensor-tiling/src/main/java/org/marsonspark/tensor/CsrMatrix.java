package org.marsonspark.tensor;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoSerializable;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.Serializable;
import java.util.Arrays;
import org.marsonspark.core.ChunkValue;
import org.marsonspark.core.ElementType;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * A 2-D sparse matrix in compressed sparse row form: the chunk data of sparse tensors, and what
 * {@link Tensor#fetchSparse()} returns. Row {@code i} holds the columns
 * {@code indices[indptr[i] .. indptr[i+1])} with the values at the same positions of {@code data}.
 *
 * <p>The form is canonical: column indices are sorted and distinct within a row, and no stored
 * value is zero ({@code false}, {@code 0}, {@code ±0.0}; NaN is stored) — every operation that
 * could create a zero drops it, so {@link #nnz()} is the number of non-zero values (scipy's
 * {@code nnz} after {@code eliminate_zeros()}). Instances are immutable.
 */
public final class CsrMatrix implements ChunkValue, Serializable, KryoSerializable {
  private static final long serialVersionUID = 1L;

  private int rows;
  private int cols;
  private int[] indptr;
  private int[] indices;
  private NDArray data;

  private CsrMatrix(int rows, int cols, int[] indptr, int[] indices, NDArray data) {
    this.rows = rows;
    this.cols = cols;
    this.indptr = indptr;
    this.indices = indices;
    this.data = data;
  }

  /** For Kryo. */
  @SuppressWarnings("unused")
  private CsrMatrix() {}

  /** The chunk metadata of sparse chunks: tiling's prediction of a chunk's {@link #kind()}. */
  public record Format(DType dtype) implements ElementType, Serializable {
    @Override
    public int itemSize() {
      return dtype.itemSize();
    }

    @Override
    public String toString() {
      return "csr<" + dtype + ">";
    }
  }

  // ---- factories ----------------------------------------------------------------------

  /**
   * A matrix from canonical CSR arrays (sorted, distinct columns per row; zeros are dropped).
   * The arrays are taken over, not copied.
   */
  public static CsrMatrix of(int rows, int cols, int[] indptr, int[] indices, NDArray data) {
    if (rows < 0 || cols < 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "negative dimensions are not allowed: (" + rows + ", "
          + cols + ")");
    }
    if (indptr.length != rows + 1 || indptr[0] != 0 || indices.length != indptr[rows] || data.ndim() != 1
        || data.size() != indices.length) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "inconsistent CSR arrays: " + rows + " rows, indptr of "
          + indptr.length + ", " + indices.length + " indices, " + data.size() + " values");
    }
    for (int i = 0; i < rows; i++) {
      for (int p = indptr[i]; p < indptr[i + 1]; p++) {
        int c = indices[p];
        if (c < 0 || c >= cols || (p > indptr[i] && indices[p - 1] >= c)) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "CSR row " + i + " has column indices that are out of "
              + "range or not sorted and distinct");
        }
      }
    }
    return new CsrMatrix(rows, cols, indptr, indices, data).pruned();
  }

  /** An all-zero matrix. */
  public static CsrMatrix empty(DType dtype, int rows, int cols) {
    return new CsrMatrix(rows, cols, new int[rows + 1], new int[0], NDArray.zeros(dtype, 0));
  }

  /**
   * scipy's {@code coo_matrix((values, (r, c)), shape).tocsr()}: duplicate coordinates are summed
   * (or-ed for bool), zeros dropped. Coordinates must be inside the shape.
   */
  public static CsrMatrix fromCoo(int rows, int cols, int[] r, int[] c, NDArray values) {
    int n = r.length;
    if (c.length != n || values.size() != n) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "coordinates and values differ in length: " + n + " rows, "
          + c.length + " columns, " + values.size() + " values");
    }
    int[] count = new int[rows + 1];
    for (int i = 0; i < n; i++) {
      if (r[i] < 0 || r[i] >= rows || c[i] < 0 || c[i] >= cols) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "coordinate (" + r[i] + ", " + c[i]
            + ") is outside a matrix of shape (" + rows + ", " + cols + ")");
      }
      count[r[i] + 1]++;
    }
    for (int i = 0; i < rows; i++) {
      count[i + 1] += count[i];
    }
    // entries ordered by row (counting sort), then by column and input position within a row
    long[] keys = new long[n];
    int[] fill = Arrays.copyOf(count, rows);
    for (int i = 0; i < n; i++) {
      keys[fill[r[i]]++] = ((long) c[i] << 32) | i;
    }
    int[] slot = new int[n];
    int[] order = new int[n];
    int[] indptr = new int[rows + 1];
    int[] colsOut = new int[n];
    int out = 0;
    for (int i = 0; i < rows; i++) {
      Arrays.sort(keys, count[i], count[i + 1]);
      int last = -1;
      for (int p = count[i]; p < count[i + 1]; p++) {
        int col = (int) (keys[p] >>> 32);
        if (col != last) {
          colsOut[out++] = col;
          last = col;
        }
        order[p] = (int) keys[p];
        slot[p] = out - 1;
      }
      indptr[i + 1] = out;
    }
    NDArray summed = Buffers.scatterAdd(Buffers.gather(values, order), slot, out);
    return new CsrMatrix(rows, cols, indptr, Arrays.copyOf(colsOut, out), summed).pruned();
  }

  /** The non-zero entries of a dense 2-D array. */
  public static CsrMatrix fromDense(NDArray dense) {
    if (dense.ndim() != 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "a CSR matrix needs a 2-D array, got shape "
          + java.util.Arrays.toString(dense.shape()));
    }
    int m = (int) dense.shape(0);
    int n = (int) dense.shape(1);
    boolean[] nz = Buffers.nonZero(dense);
    int[] indptr = new int[m + 1];
    int total = 0;
    for (boolean b : nz) {
      total += b ? 1 : 0;
    }
    int[] pos = new int[total];
    int[] idx = new int[total];
    int k = 0;
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        if (nz[i * n + j]) {
          pos[k] = i * n + j;
          idx[k++] = j;
        }
      }
      indptr[i + 1] = k;
    }
    return new CsrMatrix(m, n, indptr, idx, Buffers.gather(dense, pos));
  }

  /** Places blocks at (row, column) offsets in a matrix of the given shape; blocks must not overlap. */
  public static CsrMatrix assemble(DType dtype, int rows, int cols, CsrMatrix[] blocks, int[] rowAt, int[] colAt) {
    int total = 0;
    for (CsrMatrix b : blocks) {
      total += b.nnz();
    }
    int[] r = new int[total];
    int[] c = new int[total];
    NDArray[] parts = new NDArray[blocks.length];
    int k = 0;
    for (int q = 0; q < blocks.length; q++) {
      CsrMatrix b = blocks[q];
      for (int i = 0; i < b.rows; i++) {
        for (int p = b.indptr[i]; p < b.indptr[i + 1]; p++) {
          r[k] = i + rowAt[q];
          c[k++] = b.indices[p] + colAt[q];
        }
      }
      parts[q] = b.data.astype(dtype);
    }
    return fromCoo(rows, cols, r, c, Buffers.concat(dtype, parts));
  }

  /** A matrix from the blocks of a chunk grid (C order over the grid). */
  public static CsrMatrix fromGrid(DType dtype, long[][] nsplits, CsrMatrix[] blocks) {
    long[] ro = org.marsonspark.core.Shapes.offsets(nsplits[0]);
    long[] co = org.marsonspark.core.Shapes.offsets(nsplits[1]);
    int[] rowAt = new int[blocks.length];
    int[] colAt = new int[blocks.length];
    int gc = nsplits[1].length;
    for (int q = 0; q < blocks.length; q++) {
      rowAt[q] = (int) ro[q / gc];
      colAt[q] = (int) co[q % gc];
    }
    return assemble(dtype, Math.toIntExact(ro[ro.length - 1]), Math.toIntExact(co[co.length - 1]), blocks, rowAt,
        colAt);
  }

  // ---- metadata and access ------------------------------------------------------------

  public int rows() {
    return rows;
  }

  public int cols() {
    return cols;
  }

  @Override
  public long[] shape() {
    return new long[] {rows, cols};
  }

  public DType dtype() {
    return data.dtype();
  }

  /** The number of stored (non-zero) values. */
  public int nnz() {
    return indices.length;
  }

  /** Row pointers ({@code rows + 1}); callers must not modify them. */
  public int[] indptr() {
    return indptr;
  }

  /** Column index of each stored value; callers must not modify them. */
  public int[] indices() {
    return indices;
  }

  /** The stored values, a 1-D array of {@link #nnz()} elements. */
  public NDArray data() {
    return data;
  }

  @Override
  public long nbytes() {
    return 4L * (indptr.length + indices.length) + data.nbytes();
  }

  @Override
  public String kind() {
    return new Format(dtype()).toString();
  }

  /** Position of (i, j) in {@link #data()}, or -1 when the entry is zero. */
  int find(int i, int j) {
    if (i < 0 || i >= rows || j < 0 || j >= cols) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "index (" + i + ", " + j + ") is out of bounds for shape ("
          + rows + ", " + cols + ")");
    }
    int p = Arrays.binarySearch(indices, indptr[i], indptr[i + 1], j);
    return p < 0 ? -1 : p;
  }

  /** The value at (i, j), boxed as {@link NDArray#get(int)} boxes it. */
  public Object get(int i, int j) {
    int p = find(i, j);
    return p < 0 ? NDArray.zeros(dtype(), 1).get(0) : data.get(p);
  }

  public double getDouble(int i, int j) {
    int p = find(i, j);
    return p < 0 ? 0.0 : data.getDouble(p);
  }

  /** The dense array. */
  public NDArray toDense() {
    int[] pos = new int[nnz()];
    for (int i = 0; i < rows; i++) {
      for (int p = indptr[i]; p < indptr[i + 1]; p++) {
        pos[p] = i * cols + indices[p];
      }
    }
    return Buffers.scatter(data, pos, new long[] {rows, cols});
  }

  // ---- transformations ----------------------------------------------------------------

  /** The same pattern with other values ({@code nnz} of them); zeros among them are dropped. */
  public CsrMatrix withData(NDArray values) {
    if (values.ndim() != 1 || values.size() != nnz()) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "withData needs " + nnz() + " values, got "
          + values.size());
    }
    return new CsrMatrix(rows, cols, indptr, indices, values).pruned();
  }

  /** Rows [r0, r1) and columns [c0, c1). */
  public CsrMatrix slice(int r0, int r1, int c0, int c1) {
    int m = r1 - r0;
    int[] ptr = new int[m + 1];
    int total = 0;
    for (int i = 0; i < m; i++) {
      int row = r0 + i;
      int lo = lowerBound(indices, indptr[row], indptr[row + 1], c0);
      int hi = lowerBound(indices, lo, indptr[row + 1], c1);
      total += hi - lo;
      ptr[i + 1] = total;
    }
    int[] idx = new int[total];
    int[] pos = new int[total];
    int k = 0;
    for (int i = 0; i < m; i++) {
      int row = r0 + i;
      int lo = lowerBound(indices, indptr[row], indptr[row + 1], c0);
      for (int p = lo; p < lo + (ptr[i + 1] - ptr[i]); p++) {
        idx[k] = indices[p] - c0;
        pos[k++] = p;
      }
    }
    return new CsrMatrix(m, c1 - c0, ptr, idx, Buffers.gather(data, pos));
  }

  private static int lowerBound(int[] a, int from, int to, int key) {
    int lo = from;
    int hi = to;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (a[mid] < key) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** The transpose, again in CSR form. */
  public CsrMatrix transpose() {
    int[] ptr = new int[cols + 1];
    for (int j : indices) {
      ptr[j + 1]++;
    }
    for (int j = 0; j < cols; j++) {
      ptr[j + 1] += ptr[j];
    }
    int[] fill = Arrays.copyOf(ptr, cols);
    int[] idx = new int[nnz()];
    int[] pos = new int[nnz()];
    for (int i = 0; i < rows; i++) {
      for (int p = indptr[i]; p < indptr[i + 1]; p++) {
        int q = fill[indices[p]]++;
        idx[q] = i;
        pos[q] = p;
      }
    }
    return new CsrMatrix(cols, rows, ptr, idx, Buffers.gather(data, pos));
  }

  /** Drops stored zeros (a no-op, returning this, when there are none). */
  private CsrMatrix pruned() {
    boolean[] keep = Buffers.nonZero(data);
    int kept = 0;
    for (boolean b : keep) {
      kept += b ? 1 : 0;
    }
    if (kept == keep.length) {
      return this;
    }
    int[] ptr = new int[rows + 1];
    int[] idx = new int[kept];
    int[] pos = new int[kept];
    int k = 0;
    for (int i = 0; i < rows; i++) {
      for (int p = indptr[i]; p < indptr[i + 1]; p++) {
        if (keep[p]) {
          idx[k] = indices[p];
          pos[k++] = p;
        }
      }
      ptr[i + 1] = k;
    }
    return new CsrMatrix(rows, cols, ptr, idx, Buffers.gather(data, pos));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CsrMatrix m && rows == m.rows && cols == m.cols && Arrays.equals(indptr, m.indptr)
        && Arrays.equals(indices, m.indices) && data.equals(m.data);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * rows + cols) + Arrays.hashCode(indices);
  }

  @Override
  public String toString() {
    return "CsrMatrix(" + rows + "x" + cols + ", " + dtype() + ", nnz=" + nnz() + ")";
  }

  // ---- serialization ------------------------------------------------------------------

  @Override
  public void write(Kryo kryo, Output out) {
    out.writeVarInt(rows, true);
    out.writeVarInt(cols, true);
    out.writeVarInt(indices.length, true);
    out.writeInts(indptr);
    out.writeInts(indices);
    kryo.writeObject(out, data);
  }

  @Override
  public void read(Kryo kryo, Input in) {
    rows = in.readVarInt(true);
    cols = in.readVarInt(true);
    int nnz = in.readVarInt(true);
    indptr = in.readInts(rows + 1);
    indices = in.readInts(nnz);
    data = kryo.readObject(in, NDArray.class);
  }

  /** Typed loops over the primitive buffers of 1-D value arrays. */
  public static final class Buffers {
    private Buffers() {}

    /** {@code a[pos]} as a 1-D array (a flat index into any shape). */
    public static NDArray gather(NDArray a, int[] pos) {
      int n = pos.length;
      Object out = NDArray.allocate(a.dtype(), n);
      switch (a.dtype()) {
        case BOOL -> {
          boolean[] s = a.bools();
          boolean[] o = (boolean[]) out;
          for (int i = 0; i < n; i++) {
            o[i] = s[pos[i]];
          }
        }
        case INT32 -> {
          int[] s = a.ints();
          int[] o = (int[]) out;
          for (int i = 0; i < n; i++) {
            o[i] = s[pos[i]];
          }
        }
        case INT64 -> {
          long[] s = a.longs();
          long[] o = (long[]) out;
          for (int i = 0; i < n; i++) {
            o[i] = s[pos[i]];
          }
        }
        case FLOAT32 -> {
          float[] s = a.floats();
          float[] o = (float[]) out;
          for (int i = 0; i < n; i++) {
            o[i] = s[pos[i]];
          }
        }
        case FLOAT64 -> {
          double[] s = a.doubles();
          double[] o = (double[]) out;
          for (int i = 0; i < n; i++) {
            o[i] = s[pos[i]];
          }
        }
      }
      return NDArray.wrap(a.dtype(), new long[] {n}, out);
    }

    /** A zero array of {@code shape} with {@code values[i]} at flat position {@code pos[i]}. */
    static NDArray scatter(NDArray values, int[] pos, long[] shape) {
      NDArray out = NDArray.zeros(values.dtype(), shape);
      Object o = out.buffer();
      switch (values.dtype()) {
        case BOOL -> {
          boolean[] s = values.bools();
          for (int i = 0; i < pos.length; i++) {
            ((boolean[]) o)[pos[i]] = s[i];
          }
        }
        case INT32 -> {
          int[] s = values.ints();
          for (int i = 0; i < pos.length; i++) {
            ((int[]) o)[pos[i]] = s[i];
          }
        }
        case INT64 -> {
          long[] s = values.longs();
          for (int i = 0; i < pos.length; i++) {
            ((long[]) o)[pos[i]] = s[i];
          }
        }
        case FLOAT32 -> {
          float[] s = values.floats();
          for (int i = 0; i < pos.length; i++) {
            ((float[]) o)[pos[i]] = s[i];
          }
        }
        case FLOAT64 -> {
          double[] s = values.doubles();
          for (int i = 0; i < pos.length; i++) {
            ((double[]) o)[pos[i]] = s[i];
          }
        }
      }
      return out;
    }

    /** {@code out[slot[i]] += values[i]} over {@code n} slots (or for bool; int32 wraps as numpy's does). */
    static NDArray scatterAdd(NDArray values, int[] slot, int n) {
      Object out = NDArray.allocate(values.dtype(), n);
      switch (values.dtype()) {
        case BOOL -> {
          boolean[] s = values.bools();
          for (int i = 0; i < slot.length; i++) {
            ((boolean[]) out)[slot[i]] |= s[i];
          }
        }
        case INT32 -> {
          int[] s = values.ints();
          for (int i = 0; i < slot.length; i++) {
            ((int[]) out)[slot[i]] += s[i];
          }
        }
        case INT64 -> {
          long[] s = values.longs();
          for (int i = 0; i < slot.length; i++) {
            ((long[]) out)[slot[i]] += s[i];
          }
        }
        case FLOAT32 -> {
          float[] s = values.floats();
          for (int i = 0; i < slot.length; i++) {
            ((float[]) out)[slot[i]] += s[i];
          }
        }
        case FLOAT64 -> {
          double[] s = values.doubles();
          for (int i = 0; i < slot.length; i++) {
            ((double[]) out)[slot[i]] += s[i];
          }
        }
      }
      return NDArray.wrap(values.dtype(), new long[] {n}, out);
    }

    /** Which elements are not zero (NaN counts as non-zero). */
    public static boolean[] nonZero(NDArray a) {
      int n = a.size();
      boolean[] nz = new boolean[n];
      switch (a.dtype()) {
        case BOOL -> System.arraycopy(a.bools(), 0, nz, 0, n);
        case INT32 -> {
          int[] s = a.ints();
          for (int i = 0; i < n; i++) {
            nz[i] = s[i] != 0;
          }
        }
        case INT64 -> {
          long[] s = a.longs();
          for (int i = 0; i < n; i++) {
            nz[i] = s[i] != 0;
          }
        }
        case FLOAT32 -> {
          float[] s = a.floats();
          for (int i = 0; i < n; i++) {
            nz[i] = s[i] != 0;
          }
        }
        case FLOAT64 -> {
          double[] s = a.doubles();
          for (int i = 0; i < n; i++) {
            nz[i] = s[i] != 0;
          }
        }
      }
      return nz;
    }

    /** The 1-D concatenation of arrays of one dtype. */
    static NDArray concat(DType dtype, NDArray[] parts) {
      int n = 0;
      for (NDArray p : parts) {
        n += p.size();
      }
      Object out = NDArray.allocate(dtype, n);
      int at = 0;
      for (NDArray p : parts) {
        System.arraycopy(p.buffer(), 0, out, at, p.size());
        at += p.size();
      }
      return NDArray.wrap(dtype, new long[] {n}, out);
    }
  }
}
