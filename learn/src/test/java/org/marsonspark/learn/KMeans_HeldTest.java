package org.marsonspark.learn;

import static org.marsonspark.core.MarsAssert.assertError;
import static org.marsonspark.learn.NonFinite_ErrorsTest.labels;
import static org.marsonspark.learn.NonFinite_ErrorsTest.rows;
import static org.marsonspark.learn.NonFinite_ErrorsTest.x;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.cluster.KMeans;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.SessionChecks;
import org.marsonspark.tensor.Tensor;

/**
 * What KMeans holds in the executors (a session of its own, so that nothing else is held): the
 * labels of its last fit only — a re-fit releases the earlier ones, a failed fit leaves nothing —
 * and its given initial centres are checked as sklearn checks them ("Input contains NaN.").
 */
class KMeans_HeldTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static final double NAN = Double.NaN;
  private static final double INF = Double.POSITIVE_INFINITY;

  @Test
  void givenCentresAreCheckedAndOnlyTheLastFitsLabelsAreHeld() {
    assertError(ErrorClass.INVALID_ARGUMENT,
        "KMeans: Input contains NaN.", () -> new KMeans().nClusters(2).init(Mt.array(new double[] {NAN, 1,
        1, 1}, 2, 2)).fit(x()));
    assertError(ErrorClass.INVALID_ARGUMENT,
        "KMeans: Input contains infinity", () -> new KMeans().nClusters(2).init(NDArray.of(new double[] {
        INF, 1, 1, 1}, 2, 2)).fit(x()));
    Tensor data = x().execute();
    SessionChecks.Held before = SessionChecks.held(spark.session());
    KMeans km = new KMeans().nClusters(2).nInit(3).randomState(0);
    km.fit(data);
    km.fit(data);
    km.labels_().release();
    SessionChecks.assertNothingLeft(spark.session(), before, "two fits, the last one's labels released");
    km.fit(data);
    SessionChecks.Held fitted = SessionChecks.held(spark.session());
    assertError(ErrorClass.INVALID_ARGUMENT,
        "Input sample_weight contains NaN", () -> new KMeans().nClusters(2).fit(data, null,
        labels(1, 1, NAN, 1, 1, 1)));
    SessionChecks.assertNothingLeft(spark.session(), fitted, "a failed fit of another KMeans");
    assertError(ErrorClass.INVALID_ARGUMENT, "Input X contains NaN", () -> km.fit(rows(NAN)));
    SessionChecks.assertNothingLeft(spark.session(), before, "a failed re-fit (the earlier labels released)");
    SessionChecks.assertUsable(spark.session(), "failed KMeans fits");
    data.release();
  }
}
