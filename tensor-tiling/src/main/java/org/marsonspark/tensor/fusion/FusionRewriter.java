package org.marsonspark.tensor.fusion;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.OpNode;
import org.marsonspark.core.Shapes;
import org.marsonspark.plan.SubtaskRewriter;
import org.marsonspark.tensor.DType;

/**
 * Replaces each maximal tree of {@link Fusable} chunk ops inside a subtask — element-wise ops,
 * random and constant sources, and reductions' map/aggregate steps — by one {@link FusedChunk}:
 * a generated loop that writes no intermediate array. Trees of a single op are left alone.
 */
public final class FusionRewriter implements SubtaskRewriter {
  @Override
  public List<OpNode> rewrite(List<OpNode> nodes) {
    Map<Long, OpNode> producerOf = new HashMap<>();
    for (OpNode n : nodes) {
      for (Chunk c : n.outputs()) {
        producerOf.put(c.key(), n);
      }
    }
    Set<OpNode> absorbed = Collections.newSetFromMap(new IdentityHashMap<>());
    Map<OpNode, OpNode> replacement = new IdentityHashMap<>();
    for (int i = nodes.size() - 1; i >= 0; i--) {
      OpNode root = nodes.get(i);
      if (absorbed.contains(root)) {
        continue;
      }
      Tree tree = new Tree(producerOf, absorbed);
      Expr expr = tree.build(root);
      if (expr == null || tree.members.size() < 2) {
        continue;
      }
      FusedChunk op;
      try {
        op = FusedChunk.of(expr, tree.leafDtypes(), tree.describe());
      } catch (KernelSource.Unsupported e) {
        continue;
      }
      absorbed.addAll(tree.members);
      replacement.put(root, OpNode.replacing(op, tree.leafChunks(), root.outputs(), root.owner()));
    }
    if (replacement.isEmpty()) {
      return nodes;
    }
    List<OpNode> out = new ArrayList<>();
    for (OpNode n : nodes) {
      OpNode r = replacement.get(n);
      if (r != null) {
        out.add(r);
      } else if (!absorbed.contains(n)) {
        out.add(n);
      }
    }
    return out;
  }

  /** One candidate tree, built from its root down through single-output fusable producers. */
  private static final class Tree {
    private final Map<Long, OpNode> producerOf;
    private final Set<OpNode> taken;
    final List<OpNode> members = new ArrayList<>();
    /** The expression of each member: a chunk read twice (x * x) is computed once. */
    private final Map<OpNode, Expr> built = new IdentityHashMap<>();
    private final LinkedHashMap<Long, Chunk> leaves = new LinkedHashMap<>();

    Tree(Map<Long, OpNode> producerOf, Set<OpNode> taken) {
      this.producerOf = producerOf;
      this.taken = taken;
    }

    Expr build(OpNode node) {
      if (!(node.op() instanceof Fusable fusable) || node.outputs().size() != 1) {
        return null;
      }
      long[] shape = node.outputs().get(0).shape();
      if (Shapes.hasUnknown(shape)) {
        return null;
      }
      List<Expr> args = new ArrayList<>();
      int mark = members.size();
      Map<Long, Chunk> leavesBefore = new LinkedHashMap<>(leaves);
      for (Chunk in : node.inputs()) {
        OpNode p = producerOf.get(in.key());
        Expr arg = null;
        if (p != null && built.containsKey(p)) {
          arg = built.get(p);
        } else if (p != null && !taken.contains(p)) {
          arg = build(p);
        }
        if (arg == null) {
          arg = leaf(in);
        }
        if (arg == null) {
          rollback(mark, leavesBefore);
          return null;
        }
        args.add(arg);
      }
      Expr e = fusable.fuse(args, shape);
      if (e == null) {
        rollback(mark, leavesBefore);
        return null;
      }
      members.add(node);
      built.put(node, e);
      return e;
    }

    private void rollback(int mark, Map<Long, Chunk> leavesBefore) {
      while (members.size() > mark) {
        built.remove(members.remove(members.size() - 1));
      }
      leaves.clear();
      leaves.putAll(leavesBefore);
    }

    private Expr leaf(Chunk c) {
      if (!(c.meta() instanceof DType dtype) || c.hasUnknownShape()) {
        return null;
      }
      leaves.putIfAbsent(c.key(), c);
      int slot = new ArrayList<>(leaves.keySet()).indexOf(c.key());
      return new Expr.In(slot, dtype, c.shape());
    }

    List<Chunk> leafChunks() {
      return new ArrayList<>(leaves.values());
    }

    DType[] leafDtypes() {
      return leaves.values().stream().map(c -> (DType) c.meta()).toArray(DType[]::new);
    }

    String describe() {
      StringBuilder sb = new StringBuilder();
      for (OpNode n : members) {
        if (sb.length() > 0) {
          sb.append(',');
        }
        sb.append(n.op().name());
      }
      return sb.toString();
    }
  }
}
