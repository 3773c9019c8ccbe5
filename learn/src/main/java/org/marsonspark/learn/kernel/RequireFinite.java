package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockMap;
import org.marsonspark.tensor.NDArray;

/**
 * A float block passed on unchanged once it is found finite, else the task fails with sklearn's
 * {@code assert_all_finite} message naming the estimator ({@link NonFinite#check}): the check
 * sklearn makes on X at predict and transform time, made when the lazy result runs. With
 * {@code allowNaN} (sklearn's {@code force_all_finite="allow-nan"}) only infinities fail.
 */
public record RequireFinite(String estimator, boolean allowNaN) implements BlockMap.Fn {
  @Override
  public NDArray apply(NDArray[] blocks) {
    NonFinite.check(new NonFinite().map(blocks), blocks[0].dtype(), "X", estimator, allowNaN);
    return blocks[0];
  }

  @Override
  public String name() {
    return "RequireFinite";
  }
}
