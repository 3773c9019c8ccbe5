package org.marsonspark.learn.preprocessing;

import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.InvertibleTransformer;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code MinMaxScaler}: maps each feature's [min, max] seen in fit onto
 * {@code featureRange}, {@code X * scale_ + min_}; with {@code clip}, transformed values are
 * clipped to the range. NaNs are ignored in fit and kept by transform; a constant feature gets
 * scale 1 over the range's width. {@code fit} is one pass (per row block the columns' minima and
 * maxima, merged in a tree); {@code partialFit} merges another batch; transforms are lazy.
 */
public final class MinMaxScaler extends BaseEstimator<MinMaxScaler> implements InvertibleTransformer<MinMaxScaler> {
  static final ParamSpec SPEC = ParamSpec.of("MinMaxScaler")
      .param("featureRange", Scaling.pair(0, 1), Scaling.pair())
      .param("clip", false, Constraint.bool());

  private double[] dataMin;
  private double[] dataMax;
  private long nSamples;
  private DType dtype;

  public MinMaxScaler() {
    this(SPEC.defaults());
  }

  private MinMaxScaler(Params params) {
    super(params);
  }

  @Override
  protected MinMaxScaler copy(Params params) {
    return new MinMaxScaler(params);
  }

  /** {@code featureRange} as {@code [min, max]}. */
  public double[] featureRange() {
    List<?> r = param("featureRange");
    return new double[] {Scaling.first(r), Scaling.second(r)};
  }

  public MinMaxScaler featureRange(double min, double max) {
    return with("featureRange", Scaling.pair(min, max));
  }

  public boolean clip() {
    return param("clip");
  }

  public MinMaxScaler clip(boolean on) {
    return with("clip", on);
  }

  @Override
  public MinMaxScaler fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    refuseSampleWeight(sampleWeight);
    startFit();
    dataMin = null;
    return partialFit(x);
  }

  /** Merges another batch's minima and maxima into those seen so far (the first call fits). */
  public MinMaxScaler partialFit(TileableHandle x) {
    if (dataMin == null) {
      startFit();
    }
    double[] range = featureRange();
    if (range[0] >= range[1]) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Minimum of desired feature range must be smaller "
          + "than maximum. Got (" + range[0] + ", " + range[1] + ").");
    }
    Features f = dataMin == null ? Features.of(x, name()) : checkFeatures(x);
    NDArray ext = Scaling.extremes(f, name());
    int d = f.nFeatures();
    double[] lo = Scaling.row(ext, 0, d);
    double[] hi = Scaling.row(ext, 1, d);
    if (dataMin == null) {
      dataMin = lo;
      dataMax = hi;
      nSamples = 0;
      dtype = f.x().dtype();
    } else {
      for (int c = 0; c < d; c++) {
        dataMin[c] = Scaling.fmin(dataMin[c], lo[c]);
        dataMax[c] = Scaling.fmax(dataMax[c], hi[c]);
      }
    }
    nSamples += f.nSamples();
    fitted(f.info());
    return this;
  }

  /** The per-feature minimum seen in fit ({@code data_min_}). */
  public Tensor dataMin_() {
    requireFitted();
    return Scaling.attribute(dataMin);
  }

  /** The per-feature maximum seen in fit ({@code data_max_}). */
  public Tensor dataMax_() {
    requireFitted();
    return Scaling.attribute(dataMax);
  }

  /** {@code data_max_ - data_min_} ({@code data_range_}). */
  public Tensor dataRange_() {
    requireFitted();
    return Scaling.attribute(dataRange());
  }

  /** The per-feature factor of transform ({@code scale_}). */
  public Tensor scale_() {
    requireFitted();
    return Scaling.attribute(scale());
  }

  /** The per-feature offset of transform ({@code min_}). */
  public Tensor min_() {
    requireFitted();
    return Scaling.attribute(offset());
  }

  /** The number of rows seen ({@code n_samples_seen_}). */
  public long nSamplesSeen_() {
    requireFitted();
    return nSamples;
  }

  private double[] dataRange() {
    double[] r = new double[dataMin.length];
    for (int c = 0; c < r.length; c++) {
      r[c] = dataMax[c] - dataMin[c];
    }
    return r;
  }

  private double[] scale() {
    double[] range = featureRange();
    double[] s = Scaling.handleZeros(dataRange(), dtype);
    for (int c = 0; c < s.length; c++) {
      s[c] = (range[1] - range[0]) / s[c];
    }
    return s;
  }

  private double[] offset() {
    double lo = featureRange()[0];
    double[] s = scale();
    double[] m = new double[s.length];
    for (int c = 0; c < m.length; c++) {
      m[c] = lo - dataMin[c] * s[c];
    }
    return m;
  }

  @Override
  public Tensor transform(TileableHandle x) {
    Tensor in = checkInput(x, true);
    Tensor out = in.mul(Scaling.vector(scale(), in.dtype())).add(Scaling.vector(offset(), in.dtype()));
    if (clip()) {
      double[] range = featureRange();
      out = Mt.clip(out, range[0], range[1]);
    }
    return out;
  }

  @Override
  public Tensor inverseTransform(TileableHandle x) {
    Tensor in = checkInput(x, true);
    return in.sub(Scaling.vector(offset(), in.dtype())).div(Scaling.vector(scale(), in.dtype()));
  }
}
