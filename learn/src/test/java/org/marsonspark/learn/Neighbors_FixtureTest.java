package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.learn.base.Estimator;
import org.marsonspark.learn.neighbors.KNeighborsClassifier;
import org.marsonspark.learn.neighbors.KNeighborsRegressor;
import org.marsonspark.learn.neighbors.NearestNeighbors;
import org.marsonspark.session.LocalSession;

/**
 * sklearn.neighbors against scikit-learn 1.2 on every layout, with the default options: the
 * fixtures' items are small, so every query block reads them whole (the broadcast plan); and the
 * parameter defaults.
 */
class Neighbors_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  @TestFactory
  List<DynamicTest> neighbors() {
    List<DynamicTest> cases = LearnFixtures.tests("neighbors", NeighborsFixtures.RUNNERS);
    assertFalse(cases.isEmpty(), "no cases in fixtures-learn/neighbors.json: run gen_fixtures_neighbors.py");
    return cases;
  }

  @TestFactory
  List<DynamicTest> defaults() {
    Map<String, Supplier<Estimator<?>>> classes = Map.of("NearestNeighbors", NearestNeighbors::new,
        "KNeighborsClassifier", KNeighborsClassifier::new, "KNeighborsRegressor", KNeighborsRegressor::new);
    List<DynamicTest> cases = ParamDefaults.tests("neighbors", classes, NeighborsFixtures.LEFT_OUT, Set.of());
    assertFalse(cases.isEmpty(), "no defaults cases for " + classes.keySet());
    return cases;
  }
}
