package org.marsonspark.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.spark.SparkContext;
import org.apache.spark.rdd.RDD;
import org.apache.spark.storage.StorageLevel;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.OpNode;
import org.marsonspark.plan.Subtask;
import org.marsonspark.plan.SubtaskRewriter;

/**
 * The Spark form of one run: each subtask's depth, its dependencies on other subtasks, and the
 * persisted {@link ChunkRDD} partition it becomes — one RDD per (tileable operand, depth).
 */
final class RunPlan {
  final List<Subtask> subtasks;
  final Map<Subtask, ChunkRDD> rddOf = new IdentityHashMap<>();
  final Map<Subtask, Integer> partitionOf = new IdentityHashMap<>();
  final Map<Subtask, Integer> levelOf = new IdentityHashMap<>();
  final Map<Subtask, List<Subtask>> successors = new IdentityHashMap<>();
  final Map<Subtask, Integer> pendingInputs = new IdentityHashMap<>();
  final List<ChunkRDD> rdds = new ArrayList<>();

  private RunPlan(List<Subtask> subtasks) {
    this.subtasks = subtasks;
  }

  static RunPlan build(SparkContext sc, ChunkStore store, List<SubtaskRewriter> rewriters, List<Subtask> subtasks,
      GraphRunner.Settings settings) {
    StorageLevel level = settings.storageLevel();
    RunPlan plan = new RunPlan(subtasks);
    Map<Long, Subtask> producer = new HashMap<>();
    for (Subtask s : subtasks) {
      for (Chunk out : s.outputs()) {
        producer.put(out.key(), s);
      }
      plan.successors.put(s, new ArrayList<>());
    }
    // levels (subtasks come producers first) and dependencies between subtasks
    for (Subtask s : subtasks) {
      int lvl = 0;
      int pending = 0;
      java.util.Set<Subtask> preds = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
      for (Chunk in : s.externalInputs()) {
        Subtask p = producer.get(in.key());
        if (p != null) {
          if (preds.add(p)) {
            pending++;
            plan.successors.get(p).add(s);
          }
          lvl = Math.max(lvl, plan.levelOf.get(p) + 1);
        } else if (!store.isMaterialized(in)) {
          throw new MarsException(ErrorClass.INTERNAL, "input " + in + " of " + s + " is neither planned nor materialized");
        }
      }
      plan.levelOf.put(s, lvl);
      plan.pendingInputs.put(s, pending);
    }
    // one RDD per (tileable operand, level); created level by level so parents exist first
    Map<List<Long>, List<Subtask>> groups = new LinkedHashMap<>();
    List<Subtask> byLevel = new ArrayList<>(subtasks);
    byLevel.sort(Comparator.comparingInt(plan.levelOf::get));
    for (Subtask s : byLevel) {
      groups.computeIfAbsent(List.of(s.tail().owner(), (long) plan.levelOf.get(s)), k -> new ArrayList<>()).add(s);
    }
    for (List<Subtask> members : groups.values()) {
      for (int i = 0; i < members.size(); i++) {
        plan.partitionOf.put(members.get(i), i);
      }
      ChunkRDD rdd = plan.newRdd(sc, store, settings.fusion() ? rewriters : List.of(), members, producer);
      rdd.persist(level);
      for (Subtask s : members) {
        plan.rddOf.put(s, rdd);
      }
      plan.rdds.add(rdd);
    }
    // each subtask holds a reference on each input until it has run
    for (Subtask s : subtasks) {
      for (Chunk in : s.externalInputs()) {
        store.retain(in);
      }
    }
    return plan;
  }

  private ChunkRDD newRdd(SparkContext sc, ChunkStore store, List<SubtaskRewriter> rewriters, List<Subtask> members,
      Map<Long, Subtask> producer) {
    RunPlan plan = this;
    List<RDD<Object[]>> parents = new ArrayList<>();
    Map<RDD<Object[]>, Integer> parentIndex = new IdentityHashMap<>();
    List<List<TreeSet<Integer>>> parentParts = new ArrayList<>();
    SubtaskPartition[] parts = new SubtaskPartition[members.size()];
    for (int pi = 0; pi < members.size(); pi++) {
      Subtask s = members.get(pi);
      List<Chunk> ext = s.externalInputs();
      SubtaskPartition.Input[] inputs = new SubtaskPartition.Input[ext.size()];
      Map<Long, Integer> slotOf = new HashMap<>();
      for (int i = 0; i < ext.size(); i++) {
        Chunk c = ext.get(i);
        RDD<Object[]> rdd;
        int partition;
        int output;
        Subtask p = producer.get(c.key());
        if (p != null) {
          rdd = plan.rddOf.get(p);
          partition = plan.partitionOf.get(p);
          output = p.outputs().indexOf(c);
        } else {
          ChunkStore.Location loc = store.location(c);
          rdd = loc.rdd();
          partition = loc.partition();
          output = loc.output();
        }
        int idx = parentIndex.computeIfAbsent(rdd, r -> {
          parents.add(r);
          List<TreeSet<Integer>> perChild = new ArrayList<>();
          for (int k = 0; k < members.size(); k++) {
            perChild.add(new TreeSet<>());
          }
          parentParts.add(perChild);
          return parents.size() - 1;
        });
        parentParts.get(idx).get(pi).add(partition);
        inputs[i] = new SubtaskPartition.Input(idx, partition, output);
        slotOf.put(c.key(), i);
      }
      int nextSlot = ext.size();
      List<OpNode> toRun = s.nodes();
      for (SubtaskRewriter r : rewriters) {
        toRun = r.rewrite(toRun);
      }
      SubtaskPartition.Node[] nodes = new SubtaskPartition.Node[toRun.size()];
      for (int n = 0; n < nodes.length; n++) {
        OpNode node = toRun.get(n);
        int[] inSlots = new int[node.inputs().size()];
        for (int a = 0; a < inSlots.length; a++) {
          inSlots[a] = slotOf.get(node.inputs().get(a).key());
        }
        nodes[n] = new SubtaskPartition.Node(node.op(), inSlots, nextSlot);
        for (Chunk out : node.outputs()) {
          slotOf.put(out.key(), nextSlot++);
        }
      }
      int[] outSlots = s.outputs().stream().mapToInt(c -> slotOf.get(c.key())).toArray();
      Chunk first = s.outputs().get(0);
      parts[pi] = new SubtaskPartition(pi, inputs, nodes, outSlots, nextSlot,
          s.tail().op().name() + Arrays.toString(first.index()));
    }
    int[][][] pp = new int[parents.size()][][];
    for (int i = 0; i < parents.size(); i++) {
      pp[i] = new int[members.size()][];
      for (int k = 0; k < members.size(); k++) {
        pp[i][k] = parentParts.get(i).get(k).stream().mapToInt(Integer::intValue).toArray();
      }
    }
    return new ChunkRDD(sc, parts, parents, pp);
  }

}
