package org.marsonspark.learn.modelselection;

import java.io.Serializable;

/**
 * What one (candidate, fold) fit gave: the scores of each scorer on the test rows (and on the
 * training rows when asked), the seconds fitting and scoring took, and, for a failed fit, the
 * error (its scores are then the search's {@code errorScore}).
 */
record FoldScores(int candidate, int fold, double[] test, double[] train, double fitTime, double scoreTime,
    String error) implements Serializable {
  static FoldScores failed(int candidate, int fold, int scorers, boolean train, double errorScore, double fitTime,
      Throwable e) {
    double[] s = new double[scorers];
    java.util.Arrays.fill(s, errorScore);
    return new FoldScores(candidate, fold, s, train ? s.clone() : null, fitTime, 0, e.toString());
  }
}
