package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.marsonspark.core.MarsAssert.assertError;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.metrics.Metrics;
import org.marsonspark.learn.metrics.ScoreOptions;
import org.marsonspark.learn.metrics.pairwise.Pairwise;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/** Bad input to the metrics gets sklearn's errors when the metric is built, and the session stays usable. */
class Metrics_ErrorsTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static String message(ErrorClass expected, org.junit.jupiter.api.function.Executable run) {
    return assertError(expected, run).getMessage();
  }

  private static Tensor ints(long... v) {
    return Mt.array(v, v.length);
  }

  @Test
  void classificationTargetsAreChecked() {
    Tensor multi = ints(0, 1, 2, 1);
    Tensor binary = ints(0, 1, 1, 0);
    assertEquals("[INVALID_ARGUMENT] precision_score: Target is multiclass but average='binary'. Please choose "
        + "another average setting, one of [None, 'micro', 'macro', 'weighted'].",
        message(ErrorClass.INVALID_ARGUMENT, () -> Metrics.precisionScore(multi, binary)));
    assertEquals("[INVALID_ARGUMENT] f1_score: pos_label=2 is not a valid label. It should be one of [0, 1]",
        message(ErrorClass.INVALID_ARGUMENT, () -> Metrics.f1Score(binary, binary, ScoreOptions.defaults()
            .posLabel(2))));
    Tensor continuous = Mt.array(new double[] {0.5, 1.2, 0.1, 3.3}, 4);
    assertEquals("[INVALID_ARGUMENT] recall_score: Classification metrics can't handle a mix of binary and "
        + "continuous targets", message(ErrorClass.INVALID_ARGUMENT, () -> Metrics.recallScore(binary, continuous)));
    message(ErrorClass.INVALID_ARGUMENT, () -> Metrics.confusionMatrix(Mt.array(new double[] {0, Double.NaN}, 2),
        ints(0, 1)));
    message(ErrorClass.SHAPE_MISMATCH, () -> Metrics.f1Score(binary, ints(0, 1, 1)));
    message(ErrorClass.INVALID_PARAMETER_VALUE, () -> ScoreOptions.defaults().average("samples"));
    message(ErrorClass.INVALID_PARAMETER_VALUE, () -> ScoreOptions.defaults().zeroDivision(2));
    assertEquals("[INVALID_ARGUMENT] confusion_matrix: At least one label specified must be in y_true",
        message(ErrorClass.INVALID_ARGUMENT, () -> Metrics.confusionMatrix(binary, binary, new double[] {5, 6}, null,
            null)));
    message(ErrorClass.INVALID_PARAMETER_VALUE, () -> Metrics.confusionMatrix(binary, binary, null, null, "rows"));
    message(ErrorClass.UNSUPPORTED_OPERATION, () -> Metrics.f1Score(Mt.ones(4, 2), Mt.ones(4, 2)));
  }

  @Test
  void rankingAndLossErrors() {
    Tensor scores = Mt.array(new double[] {0.1, 0.4, 0.35, 0.8}, 4);
    assertEquals("[INVALID_ARGUMENT] roc_auc_score: Only one class present in y_true. ROC AUC score is not defined "
        + "in that case.", message(ErrorClass.INVALID_ARGUMENT, () -> Metrics.rocAucScore(ints(1, 1, 1, 1),
            scores)));
    assertEquals("[INVALID_ARGUMENT] roc_curve: y_true takes value in {1, 2} and pos_label is not specified: either "
        + "make y_true take value in {0, 1} or {-1, 1} or pass pos_label explicitly.",
        message(ErrorClass.INVALID_ARGUMENT, () -> Metrics.rocCurve(ints(1, 2, 2, 1), scores)));
    Tensor proba = Mt.array(new double[] {0.2, 0.3, 0.5, 0.1, 0.1, 0.8, 0.6, 0.2, 0.2, 0.3, 0.3, 0.3}, 4, 3);
    message(ErrorClass.INVALID_PARAMETER_VALUE, () -> Metrics.rocAucScore(ints(0, 1, 2, 0), proba));
    assertEquals("[INVALID_ARGUMENT] roc_auc_score: Target scores need to be probabilities for multiclass roc_auc, "
        + "i.e. they should sum up to 1.0 over classes", message(ErrorClass.INVALID_ARGUMENT,
            () -> Metrics.rocAucScore(ints(0, 1, 2, 0), proba, "macro", null, "ovr", null)));
    message(ErrorClass.INVALID_ARGUMENT, () -> Metrics.rocCurve(ints(0, 1, 1, 0), Mt.array(new double[] {0.1,
        Double.POSITIVE_INFINITY, 0.2, 0.3}, 4)));
    assertEquals("[INVALID_ARGUMENT] log_loss: y_true contains only one label (1). Please provide the true labels "
        + "explicitly through the labels argument.", message(ErrorClass.INVALID_ARGUMENT,
            () -> Metrics.logLoss(ints(1, 1, 1, 1), scores)));
    message(ErrorClass.INVALID_ARGUMENT, () -> Metrics.logLoss(ints(0, 1, 2, 0), scores));
    message(ErrorClass.SHAPE_MISMATCH, () -> Metrics.meanSquaredError(Mt.ones(4, 2), Mt.ones(4, 3)));
    message(ErrorClass.INVALID_PARAMETER_VALUE, () -> Metrics.meanAbsoluteError(scores, scores, null, "median"));
    message(ErrorClass.SHAPE_MISMATCH, () -> Pairwise.euclideanDistances(Mt.ones(3, 2), Mt.ones(3, 4)));
    message(ErrorClass.INVALID_PARAMETER_VALUE, () -> Pairwise.pairwiseDistancesArgminMin(Mt.ones(3, 2),
        Mt.ones(2, 2), 1, "chebyshev"));
    // the session still runs work
    assertEquals(0.75, Metrics.accuracyScore(ints(0, 1, 1, 0), ints(0, 1, 1, 1)).execute().fetch().getDouble(0));
  }
}
