package org.marsonspark.learn.kernel;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/** Counts NaNs and infinities of a float block: the partial is {@code [nan, inf]}. */
public record NonFinite() implements BlockAggregate.Fn {
  @Override
  public NDArray map(NDArray[] blocks) {
    NDArray x = blocks[0];
    long nan = 0;
    long inf = 0;
    if (x.dtype() == DType.FLOAT32) {
      for (float v : x.floats()) {
        nan += Float.isNaN(v) ? 1 : 0;
        inf += Float.isInfinite(v) ? 1 : 0;
      }
    } else {
      for (double v : x.doubles()) {
        nan += Double.isNaN(v) ? 1 : 0;
        inf += Double.isInfinite(v) ? 1 : 0;
      }
    }
    return NDArray.of(new double[] {nan, inf}, 2);
  }

  /**
   * sklearn's {@code _assert_all_finite} on counts of NaNs and infinities ({@link #map}) of input
   * {@code what} of {@code estimator}: NaN first (unless {@code allowNaN}), then infinity. As
   * sklearn, only X's NaN message says how to handle missing values; an unnamed input ({@code ""})
   * is "Input contains NaN.".
   */
  public static void check(NDArray counts, DType dtype, String what, String estimator, boolean allowNaN) {
    String input = estimator + ": Input " + (what.isEmpty() ? "" : what + " ");
    if (!allowNaN && counts.getDouble(0) > 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, input + "contains NaN."
          + (what.equals("X") ? " " + estimator + " does not accept missing values encoded as NaN natively: impute "
          + "them first (SimpleImputer) or drop the rows." : ""));
    }
    if (counts.getDouble(1) > 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, input + "contains infinity or a value too large for "
          + "dtype('" + dtype + "').");
    }
  }

  /** {@link #check} on some values (class labels, initial centres) already on the driver. */
  public static void check(double[] values, DType dtype, String what, String estimator, boolean allowNaN) {
    long nan = 0;
    long inf = 0;
    for (double v : values) {
      nan += Double.isNaN(v) ? 1 : 0;
      inf += Double.isInfinite(v) ? 1 : 0;
    }
    check(NDArray.of(new double[] {nan, inf}, 2), dtype, what, estimator, allowNaN);
  }
}
