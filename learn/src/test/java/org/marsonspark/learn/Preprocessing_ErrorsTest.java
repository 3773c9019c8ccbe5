package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.marsonspark.core.MarsAssert.assertError;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.learn.impute.SimpleImputer;
import org.marsonspark.learn.preprocessing.LabelBinarizer;
import org.marsonspark.learn.preprocessing.LabelEncoder;
import org.marsonspark.learn.preprocessing.MinMaxScaler;
import org.marsonspark.learn.preprocessing.Normalizer;
import org.marsonspark.learn.preprocessing.OneHotEncoder;
import org.marsonspark.learn.preprocessing.PolynomialFeatures;
import org.marsonspark.learn.preprocessing.Preprocessing;
import org.marsonspark.learn.preprocessing.RobustScaler;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/** Bad input to the preprocessing estimators gets sklearn's errors, at fit or when a lazy transform runs; the session stays usable. */
class Preprocessing_ErrorsTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static final Tensor X = Mt.array(new double[] {1, 2, 3, 4, 5, 6}, 3, 2);

  @Test
  void badParameters() {
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "Minimum of desired feature range must be smaller than maximum",
        () -> new MinMaxScaler().featureRange(1, 0).fit(X));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "Invalid quantile range", () -> new RobustScaler()
        .quantileRange(80, 20).fit(X));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "The 'handleUnknown' parameter of OneHotEncoder must be a str "
        + "among {'error', 'ignore'}. Got 'infrequent_if_exist' instead.", () -> new OneHotEncoder()
            .handleUnknown("infrequent_if_exist").fit(X));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "Invalid parameter 'minFrequency' for estimator OneHotEncoder",
        () -> new OneHotEncoder().setParams(Map.of("minFrequency", 3)));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "neg_label=1 must be strictly less than pos_label=1", () ->
        new LabelBinarizer().negLabel(1).fit(Mt.array(new long[] {1, 2})));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "Sparse binarization is only supported", () -> new LabelBinarizer()
        .negLabel(-1).sparseOutput(true).fit(Mt.array(new long[] {1, 2})));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "min_degree <= max_degree", () -> new PolynomialFeatures()
        .degree(3, 2).fit(X));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "would result in an empty output array", () ->
        new PolynomialFeatures().degree(0).includeBias(false).fit(X));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "The 'strategy' parameter of SimpleImputer", () ->
        new SimpleImputer().strategy("mode").fit(X));
    assertError(ErrorClass.INVALID_ARGUMENT, "'l3' is not a supported norm", () -> Preprocessing.normalize(X, "l3", 1));
  }

  @Test
  void badData() {
    Tensor nan = Mt.array(new double[] {1, Double.NaN, 3, 4}, 2, 2);
    assertError(ErrorClass.INVALID_ARGUMENT, "Input X contains NaN", () -> new Normalizer().fit(nan));
    assertError(ErrorClass.INVALID_ARGUMENT, "Input X contains NaN", () -> new SimpleImputer().missingValues(-1)
        .fit(nan));
    assertError(ErrorClass.SHAPE_MISMATCH, "X has 3 features, but MinMaxScaler is expecting 2 features", () ->
        new MinMaxScaler().fit(X).transform(Mt.ones(2, 3)));
    assertError(ErrorClass.INVALID_ARGUMENT, "Unknown label type: continuous", () -> new LabelBinarizer()
        .fit(Mt.array(new double[] {0.5, 1, 2})));
    // unknown values are found when the lazy transform runs, with sklearn's messages
    LabelEncoder le = new LabelEncoder().fit(Mt.array(new long[] {3, 1, 3}));
    Tensor unseen = le.transform(Mt.array(new long[] {1, 7}));
    assertError(ErrorClass.INVALID_ARGUMENT, "y contains previously unseen labels: [7.0]", unseen::execute);
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("city", Column.ofStrings("paris", "oslo", "paris"));
    DataFrame df = Md.dataFrame(cols, 2);
    OneHotEncoder ohe = new OneHotEncoder().fit(df);
    Map<String, Column> other = new LinkedHashMap<>();
    other.put("city", Column.ofStrings("rome"));
    Tensor unknown = ohe.transform(Md.dataFrame(other, 1));
    assertError(ErrorClass.INVALID_ARGUMENT, "Found unknown categories ['rome'] in column 0", unknown::execute);
    Map<String, Column> renamed = new LinkedHashMap<>();
    renamed.put("town", Column.ofStrings("oslo"));
    assertError(ErrorClass.INVALID_ARGUMENT, "The feature names should match", () -> ohe.transform(
        Md.dataFrame(renamed, 1)));
    assertError(ErrorClass.NOT_FITTED, "This OneHotEncoder instance is not fitted yet", () -> new OneHotEncoder()
        .categories_());
    assertEquals(List.of(List.of("oslo", "paris")), ohe.categories_(), "the session still runs work");
  }
}
