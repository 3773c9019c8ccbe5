package org.marsonspark.remote;

import org.marsonspark.core.ResourceRequest;

/**
 * The options every spawn takes, shared by {@link Spawner} and {@link TupleSpawner}. Each
 * method returns a new builder; the options themselves are immutable.
 *
 * @param <B> the builder's own type
 */
public abstract sealed class SpawnBuilder<B extends SpawnBuilder<B>> permits Spawner, TupleSpawner {
  final SpawnOptions options;

  SpawnBuilder(SpawnOptions options) {
    this.options = options;
  }

  abstract B with(SpawnOptions o);

  /**
   * Runs a failing function again, up to 3 times (Mars's {@code retry_when_fail});
   * {@code false} turns retries off.
   */
  public B retryWhenFail(boolean retry) {
    return with(options.withMaxRetries(retry ? SpawnOptions.DEFAULT_RETRIES : 0));
  }

  /** Runs a failing function again up to {@code n} times (0: never). */
  public B maxRetries(int n) {
    return with(options.withMaxRetries(n));
  }

  /** Cores one call occupies, for a function that uses several threads (Spark {@code task cpus}). */
  public B cores(int n) {
    return with(options.withResources(new ResourceRequest(n, options.resources().gpus())));
  }

  /** Whether one call needs a GPU (Spark task resource {@code gpu}). */
  public B gpu(boolean on) {
    return gpus(on ? 1 : 0);
  }

  /** GPUs one call needs. */
  public B gpus(int n) {
    return with(options.withResources(new ResourceRequest(options.resources().cpus(), n)));
  }

  /**
   * Stops a call that runs longer than {@code limit} ({@code Duration.ZERO}: no limit): the
   * function is interrupted and the call fails with {@code TIMED_OUT}, naming it and where it
   * was; a timed-out call is not retried. A function that ignores interrupts cannot be stopped
   * inside a JVM: its thread is left running (using a core) until it returns. A call with a
   * timeout runs on a thread of its own (a fraction of a millisecond more per call).
   */
  public B timeout(java.time.Duration limit) {
    return with(options.withTimeout(limit));
  }
}
