package org.marsonspark.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Times of the repeats of one contender (seconds, start-up and warm-up excluded) and its result. */
record Measurement(List<Double> seconds, double result) {
  double min() {
    return Collections.min(seconds);
  }

  double median() {
    List<Double> s = new ArrayList<>(seconds);
    Collections.sort(s);
    int n = s.size();
    return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
  }
}
