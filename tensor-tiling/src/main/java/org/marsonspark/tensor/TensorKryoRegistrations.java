package org.marsonspark.tensor;

import com.esotericsoftware.kryo.Kryo;
import org.marsonspark.exec.KryoRegistrations;

/** Registers the tensor module's chunk data classes with Kryo. */
public final class TensorKryoRegistrations implements KryoRegistrations {
  @Override
  public void register(Kryo kryo) {
    kryo.register(NDArray.class);
    kryo.register(DType.class);
    kryo.register(CsrMatrix.class);
  }
}
