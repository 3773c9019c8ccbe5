package org.marsonspark.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.marsonspark.learn.neighbors.NearestNeighbors;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * W6: exact k nearest neighbours, brute force, Euclidean — float32 items and queries (standard
 * normal, 64 features), k = 10: Mars's {@code NearestNeighbors} (fit + kneighbors) against
 * scikit-learn's brute force, a hand-written blocked-sgemm loop on all cores ({@link BlockedKnn},
 * plain threads) and a plain Spark RDD of query blocks with the items broadcast (the same loop per
 * block). The data is made once before the timing (Mars: executed tensors). The result is the sum
 * of all neighbours' distances: equal within 1e-5 (relative) only when every contender found the
 * same neighbours (up to distances equal at float32 precision).
 */
final class NearestNeighborsSearch implements Workload {
  static final int FEATURES = 64;
  static final int K = 10;
  private final String id;
  private final int items;
  private final int queries;
  private final boolean withSklearn;

  NearestNeighborsSearch(String id, int items, int queries, boolean withSklearn) {
    this.id = id;
    this.items = items;
    this.queries = queries;
    this.withSklearn = withSklearn;
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public String description() {
    return String.format("k nearest neighbours (k = %d, Euclidean, brute force) of %.0e float32 queries among "
        + "%.0e items × %d features (fit + kneighbors; result: the sum of the distances)", K, (double) queries,
        (double) items, FEATURES);
  }

  @Override
  public double tolerance() {
    return 1e-5;
  }

  /** Rows from a per-row generator: the same values wherever they are made. */
  static float[] rows(long seed, int n) {
    float[] out = new float[n * FEATURES];
    for (int i = 0; i < n; i++) {
      SplittableRandom r = new SplittableRandom(seed * 0x9e3779b97f4a7c15L + i);
      for (int j = 0; j < FEATURES; j++) {
        out[i * FEATURES + j] = (float) r.nextGaussian();
      }
    }
    return out;
  }

  @Override
  public List<Contender> contenders(Env env) {
    float[] x = rows(1, items);
    float[] q = rows(2, queries);
    List<Contender> c = new ArrayList<>();
    c.add(mars(env, x, q));
    int cores = env.cores();
    c.add(Contender.java("hand-written Java, blocked sgemm, " + cores + " threads", () -> Threads.sumDouble(cores, cores,
        t -> BlockedKnn.sumOfDistances(q, (int) ((long) queries * t / cores), (int) ((long) queries * (t + 1) / cores),
            x, items, FEATURES, K))));
    c.add(rdd(env, x, q));
    if (withSklearn && env.python() != null && Python.has("numpy", "sklearn")) {
      Path xf = DataFiles.write("bench-w6-", x);
      Path qf = DataFiles.write("bench-w6-q-", q);
      for (int threads : new int[] {1, cores}) {
        c.add(new Python("scikit-learn 1.2 brute, " + threads + " thread" + (threads > 1 ? "s" : ""), env.python(),
            Map.of("OMP_NUM_THREADS", Integer.toString(threads), "OPENBLAS_NUM_THREADS", "1", "BENCH_DATA",
                xf.toString(), "BENCH_QUERIES", qf.toString(), "BENCH_SHAPE", items + "," + queries + "," + FEATURES
                    + "," + K), "W6", "sklearn", Integer.toString(items), Integer.toString(threads)));
      }
    }
    return c;
  }

  private Contender mars(Env env, float[] x, float[] q) {
    int cores = env.cores();
    Tensor xt = Mt.tensor(NDArray.of(x, items, FEATURES), ChunkSize.of(Math.max(1, items / (2 * cores)), FEATURES))
        .execute(env.mars());
    Tensor qt = Mt.tensor(NDArray.of(q, queries, FEATURES), ChunkSize.of(Math.max(1, queries / (4 * cores)),
        FEATURES)).execute(env.mars());
    return Contender.java("Mars on Spark NearestNeighbors (local[*])", () -> {
      Tensor dist = new NearestNeighbors().nNeighbors(K).fit(xt).kneighbors(qt, null, true)[0];
      Tensor total = dist.astype(org.marsonspark.tensor.DType.FLOAT64).sum();
      try {
        return total.execute(env.mars()).fetch().getDouble(0);
      } finally {
        total.release();
      }
    });
  }

  private Contender rdd(Env env, float[] x, float[] q) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(env.spark().sparkContext());
    int blocks = Math.max(1, 4 * env.cores());
    List<float[]> parts = new ArrayList<>();
    for (int b = 0; b < blocks; b++) {
      int from = (int) ((long) queries * b / blocks);
      int to = (int) ((long) queries * (b + 1) / blocks);
      parts.add(java.util.Arrays.copyOfRange(q, from * FEATURES, to * FEATURES));
    }
    JavaRDD<float[]> queryBlocks = jsc.parallelize(parts, blocks).cache();
    queryBlocks.count();
    int n = items;
    return Contender.java("Spark RDD of " + blocks + " query blocks, items broadcast", () -> {
      Broadcast<float[]> shared = jsc.broadcast(x);
      try {
        return queryBlocks.map(b -> BlockedKnn.sumOfDistances(b, 0, b.length / FEATURES, shared.value(), n, FEATURES,
            K)).reduce(Double::sum);
      } finally {
        shared.destroy();
      }
    });
  }
}
