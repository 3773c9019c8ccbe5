package org.marsonspark.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.marsonspark.learn.interop.SparkML;
import org.marsonspark.learn.linearmodel.LogisticRegression;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;

/**
 * L2: a binary LogisticRegression fit (C = 1, L-BFGS, 50 iterations) on n × d float64 features
 * that share one factor (pairwise correlation 0.999) at scales from 0.1 to 10, so that no solver
 * stops before 50 iterations; labels drawn from a logistic model. Times are of the fit alone, the data in memory: our tensor
 * executed, MLlib's Dataset (our features through {@link SparkML}) cached, sklearn's numpy arrays.
 * The result is the number of iterations run.
 */
final class LogisticFit implements Workload {
  private final long n;
  private final int d;
  private final long chunk;

  LogisticFit(long n, int d, long chunk) {
    this.n = n;
    this.d = d;
    this.chunk = chunk;
  }

  @Override
  public String id() {
    return "L2";
  }

  @Override
  public String description() {
    return String.format("LogisticRegression fit, %.0e × %d float64, binary, C = 1, L-BFGS, 50 iterations, chunks "
        + "of %.0e rows", (double) n, d, (double) chunk);
  }

  @Override
  public double tolerance() {
    return 0; // every contender runs exactly 50 iterations
  }

  /**
   * Features {@code (f_i + 0.0316·e_ij)·s_j} (correlation 0.999, scales {@code s_j} from 0.1 to 10:
   * an ill-conditioned problem that no solver finishes in 50 iterations) and labels from the
   * logistic of the alternating sum of the unscaled columns, in which the factor cancels.
   */
  private Tensor[] data() {
    RandomState rs = new RandomState(11);
    Tensor factor = rs.randn(new long[] {n, 1}, ChunkSize.of(chunk, 1));
    Tensor shared = factor.add(rs.randn(new long[] {n, d}, ChunkSize.of(chunk, d)).mul(0.0316));
    double[] scale = new double[d];
    double[] w = new double[d];
    for (int j = 0; j < d; j++) {
      scale[j] = Math.pow(10, -1 + 2.0 * j / (d - 1));
      w[j] = (j % 2 == 0 ? 1.0 : -1.0) * 2 / (0.0316 * Math.sqrt(d));
    }
    Tensor z = shared.dot(Mt.tensor(NDArray.of(w)));
    Tensor p = Mt.divide(1.0, Mt.exp(z.neg()).add(1.0));
    Tensor y = rs.rand(new long[] {n}, ChunkSize.of(chunk)).lt(p).astype(DType.FLOAT64);
    Tensor x = shared.mul(Mt.tensor(NDArray.of(scale)));
    Mt.execute(x, y);
    return new Tensor[] {x, y};
  }

  @Override
  public List<Contender> contenders(Env env) {
    Tensor[] xy = data();
    List<Contender> c = new ArrayList<>();
    c.add(Contender.java("Mars on Spark (local[*])", () -> {
      LogisticRegression lr = new LogisticRegression().C(1.0).maxIter(50).tol(1e-12).fit(xy[0], xy[1]);
      return lr.nIter_().execute().fetch().getDouble(0);
    }));
    Dataset<Row> ds = SparkML.toDataset(xy[0], xy[1]).cache();
    ds.count();
    c.add(Contender.java("Spark MLlib LogisticRegression (L-BFGS, same data)", () -> {
      LogisticRegressionModel m = new org.apache.spark.ml.classification.LogisticRegression().setMaxIter(50)
          .setRegParam(1.0 / n).setElasticNetParam(0).setStandardization(false).setTol(1e-12).fit(ds);
      return (double) m.summary().totalIterations();
    }));
    if (env.python() != null && Python.has("numpy", "sklearn")) {
      for (int threads : new int[] {1, 2}) {
        c.add(new Python("sklearn lbfgs, " + threads + " BLAS thread" + (threads > 1 ? "s" : ""), env.python(),
            Map.of("OPENBLAS_NUM_THREADS", Integer.toString(threads), "OMP_NUM_THREADS", Integer.toString(threads)),
            "L2", "sklearn", Long.toString(n), Integer.toString(d)));
      }
    }
    return c;
  }
}
