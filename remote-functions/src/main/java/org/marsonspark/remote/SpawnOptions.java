package org.marsonspark.remote;

import java.io.Serializable;
import java.time.Duration;
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
 * @param timeout how long one call may run ({@link Duration#ZERO}: no limit)
 */
record SpawnOptions(int nOutput, int maxRetries, ResourceRequest resources, Duration timeout) implements Serializable {
  /** Retries when {@code retryWhenFail(true)} is asked without a count, as Mars's default. */
  static final int DEFAULT_RETRIES = 3;
  static final SpawnOptions DEFAULTS = new SpawnOptions(1, 0, ResourceRequest.DEFAULT, Duration.ZERO);

  SpawnOptions {
    if (nOutput < 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "nOutput must be at least 1, got " + nOutput);
    }
    if (maxRetries < 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "maxRetries must not be negative, got " + maxRetries);
    }
    if (timeout == null || timeout.isNegative()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "timeout must be zero (no limit) or positive, got " + timeout);
    }
  }

  SpawnOptions withNOutput(int n) {
    return new SpawnOptions(n, maxRetries, resources, timeout);
  }

  SpawnOptions withMaxRetries(int n) {
    return new SpawnOptions(nOutput, n, resources, timeout);
  }

  SpawnOptions withResources(ResourceRequest r) {
    return new SpawnOptions(nOutput, maxRetries, r, timeout);
  }

  SpawnOptions withTimeout(Duration limit) {
    return new SpawnOptions(nOutput, maxRetries, resources, limit);
  }
}
