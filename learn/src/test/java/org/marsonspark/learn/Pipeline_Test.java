package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.base.Regressor;
import org.marsonspark.learn.pipeline.Pipeline;
import org.marsonspark.learn.pipeline.Pipelines;
import org.marsonspark.learn.preprocessing.MinMaxScaler;
import org.marsonspark.learn.preprocessing.PolynomialFeatures;
import org.marsonspark.learn.preprocessing.StandardScaler;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/** Pipeline and makePipeline: chaining, step__param names, namedSteps, clone; nested parameters in BaseEstimator. */
class Pipeline_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  /**
   * A test regressor: predicts {@code scale} times the mean of y seen in fit; its {@code base}
   * parameter holds an estimator, for the nested-parameter hook of BaseEstimator.
   */
  static final class MeanRegressor extends BaseEstimator<MeanRegressor> implements Regressor<MeanRegressor> {
    static final ParamSpec SPEC = ParamSpec.of("MeanRegressor")
        .param("scale", 1.0, Constraint.realRange(null, null, Constraint.Closed.NEITHER))
        .param("base", null, Constraint.anyOf(Constraint.none(), Constraint.instanceOf(BaseEstimator.class,
            "an estimator")));
    private double mean;

    MeanRegressor() {
      this(SPEC.defaults());
    }

    private MeanRegressor(Params p) {
      super(p);
    }

    @Override
    protected MeanRegressor copy(Params p) {
      return new MeanRegressor(p);
    }

    Object base() {
      return param("base");
    }

    @Override
    public MeanRegressor fit(TileableHandle x, TileableHandle y, TileableHandle w) {
      startFit();
      Features f = Features.of(x, name());
      mean = Inputs.target(y, name()).mean().execute().fetch().getDouble(0) * (double) param("scale");
      fitted(f.info());
      return this;
    }

    @Override
    public Tensor predict(TileableHandle x) {
      return Mt.zerosLike(checkFeatures(x).x().sum(1)).add(mean);
    }
  }

  private static final Tensor X = Mt.array(new double[] {1, 2, 3, 4, 5, 6, 7, 8}, 4, 2);
  private static final Tensor Y = Mt.array(new double[] {1, 2, 3, 6});

  @Test
  void fitChainsTheStepsAndPredictRunsThroughThem() {
    StandardScaler scaler = new StandardScaler();
    MeanRegressor reg = new MeanRegressor();
    Pipeline p = Pipeline.of("scaler", scaler, "reg", reg);
    assertSame(p, p.fit(X, Y));
    assertTrue(scaler.isFitted() && reg.isFitted(), "every step is fitted");
    assertEquals(List.of(3.0, 3.0, 3.0, 3.0), values(p.predict(X)));
    // score = R² of a constant prediction at the mean: 0
    assertEquals(0.0, p.score(X, Y).execute().fetch().getDouble(0), 1e-12);
    NDArray scaled = scaler.transform(X).execute().fetch();
    assertEquals(-3 / Math.sqrt(5), scaled.getDouble(0), 1e-12, "(1 - 4) / std(1, 3, 5, 7)");
    assertEquals(p.namedSteps().get("reg"), reg);
    MarsException e = assertThrows(MarsException.class, () -> p.transform(X));
    assertEquals(ErrorClass.UNSUPPORTED_OPERATION, e.errorClass());
    assertTrue(e.getMessage().contains("has no attribute 'transform'"), e.getMessage());
  }

  private static List<Double> values(Tensor t) {
    return java.util.Arrays.stream(t.execute().fetch().doubles()).boxed().toList();
  }

  @Test
  void paramsUseStepNames() {
    Pipeline p = Pipeline.of("scaler", new StandardScaler(), "poly", new PolynomialFeatures());
    Map<String, Object> deep = p.getParams();
    assertEquals(List.of("steps", "scaler", "poly", "scaler__withMean", "scaler__withStd", "poly__degree",
        "poly__interactionOnly", "poly__includeBias"), List.copyOf(deep.keySet()));
    assertEquals(List.of("steps"), List.copyOf(p.getParams(false).keySet()));
    Pipeline q = p.setParams(Map.of("scaler__withMean", false, "poly__degree", 3));
    assertNotSame(p, q);
    assertEquals(true, p.getParams().get("scaler__withMean"), "the original is unchanged");
    assertEquals(false, q.getParams().get("scaler__withMean"));
    assertEquals(3, q.getParams().get("poly__degree"));
    Pipeline r = p.setParams(Map.of("poly", new MinMaxScaler()));
    assertTrue(r.namedSteps().get("poly") instanceof MinMaxScaler, "a step replaced by name");
    MarsException e = assertThrows(MarsException.class, () -> p.setParams(Map.of("nope__x", 1)));
    assertEquals(ErrorClass.INVALID_PARAMETER_VALUE, e.errorClass());
    e = assertThrows(MarsException.class, () -> p.setParams(Map.of("scaler__with_mean", 1)));
    assertTrue(e.getMessage().contains("Invalid parameter 'with_mean' for estimator StandardScaler"), e.getMessage());
  }

  @Test
  void cloneMakePipelineAndValidation() {
    StandardScaler s = new StandardScaler().fit(X);
    Pipeline p = Pipelines.makePipeline(s, new StandardScaler().withMean(false), new MinMaxScaler());
    assertEquals(List.of("standardscaler-1", "standardscaler-2", "minmaxscaler"),
        List.copyOf(p.namedSteps().keySet()));
    Pipeline c = p.clone();
    assertFalse(c.namedSteps().get("standardscaler-1").isFitted(), "clone forgets every fit");
    assertEquals(p.getParams(true).get("standardscaler-2__withMean"), c.getParams(true).get("standardscaler-2__withMean"));
    assertFalse(c.isFitted());
    MarsException e = assertThrows(MarsException.class, () -> c.transform(X));
    assertEquals(ErrorClass.NOT_FITTED, e.errorClass());
    e = assertThrows(MarsException.class, () -> Pipeline.of("reg", new MeanRegressor(), "s", new StandardScaler()));
    assertTrue(e.getMessage().contains("All intermediate steps should be transformers"), e.getMessage());
    e = assertThrows(MarsException.class, () -> Pipeline.of("a", new StandardScaler(), "a", new MinMaxScaler()));
    assertTrue(e.getMessage().contains("Names provided are not unique"), e.getMessage());
    Pipeline passthrough = Pipeline.of("skip", "passthrough", "scale", new MinMaxScaler());
    NDArray out = passthrough.fitTransform(X).execute().fetch();
    assertEquals(0.0, out.getDouble(0), 0.0);
    assertEquals(1.0, out.getDouble(7), 0.0);
    NDArray back = passthrough.inverseTransform(passthrough.transform(X)).execute().fetch();
    assertEquals(8.0, back.getDouble(7), 1e-12);
  }

  @Test
  void estimatorValuedParametersNestInBaseEstimator() {
    MeanRegressor r = new MeanRegressor().setParams(Map.of("base", new StandardScaler()));
    assertEquals(true, r.getParams().get("base__withMean"));
    MeanRegressor changed = r.setParams(Map.of("base__withMean", false, "scale", 2));
    assertEquals(false, changed.getParams().get("base__withMean"));
    assertEquals(2.0, changed.getParams().get("scale"));
    assertEquals(true, r.getParams().get("base__withMean"), "setParams leaves the original");
    assertNotSame(r.base(), r.clone().base(), "clone clones a nested estimator");
    MarsException e = assertThrows(MarsException.class, () -> new MeanRegressor().setParams(Map.of("scale__x", 1)));
    assertEquals(ErrorClass.INVALID_PARAMETER_VALUE, e.errorClass());
    assertTrue(e.getMessage().contains("is not an estimator"), e.getMessage());
  }
}
