package org.marsonspark.learn.preprocessing;

import java.util.List;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.HeldData;
import org.marsonspark.learn.base.InvertibleTransformer;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.kernel.ColumnMoments;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code StandardScaler}: removes each feature's mean and scales it to unit variance
 * (population variance, ddof 0). NaNs are ignored in {@code fit} and kept by {@code transform}.
 * {@code fit} is one pass over the data (per row block, counts, means and squared deviations,
 * merged with Chan's formula in a tree); {@code partialFit} merges another batch into what was
 * seen; {@code transform} is lazy and fuses into its consumers.
 *
 * <p>Deviations: sklearn's {@code copy} is not needed (tensors are never modified in place).
 */
public final class StandardScaler extends BaseEstimator<StandardScaler> implements InvertibleTransformer<StandardScaler> {
  static final ParamSpec SPEC = ParamSpec.of("StandardScaler")
      .param("withMean", true, Constraint.bool())
      .param("withStd", true, Constraint.bool());

  private double[] moments;
  private int columns;
  /** Whether a sample weight was given to a fit or partial fit since the first (sklearn's counts are then floats). */
  private boolean weighted;

  public StandardScaler() {
    this(SPEC.defaults());
  }

  private StandardScaler(Params params) {
    super(params);
  }

  @Override
  protected StandardScaler copy(Params params) {
    return new StandardScaler(params);
  }

  public boolean withMean() {
    return param("withMean");
  }

  public StandardScaler withMean(boolean on) {
    return with("withMean", on);
  }

  public boolean withStd() {
    return param("withStd");
  }

  public StandardScaler withStd(boolean on) {
    return with("withStd", on);
  }

  @Override
  public StandardScaler fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    startFit();
    moments = null;
    return partialFit(x, y, sampleWeight);
  }

  /** Merges the statistics of another batch into those seen so far (the first call fits). */
  public StandardScaler partialFit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    if (moments == null) {
      startFit();
    }
    Features f = moments == null ? Features.of(x, name()) : checkFeatures(x);
    Scaling.requireDense(f, name());
    Tensor w = Inputs.sampleWeight(sampleWeight, name());
    Inputs.consistentLength(f.x(), w);
    double[] batch;
    try (HeldData held = HeldData.of(f.x(), w)) {
      Inputs.requireFinite(f.x(), "X", name(), true);
      if (w != null) {
        Inputs.requireFinite(w, "sample_weight", name(), false);
      }
      int d = f.nFeatures();
      List<Tensor> inputs = w == null ? List.of(f.x()) : List.of(f.x(), w);
      batch = Blocks.evaluate(inputs, new ColumnMoments(d, w != null), 3, d).doubles();
    }
    if (moments == null) {
      moments = batch;
      columns = f.nFeatures();
      weighted = w != null;
    } else {
      weighted |= w != null;
      ColumnMoments.merge(moments, batch, columns);
    }
    fitted(f.info());
    return this;
  }

  public StandardScaler partialFit(TileableHandle x) {
    return partialFit(x, null, null);
  }

  /** The per-feature mean seen in fit ({@code mean_}); null when neither centring nor scaling. */
  public Tensor mean_() {
    requireFitted();
    return withMean() || withStd() ? Mt.tensor(NDArray.of(row(1))) : null;
  }

  /** The per-feature population variance ({@code var_}); null without {@code withStd}. */
  public Tensor var_() {
    requireFitted();
    return withStd() ? Mt.tensor(NDArray.of(variance())) : null;
  }

  /** The per-feature scale, sqrt of the variance with zeros as one ({@code scale_}); null without {@code withStd}. */
  public Tensor scale_() {
    requireFitted();
    return withStd() ? Mt.tensor(NDArray.of(scale())) : null;
  }

  /**
   * The (weighted) number of non-NaN values each feature saw ({@code n_samples_seen_}): as sklearn,
   * one number (a 0-d tensor) when every feature saw the same, else one per feature; int64, or
   * float64 once a sample weight was given.
   */
  public Tensor nSamplesSeen_() {
    requireFitted();
    double[] seen = row(0);
    boolean same = java.util.Arrays.stream(seen).allMatch(v -> v == seen[0]);
    NDArray counts = same ? NDArray.of(new double[] {seen[0]}, new long[0]) : NDArray.of(seen);
    return Mt.tensor(weighted ? counts : counts.astype(org.marsonspark.tensor.DType.INT64));
  }

  @Override
  public Tensor transform(TileableHandle x) {
    Tensor in = checkInput(x, true);
    Tensor out = in;
    if (withMean()) {
      out = out.sub(Scaling.vector(row(1), in.dtype()));
    }
    if (withStd()) {
      out = out.div(Scaling.vector(scale(), in.dtype()));
    }
    return out;
  }

  @Override
  public Tensor inverseTransform(TileableHandle x) {
    Tensor in = checkInput(x, true);
    Tensor out = in;
    if (withStd()) {
      out = out.mul(Scaling.vector(scale(), in.dtype()));
    }
    if (withMean()) {
      out = out.add(Scaling.vector(row(1), in.dtype()));
    }
    return out;
  }

  private double[] row(int r) {
    double[] out = new double[columns];
    System.arraycopy(moments, r * columns, out, 0, columns);
    return out;
  }

  private double[] variance() {
    double[] v = new double[columns];
    for (int c = 0; c < columns; c++) {
      v[c] = moments[c] == 0 ? Double.NaN : moments[2 * columns + c] / moments[c];
    }
    return v;
  }

  private double[] scale() {
    double[] var = variance();
    double[] s = new double[columns];
    double eps = Math.ulp(1.0);
    for (int c = 0; c < columns; c++) {
      // sklearn's _is_constant_feature: a variance within rounding of zero leaves the feature unscaled
      double n = moments[c];
      double mean = moments[columns + c];
      double bound = n * eps * var[c] + (n * mean * eps) * (n * mean * eps);
      s[c] = var[c] <= bound ? 1.0 : Math.sqrt(var[c]);
    }
    return s;
  }
}
