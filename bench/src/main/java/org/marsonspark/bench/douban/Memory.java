package org.marsonspark.bench.douban;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;

/** Peak memory of this JVM (the driver, which in local mode is also the executor). */
final class Memory {
  private Memory() {}

  /**
   * Resets the heap pools' peaks and, on Linux, the process's peak resident set (writing 5 to
   * /proc/self/clear_refs sets VmHWM to the current RSS). Returns whether the RSS peak was reset.
   */
  static boolean resetPeaks() {
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
  static long heapPeakBytes() {
    long total = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        total += pool.getPeakUsage().getUsed();
      }
    }
    return total;
  }

  /** VmHWM from /proc/self/status, or -1. */
  static long residentPeakBytes() {
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
}
