package org.marsonspark.learn.base;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * The hyper-parameters of one estimator class: names in declaration order, sklearn's defaults and
 * the constraints {@code fit} checks. Declared once per class as a constant:
 *
 * <pre>{@code
 * static final ParamSpec SPEC = ParamSpec.of("KMeans")
 *     .param("nClusters", 8, Constraint.intRange(1L, null, Closed.LEFT))
 *     .param("tol", 1e-4, Constraint.realRange(0.0, null, Closed.LEFT));
 * }</pre>
 */
public final class ParamSpec {
  private final String estimator;
  private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>();

  private record Entry(Object defaultValue, Constraint constraint) {}

  private ParamSpec(String estimator) {
    this.estimator = estimator;
  }

  public static ParamSpec of(String estimator) {
    return new ParamSpec(estimator);
  }

  /** Declares a hyper-parameter with its default and the values it may take. */
  public ParamSpec param(String name, Object defaultValue, Constraint constraint) {
    if (entries.put(name, new Entry(defaultValue, constraint)) != null) {
      throw new IllegalArgumentException(estimator + " declares " + name + " twice");
    }
    return this;
  }

  public String estimator() {
    return estimator;
  }

  public List<String> names() {
    return List.copyOf(entries.keySet());
  }

  boolean has(String name) {
    return entries.containsKey(name);
  }

  /** The defaults, in declaration order. */
  public Params defaults() {
    Map<String, Object> values = new LinkedHashMap<>();
    entries.forEach((n, e) -> values.put(n, e.defaultValue()));
    return new Params(this, values);
  }

  Object defaultOf(String name) {
    return entries.get(name).defaultValue();
  }

  /** Throws sklearn's error for a name this estimator does not have. */
  void requireKnown(String name) {
    if (!entries.containsKey(name)) {
      List<String> sorted = new ArrayList<>(entries.keySet());
      Collections.sort(sorted);
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Invalid parameter '" + name + "' for estimator "
          + estimator + ". Valid parameters are: " + sorted.stream().map(s -> "'" + s + "'")
              .collect(Collectors.joining(", ", "[", "]")) + ".");
    }
  }

  /** Checks every value against its constraint, with sklearn 1.2's message for the first that fails. */
  void validate(Params params) {
    entries.forEach((name, e) -> {
      Object v = params.get(name);
      if (!e.constraint().accepts(v)) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "The '" + name + "' parameter of " + estimator
            + " must be " + e.constraint().description() + ". Got " + Params.repr(v) + " instead.");
      }
    });
  }
}
