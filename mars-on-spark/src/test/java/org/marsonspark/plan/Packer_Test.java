package org.marsonspark.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.TestGraphs.call;
import static org.marsonspark.core.TestGraphs.chunk;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ResourceRequest;
import org.marsonspark.core.TestGraphs;
import org.marsonspark.core.TileContext;

/** Packing of many independent batchable subtasks into fewer tasks, alone. */
class Packer_Test {
  private final TileContext ctx = new TileContext(TestGraphs.OPTIONS);

  @Test
  void manyIndependentCallsArePackedRoundRobinKeepingEveryOutput() {
    List<Chunk> calls = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      calls.add(call(ctx, 0, "f" + i, ResourceRequest.DEFAULT));
    }
    Chunk sum = call(ctx, 0, "sum", ResourceRequest.DEFAULT, calls.toArray(new Chunk[0]));
    List<Subtask> fused = new Fuser(true).plan(with(calls, sum), c -> false);
    assertEquals(11, fused.size());
    List<Subtask> packed = new Packer(4).pack(fused);
    assertEquals(5, packed.size(), "10 calls in 4 packs, then the sum");
    assertEquals(List.of(calls.get(0), calls.get(4), calls.get(8)), packed.get(0).outputs());
    assertEquals(List.of(calls.get(3), calls.get(7)), packed.get(3).outputs());
    Set<Chunk> outputs = new HashSet<>();
    packed.subList(0, 4).forEach(s -> outputs.addAll(s.outputs()));
    assertEquals(Set.copyOf(calls), outputs);
    assertSame(sum, packed.get(4).outputs().get(0), "the consumer comes after every pack it reads");
    assertEquals(calls, packed.get(4).externalInputs());
  }

  @Test
  void fewCallsDifferentResourcesAndOrdinaryOpsAreLeftAlone() {
    List<Chunk> targets = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      targets.add(call(ctx, 0, "cpu" + i, ResourceRequest.DEFAULT));
    }
    for (int i = 0; i < 3; i++) {
      targets.add(call(ctx, 0, "gpu" + i, new ResourceRequest(1, 1)));
    }
    for (int i = 0; i < 6; i++) {
      targets.add(chunk(ctx, 20 + i, "plain" + i));
    }
    List<Subtask> fused = new Fuser(true).plan(targets, c -> false);
    List<Subtask> packed = new Packer(4).pack(fused);
    // 6 default-resource calls into 4 packs; 3 GPU calls (not more than 4) and plain ops untouched
    assertEquals(4 + 3 + 6, packed.size());
    long multi = packed.stream().filter(s -> s.outputs().size() > 1).count();
    assertEquals(2, multi);
    assertTrue(packed.stream().filter(s -> s.outputs().size() > 1)
        .allMatch(s -> s.nodes().stream().allMatch(n -> n.op().resources().isDefault())));
  }

  private static List<Chunk> with(List<Chunk> a, Chunk b) {
    List<Chunk> all = new ArrayList<>(a);
    all.add(b);
    return all;
  }
}
