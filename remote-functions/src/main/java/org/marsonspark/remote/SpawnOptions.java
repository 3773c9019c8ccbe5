package org.marsonspark.remote;

import java.io.Serializable;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.ResourceRequest;

/**
 * How a function is spawned (immutable; the builders {@link Spawner} and {@link TupleSpawner}
 * make copies).
 *
 * @param nOutput how many objects the call yields; above one the function returns an
 *     {@code Object[]} or a {@code List} of that many values
 * @param maxRetries how many times a failing call is run again before it fails (0: never)
 * @param resources cores and GPUs one call needs (Spark stage-level scheduling)
 */
record SpawnOptions(int nOutput, int maxRetries, ResourceRequest resources) implements Serializable {
  /** Retries when {@code retryWhenFail(true)} is asked without a count, as Mars's default. */
  static final int DEFAULT_RETRIES = 3;
  static final SpawnOptions DEFAULTS = new SpawnOptions(1, 0, ResourceRequest.DEFAULT);

  SpawnOptions {
    if (nOutput < 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "nOutput must be at least 1, got " + nOutput);
    }
    if (maxRetries < 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "maxRetries must not be negative, got " + maxRetries);
    }
  }

  SpawnOptions withNOutput(int n) {
    return new SpawnOptions(n, maxRetries, resources);
  }

  SpawnOptions withMaxRetries(int n) {
    return new SpawnOptions(nOutput, n, resources);
  }

  SpawnOptions withResources(ResourceRequest r) {
    return new SpawnOptions(nOutput, maxRetries, r);
  }
}
