package org.marsonspark.learn.preprocessing;

import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.HeldData;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.base.Transformer;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code Normalizer}: scales each row to unit norm ("l1", "l2" or "max"), row by row, so
 * {@code fit} learns nothing but the number of features (it checks X as sklearn does: no NaN or
 * infinity); {@code transform} is {@link Preprocessing#normalize}, lazy.
 */
public final class Normalizer extends BaseEstimator<Normalizer> implements Transformer<Normalizer> {
  static final ParamSpec SPEC = ParamSpec.of("Normalizer")
      .param("norm", "l2", Constraint.options("l1", "l2", "max"));

  public Normalizer() {
    this(SPEC.defaults());
  }

  private Normalizer(Params params) {
    super(params);
  }

  @Override
  protected Normalizer copy(Params params) {
    return new Normalizer(params);
  }

  public String norm() {
    return param("norm");
  }

  public Normalizer norm(String norm) {
    return with("norm", norm);
  }

  @Override
  public Normalizer fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    refuseSampleWeight(sampleWeight);
    startFit();
    Features f = Features.of(x, name());
    Scaling.requireDense(f, name());
    try (HeldData held = HeldData.of(f.x())) {
      Inputs.requireFinite(f.x(), "X", name(), false);
    }
    fitted(f.info());
    return this;
  }

  @Override
  public Tensor transform(TileableHandle x) {
    return Preprocessing.normalize(checkInput(x, false), norm(), 1);
  }
}
