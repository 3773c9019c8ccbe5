package org.marsonspark.examples;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;

/** Peak memory of this JVM: heap pools' peak usage and the process's peak resident set. */
final class PeakMemory {
  private PeakMemory() {}

  static void reset() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      pool.resetPeakUsage();
    }
  }

  static long heapPeakBytes() {
    long total = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        total += pool.getPeakUsage().getUsed();
      }
    }
    return total;
  }

  /** VmHWM from /proc (Linux), or -1. */
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

  static String describe() {
    long max = Runtime.getRuntime().maxMemory();
    return String.format("peak heap used %.0f MB (max heap %.0f MB), peak RSS %.0f MB", heapPeakBytes() / 1e6,
        max / 1e6, residentPeakBytes() / 1e6);
  }
}
