package org.marsonspark.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaSparkContext;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;

/** W1: Monte Carlo pi, {@code 4 * (sqrt((a * a).sum(axis=1)) < 1).sum() / N}. */
final class MonteCarloPi implements Workload {
  private final long n;
  private final long chunk;

  MonteCarloPi(long n, long chunk) {
    this.n = n;
    this.chunk = chunk;
  }

  @Override
  public String id() {
    return n >= 1_000_000_000L ? "W1 big" : "W1";
  }

  @Override
  public String description() {
    return String.format("Monte Carlo pi, N = %.0e points, chunks of %.0e rows", (double) n, (double) chunk);
  }

  @Override
  public double tolerance() {
    return 1e-3;
  }

  /** The hand-written loop: the same expression, one pass, no arrays. */
  static long inside(long points, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    long count = 0;
    for (long i = 0; i < points; i++) {
      double x = r.nextDouble() * 2 - 1;
      double y = r.nextDouble() * 2 - 1;
      if (Math.sqrt(x * x + y * y) < 1) {
        count++;
      }
    }
    return count;
  }

  /** Mars's pi: {@code 4 * (sqrt((a * a).sum(axis=1)) < 1).sum() / n} over uniform points in chunks of {@code chunk} rows. */
  static double mars(MarsSession session, long n, long chunk) {
    Tensor a = new RandomState(1).uniform(-1, 1, new long[] {n, 2}, ChunkSize.of(chunk, 2));
    Tensor pi = Mt.sqrt(a.mul(a).sum(1)).lt(1).sum().mul(4).div(n);
    return pi.execute(session).fetch().getDouble(0);
  }

  /** The plain Spark job: {@code parts} partitions, each running {@link #inside} on its share. */
  static double sparkRdd(JavaSparkContext jsc, long n, int parts) {
    List<Integer> ids = new ArrayList<>();
    for (int i = 0; i < parts; i++) {
      ids.add(i);
    }
    long per = n / parts;
    long count = jsc.parallelize(ids, parts).map(i -> inside(per, i)).reduce(Long::sum);
    return 4.0 * count / n;
  }

  @Override
  public List<Contender> contenders(Env env) {
    List<Contender> c = new ArrayList<>();
    c.add(Contender.java("Mars on Spark (local[*])", () -> mars(env.mars(), n, chunk)));
    // the hand-written loops run the Spark job's partitions: a call per chunk of points
    int parts = (int) Math.max(1, n / chunk);
    c.add(Contender.java("Java loop, 1 thread", () -> 4.0 * Threads.sum(1, parts, p -> inside(n / parts, p)) / n));
    c.add(Contender.java("Java loop, " + env.cores() + " threads", () -> 4.0 * Threads.sum(env.cores(), parts,
        p -> inside(n / parts, p)) / n));
    c.add(Contender.java("Spark RDD, " + parts + " partitions",
        () -> sparkRdd(JavaSparkContext.fromSparkContext(env.spark().sparkContext()), n, parts)));
    if (env.python() != null) {
      c.add(new Python("numpy, chunked", env.python(), Map.of(), "W1", "numpy", Long.toString(n), Long.toString(chunk)));
      c.add(new Python("numexpr, chunked", env.python(), Map.of(), "W1", "numexpr", Long.toString(n),
          Long.toString(chunk)));
    }
    return c;
  }
}
