package org.marsonspark.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.ml.feature.PCAModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.marsonspark.learn.decomposition.PCA;
import org.marsonspark.learn.interop.SparkML;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;

/**
 * L3: a PCA fit to 10 components of n × d float64 data of 10 strong directions plus noise
 * ({@code F·L + 0.1·E}). Ours and sklearn's 'auto' pick the randomized solver; MLlib's PCA(k)
 * computes the covariance on the driver. Times are of the fit alone, the data in memory. The
 * result is the explained variance ratio of the 10 components together.
 */
final class PcaFit implements Workload {
  private final long n;
  private final int d;
  private final long chunk;

  PcaFit(long n, int d, long chunk) {
    this.n = n;
    this.d = d;
    this.chunk = chunk;
  }

  @Override
  public String id() {
    return "L3";
  }

  @Override
  public String description() {
    return String.format("PCA fit, %.0e × %d float64 → 10 components, chunks of %.0e rows", (double) n, d,
        (double) chunk);
  }

  @Override
  public double tolerance() {
    return 1e-3; // different random data (numpy's stream for sklearn): the ratios agree to its noise
  }

  private Tensor data() {
    RandomState rs = new RandomState(5);
    Tensor f = rs.randn(new long[] {n, 10}, ChunkSize.of(chunk, 10));
    Tensor loadings = rs.randn(new long[] {10, d}, ChunkSize.of(10, d));
    Tensor x = f.dot(loadings).add(rs.randn(new long[] {n, d}, ChunkSize.of(chunk, d)).mul(0.1));
    return x.execute();
  }

  @Override
  public List<Contender> contenders(Env env) {
    Tensor x = data();
    List<Contender> c = new ArrayList<>();
    c.add(Contender.java("Mars on Spark (local[*]), randomized ('auto')", () -> {
      PCA p = new PCA().nComponents(10).randomState(0).fit(x);
      return p.explainedVarianceRatio_().sum().execute().fetch().getDouble(0);
    }));
    Dataset<Row> ds = SparkML.toDataset(x).cache();
    ds.count();
    c.add(Contender.java("Spark MLlib PCA(k=10) (same data)", () -> {
      PCAModel m = new org.apache.spark.ml.feature.PCA().setK(10).setInputCol("features").setOutputCol("pca").fit(ds);
      double sum = 0;
      for (double v : m.explainedVariance().toArray()) {
        sum += v;
      }
      return sum;
    }));
    if (env.python() != null && Python.has("numpy", "sklearn")) {
      for (int threads : new int[] {1, 2}) {
        c.add(new Python("sklearn randomized ('auto'), " + threads + " BLAS thread" + (threads > 1 ? "s" : ""),
            env.python(), Map.of("OPENBLAS_NUM_THREADS", Integer.toString(threads), "OMP_NUM_THREADS",
                Integer.toString(threads)), "L3", "sklearn", Long.toString(n), Integer.toString(d)));
      }
    }
    return c;
  }
}
