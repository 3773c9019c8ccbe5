package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.learn.decomposition.PCA;
import org.marsonspark.learn.decomposition.TruncatedSVD;
import org.marsonspark.learn.linearmodel.LinearRegression;
import org.marsonspark.learn.linearmodel.LogisticRegression;
import org.marsonspark.learn.linearmodel.Ridge;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/** sklearn-like errors of the linear models and decompositions; the session stays usable. */
class LinearAndDecomposition_ErrorsTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static Tensor x() {
    return Mt.array(new double[] {1, 2, 2, 1, 3, 5, 4, 3, 5, 8, 6, 5}, 6, 2);
  }

  private static Tensor binary() {
    return Mt.array(new double[] {0, 0, 1, 0, 1, 1}, 6);
  }

  @Test
  void parametersHaveSklearnsNamesAndDefaults() {
    assertEquals(List.of("penalty", "dual", "tol", "C", "fitIntercept", "classWeight", "solver", "maxIter",
        "multiClass", "warmStart"), List.copyOf(new LogisticRegression().getParams().keySet()));
    assertEquals(1e-4, new LogisticRegression().getParams().get("tol"));
    assertEquals(100, new LogisticRegression().getParams().get("maxIter"));
    assertEquals("Ridge(alpha=0.5)", new Ridge().alpha(0.5).toString());
    assertEquals(Map.of("fitIntercept", true, "positive", false), new LinearRegression().getParams());
    assertEquals("auto", new PCA().getParams().get("svdSolver"));
    assertEquals(5, new TruncatedSVD().getParams().get("nIter"));
  }

  @Test
  void logisticRegressionRefusesWhatItCannotFit() {
    assertError(ErrorClass.INVALID_ARGUMENT, "at least 2 classes", () -> new LogisticRegression().fit(x(),
        Mt.zeros(6)));
    assertError(ErrorClass.INVALID_ARGUMENT, "Unknown label type: 'continuous'", () -> new LogisticRegression()
        .fit(x(), Mt.array(new double[] {0.5, 1, 2, 0, 1, 1}, 6)));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "supports only 'l2' or 'none' penalties",
        () -> new LogisticRegression().penalty("l1").fit(x(), binary()));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "solver='saga'", () -> new LogisticRegression().solver("saga")
        .fit(x(), binary()));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "dual=False", () -> new LogisticRegression().dual(true)
        .fit(x(), binary()));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "The 'C' parameter of LogisticRegression must be a float in "
        + "the range (0.0, inf)", () -> new LogisticRegression().C(0).fit(x(), binary()));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "The 'multiClass' parameter", () -> new LogisticRegression()
        .multiClass("many").fit(x(), binary()));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "are not in class_weight", () -> new LogisticRegression()
        .classWeight(Map.of(7, 2.0)).fit(x(), binary()));
    assertError(ErrorClass.SHAPE_MISMATCH, "inconsistent numbers of samples", () -> new LogisticRegression()
        .fit(x(), Mt.array(new double[] {0, 1, 0}, 3)));
    Tensor nan = Mt.array(new double[] {1, Double.NaN, 2, 1, 3, 5, 4, 3, 5, 8, 6, 5}, 6, 2);
    assertError(ErrorClass.INVALID_ARGUMENT, "Input X contains NaN", () -> new LogisticRegression().fit(nan,
        binary()));
  }

  @Test
  void logisticRegressionChecksPredictTimeInputs() {
    LogisticRegression unfitted = new LogisticRegression();
    assertError(ErrorClass.NOT_FITTED, "is not fitted yet", () -> unfitted.predict(x()));
    LogisticRegression lr = new LogisticRegression().fit(x(), binary());
    assertError(ErrorClass.SHAPE_MISMATCH, "X has 3 features, but LogisticRegression is expecting 2 features",
        () -> lr.predictProba(Mt.ones(2, 3)));
    Series names = Md.series("y", Column.ofStrings("a", "a", "b", "a", "b", "b"), 2);
    LogisticRegression byName = new LogisticRegression().fit(x(), names);
    assertError(ErrorClass.UNSUPPORTED_DTYPE, "use classLabels_ and predictLabels", () -> byName.predict(x()));
    assertEquals(List.of("a", "b"), byName.classLabels_());
    // the session is still usable, and a refit from the last coefficients (warmStart) starts at the optimum
    LogisticRegression warm = new LogisticRegression().warmStart(true).fit(x(), binary());
    NDArray coef = warm.coef_().execute().fetch();
    warm.fit(x(), binary());
    assertArrayEquals(coef.toDoubleArray(), warm.coef_().execute().fetch().toDoubleArray(), 1e-6);
    assertTrue(warm.nIter_().execute().fetch().getLong(0) <= 2, "a warm start from the optimum stops at once");
  }

  @Test
  void leastSquaresRefuseWhatTheyCannotFit() {
    Tensor y = Mt.array(new double[] {1, 2, 3, 4, 5, 7}, 6);
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "positive=true", () -> new LinearRegression().positive(true)
        .fit(x(), y));
    assertError(ErrorClass.INVALID_ARGUMENT, "Negative values in data passed to `sample_weight`",
        () -> new LinearRegression().fit(x(), y, Mt.array(new double[] {1, 1, -1, 1, 1, 1}, 6)));
    assertError(ErrorClass.INVALID_ARGUMENT, "Input y contains infinity", () -> new LinearRegression().fit(x(),
        Mt.array(new double[] {1, 2, Double.POSITIVE_INFINITY, 4, 5, 7}, 6)));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "solver='sag'", () -> new Ridge().solver("sag").fit(x(), y));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "The 'alpha' parameter of Ridge", () -> new Ridge().alpha(-1)
        .fit(x(), y));
    assertError(ErrorClass.SHAPE_MISMATCH, "Number of targets and number of penalties do not correspond",
        () -> new Ridge().alpha(new double[] {1, 2, 3}).fit(x(), y));
    assertError(ErrorClass.SHAPE_MISMATCH, "X has 1 features, but Ridge is expecting 2",
        () -> new Ridge().fit(x(), y).predict(Mt.ones(3, 1)));
  }

  @Test
  void decompositionsRefuseWhatTheyCannotFit() {
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "must be between 0 and min(n_samples, n_features)=2",
        () -> new PCA().nComponents(3).fit(x()));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "cannot be a string with svd_solver='randomized'",
        () -> new PCA().nComponents("mle").svdSolver("randomized").fit(x()));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "strictly less than", () -> new PCA().nComponents(2)
        .svdSolver("arpack").fit(x()));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "only supported if n_samples >= n_features",
        () -> new PCA().nComponents("mle").fit(Mt.ones(2, 4)));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "PCA does not support sparse input",
        () -> new PCA().fit(x().toSparse()));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "The 'nComponents' parameter of PCA",
        () -> new PCA().nComponents((Object) 1.5).fit(x()));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "n_components(3) must be <= n_features(2)",
        () -> new TruncatedSVD().nComponents(3).fit(x()));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "algorithm='arpack'", () -> new TruncatedSVD().algorithm("arpack")
        .fit(x()));
    Tensor nan = Mt.array(new double[] {1, Double.NaN, 2, 1, 3, 5, 4, 3, 5, 8, 6, 5}, 6, 2);
    assertError(ErrorClass.INVALID_ARGUMENT, "Input X contains NaN", () -> new PCA().fit(nan));
    Tensor inf = Mt.array(new double[] {1, 2, 2, 1, 3, Double.NEGATIVE_INFINITY, 4, 3, 5, 8, 6, 5}, 6, 2);
    assertError(ErrorClass.INVALID_ARGUMENT, "Input X contains infinity", () -> new TruncatedSVD().nComponents(1)
        .fit(inf));
    assertError(ErrorClass.NOT_FITTED, "not fitted yet", () -> new PCA().transform(x()));
    PCA p = new PCA().nComponents(1).fit(x());
    assertError(ErrorClass.SHAPE_MISMATCH, "X has 2 columns, but the fit kept 1 components",
        () -> p.inverseTransform(x()));
    assertEquals(6, p.transform(x()).execute().fetch().size(), "the session still runs work");
  }
}
