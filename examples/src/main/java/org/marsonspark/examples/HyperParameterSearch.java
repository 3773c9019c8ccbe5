package org.marsonspark.examples;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.marsonspark.remote.ExecutableTuple;
import org.marsonspark.remote.Remote;
import org.marsonspark.remote.RemoteObject;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;

/**
 * Hyper-parameter search with spawned functions (workload W7, scaled): a classification data
 * set is made and split once on the cluster as tensors, then a grid of model configurations —
 * softmax (multinomial logistic) regression trained by gradient descent, and ridge regression
 * on one-hot targets — is trained and scored, one spawned call per configuration, each
 * receiving the data set tensors as arguments (as local {@link NDArray}s). The same calls run
 * serially on the driver for the speed-up, and on a plain pool of one Java thread per core, which
 * shows what the machine allows at that moment. Models are plain single-threaded Java loops, so
 * the serial run really is serial.
 *
 * <p>Usage: {@code HyperParameterSearch [samples] [features] [classes] [epochs]} (defaults
 * 60000, 93, 9, 40; two thirds train, one third test).
 */
public final class HyperParameterSearch {
  private HyperParameterSearch() {}

  /** One model configuration of the grid. */
  public record Config(String model, double learningRate, double penalty, int epochs) implements Serializable {
    static Config logistic(double learningRate, double l2, int epochs) {
      return new Config("logistic", learningRate, l2, epochs);
    }

    static Config ridge(double alpha) {
      return new Config("ridge", 0, alpha, 0);
    }

    @Override
    public String toString() {
      return model.equals("ridge") ? "ridge(alpha=" + plain(penalty) + ")"
          : "logistic(lr=" + plain(learningRate) + ", l2=" + plain(penalty) + ", epochs=" + epochs + ")";
    }

    private static String plain(double v) {
      return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
  }

  /** A configuration's test accuracy and training time. */
  public record Score(Config config, double accuracy, double seconds) implements Serializable {}

  /** The data set, still lazy: features x, labels y (int64), split 2:1. */
  record DataSet(Tensor xTrain, Tensor yTrain, Tensor xTest, Tensor yTest) {}

  /**
   * A {@code make_classification}-like data set built from random tensors: standard normal
   * features, labels the arg-max of a random linear map plus noise.
   */
  static DataSet makeClassification(long samples, int features, int classes, long seed) {
    RandomState rs = new RandomState(seed);
    long rows = Math.max(1, samples / 6);
    Tensor x = rs.normal(0, 1, new long[] {samples, features}, ChunkSize.of(rows, features));
    Tensor w = rs.normal(0, 1 / Math.sqrt(features), new long[] {features, classes}, ChunkSize.of(features, classes));
    Tensor noise = rs.normal(0, 0.5, new long[] {samples, classes}, ChunkSize.of(rows, classes));
    Tensor y = x.dot(w).add(noise).argmax(1);
    long train = samples * 2 / 3;
    String head = "0:" + train;
    String tail = train + ":" + samples;
    return new DataSet(x.slice(head), y.slice(head), x.slice(tail), y.slice(tail));
  }

  static List<Config> grid(int epochs) {
    List<Config> grid = new ArrayList<>();
    for (double lr : new double[] {0.1, 0.5, 1.0}) {
      for (double l2 : new double[] {1e-4, 1e-2}) {
        grid.add(Config.logistic(lr, l2, epochs));
      }
    }
    for (double alpha : new double[] {1e-2, 1e-1, 1, 1e1, 1e2, 1e3}) {
      grid.add(Config.ridge(alpha));
    }
    return grid;
  }

  /** Trains one configuration and returns its accuracy on the test set (the spawned function). */
  public static Score trainAndScore(Config c, NDArray xTrain, NDArray yTrain, NDArray xTest, NDArray yTest) {
    long t0 = System.nanoTime();
    int d = (int) xTrain.shape(1);
    int k = classes(yTrain);
    double[] wb = c.model().equals("ridge")
        ? LinearModels.ridge(xTrain.doubles(), yTrain.longs(), d, k, c.penalty())
        : LinearModels.softmax(xTrain.doubles(), yTrain.longs(), d, k, c.learningRate(), c.penalty(), c.epochs());
    double accuracy = LinearModels.accuracy(wb, xTest.doubles(), yTest.longs(), d, k);
    return new Score(c, accuracy, (System.nanoTime() - t0) / 1e9);
  }

  private static int classes(NDArray labels) {
    long max = 0;
    for (long v : labels.longs()) {
      max = Math.max(max, v);
    }
    return (int) max + 1;
  }

  static List<Score> spawned(List<Config> grid, DataSet data) {
    List<RemoteObject<Score>> calls = new ArrayList<>();
    for (Config c : grid) {
      calls.add(Remote.spawn(HyperParameterSearch::trainAndScore, c, data.xTrain(), data.yTrain(), data.xTest(),
          data.yTest()));
    }
    List<Score> scores = new ArrayList<>();
    for (Object s : ExecutableTuple.of(calls).execute().fetch()) {
      scores.add((Score) s);
    }
    return scores;
  }

  /** The same calls on a plain pool of Java threads: what the machine allows at that moment. */
  static List<Score> pooled(List<Config> grid, NDArray[] local, ExecutorService pool) throws Exception {
    List<Future<Score>> futures = new ArrayList<>();
    for (Config c : grid) {
      futures.add(pool.submit(() -> trainAndScore(c, local[0], local[1], local[2], local[3])));
    }
    List<Score> scores = new ArrayList<>();
    for (Future<Score> f : futures) {
      scores.add(f.get());
    }
    return scores;
  }

  static List<Score> serial(List<Config> grid, NDArray[] local) {
    List<Score> scores = new ArrayList<>();
    for (Config c : grid) {
      scores.add(trainAndScore(c, local[0], local[1], local[2], local[3]));
    }
    return scores;
  }

  public static void main(String[] args) throws Exception {
    long samples = args.length > 0 ? (long) Double.parseDouble(args[0]) : 60_000;
    int features = args.length > 1 ? Integer.parseInt(args[1]) : 93;
    int classes = args.length > 2 ? Integer.parseInt(args[2]) : 9;
    int epochs = args.length > 3 ? Integer.parseInt(args[3]) : 40;
    try (MarsSession session = MarsSession.local()) {
      long t0 = System.nanoTime();
      DataSet data = makeClassification(samples, features, classes, 42);
      Mt.execute(data.xTrain(), data.yTrain(), data.xTest(), data.yTest());
      System.out.printf("data set %,d x %d, %d classes, made and split on the cluster in %.2f s%n", samples, features,
          classes, (System.nanoTime() - t0) / 1e9);
      List<Config> grid = grid(epochs);
      // warm-up on a small data set: class loading and JIT for both paths
      DataSet small = makeClassification(3000, features, classes, 7);
      spawned(grid, small);
      serial(grid, fetch(small));

      NDArray[] local = fetch(data);
      int cores = session.sparkContext().defaultParallelism();
      ExecutorService pool = Executors.newFixedThreadPool(cores);
      long s0 = System.nanoTime();
      List<Score> serial = serial(grid, local);
      double serialSeconds = (System.nanoTime() - s0) / 1e9;
      long p0 = System.nanoTime();
      List<Score> parallel = spawned(grid, data);
      double spawnedSeconds = (System.nanoTime() - p0) / 1e9;
      long q0 = System.nanoTime();
      pooled(grid, local, pool);
      double pooledSeconds = (System.nanoTime() - q0) / 1e9;
      pool.shutdown();

      System.out.printf("%-40s %9s %9s%n", "configuration", "accuracy", "train s");
      for (Score s : parallel) {
        System.out.printf("%-40s %9.4f %9.2f%n", s.config(), s.accuracy(), s.seconds());
      }
      for (int i = 0; i < grid.size(); i++) {
        if (serial.get(i).accuracy() != parallel.get(i).accuracy()) {
          throw new IllegalStateException(grid.get(i) + ": spawned accuracy " + parallel.get(i).accuracy()
              + " differs from the serial " + serial.get(i).accuracy());
        }
      }
      Score best = parallel.stream().max(Comparator.comparingDouble(Score::accuracy)).orElseThrow();
      System.out.printf("best: %s with test accuracy %.4f%n", best.config(), best.accuracy());
      System.out.printf("%d configurations on %s (%d cores): serial %.2f s, spawned %.2f s, speed-up %.2fx"
          + " (a %d-thread Java pool: %.2f s, %.2fx)%n", grid.size(), session.sparkContext().master(), cores,
          serialSeconds, spawnedSeconds, serialSeconds / spawnedSeconds, cores, pooledSeconds,
          serialSeconds / pooledSeconds);
    }
  }

  private static NDArray[] fetch(DataSet d) {
    return new NDArray[] {d.xTrain().execute().fetch(), d.yTrain().execute().fetch(), d.xTest().execute().fetch(),
        d.yTest().execute().fetch()};
  }
}
