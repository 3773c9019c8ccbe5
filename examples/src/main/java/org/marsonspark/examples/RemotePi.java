package org.marsonspark.examples;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.marsonspark.remote.Remote;
import org.marsonspark.remote.RemoteObject;
import org.marsonspark.session.MarsSession;

/**
 * Mars's remote-API pi: {@code tasks} calls of {@link #calcChunk} (each {@code n} points from a
 * {@link SplittableRandom} seeded by the call's index) spawned on the cluster, combined by a
 * spawned {@link #calcPi}. The same loop runs serially, in the same process, for the speed-up,
 * and on a plain pool of one Java thread per core, which shows what the machine allows at that
 * moment (other processes take cores away from both).
 *
 * <p>Usage: {@code RemotePi [tasks] [points per task] [repeats]} (defaults 20, 1e7, 5).
 */
public final class RemotePi {
  private static final int WARM_UP_ROUNDS = 40;
  /**
   * Untimed rounds exactly like the timed ones (JMH's default count): in the first full-size
   * rounds of a fresh JVM, C2 still compiles the task path for 200 ms and more per round.
   */
  private static final int FULL_WARM_UP_ROUNDS = 5;

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

  /** The same calls on a plain pool of {@code threads} Java threads: the machine's ceiling. */
  static double pooled(int tasks, long n, ExecutorService pool) throws Exception {
    List<Future<Long>> parts = new ArrayList<>();
    for (int i = 0; i < tasks; i++) {
      int seed = i;
      parts.add(pool.submit(() -> calcChunk(n, seed)));
    }
    List<Long> counts = new ArrayList<>();
    for (Future<Long> f : parts) {
      counts.add(f.get());
    }
    return calcPi(counts, tasks * n);
  }

  public static void main(String[] args) throws Exception {
    int tasks = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    long n = args.length > 1 ? (long) Double.parseDouble(args[1]) : 10_000_000L;
    int repeats = args.length > 2 ? Integer.parseInt(args[2]) : 5;
    try (MarsSession session = MarsSession.local()) {
      int cores = session.sparkContext().defaultParallelism();
      ExecutorService pool = Executors.newFixedThreadPool(cores);
      // warm-up: class loading and JIT for every path; Spark's task path is large, so it gets
      // many cheap rounds
      for (int w = 0; w < WARM_UP_ROUNDS; w++) {
        spawned(tasks, 1000);
      }
      // then untimed rounds exactly like the timed ones, as a benchmark harness does: calls that
      // run for tens of milliseconds take paths (and JIT profiles) that the cheap rounds do not
      for (int w = 0; w < FULL_WARM_UP_ROUNDS; w++) {
        serial(tasks, n);
        pooled(tasks, n, pool);
        spawned(tasks, n);
      }
      double[] serialSeconds = new double[repeats];
      double[] pooledSeconds = new double[repeats];
      double[] spawnedSeconds = new double[repeats];
      CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
      boolean jitTimed = jit != null && jit.isCompilationTimeMonitoringSupported();
      double piSerial = 0;
      double piSpawned = 0;
      for (int r = 0; r < repeats; r++) {
        long t0 = System.nanoTime();
        piSerial = serial(tasks, n);
        long t1 = System.nanoTime();
        pooled(tasks, n, pool);
        long t2 = System.nanoTime();
        long jit0 = jitTimed ? jit.getTotalCompilationTime() : 0;
        piSpawned = spawned(tasks, n);
        long t3 = System.nanoTime();
        long jitMillis = jitTimed ? jit.getTotalCompilationTime() - jit0 : -1;
        serialSeconds[r] = (t1 - t0) / 1e9;
        pooledSeconds[r] = (t2 - t1) / 1e9;
        spawnedSeconds[r] = (t3 - t2) / 1e9;
        System.out.printf("run %d: serial %.3f s, spawned %.3f s, speed-up %.2fx (a %d-thread Java pool: %.3f s, %.2fx;"
            + " JIT compiling during the spawned run: %d ms)%n", r + 1, serialSeconds[r], spawnedSeconds[r],
            serialSeconds[r] / spawnedSeconds[r], cores, pooledSeconds[r], serialSeconds[r] / pooledSeconds[r], jitMillis);
      }
      pool.shutdown();
      if (piSerial != piSpawned) {
        throw new IllegalStateException("spawned pi " + piSpawned + " differs from the serial " + piSerial);
      }
      System.out.printf("pi ≈ %.8f (error %.2e) from %d tasks x %,d points on %s (%d cores)%n", piSpawned,
          Math.abs(piSpawned - Math.PI), tasks, n, session.sparkContext().master(), cores);
      Timings.report("serial loop", serialSeconds);
      Timings.report("spawned", spawnedSeconds);
      Timings.report(cores + "-thread Java pool", pooledSeconds);
      System.out.printf("speed-up of spawned over serial: %.2fx (median of runs), %.2fx (best run)%n",
          Timings.median(ratios(serialSeconds, spawnedSeconds)), Timings.max(ratios(serialSeconds, spawnedSeconds)));
    }
  }

  private static double[] ratios(double[] a, double[] b) {
    double[] r = new double[a.length];
    for (int i = 0; i < r.length; i++) {
      r[i] = a[i] / b[i];
    }
    return r;
  }
}
