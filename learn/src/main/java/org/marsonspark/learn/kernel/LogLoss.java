package org.marsonspark.learn.kernel;

import java.util.Arrays;
import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.NDArray;

/**
 * sklearn's {@code log_loss} per row block: each row's probabilities clipped to
 * {@code [eps, 1 − eps]} and renormalised to sum 1, and the loss {@code −log p(true class)}.
 * {@code classes} are sorted (sklearn's {@code LabelBinarizer}): with two classes a label other
 * than the second counts as the first, with more a label not among them adds nothing — as the
 * binarised labels do in sklearn. A 1-D {@code y_pred} ({@code columns} 1) is the probability of
 * the second class. Partial {@code (2)}: the (weighted) sum of losses and of weights; finished
 * to the mean when {@code normalize}, else the sum. Inputs: y_true, y_pred and, when
 * {@code weighted}, the sample weights.
 */
public record LogLoss(double[] classes, int columns, double eps, boolean normalize, boolean weighted)
    implements BlockAggregate.Fn {
  @Override
  public NDArray map(NDArray[] blocks) {
    NDArray y = blocks[0];
    NDArray p = blocks[1].astype(org.marsonspark.tensor.DType.FLOAT64);
    double[] prob = p.doubles();
    double[] w = weighted ? blocks[2].doubles() : null;
    int rows = y.size();
    double loss = 0;
    double weight = 0;
    double[] row = new double[Math.max(2, columns)];
    for (int r = 0; r < rows; r++) {
      int k = trueClass(y.getDouble(r));
      if (columns == 1) {
        row[1] = clip(prob[r]);
        row[0] = 1 - row[1];
      } else {
        for (int c = 0; c < columns; c++) {
          row[c] = clip(prob[r * columns + c]);
        }
      }
      double sum = 0;
      for (int c = 0; c < row.length; c++) {
        sum += row[c];
      }
      double wr = w == null ? 1.0 : w[r];
      if (k >= 0) {
        loss -= Math.log(row[k] / sum) * wr;
      }
      weight += wr;
    }
    return NDArray.of(new double[] {loss, weight}, 2);
  }

  private int trueClass(double label) {
    if (classes.length == 2) {
      return label == classes[1] ? 1 : 0;
    }
    int at = Arrays.binarySearch(classes, label);
    return at >= 0 ? at : -1;
  }

  private double clip(double v) {
    return Math.min(Math.max(v, eps), 1 - eps);
  }

  @Override
  public long[] partialShape(long[] resultShape) {
    return new long[] {2};
  }

  @Override
  public NDArray finish(NDArray merged) {
    double[] v = merged.doubles();
    return NDArray.scalar(org.marsonspark.tensor.DType.FLOAT64, normalize ? v[0] / v[1] : v[0]);
  }

  @Override
  public String name() {
    return "LogLoss";
  }
}
