package org.marsonspark.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.marsonspark.core.TestGraphs.call;
import static org.marsonspark.core.TestGraphs.chunk;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ResourceRequest;
import org.marsonspark.core.TestGraphs;
import org.marsonspark.core.TileContext;

/** The fusion rule alone, on hand-built chunk graphs. */
class Fuser_Test {
  private final TileContext ctx = new TileContext(TestGraphs.OPTIONS);

  private static List<String> names(Subtask s) {
    return s.nodes().stream().map(n -> n.op().name()).collect(Collectors.toList());
  }

  @Test
  void aChainBecomesOneSubtask() {
    Chunk a = chunk(ctx, 1, "a");
    Chunk b = chunk(ctx, 2, "b", a);
    Chunk c = chunk(ctx, 3, "c", b, b);
    List<Subtask> plan = new Fuser(true).plan(List.of(c), x -> false);
    assertEquals(1, plan.size());
    assertEquals(List.of("a", "b", "c"), names(plan.get(0)));
    assertEquals(List.of(c), plan.get(0).outputs());
  }

  @Test
  void combineStepsDoNotSwallowTheirMaps() {
    List<Chunk> partials = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Chunk src = chunk(ctx, 10, "src" + i);
      partials.add(chunk(ctx, 11, "map" + i, src));
    }
    Chunk combine = chunk(ctx, 12, "combine", partials.toArray(new Chunk[0]));
    List<Subtask> plan = new Fuser(true).plan(List.of(combine), x -> false);
    assertEquals(5, plan.size(), "four source+map tasks run in parallel, then the combine");
    for (int i = 0; i < 4; i++) {
      assertEquals(List.of("src" + i, "map" + i), names(plan.get(i)));
    }
    assertEquals(List.of("combine"), names(plan.get(4)));
    assertEquals(partials, plan.get(4).externalInputs());
  }

  @Test
  void aSharedProducerStaysItsOwnSubtask() {
    Chunk x = chunk(ctx, 1, "x");
    Chunk y = chunk(ctx, 2, "y", x);
    Chunk z = chunk(ctx, 3, "z", x);
    Chunk w = chunk(ctx, 4, "w", y, z);
    List<Subtask> plan = new Fuser(true).plan(List.of(w), c -> false);
    assertEquals(2, plan.size());
    assertEquals(List.of("x"), names(plan.get(0)));
    assertEquals(Set.of("y", "z", "w"), Set.copyOf(names(plan.get(1))));
    assertEquals("w", plan.get(1).tail().op().name());
  }

  @Test
  void targetsAreKeptAndMaterializedInputsAreRead() {
    Chunk a = chunk(ctx, 1, "a");
    Chunk b = chunk(ctx, 2, "b", a);
    Chunk c = chunk(ctx, 3, "c", b);
    List<Subtask> plan = new Fuser(true).plan(List.of(b, c), x -> x == a);
    assertEquals(2, plan.size());
    assertEquals(List.of("b"), names(plan.get(0)));
    assertEquals(List.of(a), plan.get(0).externalInputs());
    assertEquals(List.of("c"), names(plan.get(1)));
  }

  @Test
  void fusionOffGivesOneSubtaskPerOperation() {
    Chunk a = chunk(ctx, 1, "a");
    Chunk b = chunk(ctx, 2, "b", a);
    Chunk c = chunk(ctx, 3, "c", b);
    assertEquals(3, new Fuser(false).plan(List.of(c), x -> false).size());
  }

  @Test
  void independentCallsAreNotFusedIntoTheirCommonConsumerButAChainIs() {
    List<Chunk> parts = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      parts.add(call(ctx, 30 + i, "part" + i, ResourceRequest.DEFAULT));
    }
    Chunk total = call(ctx, 40, "total", ResourceRequest.DEFAULT, parts.toArray(new Chunk[0]));
    List<Subtask> plan = new Fuser(true).plan(List.of(total), c -> false);
    assertEquals(4, plan.size(), "the three calls run in parallel, then their consumer");
    assertEquals(List.of("total"), names(plan.get(3)));
    Chunk first = call(ctx, 50, "first", ResourceRequest.DEFAULT);
    Chunk second = call(ctx, 51, "second", ResourceRequest.DEFAULT, first);
    List<Subtask> chain = new Fuser(true).plan(List.of(second), c -> false);
    assertEquals(1, chain.size());
    assertEquals(List.of("first", "second"), names(chain.get(0)));
  }
}
