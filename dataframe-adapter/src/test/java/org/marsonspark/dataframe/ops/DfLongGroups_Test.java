package org.marsonspark.dataframe.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * LongGroups gives ids in order of first appearance, and its hash spreads keys whose bits end in
 * many zeros (float64 keys such as 1.0, 1.5, 2.0; multiples of a power of two) over the table's
 * low bits — with the earlier multiply-only hash the 91 ratings 1.0..10.0 fell into 4 slots.
 */
class DfLongGroups_Test {
  @Test
  void idsInFirstAppearanceOrder() {
    LongGroups g = new LongGroups(4);
    long[] keys = {5, -3, 5, 1L << 40, -3, 0, 1L << 40, 7};
    int[] expected = {0, 1, 0, 2, 1, 3, 2, 4};
    for (int i = 0; i < keys.length; i++) {
      assertEquals(expected[i], g.idOf(keys[i]), "key " + keys[i]);
    }
    assertEquals(5, g.size());
    for (int i = 0; i < 100_000; i++) { // grows and keeps the ids
      assertEquals(5 + i, g.idOf(1_000_000L + i * 4096L));
    }
    assertEquals(3, g.idOf(0));
  }

  @Test
  void hashSpreadsKeysWithTrailingZeros() {
    int mask = (1 << 12) - 1;
    Set<Integer> ratings = new HashSet<>();
    for (int t = 10; t <= 100; t++) {
      ratings.add(LongGroups.hash(Double.doubleToLongBits(t / 10.0)) & mask);
    }
    assertTrue(ratings.size() >= 85, "91 float keys in " + ratings.size() + " of 4096 slots");
    Set<Integer> shifted = new HashSet<>();
    for (long k = 0; k < 1000; k++) {
      shifted.add(LongGroups.hash(k << 32) & mask);
    }
    assertTrue(shifted.size() > 800, "1000 multiples of 2^32 in " + shifted.size() + " slots");
  }
}
