package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * The scheduler keeps the bytes a run holds near the memory budget: a reduction tree over 64
 * chunks holds a few partials at a time, not 64 — measured from the sizes executors report for
 * the chunks they store, not assumed. A tree must keep up to combineSize - 1 partials waiting
 * at each of its levels (3 levels here), so the bound is the budget plus those.
 */
class Scheduling_MemoryTest {
  private static MarsSession unbounded;

  @BeforeAll
  static void start() {
    unbounded = MarsSession.local("local[2]", MarsOptions.defaults().withProgress(false));
  }

  @AfterAll
  static void stop() {
    unbounded.close();
  }

  /** 64 row blocks of (10, 20000); each map step leaves a (1, 20000) partial of 160 kB. */
  private static Tensor columnSums() {
    return new RandomState(5).rand(new long[] {640, 20_000}, ChunkSize.of(10, 20_000)).sum(0);
  }

  @Test
  void aReductionTreeHoldsAFewPartialsNotAll() {
    long partial = 20_000L * 8;
    unbounded.chunkStore().resetPeak();
    NDArray all = columnSums().execute(unbounded).fetch();
    long peakUnbounded = unbounded.chunkStore().peakRunBytes();

    try (MarsSession bounded = MarsSession.attach(unbounded.spark(),
        unbounded.options().withMemoryBudget(6 * partial))) {
      bounded.chunkStore().resetPeak();
      NDArray waves = columnSums().execute(bounded).fetch();
      long peak = bounded.chunkStore().peakRunBytes();
      assertEquals(all, waves, "waves must not change the result");
      assertTrue(peakUnbounded >= 60 * partial, "one wave holds every partial: " + peakUnbounded / partial);
      assertTrue(peak <= (6 + 3 * 3) * partial, "bounded run held " + peak / partial + " partials at once");
    }
    unbounded.asDefault();
    // E[sum of 640 uniforms] = 320, sd = sqrt(640/12) ~ 7.3
    double mean = 0;
    for (double v : all.toDoubleArray()) {
      mean += v / 20_000;
    }
    assertEquals(320, mean, 1.0);
  }
}
