package org.marsonspark.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.OpNode;
import org.marsonspark.core.ResourceRequest;

/**
 * Packs many small independent subtasks into fewer Spark tasks. Subtasks ending in a
 * {@linkplain org.marsonspark.core.ChunkOp#batchable batchable} op, at the same depth and with
 * the same resource request, never depend on each other; when there are more than
 * {@code maxTasks} of them, they are dealt round-robin into {@code maxTasks} packed subtasks,
 * so Spark's per-task cost (about a millisecond) is paid per pack rather than per call. With
 * {@code maxTasks} a multiple of the cores (16 per core) the packs still balance well.
 */
public final class Packer {
  private final int maxTasks;

  public Packer(int maxTasks) {
    if (maxTasks < 1) {
      throw new IllegalArgumentException("maxTasks must be positive, got " + maxTasks);
    }
    this.maxTasks = maxTasks;
  }

  /**
   * @param subtasks producers first (as the {@link Fuser} returns them)
   * @return the same subtasks, those packed replaced by their packs, producers first
   */
  public List<Subtask> pack(List<Subtask> subtasks) {
    Map<Long, Subtask> producer = new HashMap<>();
    Map<Subtask, Integer> level = new HashMap<>();
    Map<List<Object>, List<Subtask>> groups = new LinkedHashMap<>();
    for (Subtask s : subtasks) {
      int lvl = 0;
      for (Chunk in : s.externalInputs()) {
        Subtask p = producer.get(in.key());
        if (p != null) {
          lvl = Math.max(lvl, level.get(p) + 1);
        }
      }
      level.put(s, lvl);
      s.outputs().forEach(c -> producer.put(c.key(), s));
      if (s.tail().op().batchable()) {
        groups.computeIfAbsent(List.of(lvl, resources(s)), k -> new ArrayList<>()).add(s);
      }
    }
    Map<Subtask, Subtask> packOf = new HashMap<>();
    for (List<Subtask> group : groups.values()) {
      if (group.size() <= maxTasks) {
        continue;
      }
      List<List<Subtask>> packs = new ArrayList<>();
      for (int i = 0; i < maxTasks; i++) {
        packs.add(new ArrayList<>());
      }
      for (int i = 0; i < group.size(); i++) {
        packs.get(i % maxTasks).add(group.get(i));
      }
      for (List<Subtask> members : packs) {
        Subtask packed = Subtask.pack(members);
        members.forEach(m -> packOf.put(m, packed));
      }
    }
    if (packOf.isEmpty()) {
      return subtasks;
    }
    // ordered by depth, a pack at its members' depth: producers still come first
    List<Subtask> out = new ArrayList<>();
    Set<Subtask> placed = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Subtask s : subtasks) {
      Subtask p = packOf.getOrDefault(s, s);
      if (placed.add(p)) {
        out.add(p);
        level.put(p, level.get(s));
      }
    }
    out.sort(Comparator.comparingInt(level::get));
    return out;
  }

  private static ResourceRequest resources(Subtask s) {
    ResourceRequest r = ResourceRequest.DEFAULT;
    for (OpNode n : s.nodes()) {
      r = r.max(n.op().resources());
    }
    return r;
  }
}
