package org.marsonspark.learn.kernel;

import java.util.Arrays;
import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.NDArray;

/**
 * Weighted counts of (true, predicted) class pairs over a table of labels (the position in
 * {@code labels} is the class index; values not in it are left out, as sklearn's
 * {@code confusion_matrix} leaves out labels not asked for). With {@code matrix}, the partial is
 * the {@code (n, n)} confusion matrix (rows: true class); otherwise {@code (3, n)}: per class the
 * true positives, the predicted count and the true count — what precision, recall and F need,
 * in O(n). Inputs: y_true, y_pred and, when {@code weighted}, the sample weights.
 */
public record ClassCounts(double[] labels, boolean weighted, boolean matrix) implements BlockAggregate.Fn {
  @Override
  public NDArray map(NDArray[] blocks) {
    NDArray yt = blocks[0];
    NDArray yp = blocks[1];
    double[] w = weighted ? blocks[2].doubles() : null;
    int n = labels.length;
    double[] sorted = labels.clone();
    Arrays.sort(sorted);
    int[] classOf = new int[n];
    for (int i = 0; i < n; i++) {
      classOf[Arrays.binarySearch(sorted, labels[i])] = i;
    }
    double[] out = new double[matrix ? n * n : 3 * n];
    int rows = yt.size();
    for (int r = 0; r < rows; r++) {
      int t = lookup(sorted, classOf, yt.getDouble(r));
      int p = lookup(sorted, classOf, yp.getDouble(r));
      double wr = w == null ? 1.0 : w[r];
      if (matrix) {
        if (t >= 0 && p >= 0) {
          out[t * n + p] += wr;
        }
        continue;
      }
      if (t >= 0 && t == p) {
        out[t] += wr;
      }
      if (p >= 0) {
        out[n + p] += wr;
      }
      if (t >= 0) {
        out[2 * n + t] += wr;
      }
    }
    return matrix ? NDArray.of(out, n, n) : NDArray.of(out, 3, n);
  }

  private static int lookup(double[] sorted, int[] classOf, double v) {
    int at = Arrays.binarySearch(sorted, v);
    return at >= 0 ? classOf[at] : -1;
  }

  @Override
  public String name() {
    return "ClassCounts";
  }
}
