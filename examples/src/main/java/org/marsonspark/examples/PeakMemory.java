package org.marsonspark.examples;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Peak memory of this JVM (the driver, which in local mode is also the executor): heap pools'
 * peak usage and the process's peak resident set. Used by the examples and the benchmarks.
 */
public final class PeakMemory {
  private PeakMemory() {}

  /**
   * Resets the heap pools' peaks and, on Linux, the process's peak resident set (writing 5 to
   * /proc/self/clear_refs sets VmHWM to the current RSS). Returns whether the RSS peak was reset.
   */
  public static boolean reset() {
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

  /** Sum of the heap pools' peak usage since the last reset (garbage not yet collected included). */
  public static long heapPeakBytes() {
    long total = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        total += pool.getPeakUsage().getUsed();
      }
    }
    return total;
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
    return String.format("peak heap used %.0f MB (max heap %.0f MB), peak RSS %.0f MB", heapPeakBytes() / 1e6,
        max / 1e6, residentPeakBytes() / 1e6);
  }
}
