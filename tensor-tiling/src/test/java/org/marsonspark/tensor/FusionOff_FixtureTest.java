package org.marsonspark.tensor;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * A sample of every family's cases in a session with fusion off: each chunk op then runs as
 * its own subtask, and the results must still be numpy's (so the same as with fusion on).
 */
class FusionOff_FixtureTest {
  private static MarsSession session;

  /** Cases run whatever the sampling: chains, multi-step graphs, iterative tiling. */
  private static final Set<String> ALWAYS = Set.of("chain_fused", "mask_then_sum", "mask_then_sum_int", "slice_chain",
      "transpose_then_slice", "mask_3d_leading_2", "var_float64_nan_ax0", "argmax_int64_ties_all",
      "norm_2d_ord1_ax0_1", "norm_3d_ordinf_ax1_2", "dot_int64_float64_3x4_4x5", "linspace_0p0_1p0_5_noend");
  private static final int EVERY = 40;
  /** Unfused runs are slow (a Spark job per op and level): one uneven layout, mixed for several inputs. */
  private static final List<Fixtures.Layout> LAYOUTS = List.of(Fixtures.CHUNK_3, Fixtures.MIXED);
  private static final Map<String, Fixtures.Runner> RUNNERS = Map.of(
      "creation", Creation_FixtureTest::run,
      "elementwise", Elementwise_FixtureTest::run,
      "reductions", Reductions_FixtureTest::run,
      "indexing", Indexing_FixtureTest::run,
      "linalg", Linalg_FixtureTest::run);

  @BeforeAll
  static void start() {
    session = MarsSession.local("local[2]", MarsOptions.defaults().withProgress(false).withFusion(false));
  }

  @AfterAll
  static void stop() {
    if (session != null) {
      session.close();
    }
  }

  // each case x layout is checked by TensorAssert.assertMatches (shape, dtype, values) in Fixtures.tests
  @TestFactory
  Stream<DynamicNode> numpyWithoutFusion() {
    List<String> families = List.of("creation", "elementwise", "reductions", "indexing", "linalg");
    Set<String> known = new java.util.HashSet<>();
    families.forEach(f -> Fixtures.load(f).forEach(c -> known.add(c.name())));
    for (String name : ALWAYS) {
      if (!known.contains(name)) {
        throw new IllegalStateException("no fixture case " + name + ": update FusionOff_FixtureTest.ALWAYS");
      }
    }
    return families.stream().flatMap(family -> {
      int[] i = {0};
      return Fixtures.tests(family, c -> ALWAYS.contains(c.name()) || i[0]++ % EVERY == 0, LAYOUTS,
          RUNNERS.get(family), () -> session);
    });
  }
}
