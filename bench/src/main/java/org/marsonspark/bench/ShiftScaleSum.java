package org.marsonspark.bench;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.rand;
import static org.apache.spark.sql.functions.sum;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaSparkContext;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.RandomState;

/** W2: {@code x = random(n); ((x + 1) * 2).sum()}, generation included. */
final class ShiftScaleSum implements Workload {
  private final long n;
  private final long chunk;

  ShiftScaleSum(long n, long chunk) {
    this.n = n;
    this.chunk = chunk;
  }

  @Override
  public String id() {
    return "W2";
  }

  @Override
  public String description() {
    return String.format("((x + 1) * 2).sum() of x = random(%.0e), chunks of %.0e", (double) n, (double) chunk);
  }

  static double loop(long count, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double acc = 0;
    for (long i = 0; i < count; i++) {
      acc += (r.nextDouble() + 1) * 2;
    }
    return acc;
  }

  @Override
  public List<Contender> contenders(Env env) {
    List<Contender> c = new ArrayList<>();
    c.add(Contender.java("Mars on Spark (local[*])", () -> new RandomState(2)
        .rand(new long[] {n}, ChunkSize.of(chunk)).add(1).mul(2).sum().execute(env.mars()).fetch().getDouble(0)));
    // the hand-written loops run the Spark job's partitions: a call per chunk
    int parts = (int) Math.max(1, n / chunk);
    c.add(Contender.java("Java fused loop, 1 thread", () -> Threads.sumDouble(1, parts, p -> loop(n / parts, p))));
    c.add(Contender.java("Java fused loop, " + env.cores() + " threads",
        () -> Threads.sumDouble(env.cores(), parts, p -> loop(n / parts, p))));
    // Spark refuses a non-deterministic expression inside an aggregate: draw in a projection
    c.add(Contender.java("Spark SQL range/rand/sum", () -> env.spark().range(n).withColumn("x", rand(7))
        .select(sum(col("x").plus(lit(1)).multiply(lit(2)))).first().getDouble(0)));
    c.add(Contender.java("Spark RDD, " + parts + " partitions", () -> {
      JavaSparkContext jsc = JavaSparkContext.fromSparkContext(env.spark().sparkContext());
      List<Integer> ids = new ArrayList<>();
      for (int i = 0; i < parts; i++) {
        ids.add(i);
      }
      long per = n / parts;
      return jsc.parallelize(ids, parts).map(i -> loop(per, i)).reduce(Double::sum);
    }));
    if (env.python() != null) {
      c.add(new Python("numpy", env.python(), Map.of(), "W2", "numpy", Long.toString(n), Long.toString(chunk)));
      c.add(new Python("numexpr", env.python(), Map.of(), "W2", "numexpr", Long.toString(n), Long.toString(chunk)));
    }
    return c;
  }
}
