package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.learn.base.Estimator;
import org.marsonspark.learn.decomposition.PCA;
import org.marsonspark.learn.decomposition.TruncatedSVD;
import org.marsonspark.learn.impute.SimpleImputer;
import org.marsonspark.learn.pipeline.Pipeline;
import org.marsonspark.learn.pipeline.Pipelines;
import org.marsonspark.learn.preprocessing.LabelBinarizer;
import org.marsonspark.learn.preprocessing.LabelEncoder;
import org.marsonspark.learn.preprocessing.MaxAbsScaler;
import org.marsonspark.learn.preprocessing.MinMaxScaler;
import org.marsonspark.learn.preprocessing.Normalizer;
import org.marsonspark.learn.preprocessing.OneHotEncoder;
import org.marsonspark.learn.preprocessing.PolynomialFeatures;
import org.marsonspark.learn.preprocessing.RobustScaler;
import org.marsonspark.learn.preprocessing.StandardScaler;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/** The estimator contract every estimator inherits, shown on StandardScaler. */
class Estimator_ContractTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  @Test
  void parametersHaveSklearnsDefaultsAndCopySetters() {
    StandardScaler s = new StandardScaler();
    Map<String, Object> expected = new LinkedHashMap<>();
    expected.put("withMean", true);
    expected.put("withStd", true);
    assertEquals(expected, s.getParams());
    StandardScaler t = s.withMean(false);
    assertNotSame(s, t);
    assertTrue(s.withMean(), "a copy-setter leaves the original unchanged");
    assertFalse(t.withMean());
    assertEquals("StandardScaler(withMean=false)", t.toString());
    assertEquals("StandardScaler()", s.toString());
    assertEquals(false, s.setParams(Map.of("withStd", false)).getParams().get("withStd"));
  }

  @Test
  void unknownAndInvalidParametersNameTheAllowedOnes() {
    MarsException e = assertError(ErrorClass.INVALID_PARAMETER_VALUE,
        () -> new StandardScaler().setParams(Map.of("with_mean", false)));
    assertEquals("[INVALID_PARAMETER_VALUE] Invalid parameter 'with_mean' for estimator StandardScaler. Valid "
        + "parameters are: ['withMean', 'withStd'].", e.getMessage());
    StandardScaler bad = new StandardScaler().setParams(Map.of("withMean", "yes"));
    e = assertError(ErrorClass.INVALID_PARAMETER_VALUE, () -> bad.fit(Mt.ones(3, 2)));
    assertEquals("[INVALID_PARAMETER_VALUE] The 'withMean' parameter of StandardScaler must be an instance of "
        + "'bool'. Got 'yes' instead.", e.getMessage());
  }

  @Test
  void fittedAttributesNeedFitAndCloneForgetsTheFit() {
    StandardScaler s = new StandardScaler();
    MarsException e = assertError(ErrorClass.NOT_FITTED, s::mean_);
    assertTrue(e.getMessage().contains("This StandardScaler instance is not fitted yet"), e.getMessage());
    assertError(ErrorClass.NOT_FITTED, () -> s.transform(Mt.ones(2, 2)));
    assertSameInstance(s, s.fit(Mt.ones(4, 2)));
    assertTrue(s.isFitted());
    assertEquals(2, s.nFeaturesIn_());
    assertFalse(s.clone().isFitted());
    assertEquals(s.getParams(), s.clone().getParams());
  }

  private static void assertSameInstance(Object a, Object b) {
    assertTrue(a == b, "fit returns the estimator itself");
  }

  @Test
  void predictTimeChecksTheFeatureCountAndNames() {
    StandardScaler s = new StandardScaler().fit(Mt.ones(4, 3));
    MarsException e = assertError(ErrorClass.SHAPE_MISMATCH, () -> s.transform(Mt.ones(2, 2)));
    assertEquals("[SHAPE_MISMATCH] X has 2 features, but StandardScaler is expecting 3 features as input.",
        e.getMessage());
    DataFrame df = frame("a", new double[] {1, 2, 3}, "b", new double[] {2, 4, 8});
    StandardScaler named = new StandardScaler().fit(df);
    assertEquals(df.columns(), named.featureNamesIn_());
    DataFrame other = frame("a", new double[] {1, 2}, "c", new double[] {3, 4});
    assertError(ErrorClass.INVALID_ARGUMENT, () -> named.transform(other));
  }

  private static DataFrame frame(String a, double[] av, String b, double[] bv) {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put(a, Column.ofDoubles(av));
    cols.put(b, Column.ofDoubles(bv));
    return Md.dataFrame(cols, 2);
  }

  @Test
  void badInputGetsSklearnsErrorsAndTheSessionStaysUsable() {
    assertError(ErrorClass.SHAPE_MISMATCH, () -> new StandardScaler().fit(Mt.ones(5)));
    Tensor withInf = Mt.array(new double[] {1, Double.POSITIVE_INFINITY, 3, 4}, 2, 2);
    MarsException e = assertError(ErrorClass.INVALID_ARGUMENT, () -> new StandardScaler().fit(withInf));
    assertTrue(e.getMessage().contains("Input X contains infinity"), e.getMessage());
    assertError(ErrorClass.SHAPE_MISMATCH, () -> new StandardScaler().fit(Mt.ones(4, 2), null, Mt.ones(3)));
    DataFrame text = Md.dataFrame(Map.of("name", Column.ofStrings("a", "b")), 0);
    assertError(ErrorClass.UNSUPPORTED_DTYPE, () -> new StandardScaler().fit(text));
    // the session still runs work
    double[] scale = new StandardScaler().fit(Mt.ones(3, 2)).scale_().execute().fetch().toDoubleArray();
    assertEquals(List.of(1.0, 1.0), List.of(scale[0], scale[1]), "a constant feature is left unscaled");
  }

  @Test
  void aSampleWeightIsRefusedWhereSklearnsFitTakesNone() {
    Tensor x = Mt.array(new double[] {1, 2, 3, 5, 4, 1, 2, 2}, 4, 2);
    Tensor w = Mt.ones(4);
    List<Estimator<?>> noWeights = List.of(new MinMaxScaler(), new MaxAbsScaler(), new RobustScaler(),
        new Normalizer(), new PCA(), new TruncatedSVD().nComponents(1), new SimpleImputer(), new OneHotEncoder(),
        new PolynomialFeatures(), new LabelEncoder(), new LabelBinarizer());
    for (Estimator<?> e : noWeights) {
      MarsException error = assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> e.fit(x, null, w));
      assertEquals("[UNSUPPORTED_OPERATION] " + e.name() + ".fit does not take sampleWeight (sklearn's " + e.name()
          + ".fit has no sample_weight); fit it without weights", error.getMessage());
      assertFalse(e.isFitted());
    }
    // a pipeline gives its weights to the last step: the error is that step's, or the passthrough's
    MarsException error = assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> Pipelines.makePipeline(
        new StandardScaler(), new MinMaxScaler()).fit(x, null, w));
    assertTrue(error.getMessage().startsWith("[UNSUPPORTED_OPERATION] MinMaxScaler.fit does not take sampleWeight"),
        error.getMessage());
    error = assertError(ErrorClass.UNSUPPORTED_OPERATION, () -> Pipeline.of("s", new StandardScaler(), "p", null)
        .fit(x, null, w));
    assertTrue(error.getMessage().contains("'passthrough' and takes none"), error.getMessage());
    // those whose sklearn fit takes sample_weight use it
    assertEquals(4, new StandardScaler().fit(x, null, w).nFeaturesIn_() * 2);
  }
}
