package org.marsonspark.examples;

import org.marsonspark.learn.cluster.KMeans;
import org.marsonspark.learn.metrics.Metrics;
import org.marsonspark.learn.metrics.pairwise.Pairwise;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;

/**
 * KMeans on blobs, as sklearn's user guide does it: rows drawn around a few centres (made in the
 * executors, chunk by chunk), clustered by {@code KMeans} with k-means++, then scored — each
 * learned centre matched to the nearest true one ({@code pairwise_distances_argmin_min}) and the
 * labels compared with the true blobs ({@code accuracy_score}, {@code classification_report}).
 *
 * <p>Usage: {@code KMeansExample [rows] [features] [clusters] [rows per chunk] [seed]} (defaults
 * 1e6, 8, 5, 2.5e5, 0).
 */
public final class KMeansExample {
  private KMeansExample() {}

  public static void main(String[] args) {
    long n = args.length > 0 ? (long) Double.parseDouble(args[0]) : 1_000_000L;
    int d = args.length > 1 ? Integer.parseInt(args[1]) : 8;
    int k = args.length > 2 ? Integer.parseInt(args[2]) : 5;
    long chunk = args.length > 3 ? (long) Double.parseDouble(args[3]) : 250_000L;
    int seed = args.length > 4 ? Integer.parseInt(args[4]) : 0;
    try (MarsSession session = MarsSession.local()) {
      RandomState rs = new RandomState(seed);
      Tensor centres = rs.uniform(-10, 10, new long[] {k, d}, ChunkSize.auto()).execute();
      Tensor blob = rs.randint(0, k, new long[] {n}, DType.INT64, ChunkSize.of(chunk));
      Tensor x = centres.take(blob, 0).add(rs.normal(0, 1.5, new long[] {n, d}, ChunkSize.of(chunk, d)));
      Mt.execute(x, blob);
      long t0 = System.nanoTime();
      KMeans km = new KMeans().nClusters(k).nInit(3).randomState(seed).fit(x);
      double seconds = (System.nanoTime() - t0) / 1e9;
      System.out.printf("KMeans(nClusters=%d) on %,d × %d rows in %d chunks of %,d on %s: %.2f s%n", k, n, d,
          (n + chunk - 1) / chunk, chunk, session.sparkContext().master(), seconds);
      System.out.printf("inertia %.6g after %d Lloyd iterations (best of 3 k-means++ starts)%n", km.inertia_(),
          km.nIter_());
      // each learned centre's nearest true centre, and how far it is
      Tensor[] nearest = Pairwise.pairwiseDistancesArgminMin(km.clusterCenters_(), centres);
      NDArray match = nearest[0].execute().fetch();
      System.out.println("learned centre → true centre (distance): ");
      NDArray dist = nearest[1].execute().fetch();
      for (int j = 0; j < k; j++) {
        System.out.printf("  %d → %d (%.4f)%n", j, match.getLong(j), dist.getDouble(j));
      }
      Tensor predicted = nearest[0].take(km.labels_(), 0);
      System.out.printf("accuracy against the true blobs: %.6f%n", Metrics.accuracyScore(blob, predicted).execute()
          .fetch().getDouble(0));
      System.out.println(Metrics.classificationReport(blob, predicted));
    }
  }
}
