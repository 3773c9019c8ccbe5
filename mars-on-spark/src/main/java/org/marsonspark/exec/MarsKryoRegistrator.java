package org.marsonspark.exec;

import com.esotericsoftware.kryo.Kryo;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Spark's {@code spark.kryo.registrator}: registers the chunk data classes every module
 * declares through {@link KryoRegistrations} (ServiceLoader), so adding a data type touches
 * only its module. The providers are looked up once per JVM, not per Kryo instance.
 */
public final class MarsKryoRegistrator implements org.apache.spark.serializer.KryoRegistrator {
  private static volatile List<KryoRegistrations> providers;

  private static List<KryoRegistrations> providers() {
    List<KryoRegistrations> p = providers;
    if (p == null) {
      p = ServiceLoader.load(KryoRegistrations.class, MarsKryoRegistrator.class.getClassLoader()).stream()
          .map(ServiceLoader.Provider::get).toList();
      providers = p;
    }
    return p;
  }

  @Override
  public void registerClasses(Kryo kryo) {
    for (KryoRegistrations r : providers()) {
      r.register(kryo);
    }
  }
}
