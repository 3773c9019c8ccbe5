package org.marsonspark.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.marsonspark.core.TestGraphs.call;
import static org.marsonspark.core.TestGraphs.chunk;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ResourceRequest;
import org.marsonspark.core.TestGraphs;
import org.marsonspark.core.TileContext;
import org.marsonspark.plan.Fuser;
import org.marsonspark.plan.Subtask;

/** Which subtasks share an RDD and how many share a task, without Spark. */
class RunPlan_PackTest {
  private final TileContext ctx = new TileContext(TestGraphs.OPTIONS);

  private List<Subtask> plan(List<Chunk> targets) {
    return new Fuser(true).plan(targets, c -> false);
  }

  @Test
  void moreCallsThanTaskSlotsArePackedIntoOneSharedTaskPerSlot() {
    List<Chunk> two = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      two.add(call(ctx, 50 + i, "e" + i, ResourceRequest.DEFAULT));
    }
    // no more calls than slots: one task each
    assertEquals(2, RunPlan.pack(plan(two), 2).size());
    List<Chunk> twenty = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      twenty.add(call(ctx, 100 + i, "f" + i, ResourceRequest.DEFAULT));
    }
    // 20 calls on 2 slots: two tasks of ten, which take over each other's calls at run time
    List<List<Subtask>> packs = RunPlan.pack(plan(twenty), 2);
    assertEquals(List.of(10, 10), packs.stream().map(List::size).toList());
    List<Chunk> many = new ArrayList<>();
    for (int i = 0; i < 1001; i++) {
      many.add(call(ctx, 1000 + i, "g" + i, ResourceRequest.DEFAULT));
    }
    packs = RunPlan.pack(plan(many), 4);
    assertEquals(4, packs.size());
    assertEquals(1001, packs.stream().mapToInt(List::size).sum());
    // ordinary cheap chunks keep the four-per-core rule (these read nothing: in even packs)
    List<Chunk> small = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      small.add(chunk(ctx, 7, "c" + i));
    }
    assertEquals(8, RunPlan.pack(plan(small), 2).size());
  }

  @Test
  void generatedChainsReducedInTheirOwnSubtaskGoFourToASlotInEvenPacks() {
    // 20 chunks of 10⁷ drawn values, each summed in its own subtask (as a Monte Carlo chunk is):
    // expensive, but reading nothing and making one value — 8 packs on 2 slots, 3 3 3 3 2 2 2 2
    List<Chunk> sums = new ArrayList<>();
    List<Chunk> draws = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      Chunk draw = chunk(ctx, 30, "draw" + i, 10_000_000L);
      draws.add(draw);
      sums.add(chunk(ctx, 31, "sum" + i, 1, draw));
    }
    List<Subtask> subtasks = plan(sums);
    assertEquals(20, subtasks.size(), "each draw fused with its sum");
    List<List<Subtask>> packs = RunPlan.pack(subtasks, 2);
    assertEquals(List.of(3, 3, 3, 3, 2, 2, 2, 2), packs.stream().map(List::size).toList());
    assertEquals(subtasks, packs.stream().flatMap(List::stream).toList(), "consecutive, in order");
    // no more subtasks than four a slot: one task each
    assertEquals(8, RunPlan.pack(subtasks.subList(0, 8), 2).size());
    // the draws themselves (big outputs) are not packed: a task each
    assertEquals(20, RunPlan.pack(plan(draws), 2).size());
  }

  @Test
  void evenPacksDifferByOneAtMostTheBiggerFirst() {
    List<Chunk> small = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      small.add(chunk(ctx, 8, "e" + i));
    }
    List<Subtask> subtasks = plan(small);
    assertEquals(List.of(4, 3, 3), RunPlan.evenPacks(subtasks, 3).stream().map(List::size).toList());
    assertEquals(List.of(1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
        RunPlan.evenPacks(subtasks, 10).stream().map(List::size).toList());
  }

  @Test
  void reductionsOfStoredChunksArePackedOneTaskPerSlotInOrder() {
    List<Chunk> maps = new ArrayList<>();
    List<Chunk> stored = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      Chunk block = chunk(ctx, 20, "held" + i);
      stored.add(block);
      maps.add(chunk(ctx, 21, "map" + i, block));
    }
    List<Subtask> subtasks = new Fuser(true).plan(maps, stored::contains);
    assertEquals(8, subtasks.size());
    List<List<Subtask>> two = RunPlan.packByInput(subtasks, 2);
    assertEquals(List.of(4, 4), two.stream().map(List::size).toList());
    assertEquals(subtasks, two.stream().flatMap(List::stream).toList(), "consecutive, in order");
    // equal inputs over 3 slots: each pack ends where its share of the whole is nearest
    assertEquals(List.of(3, 2, 3), RunPlan.packByInput(subtasks, 3).stream().map(List::size).toList());
    // as many slots as subtasks: one each
    assertEquals(8, RunPlan.packByInput(subtasks, 8).size());
  }

  @Test
  void callsOfDifferentOperandsShareAnRddUnlessTheirResourcesDiffer() {
    List<Subtask> subtasks = plan(List.of(call(ctx, 1, "a", ResourceRequest.DEFAULT),
        call(ctx, 2, "b", ResourceRequest.DEFAULT), call(ctx, 3, "c", new ResourceRequest(2, 0)),
        chunk(ctx, 4, "d"), chunk(ctx, 5, "e")));
    RunPlan.RddKey a = key(subtasks, "a");
    assertEquals(a, key(subtasks, "b"));
    assertEquals(new ResourceRequest(2, 0), key(subtasks, "c").resources());
    assertNotEquals(a, key(subtasks, "c"));
    assertNotEquals(key(subtasks, "d"), key(subtasks, "e"), "ordinary ops keep an RDD per operand");
  }

  private static RunPlan.RddKey key(List<Subtask> subtasks, String tail) {
    Subtask s = subtasks.stream().filter(x -> x.tail().op().name().equals(tail)).findFirst().orElseThrow();
    return RunPlan.RddKey.of(s, 0);
  }
}
