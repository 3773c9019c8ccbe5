package org.marsonspark.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Filter;
import org.junit.jupiter.api.Test;

/** The log filter denies exactly the lines Mars expects, each only in its own situation. */
class ExpectedSparkLogs_Test {
  private static final String BLOCKS = "org.apache.spark.storage.BlockManager";
  private final ExpectedSparkLogs.Expected filter = new ExpectedSparkLogs.Expected();

  private Filter.Result blockLine(String msg) {
    return filter.decide(BLOCKS, Level.WARN, msg, null);
  }

  @Test
  void aBlockMarsRemovedItselfMayBeFoundMissingOnceByItsRddsUnpersist() {
    ExpectedSparkLogs.removing("rdd_90001_0");
    assertEquals(Filter.Result.DENY, blockLine("Asked to remove block rdd_90001_0, which does not exist"));
    // once: a second report, or one for a block Mars did not remove, is a real surprise
    assertEquals(Filter.Result.NEUTRAL, blockLine("Asked to remove block rdd_90001_0, which does not exist"));
    assertEquals(Filter.Result.NEUTRAL, blockLine("Asked to remove block rdd_90001_1, which does not exist"));
  }

  @Test
  void aFailedPutsFollowUpsAreDeniedForThatBlockOnly() {
    assertEquals(Filter.Result.DENY, blockLine("Putting block rdd_90002_3 failed due to exception "
        + ChunkTaskException.class.getName() + ": boom."));
    assertEquals(Filter.Result.NEUTRAL, blockLine("Asked to remove block rdd_90002_4, which does not exist"));
    assertEquals(Filter.Result.DENY, blockLine("Asked to remove block rdd_90002_3, which does not exist"));
  }

  @Test
  void otherLinesAndLevelsPass() {
    assertEquals(Filter.Result.NEUTRAL, blockLine("Block rdd_90003_0 already exists on this machine; not re-adding it"),
        "outside a Mars task");
    assertEquals(Filter.Result.NEUTRAL, filter.decide(BLOCKS, Level.INFO, "Asked to remove block x, which does not exist", null));
    assertEquals(Filter.Result.NEUTRAL, filter.decide("org.apache.spark.SparkContext", Level.WARN, "anything", null));
  }
}
