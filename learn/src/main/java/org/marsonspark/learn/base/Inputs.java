package org.marsonspark.learn.base;

import java.util.Arrays;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.Series;
import org.marsonspark.learn.kernel.NonFinite;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/** sklearn's input checks for targets and sample weights, and between inputs. */
public final class Inputs {
  private Inputs() {}

  /** {@code y} as a 1-D tensor: a 1-D tensor, a column vector (n, 1) or a Series. */
  public static Tensor target(TileableHandle y, String estimator) {
    if (y == null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, estimator + " requires y to be passed, but the target y "
          + "is None.");
    }
    return column(y, "y", estimator);
  }

  /** {@code sampleWeight} as a float64 1-D tensor, or null when none was given. */
  public static Tensor sampleWeight(TileableHandle w, String estimator) {
    if (w == null) {
      return null;
    }
    Tensor t = column(w, "sample_weight", estimator);
    return t.dtype() == DType.FLOAT64 ? t : t.astype(DType.FLOAT64);
  }

  private static Tensor column(TileableHandle v, String what, String estimator) {
    Tensor t;
    if (v instanceof Tensor x) {
      t = x;
    } else if (v instanceof Series s) {
      t = s.toTensor();
    } else if (v instanceof DataFrame df && df.columns().size() == 1) {
      t = df.toTensor().reshape(-1);
    } else {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, estimator + ": " + what + " must be a 1-D Tensor or a "
          + "Series, got " + v.getClass().getSimpleName());
    }
    if (t.ndim() == 2 && t.shape(1) == 1) {
      return t.reshape(-1);
    }
    if (t.ndim() != 1) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, estimator + ": " + what + " should be a 1d array, got an "
          + "array of shape " + org.marsonspark.core.Shapes.toString(t.shape()) + " instead.");
    }
    return t;
  }

  /** sklearn's {@code check_consistent_length}: every non-null input has the same number of rows. */
  public static void consistentLength(Tensor... tensors) {
    long[] n = Arrays.stream(tensors).filter(t -> t != null).mapToLong(t -> t.shape(0)).toArray();
    for (long len : n) {
      if (len != n[0]) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, "Found input variables with inconsistent numbers of "
            + "samples: " + Arrays.toString(n));
      }
    }
  }

  /**
   * sklearn's {@code assert_all_finite} on {@code x} (executed, or run now): one pass over the
   * data counting NaNs and infinities; each gets sklearn's message. With {@code allowNaN}
   * (sklearn's {@code force_all_finite="allow-nan"}) only infinities are refused.
   */
  public static void requireFinite(Tensor x, String what, String estimator, boolean allowNaN) {
    if (!x.dtype().isFloat()) {
      return;
    }
    NDArray counts = Blocks.evaluate(java.util.List.of(x), new NonFinite(), 2);
    requireFinite(counts, x.dtype(), what, estimator, allowNaN);
  }

  /**
   * sklearn's finiteness check, from the first pass's result instead of a pass of its own: a
   * NaN or an infinity in X leaves a non-finite mean or R (or, for the moments, which skip NaN,
   * a count below the rows: the first {@code counts} values are row counts); only then is X
   * scanned, for sklearn's message.
   */
  public static void requireFinite(Tensor x, double[] firstPass, int counts, long rows, String estimator) {
    boolean finite = true;
    for (int i = 0; i < firstPass.length; i++) {
      finite &= Double.isFinite(firstPass[i]) && (i >= counts || firstPass[i] == rows);
    }
    if (!finite) {
      requireFinite(x, "X", estimator, false);
    }
  }

  /**
   * The counts of NaNs and infinities of {@code x} as a lazy 2-element tensor, for a fit that runs
   * them with its other first-pass work and then checks them with {@link #requireFinite(NDArray,
   * DType, String, String, boolean)}; null for a tensor that cannot hold them (not float).
   */
  public static Tensor nonFiniteCounts(Tensor x) {
    return x.dtype().isFloat() ? Blocks.aggregate(java.util.List.of(x), new NonFinite(), new long[] {2},
        DType.FLOAT64) : null;
  }

  /**
   * sklearn's {@code assert_all_finite} on values already on the driver (the distinct labels of a
   * target, given initial centres): the same messages, no job.
   */
  public static void requireFinite(double[] values, DType dtype, String what, String estimator) {
    NonFinite.check(values, dtype, what, estimator, false);
  }

  /** sklearn's {@code assert_all_finite} messages for counts of NaNs and infinities ({@link #nonFiniteCounts}). */
  public static void requireFinite(NDArray counts, DType dtype, String what, String estimator, boolean allowNaN) {
    NonFinite.check(counts, dtype, what, estimator, allowNaN);
  }
}
