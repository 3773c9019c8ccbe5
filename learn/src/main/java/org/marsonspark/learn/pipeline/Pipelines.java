package org.marsonspark.learn.pipeline;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.marsonspark.learn.base.Estimator;

/** sklearn.pipeline's functions. */
public final class Pipelines {
  private Pipelines() {}

  /**
   * sklearn's {@code make_pipeline}: a pipeline whose steps are named after their estimators'
   * classes in lower case ({@code standardscaler}), numbered ({@code -1}, {@code -2}) when a name
   * repeats.
   */
  public static Pipeline makePipeline(Estimator<?>... estimators) {
    List<String> names = new ArrayList<>();
    for (Estimator<?> e : estimators) {
      names.add(e == null ? "passthrough" : e.name().toLowerCase(Locale.ROOT));
    }
    Map<String, Integer> count = new HashMap<>();
    names.forEach(n -> count.merge(n, 1, Integer::sum));
    Map<String, Integer> seen = new HashMap<>();
    List<Pipeline.Step> steps = new ArrayList<>();
    for (int i = 0; i < estimators.length; i++) {
      String n = names.get(i);
      String name = count.get(n) > 1 ? n + "-" + seen.merge(n, 1, Integer::sum) : n;
      steps.add(new Pipeline.Step(name, estimators[i]));
    }
    return new Pipeline(steps);
  }
}
