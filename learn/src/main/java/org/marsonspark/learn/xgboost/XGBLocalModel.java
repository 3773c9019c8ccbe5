package org.marsonspark.learn.xgboost;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.base.LocalModel;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/**
 * An XGBoost model trained inside one task by {@link XGBModel#fitLocal}: small and serialisable
 * (the model's bytes, the classes), so a spawned call can return it; it predicts and scores rows
 * held where it is ({@code NDArray}s), and {@link XGBModel#fromLocal} turns it into a fitted
 * estimator whose predictions are lazy tensors. As a {@link LocalModel} it is what model search
 * scores in the task that fitted it.
 */
public final class XGBLocalModel implements LocalModel {
  private static final long serialVersionUID = 1L;
  private final XgbBooster booster;
  private final double[] classes;
  private final int nFeatures;

  XGBLocalModel(XgbBooster booster, double[] classes, int nFeatures) {
    this.booster = booster;
    this.classes = classes;
    this.nFeatures = nFeatures;
  }

  XgbBooster booster() {
    return booster;
  }

  /** The sorted classes of a classifier (a copy), or null for a regression. */
  @Override
  public double[] classes() {
    return classes == null ? null : classes.clone();
  }

  /** The number of features it was trained on. */
  public int nFeatures() {
    return nFeatures;
  }

  /** Per row, the predicted class (a classifier) or value (a regression): float64. */
  @Override
  public NDArray predict(NDArray x) {
    if (classes == null) {
      return rows(x, XgbRows.Output.VALUE);
    }
    double[] at = rows(x, XgbRows.Output.CLASS).doubles();
    double[] out = new double[at.length];
    for (int r = 0; r < at.length; r++) {
      out[r] = classes[(int) at[r]];
    }
    return NDArray.of(out);
  }

  /** Per row, the probability of each class ({@code n × classes}); a classifier's only. */
  @Override
  public NDArray predictProba(NDArray x) {
    if (classes == null) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "predictProba: this model is a regression's; it has "
          + "no classes");
    }
    return rows(x, XgbRows.Output.PROBABILITIES);
  }

  @Override
  public boolean hasPredictProba() {
    return classes != null;
  }

  /** The accuracy (a classifier) or R² (a regression) of the predictions of x against y. */
  public double score(NDArray x, NDArray y) {
    double[] p = predict(x).doubles();
    double[] t = y.astype(DType.FLOAT64).doubles();
    if (classes != null) {
      int hit = 0;
      for (int i = 0; i < t.length; i++) {
        hit += p[i] == t[i] ? 1 : 0;
      }
      return (double) hit / t.length;
    }
    double mean = java.util.Arrays.stream(t).average().orElse(Double.NaN);
    double ssRes = 0;
    double ssTot = 0;
    for (int i = 0; i < t.length; i++) {
      ssRes += (t[i] - p[i]) * (t[i] - p[i]);
      ssTot += (t[i] - mean) * (t[i] - mean);
    }
    return ssTot == 0 ? (ssRes == 0 ? 1.0 : 0.0) : 1 - ssRes / ssTot;
  }

  private NDArray rows(NDArray x, XgbRows.Output output) {
    if (x.ndim() != 2 || x.shape(1) != nFeatures) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "X has " + (x.ndim() == 2 ? x.shape(1) : "not 2-D, ")
          + " features, but this XGBoost model is expecting " + nFeatures + " features as input.");
    }
    return new XgbRows(booster, output, classes == null ? 0 : classes.length).apply(new NDArray[] {x});
  }
}
