package org.marsonspark.dataframe;

import java.util.function.Function;
import org.marsonspark.dataframe.ops.Windowed.Fn;

/**
 * {@code s.rolling(window, min_periods)} / {@code df.rolling(...)}: trailing windows of
 * {@code window} rows (pandas's defaults: not centred, fixed size, NaN skipped and counted
 * against {@code min_periods}, which defaults to the window). Every aggregation gives float64
 * values in a {@code T}: a {@link Series} for a series, a {@link DataFrame} for a frame.
 */
public final class Rolling<T> {
  private final Function<Fn, T> aggregate;

  Rolling(Function<Fn, T> aggregate) {
    this.aggregate = aggregate;
  }

  public T sum() {
    return aggregate.apply(Fn.SUM);
  }

  public T mean() {
    return aggregate.apply(Fn.MEAN);
  }

  public T min() {
    return aggregate.apply(Fn.MIN);
  }

  public T max() {
    return aggregate.apply(Fn.MAX);
  }

  /** Sample variance (ddof = 1). */
  public T var() {
    return aggregate.apply(Fn.VAR);
  }

  /** Sample standard deviation (ddof = 1). */
  public T std() {
    return aggregate.apply(Fn.STD);
  }
}
