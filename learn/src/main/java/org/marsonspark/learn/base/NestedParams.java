package org.marsonspark.learn.base;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * sklearn's {@code step__param} names: the parameters of estimators nested in another (a
 * pipeline's steps, an estimator-valued parameter) appear in the outer one's
 * {@code getParams(deep=true)} under {@code outer__inner}, and {@code setParams} routes such
 * names to the nested estimator.
 */
public final class NestedParams {
  private NestedParams() {}

  /** The parameters split at the first {@code __}: those of the estimator itself, and per nested name its own. */
  public record Changes(Map<String, Object> own, Map<String, Map<String, Object>> nested) {}

  /** {@code own} and, for each value that is an estimator, its deep parameters as {@code name__param}. */
  public static Map<String, Object> deep(Map<String, ?> own) {
    Map<String, Object> out = new LinkedHashMap<>(own);
    own.forEach((name, value) -> {
      if (value instanceof Estimator<?> e) {
        e.getParams(true).forEach((k, v) -> out.put(name + "__" + k, v));
      }
    });
    return out;
  }

  /** Splits {@code changes} by their first {@code __}. */
  public static Changes split(Map<String, ?> changes) {
    Map<String, Object> own = new LinkedHashMap<>();
    Map<String, Map<String, Object>> nested = new LinkedHashMap<>();
    changes.forEach((key, value) -> {
      int at = key.indexOf("__");
      if (at < 0) {
        own.put(key, value);
      } else {
        nested.computeIfAbsent(key.substring(0, at), k -> new LinkedHashMap<>()).put(key.substring(at + 2), value);
      }
    });
    return new Changes(own, nested);
  }
}
