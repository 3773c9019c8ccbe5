package org.marsonspark.core;

import java.io.Serializable;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * What one task needs from the cluster beyond the application's defaults: CPU cores and GPUs.
 * The planner runs subtasks whose request is not {@link #DEFAULT} in a Spark RDD carrying a
 * matching task resource profile (stage-level scheduling), where the cluster manager supports it.
 *
 * @param cpus cores one task occupies (at least 1)
 * @param gpus GPUs one task needs (0 or more)
 */
public record ResourceRequest(int cpus, int gpus) implements Serializable {
  /** One core, no GPU: the application's default task profile ({@code spark.task.cpus}). */
  public static final ResourceRequest DEFAULT = new ResourceRequest(1, 0);

  public ResourceRequest {
    if (cpus < 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "a task needs at least 1 cpu, got cpus=" + cpus);
    }
    if (gpus < 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "gpus must not be negative, got gpus=" + gpus);
    }
  }

  public boolean isDefault() {
    return equals(DEFAULT);
  }

  /** The request of a task running both: the larger of each resource. */
  public ResourceRequest max(ResourceRequest other) {
    return new ResourceRequest(Math.max(cpus, other.cpus), Math.max(gpus, other.gpus));
  }

  @Override
  public String toString() {
    return "cpus=" + cpus + (gpus > 0 ? ", gpus=" + gpus : "");
  }
}
