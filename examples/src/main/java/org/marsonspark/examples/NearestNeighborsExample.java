package org.marsonspark.examples;

import org.marsonspark.learn.metrics.Metrics;
import org.marsonspark.learn.neighbors.KNeighborsClassifier;
import org.marsonspark.learn.neighbors.NearestNeighbors;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;

/**
 * Exact nearest neighbours over embeddings (the seed article's scenario): float32 item vectors
 * around a few hundred topics, made in the executors chunk by chunk; queries that are noisy
 * copies of known items. {@code NearestNeighbors} finds each query's 10 nearest items by brute
 * force (a matrix product per block of queries and items, a bounded top-k per query, candidates
 * merged in a tree) — the source item must come first — and a {@code KNeighborsClassifier}
 * predicts the queries' topics from their neighbours.
 *
 * <p>Usage: {@code NearestNeighborsExample [items] [features] [queries] [rows per chunk] [seed]}
 * (defaults 2e5, 64, 2e3, 5e4, 0).
 */
public final class NearestNeighborsExample {
  private static final int TOPICS = 200;
  private static final int K = 10;

  private NearestNeighborsExample() {}

  public static void main(String[] args) {
    long n = args.length > 0 ? (long) Double.parseDouble(args[0]) : 200_000L;
    int d = args.length > 1 ? Integer.parseInt(args[1]) : 64;
    long m = args.length > 2 ? (long) Double.parseDouble(args[2]) : 2_000L;
    long chunk = args.length > 3 ? (long) Double.parseDouble(args[3]) : 50_000L;
    int seed = args.length > 4 ? Integer.parseInt(args[4]) : 0;
    try (MarsSession session = MarsSession.local()) {
      RandomState rs = new RandomState(seed);
      Tensor centres = rs.normal(0, 1, new long[] {TOPICS, d}, ChunkSize.auto()).execute();
      Tensor topic = rs.randint(0, TOPICS, new long[] {n}, DType.INT64, ChunkSize.of(chunk));
      Tensor items = centres.take(topic, 0).add(rs.normal(0, 0.5, new long[] {n, d}, ChunkSize.of(chunk, d)))
          .astype(DType.FLOAT32);
      Tensor source = rs.randint(0, n, new long[] {m}, DType.INT64, ChunkSize.of(m));
      Tensor queries = items.take(source, 0).add(rs.normal(0, 0.05, new long[] {m, d}, ChunkSize.of(m, d)))
          .astype(DType.FLOAT32);
      Mt.execute(items, topic, source, queries);

      long t0 = System.nanoTime();
      NearestNeighbors nn = new NearestNeighbors().nNeighbors(K).fit(items);
      Tensor[] found = nn.kneighbors(queries, null, true);
      Mt.execute(found);
      double seconds = (System.nanoTime() - t0) / 1e9;
      System.out.printf("%,d queries × %,d float32 items of %d features (chunks of %,d rows) on %s: %d nearest "
          + "neighbours each in %.2f s%n", m, n, d, chunk, session.sparkContext().master(), K, seconds);
      Tensor first = found[1].slice(":, 0");
      long hits = first.eq(source).sum().execute().fetch().getLong(0);
      System.out.printf("the source item is the nearest neighbour of %,d of %,d queries%n", hits, m);
      NDArray d0 = found[0].slice(":3").execute().fetch();
      NDArray i0 = found[1].slice(":3").execute().fetch();
      for (int q = 0; q < 3; q++) {
        StringBuilder line = new StringBuilder("  query " + q + ":");
        for (int j = 0; j < 4; j++) {
          line.append(String.format(" %d (%.3f)", i0.getLong(q * K + j), d0.getDouble(q * K + j)));
        }
        System.out.println(line.append(" …"));
      }
      KNeighborsClassifier clf = new KNeighborsClassifier().nNeighbors(K).weights("distance").fit(items, topic);
      Tensor truth = topic.take(source, 0);
      System.out.printf("KNeighborsClassifier(nNeighbors=%d, weights='distance'): topic accuracy %.4f%n", K,
          Metrics.accuracyScore(truth, clf.predict(queries)).execute().fetch().getDouble(0));
    }
  }
}
