package org.marsonspark.learn.modelselection;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/** What KFold and StratifiedKFold share: sklearn's checks and the fold sizes. */
final class Folds {
  private Folds() {}

  /** sklearn's {@code _BaseKFold.__init__} checks. */
  static void check(int nSplits, boolean shuffle, Integer randomState) {
    if (nSplits <= 1) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "k-fold cross-validation requires at least one "
          + "train/test split by setting n_splits=2 or more, got n_splits=" + nSplits + ".");
    }
    if (!shuffle && randomState != null) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Setting a random_state has no effect since "
          + "shuffle is False. You should leave random_state to its default (None), or set shuffle=True.");
    }
  }

  static void checkRows(int nSplits, long n) {
    if (nSplits > n) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "Cannot have number of splits n_splits=" + nSplits
          + " greater than the number of samples: n_samples=" + n + ".");
    }
  }

  /** The folds' boundaries: fold f is rows {@code [b[f], b[f + 1])}; the first {@code n % k} folds have one row more. */
  static long[] bounds(long n, int k) {
    long[] b = new long[k + 1];
    for (int f = 0; f < k; f++) {
      b[f + 1] = b[f] + n / k + (f < n % k ? 1 : 0);
    }
    return b;
  }
}
