package org.marsonspark.examples;

import java.util.Arrays;

/** Min and median of repeated timings, as the performance notes report them. */
final class Timings {
  private Timings() {}

  static double min(double[] seconds) {
    return Arrays.stream(seconds).min().orElse(Double.NaN);
  }

  static double max(double[] values) {
    return Arrays.stream(values).max().orElse(Double.NaN);
  }

  static double median(double[] seconds) {
    double[] s = seconds.clone();
    Arrays.sort(s);
    int n = s.length;
    return n == 0 ? Double.NaN : n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  static void report(String what, double[] seconds) {
    System.out.printf("%s: min %.3f s, median %.3f s over %d runs%n", what, min(seconds), median(seconds),
        seconds.length);
  }
}
