package org.marsonspark.learn.metrics;

import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code sklearn.metrics}: scores of predictions against true values. Every metric is
 * lazy — a tensor (0-d for a score) built of tree reductions over the inputs' chunks, which runs
 * on {@code execute()}.
 */
public final class Metrics {
  private Metrics() {}

  /** The fraction (or, without {@code normalize}, the weighted number) of exact matches. */
  public static Tensor accuracyScore(TileableHandle yTrue, TileableHandle yPred, boolean normalize,
      TileableHandle sampleWeight) {
    Tensor t = Inputs.target(yTrue, "accuracy_score");
    Tensor p = Inputs.target(yPred, "accuracy_score");
    Tensor w = Inputs.sampleWeight(sampleWeight, "accuracy_score");
    Inputs.consistentLength(t, p, w);
    Tensor hit = t.eq(p).astype(DType.FLOAT64);
    if (w == null) {
      return normalize ? hit.mean() : hit.sum();
    }
    Tensor weighted = hit.mul(w).sum();
    return normalize ? weighted.div(w.sum()) : weighted;
  }

  public static Tensor accuracyScore(TileableHandle yTrue, TileableHandle yPred) {
    return accuracyScore(yTrue, yPred, true, null);
  }

  /**
   * The coefficient of determination R² (sklearn 1.2, {@code force_finite=True}): 1 for a perfect
   * prediction; where {@code y} is constant, 1 if predicted exactly and 0 otherwise.
   */
  public static Tensor r2Score(TileableHandle yTrue, TileableHandle yPred, TileableHandle sampleWeight) {
    Tensor t = Inputs.target(yTrue, "r2_score").astype(DType.FLOAT64);
    Tensor p = Inputs.target(yPred, "r2_score").astype(DType.FLOAT64);
    Tensor w = Inputs.sampleWeight(sampleWeight, "r2_score");
    Inputs.consistentLength(t, p, w);
    Tensor residual = t.sub(p);
    Tensor numerator;
    Tensor mean;
    if (w == null) {
      numerator = residual.mul(residual).sum();
      mean = t.mean();
    } else {
      numerator = w.mul(residual).mul(residual).sum();
      mean = w.mul(t).sum().div(w.sum());
    }
    Tensor centred = t.sub(mean);
    Tensor denominator = (w == null ? centred : w.mul(centred)).mul(centred).sum();
    Tensor ratio = Mt.subtract(1.0, numerator.div(Mt.where(denominator.eq(0), 1.0, denominator)));
    return Mt.where(denominator.eq(0), Mt.where(numerator.eq(0), 1.0, 0.0), ratio);
  }

  public static Tensor r2Score(TileableHandle yTrue, TileableHandle yPred) {
    return r2Score(yTrue, yPred, null);
  }
}
