package org.marsonspark.examples;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.remote.ExecutableTuple;
import org.marsonspark.remote.Remote;
import org.marsonspark.remote.RemoteObject;
import org.marsonspark.session.MarsSession;

/**
 * Scheduling throughput of trivial spawned calls: {@code n} empty functions spawned, executed
 * together with an {@link ExecutableTuple} and fetched, in calls per second (spawn, execute and
 * fetch included). Anchors measured elsewhere on one node: Mars ≈ 80/s, Dask ≈ 830/s.
 *
 * <p>Usage: {@code SpawnThroughput [n] [repeats]} (defaults 2000, 7; the first 2 runs warm up).
 */
public final class SpawnThroughput {
  private static final int WARM_UP = 2;

  private SpawnThroughput() {}

  static double run(int n) {
    long t0 = System.nanoTime();
    List<RemoteObject<?>> calls = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      calls.add(Remote.spawn(() -> null));
    }
    List<Object> values = ExecutableTuple.of(calls).execute().fetch();
    double seconds = (System.nanoTime() - t0) / 1e9;
    if (values.size() != n) {
      throw new IllegalStateException("fetched " + values.size() + " values for " + n + " calls");
    }
    return seconds;
  }

  public static void main(String[] args) {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
    int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 7;
    try (MarsSession session = MarsSession.local()) {
      double[] rates = new double[repeats];
      for (int r = 0; r < WARM_UP + repeats; r++) {
        double seconds = run(n);
        if (r >= WARM_UP) {
          rates[r - WARM_UP] = n / seconds;
          System.out.printf("run %d: %,d empty calls in %.3f s = %,.0f calls/s%n", r - WARM_UP + 1, n, seconds,
              n / seconds);
        }
      }
      System.out.printf("%,d empty spawned calls on %s (%d cores): min %,.0f calls/s, median %,.0f calls/s%n", n,
          session.sparkContext().master(), session.sparkContext().defaultParallelism(), Timings.min(rates),
          Timings.median(rates));
    }
  }
}
