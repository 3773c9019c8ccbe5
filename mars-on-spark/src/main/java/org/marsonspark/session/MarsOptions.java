package org.marsonspark.session;

import java.time.Duration;
import org.apache.spark.storage.StorageLevel;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TilingOptions;

/**
 * Immutable session options. Change one with a {@code withX} call, which returns a copy:
 * {@code MarsOptions.defaults().withCombineSize(8)}.
 *
 * @param chunkStoreLimit chunks without an explicit size are kept under this many bytes (128 MiB)
 * @param combineSize fan-in of each step of a reduction tree (4)
 * @param fusion fuse chains of chunk operations into one task (on)
 * @param storageLevel how chunk results are kept in the block managers (memory and disk)
 * @param maxConcurrentJobs Spark jobs a run keeps in flight at once (4)
 * @param progress show a console progress bar for work longer than {@code progressDelayMillis}
 * @param progressDelayMillis how long an execution runs before the bar appears (1500 ms)
 * @param memoryBudget bytes of chunk results one execution keeps alive at once; wide stages run in
 *     waves to stay under it (0, the default: half of the executors' storage memory)
 * @param locality place source chunks next to their consumers, and tasks next to their inputs (on)
 * @param eager run each operation as soon as it is created, in the default session, so that an
 *     error surfaces at the line that caused it (off; for debugging: nothing is fused across
 *     operations and every intermediate result stays materialized until it is unreachable)
 * @param timeout how long one {@code execute()} may run before it is stopped with
 *     {@code TIMED_OUT} — its Spark jobs cancelled, its running tasks interrupted, what it held
 *     released ({@link Duration#ZERO}, the default: no limit)
 */
public record MarsOptions(
    long chunkStoreLimit,
    int combineSize,
    boolean fusion,
    StorageLevel storageLevel,
    int maxConcurrentJobs,
    boolean progress,
    long progressDelayMillis,
    long memoryBudget,
    boolean locality,
    boolean eager,
    Duration timeout) implements TilingOptions {

  public MarsOptions {
    if (chunkStoreLimit <= 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "chunkStoreLimit must be positive, got " + chunkStoreLimit);
    }
    if (combineSize < 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "combineSize must be at least 2, got " + combineSize);
    }
    if (maxConcurrentJobs < 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "maxConcurrentJobs must be at least 1, got " + maxConcurrentJobs);
    }
    if (memoryBudget < 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "memoryBudget must be >= 0 (0 for automatic), got "
          + memoryBudget);
    }
    if (storageLevel == null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "storageLevel must be given");
    }
    if (timeout == null || timeout.isNegative()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "timeout must be zero (no limit) or positive, got "
          + timeout);
    }
  }

  public static MarsOptions defaults() {
    return new MarsOptions(128L << 20, 4, true, StorageLevel.MEMORY_AND_DISK(), 4, true, 1500, 0, true, false,
        Duration.ZERO);
  }

  public MarsOptions withChunkStoreLimit(long bytes) {
    return new MarsOptions(bytes, combineSize, fusion, storageLevel, maxConcurrentJobs,
        progress, progressDelayMillis, memoryBudget, locality, eager, timeout);
  }

  public MarsOptions withCombineSize(int n) {
    return new MarsOptions(chunkStoreLimit, n, fusion, storageLevel, maxConcurrentJobs,
        progress, progressDelayMillis, memoryBudget, locality, eager, timeout);
  }

  public MarsOptions withFusion(boolean on) {
    return new MarsOptions(chunkStoreLimit, combineSize, on, storageLevel, maxConcurrentJobs,
        progress, progressDelayMillis, memoryBudget, locality, eager, timeout);
  }

  public MarsOptions withStorageLevel(StorageLevel level) {
    return new MarsOptions(chunkStoreLimit, combineSize, fusion, level, maxConcurrentJobs,
        progress, progressDelayMillis, memoryBudget, locality, eager, timeout);
  }

  public MarsOptions withMaxConcurrentJobs(int n) {
    return new MarsOptions(chunkStoreLimit, combineSize, fusion, storageLevel, n,
        progress, progressDelayMillis, memoryBudget, locality, eager, timeout);
  }

  public MarsOptions withProgress(boolean on) {
    return new MarsOptions(chunkStoreLimit, combineSize, fusion, storageLevel, maxConcurrentJobs, on,
        progressDelayMillis, memoryBudget, locality, eager, timeout);
  }

  public MarsOptions withMemoryBudget(long bytes) {
    return new MarsOptions(chunkStoreLimit, combineSize, fusion, storageLevel, maxConcurrentJobs, progress,
        progressDelayMillis, bytes, locality, eager, timeout);
  }

  public MarsOptions withLocality(boolean on) {
    return new MarsOptions(chunkStoreLimit, combineSize, fusion, storageLevel, maxConcurrentJobs, progress,
        progressDelayMillis, memoryBudget, on, eager, timeout);
  }

  public MarsOptions withProgressDelayMillis(long millis) {
    return new MarsOptions(chunkStoreLimit, combineSize, fusion, storageLevel, maxConcurrentJobs,
        progress, millis, memoryBudget, locality, eager, timeout);
  }

  public MarsOptions withEager(boolean on) {
    return new MarsOptions(chunkStoreLimit, combineSize, fusion, storageLevel, maxConcurrentJobs,
        progress, progressDelayMillis, memoryBudget, locality, on, timeout);
  }

  /** Stops every {@code execute()} of the session that runs longer than this ({@code Duration.ZERO}: never). */
  public MarsOptions withTimeout(Duration limit) {
    return new MarsOptions(chunkStoreLimit, combineSize, fusion, storageLevel, maxConcurrentJobs,
        progress, progressDelayMillis, memoryBudget, locality, eager, limit);
  }
}
