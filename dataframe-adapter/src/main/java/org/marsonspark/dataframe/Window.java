package org.marsonspark.dataframe;

import java.util.function.Function;
import org.marsonspark.dataframe.ops.Windowed.Fn;

/**
 * The windows of {@code s.rolling(window, min_periods)} (trailing windows of {@code window} rows:
 * pandas's defaults, not centred, fixed size, {@code min_periods} defaulting to the window) and
 * of {@code s.expanding(min_periods)} (every row from the first; {@code min_periods} defaulting
 * to 1). NaN is skipped and counted against {@code min_periods}. Every aggregation gives float64
 * values in a {@code T}: a {@link Series} for a series, a {@link DataFrame} for a frame.
 */
public final class Window<T> {
  private final Function<Fn, T> aggregate;

  Window(Function<Fn, T> aggregate) {
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
