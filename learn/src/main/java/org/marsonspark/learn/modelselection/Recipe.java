package org.marsonspark.learn.modelselection;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.base.Estimator;

/**
 * An unfitted estimator in a form that travels to a task: its class and its parameters (an
 * estimator holds fitted state and tensors, which do not). Rebuilt on the executor with the
 * class's no-argument constructor and {@code setParams}.
 */
record Recipe(Class<?> type, Map<String, Object> params) implements Serializable {
  static Recipe of(Estimator<?> e, Map<String, Object> candidate) {
    Map<String, Object> all = new LinkedHashMap<>(e.getParams(false));
    all.putAll(candidate);
    return new Recipe(e.getClass(), all);
  }

  Estimator<?> build() {
    Estimator<?> e;
    try {
      e = (Estimator<?>) type.getConstructor().newInstance();
    } catch (ReflectiveOperationException ex) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, type.getSimpleName() + " has no public no-argument "
          + "constructor, so it cannot be rebuilt inside a task for model search", ex);
    }
    return e.setParams(params);
  }
}
