package org.marsonspark.exec;

import com.esotericsoftware.kryo.Kryo;

/** A module's Kryo registrations, found with {@link java.util.ServiceLoader}. */
public interface KryoRegistrations {
  void register(Kryo kryo);
}
