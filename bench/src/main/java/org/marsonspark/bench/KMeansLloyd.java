package org.marsonspark.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.mllib.clustering.KMeansModel;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.mllib.linalg.Vectors;
import org.marsonspark.learn.cluster.KMeans;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * L1: KMeans by Lloyd's iterations on blobs — n × 16 float64 rows around 8 centres, k = 8, the
 * first 8 rows as the given initial centres, 20 iterations ({@code tol = 0}, and blobs wide enough
 * that none converges earlier). The data is made once, in memory before the timing: a Mars tensor
 * executed in the executors, a cached RDD of MLlib vectors, a float64 file sklearn loads. The
 * result is the inertia (MLlib's cost of its final centres, computed after the timing).
 */
final class KMeansLloyd implements Workload {
  static final int FEATURES = 16;
  static final int CLUSTERS = 8;
  static final int ITERATIONS = 20;
  private static final double SPREAD = 10.0;
  private final int n;
  private final int chunkRows;

  KMeansLloyd(int n, int chunkRows) {
    this.n = n;
    this.chunkRows = chunkRows;
  }

  @Override
  public String id() {
    return "L1";
  }

  @Override
  public String description() {
    return String.format("KMeans %.0e × %d float64 blobs, k = %d, given initial centres, %d Lloyd iterations "
        + "(fit only, data in memory; Mars chunks of %.0e rows)", (double) n, FEATURES, CLUSTERS, ITERATIONS,
        (double) chunkRows);
  }

  /** The centres and rows come from per-row generators: the same values on the driver and in the executors. */
  static double[] centres(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] c = new double[CLUSTERS * FEATURES];
    for (int i = 0; i < c.length; i++) {
      c[i] = r.nextDouble(-10, 10);
    }
    return c;
  }

  static void row(double[] centres, long i, double[] out, int offset) {
    SplittableRandom r = new SplittableRandom(0x9e3779b97f4a7c15L * (i + 1));
    int blob = r.nextInt(CLUSTERS);
    for (int j = 0; j < FEATURES; j++) {
      out[offset + j] = centres[blob * FEATURES + j] + SPREAD * r.nextGaussian();
    }
  }

  @Override
  public List<Contender> contenders(Env env) {
    double[] centres = centres(42);
    double[] data = new double[n * FEATURES];
    for (int i = 0; i < n; i++) {
      row(centres, i, data, i * FEATURES);
    }
    double[] init = java.util.Arrays.copyOf(data, CLUSTERS * FEATURES);
    List<Contender> c = new ArrayList<>();
    c.add(mars(env, data, init));
    c.add(mllib(env, centres, init));
    if (env.python() != null) {
      Path file = DataFiles.write("bench-l1-", data);
      for (int threads : new int[] {1, env.cores()}) {
        c.add(new Python("scikit-learn 1.2, " + threads + " thread" + (threads > 1 ? "s" : ""), env.python(),
            Map.of("OMP_NUM_THREADS", Integer.toString(threads), "OPENBLAS_NUM_THREADS", "1", "BENCH_DATA",
                file.toString()), "L1", "sklearn", Integer.toString(n), Integer.toString(threads)));
      }
    }
    return c;
  }

  private Contender mars(Env env, double[] data, double[] init) {
    Tensor x = Mt.tensor(NDArray.of(data, n, FEATURES), ChunkSize.of(chunkRows, FEATURES)).execute(env.mars());
    NDArray centres = NDArray.of(init, CLUSTERS, FEATURES);
    return Contender.java("Mars on Spark (local[*])", () -> {
      KMeans km = new KMeans().nClusters(CLUSTERS).init(centres).nInit(1).maxIter(ITERATIONS).tol(0).fit(x);
      km.labels_().release();
      if (km.nIter_() != ITERATIONS) {
        throw new IllegalStateException("converged after " + km.nIter_() + " iterations: widen the blobs");
      }
      return km.inertia_();
    });
  }

  private Contender mllib(Env env, double[] blobCentres, double[] init) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(env.spark().sparkContext());
    int parts = Math.max(1, n / chunkRows);
    List<Integer> ids = new ArrayList<>();
    for (int p = 0; p < parts; p++) {
      ids.add(p);
    }
    int rows = n;
    JavaRDD<Vector> points = jsc.parallelize(ids, parts).flatMap(p -> {
      long from = (long) rows * p / parts;
      long to = (long) rows * (p + 1) / parts;
      List<Vector> out = new ArrayList<>();
      for (long i = from; i < to; i++) {
        double[] v = new double[FEATURES];
        row(blobCentres, i, v, 0);
        out.add(Vectors.dense(v));
      }
      return out.iterator();
    }).cache();
    points.count();
    Vector[] initial = new Vector[CLUSTERS];
    for (int j = 0; j < CLUSTERS; j++) {
      initial[j] = Vectors.dense(java.util.Arrays.copyOfRange(init, j * FEATURES, (j + 1) * FEATURES));
    }
    KMeansModel start = new KMeansModel(initial);
    KMeansModel[] last = new KMeansModel[1];
    return Contender.java("Spark MLlib KMeans (local[*], " + parts + " partitions)", () -> {
      last[0] = new org.apache.spark.mllib.clustering.KMeans().setK(CLUSTERS).setMaxIterations(ITERATIONS)
          .setEpsilon(0).setInitialModel(start).run(points.rdd());
      return Double.NaN;
    }, () -> last[0].computeCost(points.rdd()));
  }
}
