package org.marsonspark.learn.cluster;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.kernel.LloydStep;
import org.marsonspark.learn.kernel.ParallelInitStep;
import org.marsonspark.learn.kernel.PlusPlusStep;
import org.marsonspark.tensor.Tensor;

/**
 * The initial centres of a k-means run, chosen over the held (centred) data: sklearn's greedy
 * k-means++ (one pass per centre), sklearn's "random" (distinct rows), and scalable k-means||
 * (a few sampling rounds, then the few candidates reclustered on the driver). The driver's
 * generator only picks seeds (first rows, draw keys); every per-row draw comes from the
 * counter-based generator at the row's global index, so the centres do not depend on the
 * chunking.
 */
final class Seeding {
  private final Tensor x;
  private final Tensor weights;
  private final long n;
  private final int d;
  private final SplittableRandom rng;

  /** @param x the centred data, executed; @param weights the sample weights, executed, or null */
  Seeding(Tensor x, Tensor weights, SplittableRandom rng) {
    this.x = x;
    this.weights = weights;
    this.n = x.shape(0);
    this.d = Math.toIntExact(x.shape(1));
    this.rng = rng;
  }

  /**
   * sklearn's {@code _kmeans_plusplus}: a uniformly drawn first centre, then for each next one
   * {@code 2 + ln k} candidates drawn with probability proportional to D², keeping the one that
   * lowers the potential most (sample weights play no part, as in sklearn 1.2).
   */
  double[] plusPlus(int k) {
    int trials = 2 + (int) Math.log(k);
    double[] chosen = new double[k * d];
    System.arraycopy(row(rng.nextLong(n)), 0, chosen, 0, d);
    if (k == 1) {
      return chosen;
    }
    PlusPlusStep step = new PlusPlusStep(Arrays.copyOf(chosen, d), 1, new double[0], 0, keys(trials), d);
    double[] merged = Blocks.evaluate(List.of(x), step, step.length()).doubles();
    double[] candidates = drawn(step, merged, 0, trials);
    for (int c = 1; c < k; c++) {
      long[] next = c < k - 1 ? keys(trials) : new long[0];
      step = new PlusPlusStep(Arrays.copyOf(chosen, c * d), c, candidates, trials, next, d);
      merged = Blocks.evaluate(List.of(x), step, step.length()).doubles();
      int best = 0;
      for (int t = 1; t < trials; t++) {
        if (merged[t] < merged[best]) {
          best = t;
        }
      }
      System.arraycopy(candidates, best * d, chosen, c * d, d);
      if (c < k - 1) {
        candidates = drawn(step, merged, best, trials);
      }
    }
    return chosen;
  }

  private double[] drawn(PlusPlusStep step, double[] merged, int branch, int trials) {
    double[] out = new double[trials * d];
    for (int t = 0; t < trials; t++) {
      System.arraycopy(step.drawnPoint(merged, branch, t), 0, out, t * d, d);
    }
    return out;
  }

  /** sklearn's "random": {@code k} distinct rows drawn uniformly. */
  double[] random(int k) {
    Set<Long> picked = new LinkedHashSet<>();
    // Floyd's algorithm: k distinct indices in [0, n)
    for (long j = n - k; j < n; j++) {
      long t = rng.nextLong(j + 1);
      picked.add(picked.contains(t) ? j : t);
    }
    long[] rows = picked.stream().mapToLong(Long::longValue).toArray();
    return fetch(x.take(rows, 0));
  }

  /**
   * k-means|| (Bahmani et al., as MLlib's {@code initMode="k-means||"}): one uniformly drawn
   * candidate, then {@code rounds} rounds each sampling every row independently with probability
   * {@code min(1, l·D²/φ)}, {@code l = oversampling·k}; the candidates are weighted by the sample
   * weight of the rows nearest to them and reclustered into {@code k} centres on the driver
   * ({@link LocalKMeans}).
   */
  double[] parallel(int k, int rounds, double oversampling) {
    double l = oversampling * k;
    List<double[]> candidates = new ArrayList<>();
    candidates.add(row(rng.nextLong(n)));
    for (int round = 0; round < rounds; round++) {
      long key = rng.nextLong();
      int capacity = (int) Math.ceil(l + 10 * Math.sqrt(l) + 10);
      while (true) {
        ParallelInitStep step = new ParallelInitStep(flatten(candidates), candidates.size(), d, key, capacity);
        double[] merged = Blocks.evaluate(List.of(x), step, step.length()).doubles();
        double threshold = merged[0] / l;
        int kept = ParallelInitStep.size(merged);
        int selected = 0;
        while (selected < kept && step.keyOf(merged, selected) > threshold) {
          selected++;
        }
        if (selected == capacity) {
          capacity *= 2; // every kept row was sampled: there may be more, draw the same keys again
          continue;
        }
        for (int i = 0; i < selected; i++) {
          candidates.add(step.pointOf(merged, i));
        }
        break;
      }
    }
    int m = candidates.size();
    double[] flat = flatten(candidates);
    List<Tensor> in = weights == null ? List.of(x) : List.of(x, weights);
    double[] sums = Blocks.evaluate(in, new LloydStep(flat, m, d, weights != null), m, d + 1).doubles();
    double[] w = new double[m];
    for (int j = 0; j < m; j++) {
      w[j] = sums[j * (d + 1) + d];
    }
    return new LocalKMeans(flat, w, m, d, rng).cluster(k);
  }

  private double[] flatten(List<double[]> points) {
    double[] out = new double[points.size() * d];
    for (int i = 0; i < points.size(); i++) {
      System.arraycopy(points.get(i), 0, out, i * d, d);
    }
    return out;
  }

  private long[] keys(int count) {
    long[] out = new long[count];
    for (int i = 0; i < count; i++) {
      out[i] = rng.nextLong();
    }
    return out;
  }

  private double[] row(long i) {
    return fetch(x.index(i));
  }

  /** A few rows of the held data, brought to the driver; nothing of them stays executed. */
  private static double[] fetch(Tensor rows) {
    rows.execute();
    try {
      return rows.fetch().doubles();
    } finally {
      rows.release();
    }
  }
}
