package org.marsonspark.learn.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How query chunks are cut into blocks: whole tiles of 256 rows, the rows kept in order and count. */
class NeighborSearch_BlocksTest {
  @Test
  void blocksAreWholeTilesButEachChunksLast() {
    // W6's shape: chunks of 2 500 queries, 10⁵ × 64 items (at most 335 rows a task): a tile a block
    assertEquals(335, NeighborSearch.blockRows(new long[] {100_000}, 64));
    long[] cut = NeighborSearch.queryBlocks(new long[] {2500, 2500}, 335);
    long[] expected = new long[20];
    java.util.Arrays.fill(expected, 256);
    expected[9] = 196;
    expected[19] = 196;
    assertArrayEquals(expected, cut);
  }

  @Test
  void theTilesOfAChunkAreDealtEvenly() {
    // 10 tiles, at most 3 a block: 4 blocks of 3, 3, 2, 2 tiles, the last one short
    assertArrayEquals(new long[] {768, 768, 512, 452}, NeighborSearch.queryBlocks(new long[] {2500}, 800));
    // fewer rows than a block: the chunk as it is; an empty chunk stays one empty block
    assertArrayEquals(new long[] {100, 0}, NeighborSearch.queryBlocks(new long[] {100, 0}, 800));
    // a block limit below one tile still gives whole tiles
    assertArrayEquals(new long[] {256, 44}, NeighborSearch.queryBlocks(new long[] {300}, 10));
  }
}
