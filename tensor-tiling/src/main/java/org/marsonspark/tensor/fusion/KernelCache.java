package org.marsonspark.tensor.fusion;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.codehaus.janino.SimpleCompiler;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * Compiles generated kernels with Janino (which Spark ships) once per JVM and source text:
 * constants are parameters, so every chunk of a computation — and every seed — shares one class.
 */
final class KernelCache {
  private static final Map<String, FusedKernel> KERNELS = new ConcurrentHashMap<>();
  private static final java.util.concurrent.atomic.AtomicLong RUNS = new java.util.concurrent.atomic.AtomicLong();

  private KernelCache() {}

  static FusedKernel get(String source) {
    RUNS.incrementAndGet();
    return KERNELS.computeIfAbsent(source, KernelCache::compile);
  }

  /** Number of distinct kernels compiled in this JVM (for tests). */
  static int size() {
    return KERNELS.size();
  }

  /** Number of fused chunk runs in this JVM (for tests). */
  static long runs() {
    return RUNS.get();
  }

  private static FusedKernel compile(String source) {
    if (Boolean.getBoolean("mars.kernel.dump")) {
      System.err.println("[mars] compiling fused kernel:\n" + source);
    }
    try {
      SimpleCompiler compiler = new SimpleCompiler();
      compiler.setParentClassLoader(FusedKernel.class.getClassLoader());
      compiler.cook(source);
      return (FusedKernel) compiler.getClassLoader().loadClass("FusedKernelImpl").getDeclaredConstructor()
          .newInstance();
    } catch (Exception e) {
      throw new MarsException(ErrorClass.INTERNAL, "could not compile a fused kernel: " + e.getMessage() + "\n"
          + source, e);
    }
  }
}
