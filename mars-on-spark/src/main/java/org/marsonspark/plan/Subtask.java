package org.marsonspark.plan;

import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.OpNode;

/**
 * A fused group of chunk operations that runs as one Spark task: its nodes in execution
 * order, the chunks it reads from outside (produced by other subtasks or materialized
 * earlier) and the chunks it leaves behind — the outputs of its last node.
 */
public final class Subtask {
  private final int id;
  private final List<OpNode> nodes;
  private final List<Chunk> externalInputs;

  Subtask(int id, List<OpNode> nodes, List<Chunk> externalInputs) {
    this.id = id;
    this.nodes = List.copyOf(nodes);
    this.externalInputs = List.copyOf(externalInputs);
  }

  public int id() {
    return id;
  }

  public List<OpNode> nodes() {
    return nodes;
  }

  public OpNode tail() {
    return nodes.get(nodes.size() - 1);
  }

  public List<Chunk> externalInputs() {
    return externalInputs;
  }

  public List<Chunk> outputs() {
    return tail().outputs();
  }

  @Override
  public String toString() {
    return "Subtask" + id + nodes;
  }
}
