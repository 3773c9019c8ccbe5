package org.marsonspark.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.OpNode;

/**
 * A fused group of chunk operations that runs as one Spark task: its nodes in execution
 * order, the chunks it reads from outside (produced by other subtasks or materialized
 * earlier) and the chunks it leaves behind — the outputs of its last node or, for a
 * {@linkplain #pack packed} subtask, of the last node of each member.
 */
public final class Subtask {
  private final int id;
  private final List<OpNode> nodes;
  private final List<Chunk> externalInputs;
  private final List<Chunk> outputs;

  Subtask(int id, List<OpNode> nodes, List<Chunk> externalInputs) {
    this(id, nodes, externalInputs, nodes.get(nodes.size() - 1).outputs());
  }

  private Subtask(int id, List<OpNode> nodes, List<Chunk> externalInputs, List<Chunk> outputs) {
    this.id = id;
    this.nodes = List.copyOf(nodes);
    this.externalInputs = List.copyOf(externalInputs);
    this.outputs = List.copyOf(outputs);
  }

  /**
   * Independent subtasks run one after another in one task: their nodes in order, the union
   * of their external inputs, and all their outputs (member by member).
   */
  static Subtask pack(List<Subtask> members) {
    List<OpNode> nodes = new ArrayList<>();
    LinkedHashMap<Long, Chunk> inputs = new LinkedHashMap<>();
    List<Chunk> outputs = new ArrayList<>();
    for (Subtask m : members) {
      nodes.addAll(m.nodes);
      m.externalInputs.forEach(c -> inputs.putIfAbsent(c.key(), c));
      outputs.addAll(m.outputs);
    }
    return new Subtask(members.get(0).id, nodes, new ArrayList<>(inputs.values()), outputs);
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
    return outputs;
  }

  @Override
  public String toString() {
    return "Subtask" + id + nodes;
  }
}
