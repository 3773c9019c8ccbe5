package org.marsonspark.learn.base;

import org.marsonspark.core.TileableHandle;
import org.marsonspark.tensor.Tensor;

/** A classifier with sklearn's {@code decision_function} (threshold scorers such as roc_auc prefer it to probabilities). */
public interface DecisionFunction {
  /** The confidence scores, lazily: (n) for two classes, else (n, classes). */
  Tensor decisionFunction(TileableHandle x);
}
