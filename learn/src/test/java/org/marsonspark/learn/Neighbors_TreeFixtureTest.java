package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.Tiler;
import org.marsonspark.learn.neighbors.NearestNeighbors;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * The same sklearn.neighbors cases with a chunk limit of 512 bytes: the items no longer count as
 * small, so each item block is a task and the candidates are merged in a tree (but for the
 * "whole" layout, whose items are one chunk). And the plans themselves: which one is chosen, and
 * that no chunk of the tree holds more than k candidates of a query row.
 */
class Neighbors_TreeFixtureTest {
  private static final long LIMIT = 512;

  @RegisterExtension
  static final LocalSession spark = new LocalSession(o -> o.withChunkStoreLimit(LIMIT));

  @TestFactory
  List<DynamicTest> neighborsInATree() {
    return LearnFixtures.tests("neighbors", NeighborsFixtures.RUNNERS);
  }

  /** 40 items of 2 features (640 bytes) in blocks of 2: twenty candidate pairs per query block, merged 4 at a time. */
  @Test
  void treePlanKeepsAtMostKCandidatesPerRow() {
    double[] v = new double[80];
    for (int i = 0; i < v.length; i++) {
      v[i] = (i * 7919 % 83) / 10.0 + i * 1e-3;
    }
    Tensor items = Mt.tensor(NDArray.of(v, 40, 2), ChunkSize.of(2, 2));
    double[] qv = {0, 0, 4, 4, 8, 1};
    Tensor queries = Mt.tensor(NDArray.of(qv, 3, 2), ChunkSize.of(3, 2));
    NearestNeighbors nn = new NearestNeighbors().nNeighbors(3).fit(items);
    Tensor[] r = nn.kneighbors(queries, null, true);
    Set<String> ops = plan(r, MarsOptions.defaults().withChunkStoreLimit(LIMIT), 3);
    assertTrue(ops.contains("kneighbors.block") && ops.contains("topk.merge") && !ops.contains("kneighbors.broadcast"),
        "tree plan: " + ops);
    Set<String> small = plan(nn.kneighbors(queries, null, true), MarsOptions.defaults(), 3);
    assertTrue(small.contains("kneighbors.broadcast") && !small.contains("topk.merge"), "broadcast plan: " + small);
    // the same neighbours either way, and the brute-force answer of the closed form
    Mt.execute(r);
    long[] ind = r[1].fetch().longs();
    for (int q = 0; q < 3; q++) {
      double[] d = new double[40];
      Integer[] order = new Integer[40];
      for (int i = 0; i < 40; i++) {
        double dx = v[2 * i] - qv[2 * q];
        double dy = v[2 * i + 1] - qv[2 * q + 1];
        d[i] = dx * dx + dy * dy;
        order[i] = i;
      }
      java.util.Arrays.sort(order, (a, b) -> Double.compare(d[a], d[b]));
      for (int j = 0; j < 3; j++) {
        assertEquals((long) order[j], ind[3 * q + j], "query " + q + " neighbour " + j);
      }
    }
  }

  /** The op names of the plan of {@code r}; every kneighbors / topk chunk at most k wide, every merge of at most 4 pairs. */
  private static Set<String> plan(Tensor[] r, MarsOptions options, int k) {
    new Tiler(new TileContext(options)).tile(List.of(r[0].data(), r[1].data()));
    Set<String> ops = new TreeSet<>();
    Set<Chunk> seen = new HashSet<>();
    Deque<Chunk> todo = new ArrayDeque<>(r[0].data().chunks());
    while (!todo.isEmpty()) {
      Chunk c = todo.pop();
      if (!seen.add(c) || c.producer() == null) {
        continue;
      }
      String op = c.producer().op().name();
      ops.add(op);
      if (op.startsWith("kneighbors") || op.startsWith("topk")) {
        assertTrue(c.shape(1) <= k, op + " chunk " + c + " holds more than k candidates per row");
      }
      if (op.equals("topk.merge")) {
        assertTrue(c.producer().inputs().size() <= 2 * options.combineSize(), "a merge of at most combineSize pairs");
      }
      todo.addAll(c.producer().inputs());
    }
    return ops;
  }
}
