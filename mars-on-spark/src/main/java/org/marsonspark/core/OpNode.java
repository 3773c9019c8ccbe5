package org.marsonspark.core;

import java.util.List;

/**
 * One chunk-level operation in the chunk graph: a {@link ChunkOp}, its input chunks and the
 * chunks it produces. {@code owner} names the tileable operand that tiled it; the planner uses
 * it to keep work of different chunks of one tileable in separate tasks.
 */
public final class OpNode {
  private final ChunkOp op;
  private final List<Chunk> inputs;
  private final List<Chunk> outputs;
  private final long owner;

  OpNode(ChunkOp op, List<Chunk> inputs, List<Chunk> outputs, long owner) {
    this.op = op;
    this.inputs = List.copyOf(inputs);
    this.outputs = outputs;
    this.owner = owner;
  }

  /**
   * A node that computes existing chunks another way (several fused nodes replaced by one).
   * The chunks keep their original producers; only the plan runs this node instead.
   */
  public static OpNode replacing(ChunkOp op, List<Chunk> inputs, List<Chunk> outputs, long owner) {
    if (outputs.size() != op.outputCount()) {
      throw new IllegalArgumentException(op.name() + " has " + op.outputCount() + " outputs, not " + outputs.size());
    }
    return new OpNode(op, inputs, List.copyOf(outputs), owner);
  }

  public ChunkOp op() {
    return op;
  }

  public List<Chunk> inputs() {
    return inputs;
  }

  public List<Chunk> outputs() {
    return outputs;
  }

  public long owner() {
    return owner;
  }

  @Override
  public String toString() {
    return op.name() + "@" + owner;
  }
}
