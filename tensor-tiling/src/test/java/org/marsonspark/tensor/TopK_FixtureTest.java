package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.Tiler;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * Mars's topk and argtopk against numpy (gen_fixtures_topk.py: ties by the lower index, NaN
 * after every number) on chunks of 1 (a tree of several levels along the axis), 2, 3 and whole;
 * and the plan: no chunk of the tree holds more than k candidates along the axis.
 */
class TopK_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession().alsoUnfused();

  @TestFactory
  Stream<DynamicNode> numpy() {
    return Fixtures.tests("topk", TopK_FixtureTest::run, () -> spark.session());
  }

  static NDArray run(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    Tensor a = Fixtures.tensor(c, "a", layout);
    int k = c.param("k").asInt();
    int axis = c.param("axis").asInt();
    boolean largest = c.param("largest").asBoolean();
    boolean sorted = c.param("sorted").asBoolean();
    if (c.op().equals("topk")) {
      return Fixtures.compute(Mt.topk(a, k, axis, largest, sorted, false)[0], s);
    }
    // argtopk, and the indices topk returns with its values: the same
    Tensor[] both = Mt.topk(a, k, axis, largest, sorted, true);
    Tensor arg = Mt.argtopk(a, k, axis, largest, sorted);
    Mt.execute(s, both[1], arg);
    try {
      NDArray viaTopk = both[1].fetch();
      NDArray direct = arg.fetch();
      assertEquals(viaTopk, direct, "topk(returnIndex)[1] == argtopk for " + c + " on " + layout);
      return direct;
    } finally {
      both[1].release();
      arg.release();
    }
  }

  @Test
  void sameResultUnfused() {
    Tensor a = Mt.tensor(Fixtures.find("topk", "topk_float32_2d_axm1_k4_largest").input("a").toNDArray(),
        ChunkSize.of(2));
    Tensor[] fused = Mt.topk(a, 4, -1, true, true, true);
    Tensor[] unfused = Mt.topk(a, 4, -1, true, true, true);
    Mt.execute(spark.session(), fused);
    Mt.execute(spark.unfused(), unfused);
    assertEquals(fused[0].fetch(), unfused[0].fetch());
    assertEquals(fused[1].fetch(), unfused[1].fetch());
  }

  /** 3 × 40 in chunks of one column: 40 selections, merged 4 at a time in three levels. */
  @Test
  void treeKeepsAtMostKAlongTheAxis() {
    double[] v = new double[120]; // row r: 40r + (7j mod 40), a permutation of 40r .. 40r + 39
    for (int i = 0; i < v.length; i++) {
      v[i] = 40 * (i / 40) + (7 * (i % 40)) % 40;
    }
    Tensor a = Mt.tensor(NDArray.of(v, 3, 40), ChunkSize.of(3, 1));
    Tensor[] r = Mt.topk(a, 3, 1, false, true, true);
    TileContext ctx = new TileContext(MarsOptions.defaults().withCombineSize(4));
    new Tiler(ctx).tile(List.of(r[0].data(), r[1].data()));
    Set<Chunk> seen = new HashSet<>();
    Deque<Chunk> todo = new ArrayDeque<>(r[0].data().chunks());
    int merges = 0;
    int levels = 0;
    while (!todo.isEmpty()) {
      Chunk c = todo.pop();
      if (!seen.add(c) || c.producer() == null) {
        continue;
      }
      String op = c.producer().op().name();
      if (op.startsWith("topk")) {
        assertTrue(c.shape(1) <= 3, op + " chunk " + c + " holds more than k along the axis");
        if (op.equals("topk.merge") && c.outputIndex() == 0) {
          merges++;
          assertTrue(c.producer().inputs().size() <= 2 * 4, "a merge reads at most combineSize pairs");
        }
      }
      todo.addAll(c.producer().inputs());
    }
    for (int n = 40; n > 1; n = (n + 3) / 4) {
      levels += (n + 3) / 4;
    }
    assertEquals(levels, merges, "merges of 40 selections, 4 at a time: 10 + 3 + 1");
    Mt.execute(spark.session(), r);
    assertArrayEquals(new double[] {0, 1, 2, 40, 41, 42, 80, 81, 82}, r[0].fetch().doubles());
    // 7j mod 40 is 0, 1, 2 at j = 0, 23, 6
    assertArrayEquals(new long[] {0, 23, 6, 0, 23, 6, 0, 23, 6}, r[1].fetch().longs());
  }
}
