package org.marsonspark.examples;

import org.apache.spark.sql.SparkSession;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * Mars's introductory example: estimate pi from N random points in the square [-1, 1)^2,
 * counting those inside the unit circle. Written exactly as the numpy version would be:
 *
 * <pre>
 *   a = mt.random.uniform(-1, 1, size=(N, 2), chunk_size=...)
 *   pi = 4 * (mt.sqrt((a * a).sum(axis=1)) &lt; 1).sum() / N
 * </pre>
 *
 * <p>Usage: {@code MonteCarloPi [N] [rows per chunk] [seed]} (defaults 2e8, 1e7, 0).
 */
public final class MonteCarloPi {
  private MonteCarloPi() {}

  /** Builds the pi tensor (nothing runs yet). */
  public static Tensor pi(long n, long rowsPerChunk, long seed) {
    Mt.random.seed(seed);
    Tensor a = Mt.random.uniform(-1, 1, new long[] {n, 2}, ChunkSize.of(rowsPerChunk, 2));
    return Mt.sqrt(a.mul(a).sum(1)).lt(1).sum().mul(4).div(n);
  }

  public static void main(String[] args) {
    long n = args.length > 0 ? (long) Double.parseDouble(args[0]) : 200_000_000L;
    long chunk = args.length > 1 ? (long) Double.parseDouble(args[1]) : 10_000_000L;
    long seed = args.length > 2 ? Long.parseLong(args[2]) : 0;
    // under spark-submit (spark.master set) use its Spark session: local() would force local[*]
    SparkSession submitted = System.getProperty("spark.master") != null ? SparkSession.builder().getOrCreate() : null;
    try (MarsSession session = submitted != null ? MarsSession.attach(submitted) : MarsSession.local()) {
      // one small run first, so that class loading and JIT warm-up do not count
      pi(chunk, chunk, seed).execute().fetch();
      PeakMemory.reset();
      long t0 = System.nanoTime();
      Tensor pi = pi(n, chunk, seed);
      double value = pi.execute().fetch().getDouble(0);
      double seconds = (System.nanoTime() - t0) / 1e9;
      System.out.printf("pi ≈ %.8f (error %.2e)%n", value, Math.abs(value - Math.PI));
      System.out.printf("N = %,d points in %d chunks of %,d rows on %s%n", n, (n + chunk - 1) / chunk, chunk,
          session.sparkContext().master());
      System.out.printf("wall time %.3f s%n", seconds);
      System.out.println(PeakMemory.describe());
    } finally {
      if (submitted != null) {
        submitted.stop();
      }
    }
  }
}
