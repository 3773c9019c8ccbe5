package org.marsonspark.learn.xgboost;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.base.Regressor;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Tensor;

/**
 * XGBoost's {@code XGBRegressor} ({@link XGBModel}: distributed through xgboost4j-spark, or inside
 * one task): objective 'reg:squarederror' unless another 'reg:' objective is given; one target.
 */
public final class XGBRegressor extends XGBModel<XGBRegressor> implements Regressor<XGBRegressor> {
  static final ParamSpec SPEC = XgbParams.spec("XGBRegressor");

  public XGBRegressor() {
    this(SPEC.defaults());
  }

  private XGBRegressor(Params params) {
    super(params);
  }

  @Override
  protected XGBRegressor copy(Params params) {
    return new XGBRegressor(params);
  }

  @Override
  Target target(TileableHandle y) {
    if (y instanceof Tensor t && t.ndim() == 2 && t.shape(1) > 1) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, name() + ": a y of " + t.shape(1) + " targets is "
          + "not supported; fit one regressor per target");
    }
    Tensor label = Inputs.target(y, name());
    label = label.dtype() == DType.FLOAT64 ? label : label.astype(DType.FLOAT64);
    Inputs.requireFinite(label, "y", name(), false);
    return new Target(label, 0);
  }

  @Override
  int fittedClasses() {
    return 0;
  }

  @Override
  double[] localClasses(double[] y) {
    return null;
  }

  @Override
  void adoptClasses(double[] classes) {
    if (classes != null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "XGBRegressor.fromLocal: the model is a classifier's "
          + "(it has classes); use XGBClassifier.fromLocal");
    }
  }

  /** XGBoost's prediction of each row, lazily (1-D float64). */
  @Override
  public Tensor predict(TileableHandle x) {
    return boosterOutput(x, XgbRows.Output.VALUE);
  }
}
