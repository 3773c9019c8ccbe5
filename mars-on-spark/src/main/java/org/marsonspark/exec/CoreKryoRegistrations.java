package org.marsonspark.exec;

import com.esotericsoftware.kryo.Kryo;

/** Registers the core's own classes that travel between executors and the driver. */
public final class CoreKryoRegistrations implements KryoRegistrations {
  @Override
  public void register(Kryo kryo) {
    kryo.register(ChunkMeta.class);
    kryo.register(ChunkMeta[].class);
    kryo.register(ShuffleExchange.Piece.class);
    kryo.register(org.marsonspark.core.Exchange.Pieces.class);
  }
}
