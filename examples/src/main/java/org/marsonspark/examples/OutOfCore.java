package org.marsonspark.examples;

import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;

/**
 * A materialized intermediate several times larger than memory: {@code x} (1.5e9 doubles, 12 GB
 * by default) is executed and kept, spilling to disk, then {@code (x - x.mean()).std()} reads it
 * back. Run with a capped heap: {@code JAVA_OPTS=-Xmx3g bin/run-example outofcore}.
 *
 * <p>Usage: {@code OutOfCore [n] [seed]}; the expected result is sqrt(1/12) = 0.288675.
 */
public final class OutOfCore {
  private OutOfCore() {}

  public static void main(String[] args) {
    long n = args.length > 0 ? (long) Double.parseDouble(args[0]) : 1_500_000_000L;
    long seed = args.length > 1 ? Long.parseLong(args[1]) : 0;
    // Chunk arrays live outside Spark's memory accounting: keep them small (32 MiB) and leave the
    // block managers less than their default share of the heap, so tasks have room to work in.
    org.apache.spark.SparkConf conf = new org.apache.spark.SparkConf().set("spark.memory.fraction", "0.4");
    MarsOptions options = MarsOptions.defaults().withChunkStoreLimit(32L << 20);
    try (MarsSession session = MarsSession.local("local[*]", options, conf)) {
      PeakMemory.reset();
      long t0 = System.nanoTime();
      Tensor x = new RandomState(seed).rand(n).execute();
      double materialized = (System.nanoTime() - t0) / 1e9;
      long t1 = System.nanoTime();
      double std = x.sub(x.mean()).std().execute().fetch().getDouble(0);
      double computed = (System.nanoTime() - t1) / 1e9;
      System.out.printf("x = rand(%,d): %.1f GB in %d chunks, materialized in %.1f s%n", n, n * 8 / 1e9,
          x.nsplits()[0].length, materialized);
      System.out.printf("(x - x.mean()).std() = %.6f (sqrt(1/12) = %.6f) in %.1f s%n", std, Math.sqrt(1.0 / 12),
          computed);
      System.out.println(PeakMemory.describe());
      x.release();
    }
  }
}
