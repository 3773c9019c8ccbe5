package org.marsonspark.learn.base;

import java.io.Serializable;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.tensor.NDArray;

/**
 * A model fitted inside one task ({@link LocalFit#fitLocal}): its predictions of local rows, in
 * the same task. The same model as the estimator's distributed fit gives, to rounding; what it
 * cannot predict raises, naming the method.
 */
public interface LocalModel extends Serializable {
  /** One prediction per row of {@code x} (2-D float64). */
  NDArray predict(NDArray x);

  /** The classes, sorted, for a classifier ({@code classes_}); null for a regressor. */
  default double[] classes() {
    return null;
  }

  /** {@code decision_function}: (n) for two classes, else (n, classes). */
  default NDArray decisionFunction(NDArray x) {
    throw unsupported("decisionFunction");
  }

  /** {@code predict_proba}: (n, classes). */
  default NDArray predictProba(NDArray x) {
    throw unsupported("predictProba");
  }

  /** Whether {@link #decisionFunction} is available (sklearn's {@code hasattr(est, "decision_function")}). */
  default boolean hasDecisionFunction() {
    return false;
  }

  /** Whether {@link #predictProba} is available. */
  default boolean hasPredictProba() {
    return false;
  }

  private MarsException unsupported(String method) {
    return new MarsException(ErrorClass.UNSUPPORTED_OPERATION, getClass().getSimpleName() + " has no " + method
        + "; choose a scorer that does not need it");
  }
}
