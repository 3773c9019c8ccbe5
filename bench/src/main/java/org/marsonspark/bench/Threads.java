package org.marsonspark.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongUnaryOperator;

/** Runs a hand-written loop on several plain threads. */
final class Threads {
  private Threads() {}

  /** Sum of {@code part.applyAsLong(t)} for t in [0, threads), one thread each. */
  static long sum(int threads, LongUnaryOperator part) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Long>> fs = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        long id = t;
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

  /** As {@link #sum} for double parts. */
  static double sumDouble(int threads, java.util.function.LongToDoubleFunction part) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Double>> fs = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        long id = t;
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
