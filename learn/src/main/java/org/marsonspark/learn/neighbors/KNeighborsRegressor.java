package org.marsonspark.learn.neighbors;

import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.base.Regressor;
import org.marsonspark.learn.kernel.NeighborMean;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code KNeighborsRegressor}, brute force on Spark: {@code fit} holds X and y in the
 * executors; {@link #predict} is the mean of the targets of each query row's {@code nNeighbors}
 * nearest samples, uniform or weighted by 1/distance, lazily. The search is {@link Neighbors}'.
 *
 * <p>Deviations: as {@link NearestNeighbors}; y is one target column (sklearn also takes several).
 */
public final class KNeighborsRegressor extends Neighbors<KNeighborsRegressor>
    implements Regressor<KNeighborsRegressor> {
  static final ParamSpec SPEC = spec("KNeighborsRegressor")
      .param("weights", "uniform", Constraint.options("uniform", "distance"));

  private Tensor target;

  public KNeighborsRegressor() {
    this(SPEC.defaults());
  }

  private KNeighborsRegressor(Params params) {
    super(params);
  }

  @Override
  protected KNeighborsRegressor copy(Params params) {
    return new KNeighborsRegressor(params);
  }

  public String weights() {
    return param("weights");
  }

  /** "uniform" (the plain mean) or "distance" (weighted by 1/distance). */
  public KNeighborsRegressor weights(String w) {
    return with("weights", w);
  }

  @Override
  public KNeighborsRegressor fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    refuseSampleWeight(sampleWeight);
    Tensor t = Inputs.target(y, name());
    if (t.ndim() != 1) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, name() + ": y of shape "
          + org.marsonspark.core.Shapes.toString(t.shape()) + " is not supported: one target column only (a 1-D y)");
    }
    Inputs.consistentLength(Features.of(x, name()).x(), t);
    fitItems(x);
    Tensor y64 = t.dtype() == DType.FLOAT64 ? t : t.astype(DType.FLOAT64);
    target = y64.isExecuted() ? y64 : y64.execute();
    Inputs.requireFinite(target, "y", name(), false);
    return this;
  }

  @Override
  public Tensor predict(TileableHandle x) {
    requireFitted();
    Tensor[] r = search(x, null);
    return Blocks.map(List.of(Mt.take(target, r[1], 0), r[0]), new NeighborMean(weights().equals("distance")),
        new long[0], DType.FLOAT64);
  }
}
