package org.marsonspark.learn.linearmodel;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.learn.base.FitRows;
import org.marsonspark.learn.kernel.CentredR;
import org.marsonspark.tensor.Tensor;

/**
 * What a least-squares fit needs of its data, from one pass over it ({@link CentredR}): the
 * weighted means of X and y (sklearn's {@code X_offset}, {@code y_offset}; zero without an
 * intercept) and the R factor of the centred, sqrt(weight)-scaled {@code [X | y]}, whose blocks
 * are {@code Rxx} (d×d, the R of X) and {@code Rxy} (d×t, {@code Qᵀy}).
 */
record CentredFactor(int features, int targets, double[] xOffset, double[] yOffset, double[] r) {
  /** Runs the pass over held tensors: X (n×d), y (n×t or n), optional weights (n). */
  static CentredFactor of(Tensor x, Tensor y, Tensor weights, boolean centre) {
    List<Tensor> inputs = new ArrayList<>(List.of(x, y));
    if (weights != null) {
      inputs.add(weights);
    }
    return of(FitRows.held(inputs), Math.toIntExact(x.shape(1)), y.ndim() == 2 ? Math.toIntExact(y.shape(1)) : 1,
        weights != null, centre);
  }

  /** Runs the pass over the rows: X (d columns), y (t targets), the weights when {@code weighted}. */
  static CentredFactor of(FitRows rows, int d, int t, boolean weighted, boolean centre) {
    int c = d + t;
    double[] p = rows.evaluate(new CentredR(d, t, weighted, centre), c + 2, c).doubles();
    double[] xOffset = new double[d];
    double[] yOffset = new double[t];
    System.arraycopy(p, c, xOffset, 0, d);
    System.arraycopy(p, c + d, yOffset, 0, t);
    double[] r = new double[c * c];
    System.arraycopy(p, 2 * c, r, 0, c * c);
    return new CentredFactor(d, t, xOffset, yOffset, r);
  }

  /** The R factor of X, d×d row-major. */
  double[] rxx() {
    int c = features + targets;
    double[] out = new double[features * features];
    for (int i = 0; i < features; i++) {
      System.arraycopy(r, i * c, out, i * features, features);
    }
    return out;
  }

  /** {@code Qᵀy}: d×t row-major. */
  double[] rxy() {
    int c = features + targets;
    double[] out = new double[features * targets];
    for (int i = 0; i < features; i++) {
      System.arraycopy(r, i * c + features, out, i * targets, targets);
    }
    return out;
  }
}
