package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.learn.cluster.KMeans;
import org.marsonspark.learn.decomposition.PCA;
import org.marsonspark.learn.decomposition.TruncatedSVD;
import org.marsonspark.learn.impute.SimpleImputer;
import org.marsonspark.learn.linearmodel.LinearRegression;
import org.marsonspark.learn.linearmodel.LogisticRegression;
import org.marsonspark.learn.linearmodel.Ridge;
import org.marsonspark.learn.metrics.Metrics;
import org.marsonspark.learn.modelselection.StratifiedKFold;
import org.marsonspark.learn.modelselection.TrainTestSplit;
import org.marsonspark.learn.preprocessing.LabelBinarizer;
import org.marsonspark.learn.preprocessing.LabelEncoder;
import org.marsonspark.learn.preprocessing.MaxAbsScaler;
import org.marsonspark.learn.preprocessing.MinMaxScaler;
import org.marsonspark.learn.preprocessing.Normalizer;
import org.marsonspark.learn.preprocessing.PolynomialFeatures;
import org.marsonspark.learn.preprocessing.RobustScaler;
import org.marsonspark.learn.preprocessing.StandardScaler;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * NaN, NA and infinity where sklearn 1.2 refuses them — in y when a classifier or a stratified
 * split finds the classes, in X when a fitted estimator predicts or transforms (the lazy result
 * fails when it runs) — with sklearn's messages (checked with /usr/bin/python3's sklearn 1.2);
 * where sklearn's transform allows NaN (the scalers, SimpleImputer), NaN passes. The session stays
 * usable.
 */
class NonFinite_ErrorsTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static final double NAN = Double.NaN;
  private static final double INF = Double.POSITIVE_INFINITY;

  static Tensor x() {
    return Mt.tensor(NDArray.of(new double[] {1, 2, 2, 1, 3, 5, 4, 3, 5, 8, 6, 5}, 6, 2), ChunkSize.of(2, 2));
  }

  /** Two rows, the second holding {@code bad}, in row chunks of one: the bad row is in the second task. */
  static Tensor rows(double bad) {
    return Mt.tensor(NDArray.of(new double[] {1, 2, bad, 1}, 2, 2), ChunkSize.of(1, 2));
  }

  static Tensor labels(double... y) {
    return Mt.tensor(NDArray.of(y), ChunkSize.of(2));
  }

  @Test
  void aClassifierRefusesNaNAndInfinityInY() {
    assertError(ErrorClass.INVALID_ARGUMENT,
        "LogisticRegression: Input y contains NaN.", () -> new LogisticRegression().fit(x(),
        labels(0, 1, NAN, 0, 1, 0)));
    assertError(ErrorClass.INVALID_ARGUMENT,
        "LogisticRegression: Input y contains infinity or a value too large for dtype('float64').",
        () -> new LogisticRegression().fit(x(), labels(0, 1, INF, 0, 1, 0)));
    // NA among string labels: value_counts drops it, so it must be refused, not trained as the first class
    Series na = Md.series("y", Column.ofStrings("a", "b", null, "a", "b", "a"), 2);
    MarsException e = assertError(ErrorClass.INVALID_ARGUMENT,
        "Input y contains NaN.", () -> new LogisticRegression().fit(x(), na));
    assertTrue(!e.getMessage().contains("impute"), "sklearn's advice on missing values is for X only: "
        + e.getMessage());
    assertEquals(6, Mt.ones(6).sum().execute().fetch().getDouble(0), "the session is usable");
  }

  @Test
  void splitsAndLabelTransformersFollowSklearnOnNaN() {
    assertError(ErrorClass.INVALID_ARGUMENT,
        "StratifiedKFold: Input y contains NaN.", () -> new StratifiedKFold(2, false, null).split(x(),
        labels(0, 1, NAN, 0, 1, 0)));
    Series na = Md.series("y", Column.ofStrings("a", "b", null, "a", "b", "a"), 2);
    assertError(ErrorClass.INVALID_ARGUMENT,
        "StratifiedKFold: Input y contains NaN.", () -> new StratifiedKFold(2, false, null).split(x(), na));
    assertError(ErrorClass.INVALID_ARGUMENT,
        "train_test_split: Input y contains NaN.", () -> new TrainTestSplit().testSize(0.5).randomState(0)
        .stratify(labels(0, 1, NAN, 0, 1, 0)).split(x()));
    assertError(ErrorClass.INVALID_ARGUMENT,
        "LabelBinarizer: Input y contains NaN.", () -> new LabelBinarizer().fit(labels(0, 1, NAN)));
    // sklearn's LabelEncoder keeps NaN as a class, last
    assertArrayEquals(new double[] {0, 1, NAN}, new LabelEncoder().fit(labels(1, NAN, 0)).classes_().execute()
        .fetch().toDoubleArray());
    assertError(ErrorClass.INVALID_ARGUMENT,
        "f1_score: Input y_true contains infinity or a value too large for dtype('float64').",
        () -> Metrics.f1Score(labels(0, 1, INF), labels(0, 1, 1)));
    assertError(ErrorClass.INVALID_ARGUMENT,
        "f1_score: Input y_pred contains NaN.", () -> Metrics.f1Score(labels(0, 1, 1), labels(0, NAN, 1)));
  }

  @Test
  void predictAndTransformRefuseNaNAndInfinityInX() {
    Tensor y = labels(0, 0, 1, 0, 1, 1);
    check("LogisticRegression", new LogisticRegression().fit(x(), y)::predict);
    check("LogisticRegression", new LogisticRegression().fit(x(), y)::predictProba);
    check("LinearRegression", new LinearRegression().fit(x(), y)::predict);
    check("Ridge", new Ridge().fit(x(), y)::predict);
    check("PCA", new PCA().nComponents(1).fit(x())::transform);
    check("TruncatedSVD", new TruncatedSVD().nComponents(1).randomState(0).fit(x())::transform);
    KMeans km = new KMeans().nClusters(2).nInit(1).randomState(0).fit(x());
    check("KMeans", km::predict);
    check("KMeans", km::transform);
    check("KMeans", km::score);
    check("Normalizer", new Normalizer().fit(x())::transform);
    check("PolynomialFeatures", new PolynomialFeatures().fit(x())::transform);
    check("SimpleImputer", new SimpleImputer().missingValues(-1).fit(x())::transform);
  }

  /** {@code apply} of a row with NaN and of one with infinity fails, naming the estimator; a finite row does not. */
  private static void check(String estimator, Function<Tensor, Tensor> apply) {
    assertError(ErrorClass.INVALID_ARGUMENT,
        estimator + ": Input X contains NaN. " + estimator + " does not accept missing values",
        () -> apply.apply(rows(NAN)).execute());
    assertError(ErrorClass.INVALID_ARGUMENT,
        estimator + ": Input X contains infinity or a value too large for dtype('float64').",
        () -> apply.apply(rows(INF)).execute());
    Tensor ok = apply.apply(rows(3)).execute();
    ok.release();
  }

  @Test
  void transformersWhoseSklearnAllowsNaNPassItButNotInfinity() {
    Tensor nan = rows(NAN);
    for (var scaler : java.util.List.<org.marsonspark.learn.base.Transformer<?>>of(new StandardScaler().fit(x()),
        new MinMaxScaler().fit(x()), new MaxAbsScaler().fit(x()), new RobustScaler().fit(x()))) {
      NDArray out = scaler.transform(nan).execute().fetch();
      assertTrue(Double.isNaN(out.getDouble(2)) && !Double.isNaN(out.getDouble(3)), scaler + ": " + out);
      assertError(ErrorClass.INVALID_ARGUMENT,
          scaler.name() + ": Input X contains infinity", () -> scaler.transform(rows(INF)).execute());
    }
    NDArray imputed = new SimpleImputer().fit(x()).transform(nan).execute().fetch();
    assertEquals(3.5, imputed.getDouble(2), 1e-12, "NaN imputed by the mean");
  }
}
