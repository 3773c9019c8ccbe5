package org.marsonspark.core;

import java.util.Iterator;
import org.apache.spark.rdd.RDD;

/**
 * A source chunk op that reads one partition of an RDD built outside Mars — a Spark SQL query,
 * a file scan — so that data made by Spark becomes chunks without passing through the driver.
 * The planner makes the chunk's RDD depend (narrowly) on exactly that partition; Spark then
 * runs the external RDD's lineage (including its shuffles) and places the task where that
 * partition prefers to run. A lost chunk is recomputed from the external RDD.
 *
 * <p>The RDD is driver-side only: implementations keep it in a {@code transient} field, since
 * the op itself travels with every task and only {@link #read} runs there.
 */
public interface PartitionSource extends ChunkOp {
  /** The RDD whose partition this op reads; driver side (null once deserialized on an executor). */
  RDD<?> sourceRdd();

  /** The partition of {@link #sourceRdd()} this op reads. */
  int sourcePartition();

  /** Runs on the executor with the partition's records; returns the chunk's value. */
  Object read(Iterator<?> records);

  /** Not called: the runtime gives a partition source its records through {@link #read}. */
  @Override
  default Object execute(Object[] inputs) {
    throw new IllegalStateException(name() + " reads partition " + sourcePartition()
        + " of an external RDD; the runtime calls read(records), not execute");
  }
}
