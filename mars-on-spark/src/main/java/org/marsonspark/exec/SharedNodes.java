package org.marsonspark.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.spark.TaskContext;
import org.marsonspark.core.ChunkOp;

/**
 * Executor-side work sharing for packed call tasks ({@link SubtaskPartition#shared}). A packed
 * task runs its own nodes in order; once it has none left to start, it takes over nodes that
 * other tasks of the same stage attempt, running in this JVM, have not started yet — from the
 * back of their lists — and runs them for them. So the calls of one depth run as one Spark task
 * per core with dynamic balancing: one Spark hand-off per core instead of one per call, and a
 * core whose calls were quick helps the others.
 *
 * <p>A taken node's result goes into its owner's slots; the owner waits for it before returning
 * its partition. A node fails in its owner's task (the error is handed over). A task that is
 * killed while running another's node gives the node back, and the owner runs it itself.
 * Lineage is unaffected: a partition recomputed later runs its own nodes, alone.
 */
final class SharedNodes {
  private static final int PENDING = 0;
  private static final int RUNNING = 1;
  private static final int DONE = 2;

  /** Open node lists of running packed tasks, per stage attempt. */
  private static final Map<String, List<SharedNodes>> OPEN = new ConcurrentHashMap<>();

  /** How a node's op is run: reads its arguments in the running task, returns its result. */
  interface Runner {
    Object run(SharedNodes owner, int node, TaskContext running);
  }

  final SubtaskPartition partition;
  /** The partition's slots; internal ones (node outputs) are written under this object's lock. */
  final Object[] slots;
  private final Runner runner;
  /** The task computing this partition. */
  private final TaskContext ownerTask;
  private final int[] state;
  private final Throwable[] errors;
  /** Nodes whose inputs are all external (read from parent RDDs): any task of the stage may run them. */
  private final boolean[] independent;
  /**
   * Nodes reading other partitions of this stage's RDD (a merged tail): only the owner runs them,
   * last — after helping the other tasks, which it then waits for.
   */
  private final boolean[] tail;
  private int pendingIndependent;
  private boolean closed;

  SharedNodes(SubtaskPartition partition, Object[] slots, Runner runner, TaskContext ownerTask) {
    this.partition = partition;
    this.slots = slots;
    this.runner = runner;
    this.ownerTask = ownerTask;
    int n = partition.nodes.length;
    this.state = new int[n];
    this.errors = new Throwable[n];
    this.independent = new boolean[n];
    this.tail = new boolean[n];
    for (int i = 0; i < n; i++) {
      boolean ext = true;
      for (int s : partition.nodes[i].inputSlots()) {
        ext &= s < partition.inputs.length;
        tail[i] |= s < partition.inputs.length && partition.inputs[s].isSibling();
      }
      for (int s : partition.nodes[i].inputSlots()) {
        // a node reading a tail's output is a tail too
        tail[i] |= s >= partition.inputs.length && tail[producerOf(s)];
      }
      ext &= !tail[i];
      independent[i] = ext;
      if (ext) {
        pendingIndependent++;
      }
    }
  }

  /** Runs every node of this partition — taking over others' nodes when idle — and returns its outputs. */
  Object[] runAll() {
    TaskContext ctx = ownerTask;
    String key = ctx.stageId() + "." + ctx.stageAttemptNumber();
    List<SharedNodes> open = OPEN.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>());
    open.add(this);
    try {
      // own nodes, in order; those another task already took are waited for below
      for (int n = 0; n < state.length; n++) {
        if (tail[n]) {
          continue;
        }
        if (!independent[n]) {
          awaitInputs(n);
        }
        if (claim(n)) {
          execute(n, ctx);
          finish(n); // rethrows its error: the task fails at its first failed node
        }
      }
      // then others' nodes not started yet
      while (!ctx.isInterrupted()) {
        SharedNodes from = null;
        int node = -1;
        for (SharedNodes other : open) {
          if (other != this) {
            int taken = other.takeLast();
            if (taken >= 0) {
              from = other;
              node = taken;
              break;
            }
          }
        }
        if (from == null) {
          break;
        }
        from.execute(node, ctx);
      }
      // then the tail, reading the other partitions (waiting for their tasks), and finally own
      // nodes others ran (or gave back)
      for (int n = 0; n < state.length; n++) {
        if (tail[n]) {
          awaitInputs(n);
          if (claim(n)) {
            execute(n, ctx);
          }
        }
        finish(n);
      }
    } finally {
      synchronized (this) {
        closed = true;
        notifyAll(); // tasks waiting for an output read the block instead
      }
      open.remove(this);
      OPEN.computeIfPresent(key, (k, list) -> list.isEmpty() ? null : list);
    }
    Object[] outputs = new Object[partition.outputSlots.length];
    synchronized (this) {
      for (int i = 0; i < outputs.length; i++) {
        outputs[i] = slots[partition.outputSlots[i]];
      }
    }
    return outputs;
  }

  /** What {@link #siblingOutput} returns when the partition is not running in this JVM. */
  static final Object NOT_HERE = new Object();

  /**
   * Output {@code output} of partition {@code partition} of the stage task {@code ctx} belongs to,
   * straight from the slots of the task computing it in this JVM — waiting for the node that
   * makes it, or running that node here if nobody started it — without waiting for that task to
   * finish and store its block. {@link #NOT_HERE} when no open task of this JVM computes it (or
   * its task failed first): read the block instead.
   */
  static Object siblingOutput(TaskContext ctx, int partition, int output) {
    List<SharedNodes> open = OPEN.get(ctx.stageId() + "." + ctx.stageAttemptNumber());
    if (open != null) {
      for (SharedNodes sn : open) {
        if (sn.partition.index() == partition) {
          return sn.awaitOutput(output, ctx);
        }
      }
    }
    return NOT_HERE;
  }

  private Object awaitOutput(int output, TaskContext running) {
    int slot = partition.outputSlots[output];
    if (slot < partition.inputs.length) {
      return NOT_HERE;
    }
    int n = producerOf(slot);
    while (true) {
      boolean runHere = false;
      synchronized (this) {
        if (state[n] == DONE) {
          return errors[n] == null ? slots[slot] : NOT_HERE; // a failed node fails its own task
        }
        if (closed) {
          return NOT_HERE;
        }
        if (independent[n] && claim(n)) {
          runHere = true;
        } else {
          awaitChange();
        }
      }
      if (runHere) {
        execute(n, running);
      }
    }
  }

  /** Number of packed tasks with open node lists in this JVM (for tests). */
  static int openLists() {
    return OPEN.values().stream().mapToInt(List::size).sum();
  }

  private synchronized boolean claim(int n) {
    if (state[n] != PENDING) {
      return false;
    }
    state[n] = RUNNING;
    if (independent[n]) {
      pendingIndependent--;
    }
    return true;
  }

  /** An independent node nobody started, from the back; -1 when none. */
  private synchronized int takeLast() {
    if (closed || pendingIndependent == 0) {
      return -1;
    }
    for (int n = state.length - 1; n >= 0; n--) {
      if (independent[n] && state[n] == PENDING) {
        state[n] = RUNNING;
        pendingIndependent--;
        return n;
      }
    }
    return -1;
  }

  /** Runs node {@code n} of this list in task {@code running} and records its result or error. */
  private void execute(int n, TaskContext running) {
    Object result = null;
    Throwable error = null;
    try {
      result = runner.run(this, n, running);
    } catch (RuntimeException | Error e) {
      error = e;
    }
    synchronized (this) {
      if (error != null && running != ownerTask && running.isInterrupted()) {
        // this task is being killed: give the node back to its owner
        state[n] = PENDING;
        if (independent[n]) {
          pendingIndependent++;
        }
      } else {
        if (error == null) {
          store(n, result);
        } else {
          errors[n] = error;
        }
        state[n] = DONE;
      }
      notifyAll();
    }
  }

  private void store(int n, Object result) {
    SubtaskPartition.Node node = partition.nodes[n];
    ChunkOp op = node.op();
    if (op.outputCount() == 1) {
      slots[node.firstOutputSlot()] = result;
    } else {
      System.arraycopy((Object[]) result, 0, slots, node.firstOutputSlot(), op.outputCount());
    }
  }

  /** Waits until the nodes producing node {@code n}'s internal inputs are done (failing if one failed). */
  private void awaitInputs(int n) {
    for (int s : partition.nodes[n].inputSlots()) {
      if (s >= partition.inputs.length) {
        int producer = producerOf(s);
        finish(producer);
      }
    }
  }

  private int producerOf(int slot) {
    SubtaskPartition.Node[] nodes = partition.nodes;
    for (int i = nodes.length - 1; i >= 0; i--) {
      if (slot >= nodes[i].firstOutputSlot() && slot < nodes[i].firstOutputSlot() + nodes[i].op().outputCount()) {
        return i;
      }
    }
    throw new IllegalStateException("no node writes slot " + slot + " of " + partition.description);
  }

  /** Waits for node {@code n} (running it in the owner's task when it was given back); rethrows its error. */
  private void finish(int n) {
    while (true) {
      boolean runHere = false;
      synchronized (this) {
        if (state[n] == DONE) {
          if (errors[n] instanceof RuntimeException e) {
            throw e;
          }
          if (errors[n] instanceof Error e) {
            throw e;
          }
          return;
        }
        if (claim(n)) {
          runHere = true;
        } else {
          awaitChange();
        }
      }
      if (runHere) {
        execute(n, ownerTask);
      }
    }
  }

  /** Waits, holding this object's lock, until some node changes state or the list closes. */
  private void awaitChange() {
    try {
      wait();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ChunkTaskException("interrupted while waiting for a node of " + partition.description
          + " that another task runs", e);
    }
  }

  /** For messages. */
  @Override
  public String toString() {
    List<String> names = new ArrayList<>();
    for (SubtaskPartition.Node node : partition.nodes) {
      names.add(node.op().name());
    }
    return "shared nodes of " + partition.description + " " + names;
  }
}
