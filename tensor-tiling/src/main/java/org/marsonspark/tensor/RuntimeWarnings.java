package org.marsonspark.tensor;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.LoggerFactory;

/**
 * numpy's {@code RuntimeWarning}s: where numpy returns a value and warns (an invalid cast, the
 * median of an empty slice), the kernels return numpy's value and report it here. Each kind of
 * warning is logged once per JVM, the first time it happens (as Python's default warning filter
 * shows a warning once per place), and every occurrence is counted. Kernels run on executors: in
 * local mode (one JVM) the log and the counts are the driver's; on a cluster each executor logs
 * and counts its own.
 */
public final class RuntimeWarnings {
  private static final ConcurrentHashMap<String, AtomicLong> COUNTS = new ConcurrentHashMap<>();

  private RuntimeWarnings() {}

  /**
   * Reports one occurrence of the warning {@code kind} (numpy's text, e.g. {@code "invalid value
   * encountered in cast"}); the first one in this JVM is logged with {@code detail}.
   */
  public static void warn(String kind, Supplier<String> detail) {
    AtomicLong n = COUNTS.computeIfAbsent(kind, k -> new AtomicLong());
    if (n.getAndIncrement() == 0) {
      LoggerFactory.getLogger(RuntimeWarnings.class).warn("RuntimeWarning: {}: {} (logged once per JVM; "
          + "RuntimeWarnings.count(\"{}\") counts every occurrence)", kind, detail.get(), kind);
    }
  }

  /** How many times the warning {@code kind} was reported in this JVM. */
  public static long count(String kind) {
    AtomicLong n = COUNTS.get(kind);
    return n == null ? 0 : n.get();
  }
}
