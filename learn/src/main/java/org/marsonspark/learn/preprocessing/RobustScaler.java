package org.marsonspark.learn.preprocessing;

import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.HeldData;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.InvertibleTransformer;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.base.SmallResults;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code RobustScaler}: removes each feature's median and divides by its interquantile
 * range ({@code quantileRange}, percentiles, default the IQR 25–75), both exact and NaN-ignoring
 * as numpy's {@code nanmedian} / {@code nanpercentile}. The order statistics come from the
 * dataframe module's selection in rounds over the held data (a count, histograms of the range in
 * play, the few values around the wanted ranks): no column is ever gathered. With
 * {@code unitVariance} the scale is divided by the normal distribution's range between the two
 * quantiles. Transforms are lazy.
 */
public final class RobustScaler extends BaseEstimator<RobustScaler> implements InvertibleTransformer<RobustScaler> {
  static final ParamSpec SPEC = ParamSpec.of("RobustScaler")
      .param("withCentering", true, Constraint.bool())
      .param("withScaling", true, Constraint.bool())
      .param("quantileRange", Scaling.pair(25, 75), Scaling.pair())
      .param("unitVariance", false, Constraint.bool());

  private double[] center;
  private double[] scale;

  public RobustScaler() {
    this(SPEC.defaults());
  }

  private RobustScaler(Params params) {
    super(params);
  }

  @Override
  protected RobustScaler copy(Params params) {
    return new RobustScaler(params);
  }

  public boolean withCentering() {
    return param("withCentering");
  }

  public RobustScaler withCentering(boolean on) {
    return with("withCentering", on);
  }

  public boolean withScaling() {
    return param("withScaling");
  }

  public RobustScaler withScaling(boolean on) {
    return with("withScaling", on);
  }

  /** {@code quantileRange} as {@code [qMin, qMax]}, percentiles. */
  public double[] quantileRange() {
    List<?> r = param("quantileRange");
    return new double[] {Scaling.first(r), Scaling.second(r)};
  }

  public RobustScaler quantileRange(double qMin, double qMax) {
    return with("quantileRange", Scaling.pair(qMin, qMax));
  }

  public boolean unitVariance() {
    return param("unitVariance");
  }

  public RobustScaler unitVariance(boolean on) {
    return with("unitVariance", on);
  }

  @Override
  public RobustScaler fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    refuseSampleWeight(sampleWeight);
    startFit();
    double[] q = quantileRange();
    if (!(0 <= q[0] && q[0] <= q[1] && q[1] <= 100)) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Invalid quantile range: (" + q[0] + ", " + q[1]
          + ")");
    }
    Features f = Features.of(x, name());
    Scaling.requireDense(f, name());
    center = null;
    scale = null;
    try (HeldData held = HeldData.of(f.x())) {
      Inputs.requireFinite(f.x(), "X", name(), true);
      double[][] stats = withScaling()
          ? SmallResults.columnQuantiles(f.x(), withCentering(), q[0] / 100, q[1] / 100)
          : SmallResults.columnQuantiles(f.x(), withCentering());
      int next = 0;
      if (withCentering()) {
        center = stats[next++];
      }
      if (withScaling()) {
        scale = scaleOf(stats[next], stats[next + 1], f.x().dtype(), q);
      }
    }
    fitted(f.info());
    return this;
  }

  private double[] scaleOf(double[] lo, double[] hi, DType dtype, double[] q) {
    double[] s = new double[lo.length];
    for (int c = 0; c < s.length; c++) {
      s[c] = hi[c] - lo[c];
    }
    s = Scaling.handleZeros(s, dtype);
    if (unitVariance()) {
      NormalDistribution normal = new NormalDistribution();
      double adjust = normal.inverseCumulativeProbability(q[1] / 100) - normal.inverseCumulativeProbability(q[0] / 100);
      for (int c = 0; c < s.length; c++) {
        s[c] /= adjust;
      }
    }
    return s;
  }

  /** The per-feature median ({@code center_}); null without {@code withCentering}. */
  public Tensor center_() {
    requireFitted();
    return center == null ? null : Scaling.attribute(center);
  }

  /** The per-feature (scaled) interquantile range ({@code scale_}); null without {@code withScaling}. */
  public Tensor scale_() {
    requireFitted();
    return scale == null ? null : Scaling.attribute(scale);
  }

  @Override
  public Tensor transform(TileableHandle x) {
    Tensor out = checkInput(x, true);
    DType dt = out.dtype();
    if (center != null) {
      out = out.sub(Scaling.vector(center, dt));
    }
    if (scale != null) {
      out = out.div(Scaling.vector(scale, dt));
    }
    return out;
  }

  @Override
  public Tensor inverseTransform(TileableHandle x) {
    Tensor out = checkInput(x, true);
    DType dt = out.dtype();
    if (scale != null) {
      out = out.mul(Scaling.vector(scale, dt));
    }
    if (center != null) {
      out = out.add(Scaling.vector(center, dt));
    }
    return out;
  }
}
