package org.marsonspark.exec;

/**
 * One line of a run's plan as {@code explain} prints it: an RDD (or an exchange) and how its
 * subtasks run as Spark tasks.
 *
 * @param depth the RDD's depth in the run (0: reads only stored chunks or sources)
 * @param operand the operator of its subtasks' last chunk op
 * @param fusedOps chunk ops per subtask (more than one where a chain was fused)
 * @param chunkShape the shape of its first subtask's first output chunk
 * @param subtasks how many subtasks it runs
 * @param partitions its Spark partitions (tasks); 0 once merged into another RDD's tasks
 * @param taskShape how subtasks become tasks: a task each, packed, even packs, a task per slot,
 *     shared calls, exchange, inline or merged tail
 * @param reason why the planner chose that shape
 * @param resources what each task asks for
 */
public record PlanStage(int depth, String operand, int fusedOps, String chunkShape, int subtasks, int partitions,
    String taskShape, String reason, String resources) {
  @Override
  public String toString() {
    return String.format("depth %d  %s%s  chunk %s  %d subtask%s -> %d partition%s  [%s: %s]  %s", depth, operand,
        fusedOps > 1 ? " (" + fusedOps + " ops fused)" : "", chunkShape, subtasks, subtasks == 1 ? "" : "s",
        partitions, partitions == 1 ? "" : "s", taskShape, reason, resources);
  }
}
