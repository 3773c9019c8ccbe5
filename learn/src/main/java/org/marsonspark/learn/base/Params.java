package org.marsonspark.learn.base;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.StringJoiner;

/** The hyper-parameter values of one estimator: immutable, in the order its {@link ParamSpec} declares. */
public final class Params {
  private final ParamSpec spec;
  private final Map<String, Object> values;

  Params(ParamSpec spec, Map<String, Object> values) {
    this.spec = spec;
    this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  public ParamSpec spec() {
    return spec;
  }

  /** The value of a declared hyper-parameter. */
  public Object get(String name) {
    spec.requireKnown(name);
    return values.get(name);
  }

  /** A copy with one value changed; an unknown name is an error. */
  public Params with(String name, Object value) {
    spec.requireKnown(name);
    Map<String, Object> copy = new LinkedHashMap<>(values);
    copy.put(name, widen(value, spec.defaultOf(name)));
    return new Params(spec, copy);
  }

  /** A copy with several values changed. */
  public Params with(Map<String, ?> changes) {
    Params p = this;
    for (Map.Entry<String, ?> e : changes.entrySet()) {
      p = p.with(e.getKey(), e.getValue());
    }
    return p;
  }

  /** The values by name, in declaration order. */
  public Map<String, Object> asMap() {
    return values;
  }

  /** Checks every value against its constraint (what sklearn's {@code fit} does first). */
  public void validate() {
    spec.validate(this);
  }

  /** sklearn's repr: only the values that differ from the defaults, {@code KMeans(nClusters=3)}. */
  @Override
  public String toString() {
    StringJoiner j = new StringJoiner(", ", spec.estimator() + "(", ")");
    values.forEach((n, v) -> {
      if (!Objects.equals(v, spec.defaultOf(n))) {
        j.add(n + "=" + repr(v));
      }
    });
    return j.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Params p && p.spec == spec && p.values.equals(values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }

  /** A value as sklearn's messages print it: strings quoted, null as None. */
  static String repr(Object v) {
    if (v == null) {
      return "None";
    }
    if (v instanceof String s) {
      return "'" + s + "'";
    }
    return String.valueOf(v);
  }

  /** An integer given where the default is a float (a grid of {@code 1, 10}) becomes a double. */
  private static Object widen(Object value, Object defaultValue) {
    if (defaultValue instanceof Double && (value instanceof Integer || value instanceof Long)) {
      return ((Number) value).doubleValue();
    }
    if (defaultValue instanceof Integer && value instanceof Long l && l == l.intValue()) {
      return l.intValue();
    }
    return value;
  }
}
