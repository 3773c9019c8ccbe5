package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.neighbors.KNeighborsClassifier;
import org.marsonspark.learn.neighbors.KNeighborsRegressor;
import org.marsonspark.learn.neighbors.NearestNeighbors;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * Bad input to the neighbour estimators gets sklearn 1.2's messages (checked with
 * /usr/bin/python3's sklearn) or a clear refusal naming the parameter; the session stays usable.
 */
class Neighbors_ErrorsTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static Tensor x() {
    return Mt.tensor(NDArray.of(new double[] {0, 0, 1, 0, 0, 1, 1, 1, 3, 2}, 5, 2), ChunkSize.of(2, 2));
  }

  @Test
  void moreNeighboursThanSamples() {
    NearestNeighbors nn = new NearestNeighbors().fit(x());
    assertError(ErrorClass.INVALID_ARGUMENT, "Expected n_neighbors <= n_samples,  but n_samples = 5, n_neighbors = 6",
        () -> nn.kneighbors(x(), 6, true));
    // without X each sample's own neighbour is one more (sklearn asks for k + 1)
    assertError(ErrorClass.INVALID_ARGUMENT, "Expected n_neighbors <= n_samples,  but n_samples = 5, n_neighbors = 6",
        () -> nn.kneighbors(null, 5, true));
    assertError(ErrorClass.INVALID_ARGUMENT, "Expected n_neighbors > 0. Got 0", () -> nn.kneighbors(x(), 0, true));
    assertError(ErrorClass.INVALID_ARGUMENT, "Expected n_neighbors <= n_samples", () -> new KNeighborsClassifier()
        .nNeighbors(6).fit(x(), Mt.tensor(NDArray.of(new double[] {0, 1, 0, 1, 1}))).predict(x()));
    usable(nn);
  }

  @Test
  void dimensionMismatch() {
    NearestNeighbors nn = new NearestNeighbors().nNeighbors(2).fit(x());
    assertError(ErrorClass.SHAPE_MISMATCH, "X has 3 features, but NearestNeighbors is expecting 2 features as input.",
        () -> nn.kneighbors(Mt.ones(4, 3), null, true));
    assertError(ErrorClass.SHAPE_MISMATCH, "Found input variables with inconsistent numbers of samples: [5, 4]",
        () -> new KNeighborsRegressor().fit(x(), Mt.ones(4)));
    usable(nn);
  }

  @Test
  void unknownOrUnsupportedParameters() {
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "'metric' parameter of NearestNeighbors must be",
        () -> new NearestNeighbors().metric("canberra").fit(x()));
    MarsException e = assertError(ErrorClass.UNSUPPORTED_OPERATION, "algorithm='kd_tree' is not supported",
        () -> new NearestNeighbors().algorithm("kd_tree").fit(x()));
    assertTrue(e.getMessage().contains("'brute'"), e.getMessage());
    assertError(ErrorClass.UNSUPPORTED_OPERATION,
        "p=0.5 is not supported", () -> new NearestNeighbors().p(0.5).fit(x()));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "'weights' parameter of KNeighborsClassifier must be",
        () -> new KNeighborsClassifier().weights("gaussian").fit(x(), Mt.ones(5)));
    NearestNeighbors nn = new NearestNeighbors().nNeighbors(2).fit(x());
    assertError(ErrorClass.INVALID_PARAMETER_VALUE,
        "Unsupported mode, must be one of \"connectivity\", or \"distance\" but "
        + "got \"edges\" instead", () -> nn.kneighborsGraph(x(), null, "edges"));
    assertError(ErrorClass.NOT_FITTED, "This NearestNeighbors instance is not fitted yet",
        () -> new NearestNeighbors().kneighbors(x()));
    usable(nn);
  }

  @Test
  void nanInFitOrQuery() {
    Tensor withNaN = Mt.tensor(NDArray.of(new double[] {0, 0, Double.NaN, 1, 2, 2}, 3, 2), ChunkSize.of(1, 2));
    assertError(ErrorClass.INVALID_ARGUMENT, "Input X contains NaN.", () -> new NearestNeighbors().fit(withNaN));
    NearestNeighbors nn = new NearestNeighbors().nNeighbors(2).fit(x());
    assertError(ErrorClass.INVALID_ARGUMENT, "NearestNeighbors: Input X contains NaN.",
        () -> nn.kneighbors(withNaN, null, true)[0].execute());
    usable(nn);
  }

  /** After a failure the session and the estimator still answer. */
  private static void usable(NearestNeighbors nn) {
    long[] ind = nn.kneighbors(Mt.tensor(NDArray.of(new double[] {2.9, 2.1}, 1, 2)), 1, false)[0].execute().fetch()
        .longs();
    assertEquals(4, ind[0]);
  }
}
