package org.marsonspark.remote;

import com.esotericsoftware.kryo.Kryo;
import org.marsonspark.exec.KryoRegistrations;

/** Registers the remote module's chunk data with Kryo. */
public final class RemoteKryoRegistrations implements KryoRegistrations {
  @Override
  public void register(Kryo kryo) {
    kryo.register(RemoteResult.class);
  }
}
