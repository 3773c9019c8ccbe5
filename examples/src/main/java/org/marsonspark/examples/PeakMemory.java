package org.marsonspark.examples;

import java.io.IOException;
import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Peak memory of this JVM (the driver, which in local mode is also the executor): the heap
 * left after each garbage collection (what was live), the heap pools' peak usage (garbage not
 * yet collected included) and the process's peak resident set. Used by the examples and the
 * benchmarks.
 */
public final class PeakMemory {
  /** The most heap in use right after a collection since the last reset. */
  private static final AtomicLong LIVE_PEAK = new AtomicLong();
  private static final AtomicBoolean LISTENING = new AtomicBoolean();

  private PeakMemory() {}

  /** Listens to every collector's end-of-collection notifications (once per JVM). */
  private static void listen() {
    if (!LISTENING.compareAndSet(false, true)) {
      return;
    }
    NotificationListener afterGc = (notification, handback) -> {
      if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
        return;
      }
      GarbageCollectionNotificationInfo info =
          GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
      long used = 0;
      for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
        MemoryUsage after = info.getGcInfo().getMemoryUsageAfterGc().get(pool.getName());
        if (pool.getType() == MemoryType.HEAP && after != null) {
          used += after.getUsed();
        }
      }
      LIVE_PEAK.accumulateAndGet(used, Math::max);
    };
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(afterGc, null, null);
      }
    }
  }

  /**
   * Resets the heap pools' peaks and, on Linux, the process's peak resident set (writing 5 to
   * /proc/self/clear_refs sets VmHWM to the current RSS). Returns whether the RSS peak was reset.
   */
  public static boolean reset() {
    listen();
    LIVE_PEAK.set(0);
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      pool.resetPeakUsage();
    }
    try {
      Files.writeString(Path.of("/proc/self/clear_refs"), "5");
      return true;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /**
   * Sum of the heap pools' peak usage since the last reset: garbage not yet collected included,
   * and each pool's peak may come at another time, so it can exceed the maximum heap.
   */
  public static long heapPeakBytes() {
    long total = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        total += pool.getPeakUsage().getUsed();
      }
    }
    return total;
  }

  /**
   * The most heap in use right after a collection since the last reset (0 if none ran): the
   * live data's peak, seen at collection times.
   */
  public static long liveHeapPeakBytes() {
    return LIVE_PEAK.get();
  }

  /** VmHWM from /proc/self/status (Linux), or -1. */
  public static long residentPeakBytes() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
    return -1;
  }

  public static String describe() {
    long max = Runtime.getRuntime().maxMemory();
    return String.format("peak heap after GC %.0f MB, heap pools' summed peaks %.0f MB (max heap %.0f MB), peak RSS %.0f MB",
        liveHeapPeakBytes() / 1e6, heapPeakBytes() / 1e6, max / 1e6, residentPeakBytes() / 1e6);
  }
}
