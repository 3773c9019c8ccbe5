package org.marsonspark.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** One way of running a workload: this project, or a reference it is compared with. */
interface Contender {
  String name();

  /** Runs once to warm up, then {@code repeats} timed runs. */
  Measurement measure(int repeats) throws Exception;

  /** A contender running in this JVM; the callable returns the workload's result. */
  static Contender java(String name, Callable<Double> run) {
    return new Contender() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Measurement measure(int repeats) throws Exception {
        double result = run.call();
        List<Double> times = new ArrayList<>();
        for (int i = 0; i < repeats; i++) {
          System.gc();
          long t0 = System.nanoTime();
          result = run.call();
          times.add((System.nanoTime() - t0) / 1e9);
        }
        return new Measurement(times, result);
      }
    };
  }
}
