package org.marsonspark.learn.modelselection;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.Series;
import org.marsonspark.learn.ops.FrameTake;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;

/** What the splitters do to the arrays they split: count their rows, take rows by position. */
final class Rows {
  private Rows() {}

  /** sklearn's {@code _num_samples}: the rows of a tensor (first axis), DataFrame or Series. */
  static long count(TileableHandle a, String who) {
    long n;
    if (a instanceof Tensor t) {
      if (t.ndim() == 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, who + ": Singleton array " + t + " cannot be considered "
            + "a valid collection.");
      }
      n = t.shape(0);
    } else if (a instanceof DataFrame df) {
      n = df.length();
    } else if (a instanceof Series s) {
      n = s.length();
    } else {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, who + ": expected a Tensor, DataFrame or Series, got "
          + (a == null ? "null" : a.getClass().getSimpleName()));
    }
    if (n < 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, who + ": the number of rows of " + a + " is not known "
          + "yet (after a filter): execute() it first");
    }
    return n;
  }

  /** The rows of {@code a} at {@code positions}, in their order (sklearn's {@code _safe_indexing}). */
  static TileableHandle take(TileableHandle a, Tensor positions) {
    if (a instanceof Tensor t) {
      return t.take(positions, 0);
    }
    if (a instanceof DataFrame df) {
      return DataFrame.ofOutput(FrameTake.frame(df.data(), positions.data()));
    }
    return Series.ofOutput(FrameTake.series(((Series) a).data(), positions.data()));
  }

  /** sklearn's {@code check_random_state} for an int seed or null (seeded from the operating system). */
  static RandomState random(Integer seed) {
    return seed == null ? new RandomState() : new RandomState(seed);
  }
}
