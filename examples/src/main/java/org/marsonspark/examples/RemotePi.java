package org.marsonspark.examples;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.marsonspark.remote.Remote;
import org.marsonspark.remote.RemoteObject;
import org.marsonspark.session.MarsSession;

/**
 * Mars's remote-API pi: {@code tasks} calls of {@link #calcChunk} (each {@code n} points from a
 * {@link SplittableRandom} seeded by the call's index) spawned on the cluster, combined by a
 * spawned {@link #calcPi}. The same loop runs serially first, in the same process, for the
 * speed-up.
 *
 * <p>Usage: {@code RemotePi [tasks] [points per task] [repeats]} (defaults 20, 1e7, 3).
 */
public final class RemotePi {
  private RemotePi() {}

  /** How many of {@code n} random points of the square [-1, 1)² fall inside the unit circle. */
  public static long calcChunk(long n, int seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    long inside = 0;
    for (long i = 0; i < n; i++) {
      double x = rng.nextDouble(-1, 1);
      double y = rng.nextDouble(-1, 1);
      if (x * x + y * y < 1) {
        inside++;
      }
    }
    return inside;
  }

  public static double calcPi(List<Long> insideCounts, long total) {
    long inside = 0;
    for (long c : insideCounts) {
      inside += c;
    }
    return 4.0 * inside / total;
  }

  /** pi from {@code tasks} spawned calls, combined by a spawned call. */
  public static double spawned(int tasks, long n) {
    List<RemoteObject<Long>> parts = new ArrayList<>();
    for (int i = 0; i < tasks; i++) {
      parts.add(Remote.spawn(RemotePi::calcChunk, n, i));
    }
    return Remote.spawn(RemotePi::calcPi, parts, tasks * n).execute().fetch();
  }

  public static double serial(int tasks, long n) {
    List<Long> parts = new ArrayList<>();
    for (int i = 0; i < tasks; i++) {
      parts.add(calcChunk(n, i));
    }
    return calcPi(parts, tasks * n);
  }

  public static void main(String[] args) {
    int tasks = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    long n = args.length > 1 ? (long) Double.parseDouble(args[1]) : 10_000_000L;
    int repeats = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    try (MarsSession session = MarsSession.local()) {
      // warm-up: class loading and JIT for both paths
      serial(tasks, n / 100);
      spawned(tasks, n / 100);
      double[] serialSeconds = new double[repeats];
      double[] spawnedSeconds = new double[repeats];
      double piSerial = 0;
      double piSpawned = 0;
      for (int r = 0; r < repeats; r++) {
        long t0 = System.nanoTime();
        piSerial = serial(tasks, n);
        long t1 = System.nanoTime();
        piSpawned = spawned(tasks, n);
        long t2 = System.nanoTime();
        serialSeconds[r] = (t1 - t0) / 1e9;
        spawnedSeconds[r] = (t2 - t1) / 1e9;
        System.out.printf("run %d: serial %.3f s, spawned %.3f s, speed-up %.2fx%n", r + 1, serialSeconds[r],
            spawnedSeconds[r], serialSeconds[r] / spawnedSeconds[r]);
      }
      if (piSerial != piSpawned) {
        throw new IllegalStateException("spawned pi " + piSpawned + " differs from the serial " + piSerial);
      }
      System.out.printf("pi ≈ %.8f (error %.2e) from %d tasks x %,d points on %s (%d cores)%n", piSpawned,
          Math.abs(piSpawned - Math.PI), tasks, n, session.sparkContext().master(),
          session.sparkContext().defaultParallelism());
      Timings.report("serial loop", serialSeconds);
      Timings.report("spawned", spawnedSeconds);
      System.out.printf("speed-up: %.2fx (median), %.2fx (min over min)%n",
          Timings.median(serialSeconds) / Timings.median(spawnedSeconds),
          Timings.min(serialSeconds) / Timings.min(spawnedSeconds));
    }
  }
}
