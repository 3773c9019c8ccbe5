package org.marsonspark.tensor;

import java.util.Arrays;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TilingOptions;

/**
 * How a tensor is split into chunks: an explicit size for all axes, a size per axis, or
 * {@link #auto()} — chunks kept under the session's {@code chunkStoreLimit}, whole trailing
 * axes first so that chunks are contiguous row blocks where possible.
 */
public final class ChunkSize implements java.io.Serializable {
  private final long[] perAxis;

  private ChunkSize(long[] perAxis) {
    this.perAxis = perAxis;
  }

  public static ChunkSize auto() {
    return new ChunkSize(null);
  }

  /** The same chunk length on every axis (numpy-style {@code chunk_size=n}). */
  public static ChunkSize of(long size) {
    if (size <= 0) {
      throw new MarsException(ErrorClass.BAD_CHUNK_SIZE, "chunk size must be positive, got " + size);
    }
    return new ChunkSize(new long[] {size});
  }

  /** A chunk length per axis; -1 keeps an axis whole. */
  public static ChunkSize of(long... perAxis) {
    for (long s : perAxis) {
      if (s == 0 || s < -1) {
        throw new MarsException(ErrorClass.BAD_CHUNK_SIZE, "chunk sizes must be positive (or -1 for a whole axis), got "
            + Arrays.toString(perAxis));
      }
    }
    return new ChunkSize(perAxis.clone());
  }

  public boolean isAuto() {
    return perAxis == null;
  }

  /** The chunk sizes along each axis of a tensor of {@code shape}. */
  public long[][] nsplits(long[] shape, DType dtype, TilingOptions options) {
    long[] sizes = new long[shape.length];
    if (perAxis == null) {
      long budget = Math.max(1, options.chunkStoreLimit() / dtype.itemSize());
      for (int i = shape.length - 1; i >= 0; i--) {
        long d = Math.max(1, shape[i]);
        sizes[i] = Math.min(d, budget);
        budget = Math.max(1, budget / sizes[i]);
      }
    } else if (perAxis.length == 1 && shape.length != 1) {
      Arrays.fill(sizes, perAxis[0]);
    } else {
      if (perAxis.length != shape.length) {
        throw new MarsException(ErrorClass.BAD_CHUNK_SIZE, "chunk size " + Arrays.toString(perAxis) + " has "
            + perAxis.length + " axes, the tensor has " + shape.length + " " + Shapes.toString(shape)
            + "; give one size per axis, or a single size for every axis");
      }
      sizes = perAxis.clone();
    }
    long[][] splits = new long[shape.length][];
    for (int i = 0; i < shape.length; i++) {
      long s = sizes[i] == -1 ? Math.max(1, shape[i]) : sizes[i];
      splits[i] = split(shape[i], s);
    }
    return splits;
  }

  /** Splits a length into pieces of {@code size}, the last one shorter. */
  public static long[] split(long length, long size) {
    if (length == 0) {
      return new long[] {0};
    }
    int n = (int) ((length + size - 1) / size);
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = Math.min(size, length - i * size);
    }
    return out;
  }

  @Override
  public String toString() {
    return perAxis == null ? "auto" : Arrays.toString(perAxis);
  }
}
