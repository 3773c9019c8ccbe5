package org.marsonspark.tensor.kernel;

import dev.ludovic.netlib.blas.BLAS;
import java.util.concurrent.atomic.AtomicBoolean;

/** The BLAS that netlib (Spark's copy) picked, and a one-time warning when it is not native. */
public final class Blas {
  private static final AtomicBoolean WARNED = new AtomicBoolean();

  private Blas() {}

  public static BLAS get() {
    return BLAS.getInstance();
  }

  public static boolean isNative() {
    return BLAS.getInstance().getClass().getSimpleName().startsWith("JNI");
  }

  /** Logs once per JVM that matrix products will be slow without a native BLAS. */
  public static void warnIfNotNative() {
    if (!isNative() && WARNED.compareAndSet(false, true)) {
      org.slf4j.LoggerFactory.getLogger(Blas.class).warn("netlib is using {} (pure Java): matrix products run about"
          + " 40x slower than with a native BLAS. Install OpenBLAS (Debian: apt-get install libopenblas0).",
          BLAS.getInstance().getClass().getSimpleName());
    }
  }
}
