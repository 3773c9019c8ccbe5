package org.marsonspark.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.TestGraphs.call;
import static org.marsonspark.core.TestGraphs.chunk;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.MarsAssert;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.ResourceRequest;
import org.marsonspark.core.TestGraphs;
import org.marsonspark.core.TileContext;
import org.marsonspark.exec.RunPlan.Group;
import org.marsonspark.exec.RunPlan.Shape;
import org.marsonspark.exec.RunPlan.Task;
import org.marsonspark.plan.Fuser;
import org.marsonspark.plan.Subtask;

/**
 * The planner's passes one at a time, on a hand-built sum tree without Spark: 20 generated
 * chunks (10⁵ values drawn and summed in one subtask), 5 combines of 4 partials, a final combine.
 */
class RunPlan_PassesTest {
  private final TileContext ctx = new TileContext(TestGraphs.OPTIONS);
  private final List<Subtask> subtasks;
  private final Chunk result;
  private final Map<Long, Subtask> producer;

  RunPlan_PassesTest() {
    List<Chunk> partials = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      partials.add(chunk(ctx, 11, "partial", 1, chunk(ctx, 10, "draw", 100_000)));
    }
    List<Chunk> combines = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      combines.add(chunk(ctx, 12, "combine", 1, partials.subList(4 * i, 4 * i + 4).toArray(new Chunk[0])));
    }
    result = chunk(ctx, 13, "final", 1, combines.toArray(new Chunk[0]));
    subtasks = new Fuser(true).plan(List.of(result), c -> false);
    producer = RunPlan.producers(subtasks);
  }

  private RunPlan grouped(boolean singleJvm) {
    return RunPlan.group(subtasks, RunPlan.levels(subtasks, producer, c -> false), producer, singleJvm, cpus -> 2);
  }

  @Test
  void levelsCountProducersAndRefuseAnInputNeitherPlannedNorStored() {
    Map<Subtask, Integer> levels = RunPlan.levels(subtasks, producer, c -> false);
    assertEquals(26, subtasks.size(), "each draw fused with its partial sum");
    assertEquals(List.of(0, 1, 2), subtasks.stream().map(levels::get).distinct().sorted().toList());
    assertEquals(20, subtasks.stream().filter(s -> levels.get(s) == 0).count());
    // a stored input counts as depth 0; one that is neither planned nor stored is a planner bug
    Chunk held = chunk(ctx, 20, "held", 10);
    List<Subtask> reading = new Fuser(true).plan(List.of(chunk(ctx, 21, "reader", 1, held)), held::equals);
    Map<Long, Subtask> none = RunPlan.producers(reading);
    assertEquals(0, RunPlan.levels(reading, none, held::equals).get(reading.get(0)));
    MarsAssert.assertError(ErrorClass.INTERNAL, "neither planned nor materialized",
        () -> RunPlan.levels(reading, none, c -> false));
  }

  @Test
  void placementGivesEachGroupOneShapeAndSaysWhy() {
    RunPlan plan = grouped(false);
    assertEquals(3, plan.groups.size());
    RunPlan.Placement draws = plan.groups.get(0).placement;
    assertEquals(Shape.EVEN_PACKS, draws.shape());
    assertEquals(List.of(3, 3, 3, 3, 2, 2, 2, 2), draws.packs().stream().map(List::size).toList());
    assertTrue(draws.reason().contains("20 generated reductions"), draws.reason());
    assertEquals(Shape.ALONE, plan.groups.get(1).placement.shape());
    assertTrue(plan.groups.get(1).placement.reason().contains("no more subtasks than 4 per slot (8)"));
    assertEquals(8 + 5 + 1, plan.tasks.size());
    // big chunks that are not reduced in their own subtask: a task each, because of their work
    List<Chunk> big = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      big.add(chunk(ctx, 30, "big", 100_000));
    }
    RunPlan.Placement alone = RunPlan.place(new Fuser(true).plan(big, c -> false), 2, false, Map.of());
    assertEquals(Shape.ALONE, alone.shape());
    assertTrue(alone.reason().contains("more than 65536 elements of work"), alone.reason());
    // spawned calls beyond the slots: a task per slot, sharing calls
    List<Chunk> calls = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      calls.add(call(ctx, 40 + i, "call" + i, ResourceRequest.DEFAULT));
    }
    RunPlan.Placement shared = RunPlan.place(new Fuser(true).plan(calls, c -> false), 2, false, Map.of());
    assertEquals(Shape.SHARED_CALLS, shared.shape());
    assertEquals(List.of(3, 2), shared.packs().stream().map(List::size).toList());
  }

  @Test
  void linkMarksTinyCombinesInlineInTheirConsumerWhichWaitsForTheMaps() {
    RunPlan plan = grouped(false);
    RunPlan.link(plan.tasks, producer, Set.of(result.key()));
    List<Task> combines = plan.groups.get(1).tasks;
    Task last = plan.groups.get(2).tasks.get(0);
    assertTrue(combines.stream().allMatch(t -> t.inline), "tiny, one consumer");
    assertFalse(last.inline, "a target is never inline");
    assertEquals(combines, last.inlined);
    assertEquals(8, last.pendingInputs, "waits for the 8 packs of draws through the inline combines");
    assertTrue(plan.groups.get(0).tasks.stream().allMatch(t -> t.waiting.equals(List.of(last))));
  }

  @Test
  void mergeTailsMovesTheCombineTreeIntoTheLastPackAndSettles() {
    RunPlan plan = grouped(true);
    RunPlan.link(plan.tasks, producer, Set.of(result.key()));
    RunPlan.mergeTails(plan, producer, Set.of(result.key()));
    Group draws = plan.groups.get(0);
    assertEquals(draws.tasks, plan.tasks, "only the 8 packs are left");
    Task into = draws.tasks.get(7);
    assertEquals(2 + 5 + 1, into.subtasks.size());
    assertEquals(7, into.siblings.size(), "reads the partials of the other 7 packs");
    assertTrue(plan.groups.get(1).tasks.isEmpty());
    assertSame(draws, plan.groups.get(1).mergedInto);
    assertSame(draws, plan.groups.get(2).mergedInto);
    assertNull(draws.mergedInto);
    // a second run of the pass finds nothing more to merge
    RunPlan.mergeTails(plan, producer, Set.of(result.key()));
    assertEquals(8, plan.tasks.size());
  }

  @Test
  void stagesPrintAnRddALineWithItsShapeAndReason() {
    RunPlan plan = grouped(true);
    RunPlan.link(plan.tasks, producer, Set.of(result.key()));
    RunPlan.mergeTails(plan, producer, Set.of(result.key()));
    List<PlanStage> stages = plan.stages();
    assertEquals(3, stages.size());
    PlanStage draws = stages.get(0);
    assertEquals(new PlanStage(0, "partial", 2, "[1]", 20, 8, "even packs", draws.reason(), "cpus=1"), draws);
    assertEquals("merged tail", stages.get(2).taskShape());
    assertEquals(0, stages.get(2).partitions());
    assertTrue(stages.get(2).reason().endsWith("runs in the last task of partial at depth 0"), stages.get(2).reason());
    assertTrue(draws.toString().startsWith("depth 0  partial (2 ops fused)  chunk [1]  20 subtasks -> 8 partitions"
        + "  [even packs: 20 generated reductions"), draws.toString());
    // in a cluster of several JVMs nothing merges: the combines run inline in the final task
    RunPlan multi = grouped(false);
    RunPlan.link(multi.tasks, producer, Set.of(result.key()));
    assertEquals("inline", multi.stages().get(1).taskShape());
    assertEquals("a task each", multi.stages().get(2).taskShape());
  }
}
