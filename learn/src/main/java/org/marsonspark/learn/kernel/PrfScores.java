package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.NDArray;

/**
 * Precision, recall and F-beta from per-class counts, as sklearn 1.2's
 * {@code precision_recall_fscore_support}: the {@link ClassCounts} partials ({@code (3, n)}:
 * true positives, predicted and true counts per label) summed in the tree, then divided on the
 * finished result. {@code average} "micro" sums the counts first, "macro" takes the plain mean of
 * the per-label scores, "weighted" weights them by support (all-zero support: sklearn's special
 * values), "binary" is the one label asked for, and none ({@code null}) keeps one score per label.
 * A zero denominator gives {@code zeroDivision} (sklearn's "warn" is 0).
 *
 * <p>Result: averaged, {@code (3)} = precision, recall, F; per label, {@code (4, n)} with the
 * support as the last row.
 */
public record PrfScores(double[] labels, boolean weighted, double beta, String average, double zeroDivision)
    implements BlockAggregate.Fn {
  @Override
  public NDArray map(NDArray[] blocks) {
    return counts().map(blocks);
  }

  private ClassCounts counts() {
    return new ClassCounts(labels, weighted, false);
  }

  @Override
  public long[] partialShape(long[] resultShape) {
    return new long[] {3, labels.length};
  }

  @Override
  public NDArray finish(NDArray merged) {
    int n = labels.length;
    double[] result = compute(merged.doubles(), n, beta, average, zeroDivision);
    return average == null ? NDArray.of(result, 4, n) : NDArray.of(result, 3);
  }

  /** The scores from the merged counts {@code (3, n)}; see the class comment for the layout. */
  public static double[] compute(double[] counts, int n, double beta, String average, double zeroDivision) {
    double[] tp = new double[n];
    double[] pred = new double[n];
    double[] truth = new double[n];
    System.arraycopy(counts, 0, tp, 0, n);
    System.arraycopy(counts, n, pred, 0, n);
    System.arraycopy(counts, 2 * n, truth, 0, n);
    if ("micro".equals(average)) {
      tp = new double[] {sum(tp)};
      pred = new double[] {sum(pred)};
      truth = new double[] {sum(truth)};
    }
    int m = tp.length;
    double[] precision = divide(tp, pred, zeroDivision);
    double[] recall = divide(tp, truth, zeroDivision);
    double[] f = new double[m];
    double beta2 = beta * beta;
    for (int i = 0; i < m; i++) {
      if (Double.isInfinite(beta) && beta > 0) {
        f[i] = recall[i];
      } else {
        double denom = beta2 * precision[i] + recall[i];
        f[i] = (1 + beta2) * precision[i] * recall[i] / (denom == 0.0 ? 1 : denom);
      }
    }
    if (average == null) {
      double[] out = new double[4 * n];
      System.arraycopy(precision, 0, out, 0, n);
      System.arraycopy(recall, 0, out, n, n);
      System.arraycopy(f, 0, out, 2 * n, n);
      System.arraycopy(truth, 0, out, 3 * n, n);
      return out;
    }
    double[] weights = null;
    if (average.equals("weighted")) {
      if (sum(truth) == 0) {
        // sklearn: precision is zero_division without positive predictions, recall without positive labels
        double z = zeroDivision;
        return sum(pred) == 0 ? new double[] {z, z, z} : new double[] {0.0, z, 0.0};
      }
      weights = truth;
    }
    return new double[] {mean(precision, weights), mean(recall, weights), mean(f, weights)};
  }

  /** sklearn's {@code _prf_divide}: a zero denominator gives {@code zeroDivision}. */
  private static double[] divide(double[] num, double[] den, double zeroDivision) {
    double[] out = new double[num.length];
    for (int i = 0; i < num.length; i++) {
      out[i] = den[i] == 0.0 ? zeroDivision : num[i] / den[i];
    }
    return out;
  }

  /** numpy's {@code average}: the plain mean, or {@code Σ w·v / Σ w}. */
  private static double mean(double[] v, double[] w) {
    double s = 0;
    double total = 0;
    for (int i = 0; i < v.length; i++) {
      double wi = w == null ? 1 : w[i];
      s += v[i] * wi;
      total += wi;
    }
    return s / total;
  }

  private static double sum(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s;
  }

  @Override
  public String name() {
    return "PrfScores";
  }
}
