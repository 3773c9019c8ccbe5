package org.marsonspark.exec;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoSerializable;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.Serializable;
import org.apache.spark.util.SizeEstimator;
import org.marsonspark.core.ChunkValue;

/**
 * What an executor reports to the driver about one chunk it produced: never its data.
 * Serializable by Java and by Kryo (registered or not), whatever serializer Spark was given.
 */
public final class ChunkMeta implements Serializable, KryoSerializable {
  private long[] shape;
  private long nbytes;
  private String kind;
  /** Where the chunk was produced, as a Spark task location ({@code executor_<host>_<id>}). */
  private String executor;
  /**
   * The chunk's value serialized with Spark's serializer, for a small target chunk (see
   * {@link GraphRunner#INLINE_RESULT_BYTES}); null otherwise.
   */
  private byte[] value;

  ChunkMeta(long[] shape, long nbytes, String kind) {
    this.shape = shape;
    this.nbytes = nbytes;
    this.kind = kind;
  }

  ChunkMeta at(String executorLocation) {
    this.executor = executorLocation;
    return this;
  }

  public String executor() {
    return executor;
  }

  ChunkMeta withValue(byte[] serialized) {
    this.value = serialized;
    return this;
  }

  /** The serialized value sent along, or null. */
  byte[] value() {
    return value;
  }

  @SuppressWarnings("unused")
  private ChunkMeta() {}

  /** What tiling predicted for a chunk that ran without reporting (inside another task). */
  static ChunkMeta predicted(org.marsonspark.core.Chunk c, long bytes) {
    return new ChunkMeta(c.shape(), bytes, c.meta() == null ? null : c.meta().toString());
  }

  static ChunkMeta of(Object value) {
    if (value instanceof ChunkValue v) {
      return new ChunkMeta(v.shape(), v.nbytes(), v.kind());
    }
    if (value == null) {
      return new ChunkMeta(new long[0], 0, "null");
    }
    return new ChunkMeta(new long[0], SizeEstimator.estimate(value), value.getClass().getName());
  }

  public long[] shape() {
    return shape;
  }

  public long nbytes() {
    return nbytes;
  }

  public String kind() {
    return kind;
  }

  @Override
  public void write(Kryo kryo, Output out) {
    out.writeVarInt(shape.length, true);
    for (long d : shape) {
      out.writeVarLong(d, true);
    }
    out.writeVarLong(nbytes, true);
    out.writeString(kind);
    out.writeString(executor);
    out.writeVarInt(value == null ? 0 : value.length + 1, true);
    if (value != null) {
      out.writeBytes(value);
    }
  }

  @Override
  public void read(Kryo kryo, Input in) {
    shape = new long[in.readVarInt(true)];
    for (int i = 0; i < shape.length; i++) {
      shape[i] = in.readVarLong(true);
    }
    nbytes = in.readVarLong(true);
    kind = in.readString();
    executor = in.readString();
    int n = in.readVarInt(true);
    value = n == 0 ? null : in.readBytes(n - 1);
  }
}
