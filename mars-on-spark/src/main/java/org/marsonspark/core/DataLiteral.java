package org.marsonspark.core;

/**
 * A chunk op whose output is data it carries from the driver — a slice of a driver-side array or
 * frame: {@code execute} returns {@link #data()}. A task carries the ops of its inputs' producers
 * too (to recompute a lost input), so the planner ships a large literal's data as a Spark
 * broadcast, fetched once per executor, rather than inside every task of every later stage that
 * reads the chunk.
 */
public interface DataLiteral extends ChunkOp {
  /** The chunk this op outputs (chunk data: Kryo-registered, never modified). */
  Object data();

  /** About how many bytes {@link #data()} holds. */
  long carriedBytes();

  @Override
  default Object execute(Object[] inputs) {
    return data();
  }
}
