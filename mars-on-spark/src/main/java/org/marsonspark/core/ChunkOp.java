package org.marsonspark.core;

import java.io.Serializable;

/**
 * The physical half of an operand: what one chunk task runs on an executor. Instances are
 * shipped inside Spark tasks with Java serialization, so they hold only small parameters —
 * never tileables, sessions or data of other chunks. An operand class usually keeps its
 * {@code ChunkOp} next to its {@code tile} method (often as a nested record).
 */
public interface ChunkOp extends Serializable {
  /**
   * Runs the operation on the materialized inputs. Inputs must not be modified. When
   * {@link #outputCount()} is above one, returns an {@code Object[]} with one value per output.
   */
  Object execute(Object[] inputs);

  default int outputCount() {
    return 1;
  }

  /**
   * Cores and GPUs one task running this op needs. The planner gives subtasks with a
   * non-default request an RDD of their own with a matching Spark resource profile.
   */
  default ResourceRequest resources() {
    return ResourceRequest.DEFAULT;
  }

  /**
   * Whether this op is an independent call of unknown cost (a spawned function). The planner then
   * lets subtasks ending in it share a Spark RDD — and so a job — with those of other tileable
   * operands at the same depth and with the same resources, so that thousands of calls run as one
   * job; never judges it cheap by the size of its data (so it is neither fused with sibling calls
   * into their consumer nor computed inside its consumer's task, where calls that could run in
   * parallel would run one after another); and, when there are more of them than task slots,
   * packs them into one Spark task per slot whose tasks take over each other's calls not yet
   * started, so they balance like a thread pool.
   */
  default boolean batchable() {
    return false;
  }

  /**
   * Bytes this op reads from outside the chunk graph — a file's byte range — or -1 when it reads
   * nothing there or cannot tell. The scheduler predicts an output of unknown size from it (a
   * parsed range holds a few times its bytes), so that many small ranges go out together rather
   * than in waves sized for the largest range a source could have.
   */
  default long externalBytes() {
    return -1;
  }

  /** A short name for progress, plans and error messages. */
  default String name() {
    String n = getClass().getSimpleName();
    return n.isEmpty() ? getClass().getName() : n;
  }
}
