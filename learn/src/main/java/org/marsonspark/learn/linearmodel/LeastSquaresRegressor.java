package org.marsonspark.learn.linearmodel;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.HeldData;
import org.marsonspark.learn.base.FitRows;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.LocalFit;
import org.marsonspark.learn.base.LocalModel;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.base.Regressor;
import org.marsonspark.learn.metrics.Metrics;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Slice;
import org.marsonspark.tensor.Tensor;

/**
 * The linear regressors solved from the data's centred R factor ({@link CentredFactor}: one pass,
 * a TSQR tree): {@code LinearRegression} and {@code Ridge}. As sklearn, with an intercept X and y
 * are centred on their (weighted) means, rows are scaled by sqrt(sample weight), the problem is
 * solved without intercept and {@code intercept_ = y_offset − X_offset·coef_}. One target or
 * several; {@code predict} is the lazy {@code X·coef_ᵀ + intercept_}.
 */
public abstract class LeastSquaresRegressor<E extends LeastSquaresRegressor<E>> extends BaseEstimator<E>
    implements Regressor<E>, LocalFit {
  private double[][] coef;
  private double[] intercept;
  private boolean multiOutput;

  protected LeastSquaresRegressor(Params params) {
    super(params);
  }

  public boolean fitIntercept() {
    return param("fitIntercept");
  }

  /** Checks of parameter combinations sklearn makes in {@code fit}, after the per-parameter ones. */
  abstract void checkParams();

  /** The coefficients {@code [target][feature]} of the centred problem. */
  abstract double[][] solve(CentredFactor factor, long samples);

  @SuppressWarnings("unchecked")
  @Override
  public E fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    startFit();
    checkParams();
    Features f = Features.of(x, name());
    RegressionTarget target = RegressionTarget.of(y, name());
    Tensor w = Inputs.sampleWeight(sampleWeight, name());
    Inputs.consistentLength(f.x(), target.y(), w);
    CentredFactor factor;
    try (HeldData held = HeldData.of(f.x(), target.y(), w)) {
      Inputs.requireFinite(f.x(), "X", name(), false);
      Inputs.requireFinite(target.y(), "y", name(), false);
      if (w != null) {
        requireNonNegative(w);
      }
      factor = CentredFactor.of(f.x(), target.y(), w, fitIntercept());
    }
    Solution s = solution(factor, f.nSamples());
    coef = s.coef();
    intercept = s.intercept();
    multiOutput = target.multiOutput();
    fitted(f.info());
    return (E) this;
  }

  /** The same fit on local rows inside one task (model search's spawned calls): one pass in this thread. */
  @Override
  public LocalModel fitLocal(NDArray x, NDArray y, NDArray sampleWeight) {
    params().validate();
    checkParams();
    Inputs.requireFinite(x.astype(DType.FLOAT64).doubles(), DType.FLOAT64, "X", name());
    Inputs.requireFinite(y.astype(DType.FLOAT64).doubles(), DType.FLOAT64, "y", name());
    if (sampleWeight != null) {
      double[] w = sampleWeight.astype(DType.FLOAT64).doubles();
      Inputs.requireFinite(w, DType.FLOAT64, "sample_weight", name());
      requireNonNegative(java.util.Arrays.stream(w).min().orElse(0));
    }
    int d = Math.toIntExact(x.shape(1));
    int t = y.ndim() == 2 ? Math.toIntExact(y.shape(1)) : 1;
    NDArray[] blocks = sampleWeight == null ? new NDArray[] {x, y} : new NDArray[] {x, y, sampleWeight};
    Solution s = solution(CentredFactor.of(FitRows.local(blocks), d, t, sampleWeight != null, fitIntercept()), x.shape(0));
    return new LeastSquaresModel(s.coef(), s.intercept(), y.ndim() == 2);
  }

  /** The coefficients {@code [target][feature]} and the intercepts. */
  private record Solution(double[][] coef, double[] intercept) {}

  private Solution solution(CentredFactor factor, long samples) {
    double[][] c = solve(factor, samples);
    double[] b = new double[c.length];
    if (fitIntercept()) {
      for (int j = 0; j < c.length; j++) {
        double dot = 0;
        for (int i = 0; i < factor.features(); i++) {
          dot += factor.xOffset()[i] * c[j][i];
        }
        b[j] = factor.yOffset()[j] - dot;
      }
    }
    return new Solution(c, b);
  }

  private void requireNonNegative(Tensor w) {
    Inputs.requireFinite(w, "sample_weight", name(), false);
    requireNonNegative(w.shape(0) == 0 ? 0 : w.min().execute().fetch().getDouble(0));
  }

  private void requireNonNegative(double min) {
    if (min < 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, name() + ": Negative values in data passed to "
          + "`sample_weight` (minimum " + min + "); weights must be non-negative.");
    }
  }

  /** The coefficients ({@code coef_}): {@code (n_features)} for one target, else {@code (n_targets, n_features)}. */
  public Tensor coef_() {
    requireFitted();
    int d = coef[0].length;
    if (!multiOutput) {
      return Mt.tensor(NDArray.of(coef[0].clone()));
    }
    double[] flat = new double[coef.length * d];
    for (int j = 0; j < coef.length; j++) {
      System.arraycopy(coef[j], 0, flat, j * d, d);
    }
    return Mt.tensor(NDArray.of(flat, coef.length, d));
  }

  /**
   * The intercept ({@code intercept_}): a 0-d tensor for one target, {@code (n_targets)} for
   * several; without {@code fitIntercept}, 0.0 (0-d), as sklearn.
   */
  public Tensor intercept_() {
    requireFitted();
    if (!multiOutput || !fitIntercept()) {
      return Mt.tensor(NDArray.scalar(DType.FLOAT64, fitIntercept() ? intercept[0] : 0.0));
    }
    return Mt.tensor(NDArray.of(intercept.clone()));
  }

  /**
   * R² of the predictions, lazily; for several targets the mean of their R²'s (sklearn's
   * {@code multioutput='uniform_average'}).
   */
  @Override
  public Tensor score(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    if (!multiOutput) {
      return Regressor.super.score(x, y, sampleWeight);
    }
    Tensor truth = RegressionTarget.of(y, name()).y();
    Tensor predicted = predict(x);
    Tensor sum = null;
    for (int j = 0; j < coef.length; j++) {
      Tensor column = Metrics.r2Score(truth.index(Slice.all(), j), predicted.index(Slice.all(), j), sampleWeight);
      sum = sum == null ? column : sum.add(column);
    }
    return sum.div(coef.length);
  }

  /** {@code X·coef_ᵀ + intercept_}, lazily. */
  @Override
  public Tensor predict(TileableHandle x) {
    Tensor in = checkInput(x, false);
    Tensor out = in.dot(multiOutput ? coef_().T() : coef_());
    return fitIntercept() ? out.add(multiOutput ? intercept_() : intercept[0]) : out;
  }
}
