package org.marsonspark.core;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A node of the chunk graph: one piece of a tileable, produced by one output of an
 * {@link OpNode}. Its shape may hold {@link Shapes#UNKNOWN} dimensions until it has run; the
 * runtime then records the real shape here.
 */
public final class Chunk {
  private static final AtomicLong KEYS = new AtomicLong();

  private final long key = KEYS.incrementAndGet();
  private OpNode producer;
  private final int outputIndex;
  private final int[] index;
  private long[] shape;
  private final Object meta;

  Chunk(int outputIndex, int[] index, long[] shape, Object meta) {
    this.outputIndex = outputIndex;
    this.index = index.clone();
    this.shape = shape.clone();
    this.meta = meta;
  }

  void setProducer(OpNode producer) {
    this.producer = producer;
  }

  public long key() {
    return key;
  }

  public OpNode producer() {
    return producer;
  }

  public int outputIndex() {
    return outputIndex;
  }

  /** Position of this chunk in its tileable's chunk grid. */
  public int[] index() {
    return index.clone();
  }

  public int index(int axis) {
    return index[axis];
  }

  public long[] shape() {
    return shape.clone();
  }

  public long shape(int axis) {
    return shape[axis];
  }

  public boolean hasUnknownShape() {
    return Shapes.hasUnknown(shape);
  }

  /** Type metadata of the data (a dtype for tensors); its {@code toString} is the expected kind. */
  public Object meta() {
    return meta;
  }

  /** Records the shape the chunk really had; only unknown dimensions may change. */
  public void updateShape(long[] real) {
    if (real.length != shape.length) {
      throw new MarsException(MarsException.ErrorClass.CHUNK_METADATA_MISMATCH,
          "chunk " + this + " ran with " + real.length + " dimensions, tiling predicted " + shape.length);
    }
    for (int i = 0; i < real.length; i++) {
      if (shape[i] != Shapes.UNKNOWN && shape[i] != real[i]) {
        throw new MarsException(MarsException.ErrorClass.CHUNK_METADATA_MISMATCH,
            "chunk " + this + " ran with shape " + Arrays.toString(real) + ", tiling predicted "
                + Arrays.toString(shape));
      }
    }
    this.shape = real.clone();
  }

  @Override
  public String toString() {
    return (producer == null ? "?" : producer.op().name()) + Arrays.toString(index) + "#" + key;
  }
}
