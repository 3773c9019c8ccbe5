package org.marsonspark.exec;

import com.esotericsoftware.kryo.Kryo;
import java.util.ServiceLoader;
import org.apache.spark.serializer.KryoRegistrator;

/**
 * Spark's {@code spark.kryo.registrator}: registers the chunk data classes every module
 * declares through {@link KryoRegistrations} (ServiceLoader), so adding a data type touches
 * only its module.
 */
public final class MarsKryoRegistrator implements KryoRegistrator {
  @Override
  public void registerClasses(Kryo kryo) {
    for (KryoRegistrations r : ServiceLoader.load(KryoRegistrations.class, MarsKryoRegistrator.class.getClassLoader())) {
      r.register(kryo);
    }
  }
}
