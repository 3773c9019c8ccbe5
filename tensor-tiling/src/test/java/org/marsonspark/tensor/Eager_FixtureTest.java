package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.marsonspark.core.MarsException;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * Eager mode ({@link MarsOptions#withEager}): every operation runs as soon as it is created.
 * A sample of every family's numpy cases must give numpy's results, as in lazy mode, and
 * errors must surface at the operation that causes them.
 */
class Eager_FixtureTest {
  private static MarsSession session;

  /** Cases run whatever the sampling: chains, unknown sizes (masks), multi-step reductions. */
  private static final Set<String> ALWAYS = Set.of("chain_fused", "mask_then_sum", "mask_3d_leading_2",
      "slice_chain", "var_float64_nan_ax0", "argmax_int64_ties_all");
  private static final int EVERY = 25;
  private static final List<Fixtures.Layout> LAYOUTS = List.of(Fixtures.CHUNK_3, Fixtures.MIXED);
  private static final Map<String, Fixtures.Runner> RUNNERS = Map.ofEntries(
      Map.entry("creation", Creation_FixtureTest::run),
      Map.entry("elementwise", Elementwise_FixtureTest::run),
      Map.entry("bitwise_float_ufuncs", BitwiseFloatUfuncs_FixtureTest::run),
      Map.entry("reductions", Reductions_FixtureTest::run),
      Map.entry("indexing", Indexing_FixtureTest::run),
      Map.entry("manipulation", Manipulation_FixtureTest::run),
      Map.entry("selection", Selection_FixtureTest::run),
      Map.entry("sorting", Sorting_FixtureTest::run),
      Map.entry("statistics", Statistics_FixtureTest::run),
      Map.entry("linalg", Linalg_FixtureTest::run),
      Map.entry("fft", Fft_FixtureTest::run));

  @BeforeAll
  static void start() {
    session = MarsSession.local("local[2]", MarsOptions.defaults().withProgress(false).withEager(true)).asDefault();
  }

  @AfterAll
  static void stop() {
    if (session != null) {
      session.close();
    }
  }

  // each case x layout is checked by TensorAssert.assertMatches (shape, dtype, values) in Fixtures.tests
  @TestFactory
  Stream<DynamicNode> numpyEagerly() {
    return RUNNERS.keySet().stream().sorted().flatMap(family -> {
      int[] i = {0};
      return Fixtures.tests(family, c -> ALWAYS.contains(c.name()) || i[0]++ % EVERY == 0, LAYOUTS,
          RUNNERS.get(family), () -> session);
    });
  }

  @Test
  void everyOperationRunsWhenCreated() {
    Tensor a = Mt.arange(0, 10, 1, DType.INT64, ChunkSize.of(3));
    assertTrue(a.isExecuted(), "a source runs when created");
    Tensor b = a.mul(2).add(1);
    assertTrue(b.isExecuted(), "an element-wise result runs when created");
    assertArrayEquals(new double[] {1, 3, 5, 7, 9, 11, 13, 15, 17, 19}, b.astype(DType.FLOAT64).fetch().toDoubleArray());
    Tensor s = b.sum();
    assertTrue(s.isExecuted());
    assertEquals(100L, s.fetch().getLong(0));
  }

  @Test
  void sparseResultsRunWhenCreated() {
    Tensor s = Mt.sparse.eye(4, 4, 1, DType.FLOAT64, ChunkSize.of(3));
    assertTrue(s.isExecuted() && s.isSparse());
    Tensor doubled = s.mul(2);
    assertTrue(doubled.isExecuted(), "a sparse element-wise result runs when created");
    assertEquals(3, doubled.fetchSparse().nnz());
    assertEquals(6.0, doubled.sum().fetch().getDouble(0));
  }

  @Test
  void sizesAfterABooleanMaskAreKnownAtOnce() {
    Tensor a = Mt.arange(0, 20, 1, DType.INT64, ChunkSize.of(6));
    Tensor picked = a.get(a.gt(14));
    assertEquals(5, picked.shape(0), "the mask ran, so its size is known without execute()");
    assertArrayEquals(new long[] {15, 16, 17, 18, 19}, picked.fetch().toLongArray());
  }

  @Test
  void aFailingOperationThrowsWhereItIsCreatedAndTheSessionStaysUsable() {
    Tensor indefinite = Mt.tensor(NDArray.of(new double[] {1, 2, 2, 1}, 2, 2), ChunkSize.of(1));
    assertThrows(MarsException.class, () -> Mt.linalg.cholesky(indefinite));
    Tensor ok = indefinite.add(1);
    assertArrayEquals(new double[] {2, 3, 3, 2}, ok.fetch().toDoubleArray());
  }

  @Test
  void lazySessionsStayLazy() {
    // attached to the same Spark: closing it leaves Spark (and the eager session) running
    try (MarsSession lazy = MarsSession.attach(session.spark(), MarsOptions.defaults().withProgress(false)).asDefault()) {
      Tensor a = Mt.ones(new long[] {4}, DType.FLOAT64, ChunkSize.of(2)).mul(3);
      assertFalse(a.isExecuted(), "without eager mode nothing runs before execute()");
      assertEquals(12.0, a.sum().execute(lazy).fetch().getDouble(0));
    } finally {
      session.asDefault();
    }
  }
}
