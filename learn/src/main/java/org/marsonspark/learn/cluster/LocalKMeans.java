package org.marsonspark.learn.cluster;

import java.util.SplittableRandom;

/**
 * Weighted k-means of a few points on the driver: the reclustering step of k-means||, over its
 * candidates (a few times k points) weighted by the rows nearest to each. Greedy k-means++ with
 * sklearn's {@code 2 + ln k} local trials, then Lloyd's iterations until the centres stop moving
 * (at most 300); an empty cluster keeps its centre.
 */
final class LocalKMeans {
  private static final int MAX_ITER = 300;

  private final double[] points;
  private final double[] weights;
  private final int m;
  private final int d;
  private final SplittableRandom rng;

  LocalKMeans(double[] points, double[] weights, int m, int d, SplittableRandom rng) {
    this.points = points;
    this.weights = weights;
    this.m = m;
    this.d = d;
    this.rng = rng;
  }

  double[] cluster(int k) {
    double[] centres = plusPlus(k);
    int[] labels = new int[m];
    for (int iter = 0; iter < MAX_ITER; iter++) {
      for (int i = 0; i < m; i++) {
        labels[i] = nearest(centres, k, i);
      }
      double[] next = centres.clone();
      double[] sums = new double[k * d];
      double[] total = new double[k];
      for (int i = 0; i < m; i++) {
        total[labels[i]] += weights[i];
        for (int c = 0; c < d; c++) {
          sums[labels[i] * d + c] += weights[i] * points[i * d + c];
        }
      }
      for (int j = 0; j < k; j++) {
        if (total[j] > 0) {
          for (int c = 0; c < d; c++) {
            next[j * d + c] = sums[j * d + c] / total[j];
          }
        }
      }
      if (java.util.Arrays.equals(next, centres)) {
        break;
      }
      centres = next;
    }
    return centres;
  }

  private double[] plusPlus(int k) {
    int trials = 2 + (int) Math.log(k);
    double[] centres = new double[k * d];
    double[] closest = new double[m];
    int first = pick(weights, sum(weights));
    System.arraycopy(points, first * d, centres, 0, d);
    for (int i = 0; i < m; i++) {
      closest[i] = distance(i, centres, 0);
    }
    for (int c = 1; c < k; c++) {
      double[] weighted = new double[m];
      for (int i = 0; i < m; i++) {
        weighted[i] = closest[i] * weights[i];
      }
      double pot = sum(weighted);
      double bestPot = Double.POSITIVE_INFINITY;
      int best = 0;
      double[] bestClosest = closest;
      for (int t = 0; t < trials; t++) {
        int cand = pick(weighted, pot);
        double[] updated = new double[m];
        double candPot = 0;
        for (int i = 0; i < m; i++) {
          updated[i] = Math.min(closest[i], distance(i, points, cand));
          candPot += updated[i] * weights[i];
        }
        if (candPot < bestPot) {
          bestPot = candPot;
          best = cand;
          bestClosest = updated;
        }
      }
      System.arraycopy(points, best * d, centres, c * d, d);
      closest = bestClosest;
    }
    return centres;
  }

  /** An index drawn with probability proportional to {@code w} (the first when all are zero). */
  private int pick(double[] w, double total) {
    double u = rng.nextDouble() * total;
    double acc = 0;
    for (int i = 0; i < m; i++) {
      acc += w[i];
      if (acc > u) {
        return i;
      }
    }
    for (int i = m - 1; i >= 0; i--) {
      if (w[i] > 0) {
        return i;
      }
    }
    return 0;
  }

  private int nearest(double[] centres, int k, int i) {
    int best = 0;
    double bestDist = Double.POSITIVE_INFINITY;
    for (int j = 0; j < k; j++) {
      double dist = distance(i, centres, j);
      if (dist < bestDist) {
        bestDist = dist;
        best = j;
      }
    }
    return best;
  }

  /** The squared distance of point {@code i} to row {@code j} of {@code rows}. */
  private double distance(int i, double[] rows, int j) {
    double s = 0;
    for (int c = 0; c < d; c++) {
      double diff = points[i * d + c] - rows[j * d + c];
      s += diff * diff;
    }
    return s;
  }

  private static double sum(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s;
  }
}
