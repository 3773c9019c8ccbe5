package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.NDArray;

/**
 * sklearn's {@code confusion_matrix}: the {@link ClassCounts} matrix {@code (n, n)} (rows: true
 * label, columns: predicted) summed in the tree, then normalised on the finished result over the
 * true labels (rows), the predicted ones (columns) or all, with 0/0 as 0 ({@code nan_to_num}).
 */
public record Confusion(double[] labels, boolean weighted, String normalize) implements BlockAggregate.Fn {
  @Override
  public NDArray map(NDArray[] blocks) {
    return new ClassCounts(labels, weighted, true).map(blocks);
  }

  @Override
  public NDArray finish(NDArray merged) {
    if (normalize == null) {
      return merged;
    }
    int n = labels.length;
    double[] cm = merged.doubles().clone();
    double[] rows = new double[n];
    double[] cols = new double[n];
    double all = 0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        rows[i] += cm[i * n + j];
        cols[j] += cm[i * n + j];
        all += cm[i * n + j];
      }
    }
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double by = switch (normalize) {
          case "true" -> rows[i];
          case "pred" -> cols[j];
          default -> all;
        };
        double v = cm[i * n + j] / by;
        cm[i * n + j] = Double.isNaN(v) ? 0.0 : v;
      }
    }
    return NDArray.of(cm, n, n);
  }

  @Override
  public String name() {
    return "Confusion";
  }
}
