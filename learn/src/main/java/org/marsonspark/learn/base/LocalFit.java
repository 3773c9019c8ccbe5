package org.marsonspark.learn.base;

import org.marsonspark.tensor.NDArray;

/**
 * An estimator whose fit can also run inside one task, on local arrays — the form model search
 * spawns for each (candidate, fold) when the data fits one task's memory. The local fit runs the
 * same steps as {@code fit} (on the rows as one block, see {@link FitRows#local}) with the same
 * parameter checks, and leaves this estimator unchanged.
 *
 * <p>An estimator that cannot fit in one task (or has not been adapted) does not implement this:
 * model search then runs it as a sequence of distributed fits.
 */
public interface LocalFit {
  /**
   * Fits on local rows: {@code x} (n, features) float64, {@code y} (n) or (n, targets),
   * {@code sampleWeight} (n) or null. Returns the fitted model.
   */
  LocalModel fitLocal(NDArray x, NDArray y, NDArray sampleWeight);
}
