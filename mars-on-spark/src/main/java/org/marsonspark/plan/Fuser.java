package org.marsonspark.plan;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.Exchange;
import org.marsonspark.core.OpNode;

/**
 * Turns the part of a chunk graph that still has to run into subtasks.
 *
 * <p>A node is fused into its consumer when that consumer is its only one, none of its
 * outputs must be kept (targets), and the consumer's other producers come from other
 * tileables: element-wise and per-chunk chains collapse into one task, while the many chunks
 * that feed one combine step of a reduction tree (or one block of a matrix product) stay in
 * tasks of their own so they run in parallel. A {@linkplain org.marsonspark.core.ChunkOp#batchable
 * batchable} op (a spawned call) is fused only into a consumer it is the sole pending producer of.
 * An {@link Exchange} is a subtask of its own, never fused with its maps or its consumers: the
 * planner runs it as a Spark shuffle.
 */
public final class Fuser {
  private final boolean enabled;

  public Fuser(boolean enabled) {
    this.enabled = enabled;
  }

  /**
   * @param targets chunks that must be produced (and kept) by this plan
   * @param materialized tells whether a chunk's data already exists
   * @return subtasks in an order where producers precede consumers
   */
  public List<Subtask> plan(Collection<Chunk> targets, Predicate<Chunk> materialized) {
    List<OpNode> order = neededNodesInOrder(targets, materialized);
    Set<Long> keep = new HashSet<>();
    for (Chunk t : targets) {
      keep.add(t.key());
    }
    // consumers of each node within the plan
    Map<OpNode, Set<OpNode>> consumers = new IdentityHashMap<>();
    Set<OpNode> inPlan = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    inPlan.addAll(order);
    for (OpNode n : order) {
      consumers.put(n, new LinkedHashSet<>());
    }
    for (OpNode n : order) {
      for (Chunk in : n.inputs()) {
        OpNode p = in.producer();
        if (inPlan.contains(p) && !materialized.test(in)) {
          consumers.get(p).add(n);
        }
      }
    }
    // root of each node's fused group, decided from consumers down to producers
    Map<OpNode, OpNode> root = new IdentityHashMap<>();
    for (int i = order.size() - 1; i >= 0; i--) {
      OpNode n = order.get(i);
      OpNode into = fusionTarget(n, consumers.get(n), keep, materialized);
      root.put(n, into == null ? n : root.get(into));
    }
    Map<OpNode, List<OpNode>> groups = new LinkedHashMap<>();
    for (OpNode n : order) {
      groups.computeIfAbsent(root.get(n), k -> new ArrayList<>()).add(n);
    }
    // a group's nodes are in topological order and its root comes last
    List<Subtask> subtasks = new ArrayList<>();
    Map<OpNode, Integer> position = new IdentityHashMap<>();
    for (int i = 0; i < order.size(); i++) {
      position.put(order.get(i), i);
    }
    List<List<OpNode>> sorted = new ArrayList<>(groups.values());
    sorted.sort((a, b) -> Integer.compare(position.get(a.get(a.size() - 1)), position.get(b.get(b.size() - 1))));
    for (List<OpNode> nodes : sorted) {
      Set<OpNode> members = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
      members.addAll(nodes);
      LinkedHashMap<Long, Chunk> external = new LinkedHashMap<>();
      for (OpNode n : nodes) {
        for (Chunk in : n.inputs()) {
          if (!members.contains(in.producer()) || materialized.test(in)) {
            external.putIfAbsent(in.key(), in);
          }
        }
      }
      subtasks.add(new Subtask(subtasks.size(), nodes, new ArrayList<>(external.values())));
    }
    return subtasks;
  }

  private OpNode fusionTarget(OpNode n, Set<OpNode> consumers, Set<Long> keep, Predicate<Chunk> materialized) {
    if (!enabled || consumers.size() != 1 || n.op() instanceof Exchange) {
      return null;
    }
    for (Chunk out : n.outputs()) {
      if (keep.contains(out.key())) {
        return null;
      }
    }
    OpNode consumer = consumers.iterator().next();
    if (consumer.op() instanceof Exchange) {
      return null; // a map's pieces are shuffle output, written by the task that makes them
    }
    // the consumer's pending producers must come from distinct tileables
    Set<Long> owners = new HashSet<>();
    Set<OpNode> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    for (Chunk in : consumer.inputs()) {
      OpNode p = in.producer();
      if (materialized.test(in) || !seen.add(p)) {
        continue;
      }
      if (!owners.add(p.owner())) {
        return null;
      }
    }
    // a batchable op is an independent call of unknown cost: fused with siblings into their
    // common consumer, calls that could run in parallel would run one after another
    if (n.op().batchable() && seen.size() > 1) {
      return null;
    }
    return consumer;
  }

  /** Nodes whose outputs are needed and not materialized, producers first. */
  static List<OpNode> neededNodesInOrder(Collection<Chunk> targets, Predicate<Chunk> materialized) {
    List<OpNode> order = new ArrayList<>();
    Set<OpNode> visited = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Object[]> stack = new ArrayDeque<>();
    for (Chunk t : targets) {
      if (!materialized.test(t)) {
        stack.push(new Object[] {t.producer(), 0});
      }
    }
    while (!stack.isEmpty()) {
      Object[] frame = stack.peek();
      OpNode n = (OpNode) frame[0];
      int next = (Integer) frame[1];
      if (next == 0 && visited.contains(n)) {
        stack.pop();
        continue;
      }
      if (next < n.inputs().size()) {
        frame[1] = next + 1;
        Chunk in = n.inputs().get(next);
        if (!materialized.test(in) && !visited.contains(in.producer())) {
          stack.push(new Object[] {in.producer(), 0});
        }
      } else {
        stack.pop();
        if (visited.add(n)) {
          order.add(n);
        }
      }
    }
    return order;
  }
}
