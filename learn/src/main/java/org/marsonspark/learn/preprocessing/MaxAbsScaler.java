package org.marsonspark.learn.preprocessing;

import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.InvertibleTransformer;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code MaxAbsScaler}: divides each feature by its largest absolute value seen in fit,
 * so values lie in [-1, 1] and zeros stay zero. NaNs are ignored in fit and kept by transform; an
 * all-zero feature is left as it is. {@code fit} is one pass (the columns' minima and maxima,
 * merged in a tree); {@code partialFit} merges another batch; transforms are lazy.
 */
public final class MaxAbsScaler extends BaseEstimator<MaxAbsScaler> implements InvertibleTransformer<MaxAbsScaler> {
  static final ParamSpec SPEC = ParamSpec.of("MaxAbsScaler");

  private double[] maxAbs;
  private long nSamples;
  private DType dtype;

  public MaxAbsScaler() {
    this(SPEC.defaults());
  }

  private MaxAbsScaler(Params params) {
    super(params);
  }

  @Override
  protected MaxAbsScaler copy(Params params) {
    return new MaxAbsScaler(params);
  }

  @Override
  public MaxAbsScaler fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    refuseSampleWeight(sampleWeight);
    startFit();
    maxAbs = null;
    return partialFit(x);
  }

  /** Merges another batch's largest absolute values into those seen so far (the first call fits). */
  public MaxAbsScaler partialFit(TileableHandle x) {
    if (maxAbs == null) {
      startFit();
    }
    Features f = maxAbs == null ? Features.of(x, name()) : checkFeatures(x);
    NDArray ext = Scaling.extremes(f, name());
    int d = f.nFeatures();
    double[] batch = new double[d];
    for (int c = 0; c < d; c++) {
      batch[c] = Math.max(Math.abs(ext.getDouble(c)), Math.abs(ext.getDouble(d + c)));
    }
    if (maxAbs == null) {
      maxAbs = batch;
      nSamples = 0;
      dtype = f.x().dtype();
    } else {
      for (int c = 0; c < d; c++) {
        maxAbs[c] = Scaling.fmax(maxAbs[c], batch[c]);
      }
    }
    nSamples += f.nSamples();
    fitted(f.info());
    return this;
  }

  /** The per-feature largest absolute value ({@code max_abs_}). */
  public Tensor maxAbs_() {
    requireFitted();
    return Scaling.attribute(maxAbs);
  }

  /** The per-feature divisor of transform ({@code scale_}). */
  public Tensor scale_() {
    requireFitted();
    return Scaling.attribute(Scaling.handleZeros(maxAbs, dtype));
  }

  /** The number of rows seen ({@code n_samples_seen_}). */
  public long nSamplesSeen_() {
    requireFitted();
    return nSamples;
  }

  @Override
  public Tensor transform(TileableHandle x) {
    Tensor in = checkInput(x, true);
    return in.div(Scaling.vector(Scaling.handleZeros(maxAbs, dtype), in.dtype()));
  }

  @Override
  public Tensor inverseTransform(TileableHandle x) {
    Tensor in = checkInput(x, true);
    return in.mul(Scaling.vector(Scaling.handleZeros(maxAbs, dtype), in.dtype()));
  }
}
