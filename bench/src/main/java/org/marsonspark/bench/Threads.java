package org.marsonspark.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongUnaryOperator;

/** Runs a hand-written loop, split into parts, on a pool of plain threads. */
final class Threads {
  private Threads() {}

  /**
   * Sum of {@code part.applyAsLong(p)} for p in [0, parts), run by a pool of {@code threads}
   * threads. A loop split into many calls (a chunk each) runs in the JIT's ordinary compiled code
   * once warm; one call per thread of 10⁸ iterations would run all of it in on-stack-replacement
   * code, which on Java 17 is up to 4× slower for these loops (measured).
   */
  static long sum(int threads, int parts, LongUnaryOperator part) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Long>> fs = new ArrayList<>();
      for (int p = 0; p < parts; p++) {
        long id = p;
        fs.add(pool.submit(() -> part.applyAsLong(id)));
      }
      long total = 0;
      for (Future<Long> f : fs) {
        total += f.get();
      }
      return total;
    } finally {
      pool.shutdown();
    }
  }

  /** As {@link #sum} for double parts (added in order of p). */
  static double sumDouble(int threads, int parts, java.util.function.LongToDoubleFunction part) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Double>> fs = new ArrayList<>();
      for (int p = 0; p < parts; p++) {
        long id = p;
        fs.add(pool.submit(() -> part.applyAsDouble(id)));
      }
      double total = 0;
      for (Future<Double> f : fs) {
        total += f.get();
      }
      return total;
    } finally {
      pool.shutdown();
    }
  }
}
