package org.marsonspark.learn.ensemble;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.base.Regressor;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Tensor;

/** A tree-ensemble regressor: one finite float64 target; MLlib's prediction of each row. */
public abstract class EnsembleRegressor<E extends EnsembleRegressor<E>> extends TreeEnsemble<E>
    implements Regressor<E> {
  EnsembleRegressor(Params params) {
    super(params);
  }

  @Override
  final boolean classifier() {
    return false;
  }

  /** One float64 target, finite (sklearn's {@code check_X_y(y_numeric=True)}). */
  @Override
  final Target target(TileableHandle y) {
    if (y instanceof Tensor t && t.ndim() == 2 && t.shape(1) > 1) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, name() + ": a y of " + t.shape(1) + " targets is "
          + "not supported: MLlib's tree learners fit one target; fit one estimator per target");
    }
    Tensor label = Inputs.target(y, name());
    label = label.dtype() == DType.FLOAT64 ? label : label.astype(DType.FLOAT64);
    Inputs.requireFinite(label, "y", name(), false);
    return new Target(label, null);
  }

  /** The ensemble's prediction of each row, lazily (1-D float64). */
  @Override
  public Tensor predict(TileableHandle x) {
    return engineOutput(x);
  }
}
