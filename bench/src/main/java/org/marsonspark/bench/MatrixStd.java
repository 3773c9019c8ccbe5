package org.marsonspark.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.mllib.linalg.DenseMatrix;
import org.apache.spark.mllib.linalg.Matrix;
import org.apache.spark.mllib.linalg.distributed.BlockMatrix;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;
import scala.Tuple2;

/** W3: {@code a = random((n, n)); (a.dot(a.T) - a).std()}. */
final class MatrixStd implements Workload {
  private final int n;

  MatrixStd(int n) {
    this.n = n;
  }

  @Override
  public String id() {
    return "W3 n=" + n;
  }

  @Override
  public String description() {
    return "(a.dot(a.T) - a).std() of a = random((" + n + ", " + n + "))";
  }

  /** Different random streams: the std agrees to a few percent at these sizes. */
  @Override
  public double tolerance() {
    return 0.03;
  }

  @Override
  public List<Contender> contenders(Env env) {
    List<Contender> c = new ArrayList<>();
    c.add(Contender.java("Mars on Spark (local[*])", () -> {
      Tensor a = new RandomState(3).rand(new long[] {n, n}, ChunkSize.auto());
      return a.dot(a.T()).sub(a).std().execute(env.mars()).fetch().getDouble(0);
    }));
    c.add(Contender.java("MLlib BlockMatrix (blocks of 1000)", () -> blockMatrix(env, 1000)));
    if (env.python() != null) {
      c.add(new Python("numpy, " + env.cores() + " BLAS threads", env.python(),
          Map.of("OPENBLAS_NUM_THREADS", Integer.toString(env.cores())), "W3", "numpy", Integer.toString(n), "0"));
    }
    return c;
  }

  private double blockMatrix(Env env, int block) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(env.spark().sparkContext());
    int nb = (n + block - 1) / block;
    List<Tuple2<Integer, Integer>> ids = new ArrayList<>();
    for (int i = 0; i < nb; i++) {
      for (int j = 0; j < nb; j++) {
        ids.add(new Tuple2<>(i, j));
      }
    }
    int size = n;
    JavaRDD<Tuple2<Tuple2<Object, Object>, Matrix>> blocks = jsc.parallelize(ids, ids.size()).map(ij -> {
      int rows = Math.min(block, size - ij._1() * block);
      int cols = Math.min(block, size - ij._2() * block);
      Matrix m = DenseMatrix.rand(rows, cols, new Random(31L * ij._1() + ij._2()));
      return new Tuple2<>(new Tuple2<>((Object) ij._1(), (Object) ij._2()), m);
    });
    BlockMatrix a = new BlockMatrix(blocks.rdd(), block, block, n, n).cache();
    BlockMatrix d = a.multiply(a.transpose()).subtract(a);
    double[] s = d.blocks().toJavaRDD().map(b -> {
      double[] v = b._2().toArray();
      double sum = 0;
      double sq = 0;
      for (double x : v) {
        sum += x;
        sq += x * x;
      }
      return new double[] {sum, sq, v.length};
    }).reduce((x, y) -> new double[] {x[0] + y[0], x[1] + y[1], x[2] + y[2]});
    a.blocks().unpersist(false);
    double mean = s[0] / s[2];
    return Math.sqrt(s[1] / s[2] - mean * mean);
  }
}
