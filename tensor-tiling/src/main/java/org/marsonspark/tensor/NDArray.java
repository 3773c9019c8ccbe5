package org.marsonspark.tensor;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoSerializable;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.Serializable;
import java.util.Arrays;
import org.marsonspark.core.ChunkValue;
import org.marsonspark.core.Errors;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;

/**
 * A dense, typed N-dimensional array in C order over one primitive buffer ({@code boolean[]},
 * {@code int[]}, {@code long[]}, {@code float[]} or {@code double[]}): the data of one tensor
 * chunk, and what {@code fetch()} returns. Arrays are never modified once built, so they can be
 * shared freely between tasks of one executor.
 */
public final class NDArray implements ChunkValue, Serializable, KryoSerializable {
  private static final long serialVersionUID = 1L;

  private DType dtype;
  private long[] shape;
  private Object data;

  private NDArray(DType dtype, long[] shape, Object data) {
    this.dtype = dtype;
    this.shape = shape;
    this.data = data;
    int expected = checkedSize(shape);
    if (java.lang.reflect.Array.getLength(data) != expected) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "buffer of " + java.lang.reflect.Array.getLength(data)
          + " elements cannot have shape " + Shapes.toString(shape));
    }
  }

  /** For Kryo. */
  @SuppressWarnings("unused")
  private NDArray() {}

  // ---- factories ----------------------------------------------------------------------

  /** A 1-D array over {@code data} (no copy). */
  public static NDArray of(double[] data) {
    return new NDArray(DType.FLOAT64, new long[] {data.length}, data);
  }

  /** An array of the given shape over {@code data} (no copy); no shape means 0-d. */
  public static NDArray of(double[] data, long... shape) {
    return new NDArray(DType.FLOAT64, shape.clone(), data);
  }

  /** A 1-D array over {@code data} (no copy). */
  public static NDArray of(float[] data) {
    return new NDArray(DType.FLOAT32, new long[] {data.length}, data);
  }

  /** An array of the given shape over {@code data} (no copy); no shape means 0-d. */
  public static NDArray of(float[] data, long... shape) {
    return new NDArray(DType.FLOAT32, shape.clone(), data);
  }

  /** A 1-D array over {@code data} (no copy). */
  public static NDArray of(long[] data) {
    return new NDArray(DType.INT64, new long[] {data.length}, data);
  }

  /** An array of the given shape over {@code data} (no copy); no shape means 0-d. */
  public static NDArray of(long[] data, long... shape) {
    return new NDArray(DType.INT64, shape.clone(), data);
  }

  /** A 1-D array over {@code data} (no copy). */
  public static NDArray of(int[] data) {
    return new NDArray(DType.INT32, new long[] {data.length}, data);
  }

  /** An array of the given shape over {@code data} (no copy); no shape means 0-d. */
  public static NDArray of(int[] data, long... shape) {
    return new NDArray(DType.INT32, shape.clone(), data);
  }

  /** A 1-D array over {@code data} (no copy). */
  public static NDArray of(boolean[] data) {
    return new NDArray(DType.BOOL, new long[] {data.length}, data);
  }

  /** An array of the given shape over {@code data} (no copy); no shape means 0-d. */
  public static NDArray of(boolean[] data, long... shape) {
    return new NDArray(DType.BOOL, shape.clone(), data);
  }

  /** Wraps a primitive buffer of the dtype's type (no copy). */
  public static NDArray wrap(DType dtype, long[] shape, Object buffer) {
    if (bufferType(dtype) != buffer.getClass()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "a " + buffer.getClass().getSimpleName()
          + " buffer cannot hold " + dtype);
    }
    return new NDArray(dtype, shape.clone(), buffer);
  }

  public static NDArray zeros(DType dtype, long... shape) {
    return new NDArray(dtype, shape.clone(), allocate(dtype, checkedSize(shape)));
  }

  /**
   * An array of {@code value} converted as numpy's {@code np.full} converts it: a float into an
   * integer dtype by {@link Casting}'s rule, an integer into int32 wrapped, anything non-zero
   * into bool as true.
   */
  public static NDArray full(DType dtype, long[] shape, Object value) {
    NDArray a = zeros(dtype, shape);
    int n = a.size();
    switch (dtype) {
      case BOOL -> Arrays.fill((boolean[]) a.data, 0, n, Scalars.toBool(value));
      case INT32 -> Arrays.fill((int[]) a.data, 0, n, Scalars.isFloat(value)
          ? Casting.toInt32(Scalars.toDouble(value)) : (int) Scalars.toLong(value));
      case INT64 -> Arrays.fill((long[]) a.data, 0, n, Scalars.isFloat(value)
          ? Casting.toInt64(Scalars.toDouble(value)) : Scalars.toLong(value));
      case FLOAT32 -> Arrays.fill((float[]) a.data, 0, n, (float) Scalars.toDouble(value));
      case FLOAT64 -> Arrays.fill((double[]) a.data, 0, n, Scalars.toDouble(value));
    }
    return a;
  }

  /** A 0-d array holding one value. */
  public static NDArray scalar(DType dtype, Object value) {
    return full(dtype, new long[0], value);
  }

  static Object allocate(DType dtype, int n) {
    return switch (dtype) {
      case BOOL -> new boolean[n];
      case INT32 -> new int[n];
      case INT64 -> new long[n];
      case FLOAT32 -> new float[n];
      case FLOAT64 -> new double[n];
    };
  }

  static Class<?> bufferType(DType dtype) {
    return switch (dtype) {
      case BOOL -> boolean[].class;
      case INT32 -> int[].class;
      case INT64 -> long[].class;
      case FLOAT32 -> float[].class;
      case FLOAT64 -> double[].class;
    };
  }

  static int checkedSize(long[] shape) {
    long n = 1;
    for (long d : shape) {
      if (d < 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "negative dimension in shape " + Shapes.toString(shape));
      }
      n *= d;
      if (n > Integer.MAX_VALUE - 8) {
        throw new MarsException(ErrorClass.BAD_CHUNK_SIZE, "a chunk of shape " + Shapes.toString(shape)
            + " is larger than one Java array can hold; use a smaller chunk size");
      }
    }
    return (int) n;
  }

  // ---- metadata -----------------------------------------------------------------------

  public DType dtype() {
    return dtype;
  }

  @Override
  public long[] shape() {
    return shape.clone();
  }

  public long shape(int axis) {
    return shape[axis];
  }

  public int ndim() {
    return shape.length;
  }

  public int size() {
    return java.lang.reflect.Array.getLength(data);
  }

  @Override
  public long nbytes() {
    return (long) size() * dtype.itemSize();
  }

  @Override
  public String kind() {
    return dtype.toString();
  }

  /** The primitive buffer (C order). Callers must not modify it. */
  public Object buffer() {
    return data;
  }

  public double[] doubles() {
    return (double[]) data;
  }

  public float[] floats() {
    return (float[]) data;
  }

  public long[] longs() {
    return (long[]) data;
  }

  public int[] ints() {
    return (int[]) data;
  }

  public boolean[] bools() {
    return (boolean[]) data;
  }

  // ---- element access -----------------------------------------------------------------

  public double getDouble(int flat) {
    return switch (dtype) {
      case BOOL -> ((boolean[]) data)[flat] ? 1.0 : 0.0;
      case INT32 -> ((int[]) data)[flat];
      case INT64 -> ((long[]) data)[flat];
      case FLOAT32 -> ((float[]) data)[flat];
      case FLOAT64 -> ((double[]) data)[flat];
    };
  }

  public long getLong(int flat) {
    return switch (dtype) {
      case BOOL -> ((boolean[]) data)[flat] ? 1L : 0L;
      case INT32 -> ((int[]) data)[flat];
      case INT64 -> ((long[]) data)[flat];
      case FLOAT32 -> (long) ((float[]) data)[flat];
      case FLOAT64 -> (long) ((double[]) data)[flat];
    };
  }

  public boolean getBool(int flat) {
    return switch (dtype) {
      case BOOL -> ((boolean[]) data)[flat];
      case INT32 -> ((int[]) data)[flat] != 0;
      case INT64 -> ((long[]) data)[flat] != 0;
      case FLOAT32 -> ((float[]) data)[flat] != 0;
      case FLOAT64 -> ((double[]) data)[flat] != 0;
    };
  }

  /** The element at an N-d index. */
  public double getDouble(long... index) {
    return getDouble(flatIndex(index));
  }

  public long getLong(long... index) {
    return getLong(flatIndex(index));
  }

  public boolean getBool(long... index) {
    return getBool(flatIndex(index));
  }

  /** The value of a one-element array as a boxed Java number or boolean. */
  public Object item() {
    if (size() != 1) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "item() needs one element, array has shape "
          + Shapes.toString(shape));
    }
    return get(0);
  }

  /** The element at a flat position, boxed. */
  public Object get(int flat) {
    return switch (dtype) {
      case BOOL -> ((boolean[]) data)[flat];
      case INT32 -> ((int[]) data)[flat];
      case INT64 -> ((long[]) data)[flat];
      case FLOAT32 -> ((float[]) data)[flat];
      case FLOAT64 -> ((double[]) data)[flat];
    };
  }

  private int flatIndex(long[] index) {
    if (index.length != shape.length) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "index of " + index.length + " dimensions for an array of "
          + shape.length);
    }
    long flat = 0;
    for (int i = 0; i < shape.length; i++) {
      long ix = Errors.normalizeIndex("", index[i], i, shape[i]);
      flat = flat * shape[i] + ix;
    }
    return (int) flat;
  }

  /** A copy of the data as doubles (any dtype). */
  public double[] toDoubleArray() {
    return ((NDArray) astype(DType.FLOAT64)).doubles().clone();
  }

  public long[] toLongArray() {
    return astype(DType.INT64).longs().clone();
  }

  // ---- conversions and layout ---------------------------------------------------------

  /**
   * numpy's {@code astype}: a converted copy (this array itself when the dtype is the same).
   * Floats become integers by {@link Casting}'s rule (NaN, ±inf and out-of-range values give
   * the target's minimum and a RuntimeWarning, as numpy); int64 to int32 wraps, as numpy.
   */
  public NDArray astype(DType to) {
    if (to == dtype) {
      return this;
    }
    int n = size();
    Object out = allocate(to, n);
    switch (to) {
      case BOOL -> {
        boolean[] o = (boolean[]) out;
        for (int i = 0; i < n; i++) {
          o[i] = getBool(i);
        }
      }
      case INT32 -> {
        int[] o = (int[]) out;
        if (dtype.isFloat()) {
          for (int i = 0; i < n; i++) {
            o[i] = Casting.toInt32(getDouble(i));
          }
        } else {
          for (int i = 0; i < n; i++) {
            o[i] = (int) getLong(i);
          }
        }
      }
      case INT64 -> {
        long[] o = (long[]) out;
        if (dtype.isFloat()) {
          for (int i = 0; i < n; i++) {
            o[i] = Casting.toInt64(getDouble(i));
          }
        } else {
          for (int i = 0; i < n; i++) {
            o[i] = getLong(i);
          }
        }
      }
      case FLOAT32 -> {
        float[] o = (float[]) out;
        for (int i = 0; i < n; i++) {
          o[i] = (float) getDouble(i);
        }
      }
      case FLOAT64 -> {
        double[] o = (double[]) out;
        if (dtype == DType.FLOAT32) {
          float[] f = (float[]) data;
          for (int i = 0; i < n; i++) {
            o[i] = f[i];
          }
        } else {
          for (int i = 0; i < n; i++) {
            o[i] = getDouble(i);
          }
        }
      }
    }
    return new NDArray(to, shape.clone(), out);
  }

  /** The same buffer seen with another shape of the same size. */
  public NDArray reshape(long... newShape) {
    return new NDArray(dtype, newShape.clone(), data);
  }

  static long[] stridesOf(long[] shape) {
    long[] strides = new long[shape.length];
    long s = 1;
    for (int i = shape.length - 1; i >= 0; i--) {
      strides[i] = s;
      s *= shape[i];
    }
    return strides;
  }

  /** numpy's {@code broadcast_to}, materialized. */
  public NDArray broadcastTo(long[] target) {
    if (Arrays.equals(target, shape)) {
      return this;
    }
    int lead = target.length - shape.length;
    long[] myStrides = stridesOf(shape);
    long[] srcStrides = new long[target.length];
    for (int i = 0; i < shape.length; i++) {
      srcStrides[lead + i] = shape[i] == 1 ? 0 : myStrides[i];
    }
    NDArray out = zeros(dtype, target);
    Strided.copy(data, 0, srcStrides, out.data, 0, stridesOf(target), target);
    return out;
  }

  /**
   * A copy of a strided region: along each axis {@code count[i]} elements from {@code start[i]}
   * every {@code step[i]} (a step may be negative).
   */
  public NDArray slice(long[] start, long[] step, long[] count) {
    long[] strides = stridesOf(shape);
    long offset = 0;
    long[] srcStrides = new long[shape.length];
    for (int i = 0; i < shape.length; i++) {
      offset += start[i] * strides[i];
      srcStrides[i] = step[i] * strides[i];
    }
    NDArray out = zeros(dtype, count);
    if (out.size() > 0) {
      Strided.copy(data, offset, srcStrides, out.data, 0, stridesOf(count), count);
    }
    return out;
  }

  /**
   * A copy of this array with {@code values} (of shape {@code count}, cast to this dtype) written
   * at the strided region {@code start/step/count}; used by functional setitem.
   */
  public NDArray withSlice(long[] start, long[] step, long[] count, NDArray values) {
    NDArray out = zeros(dtype, shape);
    System.arraycopy(data, 0, out.data, 0, size());
    long[] strides = stridesOf(shape);
    long offset = 0;
    long[] dstStrides = new long[shape.length];
    for (int i = 0; i < shape.length; i++) {
      offset += start[i] * strides[i];
      dstStrides[i] = step[i] * strides[i];
    }
    NDArray v = values.astype(dtype).broadcastTo(count);
    if (v.size() > 0) {
      Strided.copy(v.data, 0, stridesOf(count), out.data, offset, dstStrides, count);
    }
    return out;
  }

  /** numpy's {@code transpose(axes)}, materialized. */
  public NDArray transpose(int... perm) {
    long[] strides = stridesOf(shape);
    long[] outShape = new long[perm.length];
    long[] srcStrides = new long[perm.length];
    for (int i = 0; i < perm.length; i++) {
      outShape[i] = shape[perm[i]];
      srcStrides[i] = strides[perm[i]];
    }
    NDArray out = zeros(dtype, outShape);
    Strided.copy(data, 0, srcStrides, out.data, 0, stridesOf(outShape), outShape);
    return out;
  }

  /** The rows (blocks of {@code inner} elements) whose flag is set, as a {@code (kept, inner)} array. */
  public NDArray compressRows(boolean[] keep, int rows, int inner) {
    int kept = 0;
    for (int r = 0; r < rows; r++) {
      if (keep[r]) {
        kept++;
      }
    }
    Object out = allocate(dtype, kept * inner);
    int k = 0;
    for (int r = 0; r < rows; r++) {
      if (keep[r]) {
        System.arraycopy(data, r * inner, out, k * inner, inner);
        k++;
      }
    }
    return new NDArray(dtype, new long[] {kept, inner}, out);
  }

  /** Copies {@code src} into this array's region starting at {@code at}; used while assembling. */
  void paste(NDArray src, long[] at) {
    long[] strides = stridesOf(shape);
    long offset = 0;
    for (int i = 0; i < shape.length; i++) {
      offset += at[i] * strides[i];
    }
    if (src.size() > 0) {
      Strided.copy(src.data, 0, stridesOf(src.shape), data, offset, strides, src.shape);
    }
  }

  /** Builds an array of {@code shape} from pieces placed at offsets (all of dtype {@code dtype}). */
  public static NDArray assemble(DType dtype, long[] shape, NDArray[] pieces, long[][] offsets) {
    NDArray out = zeros(dtype, shape);
    for (int i = 0; i < pieces.length; i++) {
      out.paste(pieces[i].astype(dtype), offsets[i]);
    }
    return out;
  }

  /**
   * Builds an array of {@code shape} from the chunks of a grid with chunk sizes {@code nsplits},
   * given in C order over the grid.
   */
  public static NDArray fromGrid(DType dtype, long[] shape, long[][] nsplits, NDArray[] pieces) {
    if (pieces.length == 1) {
      return pieces[0].astype(dtype);
    }
    int nd = nsplits.length;
    long[][] offsets = new long[nd][];
    int[] grid = new int[nd];
    for (int a = 0; a < nd; a++) {
      offsets[a] = Shapes.offsets(nsplits[a]);
      grid[a] = nsplits[a].length;
    }
    long[][] at = new long[pieces.length][];
    for (int i = 0; i < pieces.length; i++) {
      int[] idx = Shapes.unflatIndex(i, grid);
      at[i] = new long[nd];
      for (int a = 0; a < nd; a++) {
        at[i][a] = offsets[a][idx[a]];
      }
    }
    return assemble(dtype, shape, pieces, at);
  }

  // ---- equality and display -----------------------------------------------------------

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof NDArray other)) {
      return false;
    }
    if (dtype != other.dtype || !Arrays.equals(shape, other.shape)) {
      return false;
    }
    return switch (dtype) {
      case BOOL -> Arrays.equals((boolean[]) data, (boolean[]) other.data);
      case INT32 -> Arrays.equals((int[]) data, (int[]) other.data);
      case INT64 -> Arrays.equals((long[]) data, (long[]) other.data);
      case FLOAT32 -> Arrays.equals((float[]) data, (float[]) other.data);
      case FLOAT64 -> Arrays.equals((double[]) data, (double[]) other.data);
    };
  }

  @Override
  public int hashCode() {
    return 31 * dtype.hashCode() + Arrays.hashCode(shape);
  }

  @Override
  public String toString() {
    return NDArrayFormat.format(this);
  }

  /**
   * The values as an HTML table (notebooks): a 1-D array as one row, a 2-D one row by row, large
   * ones summarized with ellipses as {@link #toString()} does; other ranks as that text.
   */
  public String toHtml() {
    return NDArrayFormat.html(this);
  }

  // ---- serialization ------------------------------------------------------------------

  @Override
  public void write(Kryo kryo, Output out) {
    out.writeByte(dtype.ordinal());
    out.writeVarInt(shape.length, true);
    for (long d : shape) {
      out.writeVarLong(d, true);
    }
    int n = size();
    switch (dtype) {
      case BOOL -> {
        boolean[] b = (boolean[]) data;
        for (int i = 0; i < n; i++) {
          out.writeBoolean(b[i]);
        }
      }
      case INT32 -> out.writeInts((int[]) data);
      case INT64 -> out.writeLongs((long[]) data);
      case FLOAT32 -> out.writeFloats((float[]) data);
      case FLOAT64 -> out.writeDoubles((double[]) data);
    }
  }

  @Override
  public void read(Kryo kryo, Input in) {
    dtype = DType.values()[in.readByte()];
    shape = new long[in.readVarInt(true)];
    for (int i = 0; i < shape.length; i++) {
      shape[i] = in.readVarLong(true);
    }
    int n = checkedSize(shape);
    data = switch (dtype) {
      case BOOL -> {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
          b[i] = in.readBoolean();
        }
        yield b;
      }
      case INT32 -> in.readInts(n);
      case INT64 -> in.readLongs(n);
      case FLOAT32 -> in.readFloats(n);
      case FLOAT64 -> in.readDoubles(n);
    };
  }
}
