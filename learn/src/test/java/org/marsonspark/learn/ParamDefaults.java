package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.junit.jupiter.api.DynamicTest;
import org.marsonspark.learn.LearnFixtures.Case;
import org.marsonspark.learn.base.Estimator;

/**
 * sklearn's parameter names and defaults ({@code get_params()} of a default instance: the
 * {@code defaults_<Class>} cases a generator writes with {@code learn_fixtures.param_defaults})
 * against ours: the same names in lowerCamelCase and the same defaults, but for the sklearn
 * parameters a family leaves out on purpose (each with why, as {@code param} for all its classes or
 * {@code Class.param}; docs/coverage-sklearn.md says so too) and the parameters we add (named in
 * the estimator's javadoc).
 */
final class ParamDefaults {
  /** The estimator name of these cases. */
  static final String CASES = "ParamDefaults";

  private ParamDefaults() {}

  /** One test per {@code defaults_} case of {@code family}; a class without a constructor here fails. */
  static List<DynamicTest> tests(String family, Map<String, Supplier<Estimator<?>>> classes,
      Map<String, String> leftOut, Set<String> added) {
    List<DynamicTest> tests = new ArrayList<>();
    for (Case c : LearnFixtures.loadAll(family)) {
      if (c.estimator().equals(CASES)) {
        tests.add(DynamicTest.dynamicTest(c.toString(), () -> check(c, classes, leftOut, added)));
      }
    }
    assertTrue(!tests.isEmpty(), "no " + CASES + " cases in " + family);
    return tests;
  }

  private static void check(Case c, Map<String, Supplier<Estimator<?>>> classes, Map<String, String> leftOut,
      Set<String> added) {
    String name = c.params().get("class").asText();
    Supplier<Estimator<?>> make = classes.get(name);
    if (make == null) {
      throw new AssertionError("no constructor for " + name);
    }
    Map<String, Object> ours = new LinkedHashMap<>(make.get().getParams());
    ours.keySet().removeAll(added);
    Map<String, JsonNode> expected = new LinkedHashMap<>();
    c.expected().fields().forEachRemaining(e -> {
      String camel = camel(e.getKey());
      if (!leftOut.containsKey(camel) && !leftOut.containsKey(name + "." + camel)) {
        expected.put(camel, e.getValue());
      }
    });
    assertEquals(new TreeSet<>(expected.keySet()), new TreeSet<>(ours.keySet()), c + " names");
    expected.forEach((param, v) -> assertTrue(sameDefault(v, ours.get(param)), c + " " + param + ": sklearn " + v
        + ", ours " + ours.get(param)));
  }

  private static String camel(String snake) {
    StringBuilder sb = new StringBuilder();
    boolean up = false;
    for (char ch : snake.toCharArray()) {
      if (ch == '_') {
        up = true;
      } else {
        sb.append(up ? Character.toUpperCase(ch) : ch);
        up = false;
      }
    }
    return sb.toString();
  }

  private static boolean sameDefault(JsonNode expected, Object actual) {
    if (expected.isNull()) {
      return actual == null;
    }
    if (expected.isArray()) {
      List<?> list = (List<?>) actual;
      for (int i = 0; i < expected.size(); i++) {
        if (!sameDefault(expected.get(i), list.get(i))) {
          return false;
        }
      }
      return list.size() == expected.size();
    }
    if (expected.isBoolean()) {
      return Boolean.valueOf(expected.asBoolean()).equals(actual);
    }
    if (expected.isNumber() || "nan".equals(expected.asText())) {
      double e = LearnFixtures.number(expected);
      double a = ((Number) actual).doubleValue();
      return Double.isNaN(e) ? Double.isNaN(a) : e == a;
    }
    return expected.asText().equals(String.valueOf(actual));
  }
}
