package org.marsonspark.bench;

import java.util.List;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * P1: tiling and planning a graph of {@code chunks} source chunks ({@code (ones + 1) * 2} then
 * a sum tree), without running it; reported per chunk op.
 * P2: throughput of trivial chunk tasks ({@code ones + 1}, one element per chunk), executed.
 */
final class Planner {
  private Planner() {}

  static Workload planning(int chunks) {
    return new Workload() {
      @Override
      public String id() {
        return chunks >= 1_000_000 ? "P1 big" : "P1";
      }

      @Override
      public String description() {
        return "tile + plan " + chunks + " source chunks ((ones + 1) * 2, sum tree); result = µs per chunk op";
      }

      @Override
      public double tolerance() {
        return Double.POSITIVE_INFINITY;
      }

      @Override
      public List<Contender> contenders(Env env) {
        return List.of(Contender.java("Mars on Spark: tile + fuse + build RDDs", () -> {
          Tensor t = Mt.ones(new long[] {chunks}, DType.FLOAT64, ChunkSize.of(1)).add(1).mul(2).sum();
          MarsSession.Explain e = env.mars().explain(List.of(t.data()));
          return (e.tileNanos() + e.planNanos()) / 1e3 / e.chunkOps();
        }));
      }
    };
  }

  static Workload throughput(int tasks) {
    return new Workload() {
      @Override
      public String id() {
        return "P2";
      }

      @Override
      public String description() {
        return tasks + " trivial chunk tasks (ones + 1, one element each); result = tasks per second";
      }

      @Override
      public double tolerance() {
        return Double.POSITIVE_INFINITY;
      }

      @Override
      public List<Contender> contenders(Env env) {
        return List.of(
            Contender.java("Mars on Spark: execute", () -> {
              long t0 = System.nanoTime();
              Tensor t = Mt.ones(new long[] {tasks}, DType.FLOAT64, ChunkSize.of(1)).add(1).execute(env.mars());
              double rate = tasks / ((System.nanoTime() - t0) / 1e9);
              t.release();
              return rate;
            }),
            Contender.java("Spark: parallelize(n, n).count()", () -> {
              org.apache.spark.api.java.JavaSparkContext jsc =
                  org.apache.spark.api.java.JavaSparkContext.fromSparkContext(env.spark().sparkContext());
              List<Integer> ids = java.util.stream.IntStream.range(0, tasks).boxed().toList();
              long t0 = System.nanoTime();
              long n = jsc.parallelize(ids, tasks).count();
              return n / ((System.nanoTime() - t0) / 1e9);
            }));
      }
    };
  }
}
