package org.marsonspark.learn.modelselection;

import java.util.List;
import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Estimator;
import org.marsonspark.tensor.Tensor;

/** sklearn.model_selection's functions. */
public final class ModelSelection {
  private ModelSelection() {}

  /** {@code train_test_split(*arrays)} with sklearn's defaults; see {@link TrainTestSplit} for the options. */
  public static List<TileableHandle> trainTestSplit(TileableHandle... arrays) {
    return new TrainTestSplit().split(arrays);
  }

  /** {@code train_test_split(*arrays, test_size=testSize, random_state=randomState)}. */
  public static List<TileableHandle> trainTestSplit(double testSize, Integer randomState, TileableHandle... arrays) {
    return new TrainTestSplit().testSize(testSize).randomState(randomState).split(arrays);
  }

  /**
   * {@code cross_val_score}: the score of each fold (a small tensor), {@code scoring} one scorer
   * (null: the estimator's score; a name or a {@link Scorer}), {@code cv} as for
   * {@link GridSearchCV} (null: 5 folds, stratified for a classifier). The fits run as spawned
   * calls when the estimator fits inside one task, else as distributed fits.
   */
  public static Tensor crossValScore(Estimator<?> estimator, TileableHandle x, TileableHandle y, Object scoring,
      Object cv) {
    if (scoring instanceof List<?> || scoring instanceof Map<?, ?>) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "cross_val_score: scoring must be one scorer (a "
          + "name or a Scorer), got " + scoring + "; use crossValidate for several");
    }
    return crossValidate(estimator, x, y, scoring, cv, false, Double.NaN).get("test_score");
  }

  /** {@code cross_val_score} with the estimator's score and 5 folds. */
  public static Tensor crossValScore(Estimator<?> estimator, TileableHandle x, TileableHandle y) {
    return crossValScore(estimator, x, y, null, null);
  }

  /**
   * {@code cross_validate}: per fold {@code fit_time}, {@code score_time}, {@code test_score} (or
   * {@code test_<name>} for several scorers: a list of names or a map of names to scorers) and,
   * with {@code returnTrainScore}, the training scores; {@code errorScore} 'raise' or the score of
   * a failed fit. Each value is a small tensor with one value per fold.
   */
  public static Map<String, Tensor> crossValidate(Estimator<?> estimator, TileableHandle x, TileableHandle y,
      Object scoring, Object cv, boolean returnTrainScore, Object errorScore) {
    return CrossValidation.run(estimator, x, y, scoring, cv, returnTrainScore, errorScore);
  }

  /** {@code cross_validate} with sklearn's defaults: the estimator's score, 5 folds, no training scores. */
  public static Map<String, Tensor> crossValidate(Estimator<?> estimator, TileableHandle x, TileableHandle y) {
    return crossValidate(estimator, x, y, null, null, false, Double.NaN);
  }
}
