package org.marsonspark.tensor.kernel;

import dev.ludovic.netlib.blas.BLAS;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The BLAS that netlib (Spark's copy) picked, and one-time warnings when it will be slow: not
 * native, or a multi-threaded OpenBLAS in a JVM that runs several tasks at once.
 */
public final class Blas {
  private static final AtomicBoolean WARNED = new AtomicBoolean();
  private static final AtomicBoolean CHECKED_THREADS = new AtomicBoolean();

  private Blas() {}

  public static BLAS get() {
    return BLAS.getInstance();
  }

  public static boolean isNative() {
    return BLAS.getInstance().getClass().getSimpleName().startsWith("JNI");
  }

  /**
   * Logs once per JVM that matrix products will be slow: without a native BLAS, or with an
   * OpenBLAS that starts its own threads in every task while Spark runs a task per core (see
   * {@link #threadsWarning}).
   */
  public static void warnIfSlow() {
    if (!isNative() && WARNED.compareAndSet(false, true)) {
      org.slf4j.LoggerFactory.getLogger(Blas.class).warn("netlib is using {} (pure Java): matrix products run about"
          + " 40x slower than with a native BLAS. Install OpenBLAS (Debian: apt-get install libopenblas0).",
          BLAS.getInstance().getClass().getSimpleName());
    }
    if (isNative() && CHECKED_THREADS.compareAndSet(false, true)) {
      String warning = threadsWarning(System.getenv(), Runtime.getRuntime().availableProcessors(), loadedLibraries());
      if (warning != null) {
        org.slf4j.LoggerFactory.getLogger(Blas.class).warn(warning);
      }
    }
  }

  /**
   * The warning for a JVM where OpenBLAS ({@code libraries}: the text of {@code /proc/self/maps})
   * may use every core inside each of Spark's parallel tasks: none of the variables it reads for
   * its thread count is set and the machine has more than one core. Each task's products then
   * compete for the same cores, and OpenBLAS's threads synchronise on every call: a PCA fit of
   * 1e6 × 100 on two cores took 12 s so, 2.6 s with one thread per task. Null when none of
   * that holds.
   */
  static String threadsWarning(java.util.Map<String, String> env, int cores, String libraries) {
    if (cores <= 1 || libraries == null || !libraries.contains("openblas")) {
      return null;
    }
    for (String v : new String[] {"OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS"}) {
      if (env.get(v) != null) {
        return null;
      }
    }
    return "OpenBLAS may start up to " + cores + " threads inside each of Spark's parallel tasks, which run one per"
        + " core already: matrix products then compete for the cores (often several times slower). Set"
        + " OPENBLAS_NUM_THREADS=1 in the environment before the JVM starts (the project's bin/ scripts and test runs"
        + " do; for a cluster's executors, Mars sets spark.executorEnv.OPENBLAS_NUM_THREADS).";
  }

  private static String loadedLibraries() {
    try {
      Path maps = Path.of("/proc/self/maps");
      return Files.isReadable(maps) ? Files.readString(maps) : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
