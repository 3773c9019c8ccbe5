package org.marsonspark.remote;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoSerializable;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.Serializable;
import org.marsonspark.core.ChunkValue;

/**
 * The chunk a spawned function leaves in the block manager: its return value (any
 * serializable object, or null) and what it printed while it ran. Consumers read the value;
 * {@code fetchLog()} reads only the log. With Kryo, values that are themselves
 * {@link KryoSerializable} (an {@code NDArray}) use Kryo; others use Java serialization, so any
 * {@link Serializable} value travels as its own class defines.
 */
final class RemoteResult implements ChunkValue, Serializable, KryoSerializable {
  /** The kind tiling predicts for every remote chunk. */
  static final String KIND = "remote";
  private static final long serialVersionUID = 1L;
  private static final byte NULL = 0;
  private static final byte KRYO = 1;
  private static final byte JAVA = 2;

  private Object value;
  private String log;
  private long nbytes;

  RemoteResult(Object value, String log, long nbytes) {
    this.value = value;
    this.log = log;
    this.nbytes = nbytes;
  }

  @SuppressWarnings("unused")
  private RemoteResult() {}

  Object value() {
    return value;
  }

  String log() {
    return log;
  }

  @Override
  public long[] shape() {
    return new long[0];
  }

  @Override
  public long nbytes() {
    return nbytes;
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public void write(Kryo kryo, Output out) {
    out.writeString(log);
    out.writeVarLong(nbytes, true);
    if (value == null) {
      out.writeByte(NULL);
    } else if (value instanceof KryoSerializable) {
      out.writeByte(KRYO);
      kryo.writeClassAndObject(out, value);
    } else {
      out.writeByte(JAVA);
      byte[] bytes = JavaSerde.toBytes(value);
      out.writeVarInt(bytes.length, true);
      out.writeBytes(bytes);
    }
  }

  @Override
  public void read(Kryo kryo, Input in) {
    log = in.readString();
    nbytes = in.readVarLong(true);
    byte how = in.readByte();
    if (how == KRYO) {
      value = kryo.readClassAndObject(in);
    } else if (how == JAVA) {
      value = JavaSerde.fromBytes(in.readBytes(in.readVarInt(true)));
    } else {
      value = null;
    }
  }
}
