package org.marsonspark.exec;

import java.io.Serializable;
import org.apache.spark.Partition;
import org.marsonspark.core.ChunkOp;

/**
 * One Spark partition: the serialized form of a subtask. Values live in numbered slots —
 * external inputs first, then each node's outputs — and a slot is cleared right after its last
 * use, so a fused chain holds at most the values it still needs.
 */
final class SubtaskPartition implements Partition {
  /**
   * An input read from a parent RDD's partition (one of its outputs) — or, with {@code parent}
   * {@link #SIBLING}, from another partition of this partition's own RDD (a consumer merged into
   * the last partition of its producers' stage, {@link RunPlan}).
   */
  record Input(int parent, int partition, int output, Partition parentPartition) implements Serializable {
    static final int SIBLING = -1;

    static Input sibling(int partition, int output, Partition of) {
      return new Input(SIBLING, partition, output, of);
    }

    boolean isSibling() {
      return parent == SIBLING;
    }
  }

  /**
   * One chunk op, the slots it reads and the first slot it writes; {@code source} names the
   * external RDD partition a {@link org.marsonspark.core.PartitionSource} reads (null for other ops).
   */
  record Node(ChunkOp op, int[] inputSlots, int firstOutputSlot, Input source) implements Serializable {}

  private final int index;
  final Input[] inputs;
  final Node[] nodes;
  final int[] outputSlots;
  /** For each node, the slots whose last reader it is. */
  final int[][] freeAfter;
  final int slotCount;
  /** A name for errors: the tail op and its chunk position. */
  final String description;
  /**
   * Packed calls: nodes read their inputs when they run, and idle tasks of the same stage in this
   * JVM may run nodes not started yet ({@link SharedNodes}).
   */
  final boolean shared;

  SubtaskPartition(int index, Input[] inputs, Node[] nodes, int[] outputSlots, int slotCount, String description,
      boolean shared) {
    this.index = index;
    this.inputs = inputs;
    this.nodes = nodes;
    this.outputSlots = outputSlots;
    this.slotCount = slotCount;
    this.description = description;
    this.shared = shared;
    this.freeAfter = lastUses(nodes, outputSlots, slotCount);
  }

  private static int[][] lastUses(Node[] nodes, int[] outputSlots, int slotCount) {
    int[] last = new int[slotCount];
    java.util.Arrays.fill(last, -1);
    for (int i = 0; i < nodes.length; i++) {
      for (int s : nodes[i].inputSlots()) {
        last[s] = i;
      }
    }
    for (int s : outputSlots) {
      last[s] = Integer.MAX_VALUE;
    }
    int[] counts = new int[nodes.length];
    for (int s = 0; s < slotCount; s++) {
      if (last[s] >= 0 && last[s] < nodes.length) {
        counts[last[s]]++;
      }
    }
    int[][] free = new int[nodes.length][];
    for (int i = 0; i < nodes.length; i++) {
      free[i] = new int[counts[i]];
      counts[i] = 0;
    }
    for (int s = 0; s < slotCount; s++) {
      if (last[s] >= 0 && last[s] < nodes.length) {
        free[last[s]][counts[last[s]]++] = s;
      }
    }
    return free;
  }

  @Override
  public int index() {
    return index;
  }

  @Override
  public int hashCode() {
    return index;
  }

  @Override
  public boolean equals(Object o) {
    return this == o;
  }
}
