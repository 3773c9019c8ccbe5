package org.marsonspark.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A run whose hand-written Java loop did not scale with the cores is flagged, and only such a run. */
class Bench_DisturbedTest {
  private static Map<String, Double> mins(double one, double two) {
    Map<String, Double> m = new LinkedHashMap<>();
    m.put("Mars on Spark (local[*])", 1.2);
    m.put("Java loop, 1 thread", one);
    m.put("Java loop, 2 threads", two);
    m.put("sklearn, 1 thread", 1.0); // BLAS scaling is the library's business: never checked
    m.put("sklearn, 2 threads", 1.0);
    return m;
  }

  @Test
  void aJavaLoopThatDidNotScaleFlagsTheRun() {
    String w = Bench.disturbed(mins(1.0, 0.9), 2);
    assertTrue(w.contains("Disturbed run") && w.contains("Java loop on 2 threads was only 1.11×"), w);
  }

  @Test
  void loopsThatScaledOrNoLoopsAtAllAreQuiet() {
    assertEquals("", Bench.disturbed(mins(1.0, 0.52), 2));
    assertEquals("", Bench.disturbed(mins(1.0, 0.9), 1));
    assertEquals("", Bench.disturbed(Map.of("sklearn, 1 thread", 1.0, "sklearn, 2 threads", 1.0), 2));
  }
}
