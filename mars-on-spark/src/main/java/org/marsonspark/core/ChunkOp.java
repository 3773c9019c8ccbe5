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
   * Whether a subtask ending in this op may share its Spark RDD — and so its job — with
   * subtasks of other tileable operands at the same depth with the same resources. By default
   * each tileable operand gets RDDs of its own; many small independent operations (spawned
   * functions) say yes so that thousands of them run as one job of many partitions.
   */
  default boolean batchable() {
    return false;
  }

  /** A short name for progress, plans and error messages. */
  default String name() {
    String n = getClass().getSimpleName();
    return n.isEmpty() ? getClass().getName() : n;
  }
}
