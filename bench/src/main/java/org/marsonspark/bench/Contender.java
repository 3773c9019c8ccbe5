package org.marsonspark.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** One way of running a workload: this project, or a reference it is compared with. */
interface Contender {
  String name();

  /** Warms up, then {@code repeats} timed runs. */
  Measurement measure(int repeats) throws Exception;

  /**
   * A contender running in this JVM. The harness warms every one of a workload up, then times
   * their runs round by round — one run of each, then the next round — so that a stretch of
   * machine noise (this machine's speed drifts by a third over minutes) falls on all of them,
   * not on whichever ran then.
   */
  interface InJvm extends Contender {
    /**
     * Runs until warm: at least once, and until {@link #WARM_UP_NANOS} have passed (at most
     * {@link #MOST_WARM_UP_RUNS} runs). On Java 17 a generated kernel runs at half speed or
     * less until the code calling it is compiled too (measured: the W1 kernel, alone on two
     * threads, 0.5–1.3 s a run for its first 5–12 runs, then 0.29 s, the same compiled kernel
     * throughout; not on Java 25), and the JIT compiles Spark's and this project's code over the
     * first seconds of a JVM: costs {@code bin/bench cold} measures on their own.
     */
    void warmUp() throws Exception;

    /** One timed run (after a GC), in seconds. */
    double timeOnce() throws Exception;

    /** The result of the last run. */
    double result() throws Exception;

    @Override
    default Measurement measure(int repeats) throws Exception {
      warmUp();
      List<Double> times = new ArrayList<>();
      for (int i = 0; i < repeats; i++) {
        times.add(timeOnce());
      }
      return new Measurement(times, result());
    }
  }

  long WARM_UP_NANOS = 10_000_000_000L;
  int MOST_WARM_UP_RUNS = 30;

  /** A contender running in this JVM; the callable returns the workload's result. */
  static InJvm java(String name, Callable<Double> run) {
    return java(name, run, null);
  }

  /**
   * A contender running in this JVM whose result is computed after its runs by {@code result}
   * (untimed: a model's cost, say), not returned by each run.
   */
  static InJvm java(String name, Callable<Double> run, Callable<Double> result) {
    return new InJvm() {
      private double last;

      @Override
      public String name() {
        return name;
      }

      @Override
      public void warmUp() throws Exception {
        long t0 = System.nanoTime();
        int runs = 0;
        do {
          last = run.call();
          runs++;
        } while (runs < MOST_WARM_UP_RUNS && System.nanoTime() - t0 < WARM_UP_NANOS);
      }

      @Override
      public double timeOnce() throws Exception {
        System.gc();
        long t0 = System.nanoTime();
        last = run.call();
        return (System.nanoTime() - t0) / 1e9;
      }

      @Override
      public double result() throws Exception {
        return result == null ? last : result.call();
      }
    };
  }
}
