package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.marsonspark.session.MarsSession;

/**
 * What a test checks after something went wrong in a session (a failed execution, a case that
 * timed out, a race): that nothing was left behind — neither chunks in the session's store nor
 * RDD blocks in the block managers — and that the session still computes the right result.
 */
public final class SessionChecks {
  private SessionChecks() {}

  /** What a session holds at one moment: chunks in its store, RDD blocks in the block managers. */
  public record Held(int chunks, int blocks) {}

  /** What {@code s} holds now, once the block releases asked for so far are done. */
  public static Held held(MarsSession s) {
    s.chunkStore().awaitReleases();
    return new Held(s.chunkStore().size(), SparkProbe.rddBlocks().size());
  }

  /**
   * Fails, naming {@code after}, unless {@code s} holds no more than {@code before}: the same
   * chunks, and no more blocks once their (asynchronous) removal is done — waited for, bounded.
   */
  public static void assertNothingLeft(MarsSession s, Held before, String after) {
    s.chunkStore().awaitReleases();
    assertEquals(before.chunks(), s.chunkStore().size(), () -> "chunks left in the store after " + after);
    long deadline = System.currentTimeMillis() + 10_000;
    while (SparkProbe.rddBlocks().size() > before.blocks() && System.currentTimeMillis() < deadline) {
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
    int blocks = SparkProbe.rddBlocks().size();
    if (blocks > before.blocks()) {
      throw new AssertionError("RDD blocks left after " + after + ": " + blocks + " held, " + before.blocks()
          + " before: " + SparkProbe.rddBlocks());
    }
  }

  /** Fails, naming {@code after}, unless {@code s} computes a small reduction right (0 + 2 + ... + 18 = 90). */
  public static void assertUsable(MarsSession s, String after) {
    Tensor t = Mt.arange(0, 10, 1, DType.INT64, ChunkSize.of(3)).mul(2).sum();
    t.execute(s);
    try {
      assertEquals(90L, t.fetch().getLong(0), () -> "the session computes a wrong sum after " + after);
    } finally {
      t.release();
    }
  }
}
