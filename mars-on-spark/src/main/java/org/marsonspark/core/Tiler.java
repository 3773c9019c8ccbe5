package org.marsonspark.core;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Tiles a tileable graph, operand by operand in topological order. An operand that needs
 * sizes not known yet interrupts tiling ({@link TileContext.NeedsExecution}); the caller runs
 * what was asked for and calls {@link #tile} again, which resumes where it stopped.
 */
public final class Tiler {
  private final TileContext ctx;

  public Tiler(TileContext ctx) {
    this.ctx = ctx;
  }

  public TileContext context() {
    return ctx;
  }

  /** Tiles everything the targets need that is not tiled yet. */
  public void tile(List<? extends TileableData> targets) {
    for (TileableOp op : untiledOpsInOrder(targets)) {
      ctx.setCurrentOwner(op.id());
      op.tile(ctx);
      for (TileableData out : op.outputs()) {
        if (!out.isTiled()) {
          throw new MarsException(MarsException.ErrorClass.INTERNAL,
              op.name() + ".tile did not set the chunks of " + out);
        }
      }
    }
  }

  /** Operands not tiled yet, each after the operands of its inputs. */
  static List<TileableOp> untiledOpsInOrder(List<? extends TileableData> targets) {
    List<TileableOp> order = new ArrayList<>();
    Set<Long> visited = new HashSet<>();
    // iterative post-order DFS: deep graphs must not overflow the stack
    Deque<Object[]> stack = new ArrayDeque<>();
    for (TileableData t : targets) {
      if (!t.isTiled()) {
        stack.push(new Object[] {t.op(), 0});
      }
    }
    Set<Long> onStack = new LinkedHashSet<>();
    while (!stack.isEmpty()) {
      Object[] frame = stack.peek();
      TileableOp op = (TileableOp) frame[0];
      int next = (Integer) frame[1];
      if (next == 0) {
        if (visited.contains(op.id())) {
          stack.pop();
          continue;
        }
        onStack.add(op.id());
      }
      if (next < op.inputs().size()) {
        frame[1] = next + 1;
        TileableData in = op.inputs().get(next);
        if (!in.isTiled() && !visited.contains(in.op().id())) {
          stack.push(new Object[] {in.op(), 0});
        }
      } else {
        stack.pop();
        onStack.remove(op.id());
        if (visited.add(op.id())) {
          order.add(op);
        }
      }
    }
    return order;
  }
}
