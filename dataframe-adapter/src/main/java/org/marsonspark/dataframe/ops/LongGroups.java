package org.marsonspark.dataframe.ops;

import java.util.Arrays;

/**
 * Group ids of primitive keys without boxing: an open-addressing hash table from a long key to
 * its group id (ids given in order of first appearance). Keys of float64 columns arrive as
 * their bits (with -0.0 made 0.0), bools as 0/1, datetimes as nanoseconds.
 */
final class LongGroups {
  private long[] keys;
  private int[] ids;
  private int mask;
  private int size;

  LongGroups(int expected) {
    int cap = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
    keys = new long[cap];
    ids = new int[cap];
    Arrays.fill(ids, -1);
    mask = cap - 1;
  }

  int size() {
    return size;
  }

  private static int hash(long k) {
    long h = k * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32));
  }

  /** The id of {@code k}, given the next id when it is new. */
  int idOf(long k) {
    int at = hash(k) & mask;
    while (true) {
      int id = ids[at];
      if (id < 0) {
        if (size * 2 >= mask) {
          grow();
          return idOf(k);
        }
        keys[at] = k;
        ids[at] = size;
        return size++;
      }
      if (keys[at] == k) {
        return id;
      }
      at = (at + 1) & mask;
    }
  }

  private void grow() {
    long[] ok = keys;
    int[] oi = ids;
    keys = new long[ok.length * 2];
    ids = new int[ok.length * 2];
    Arrays.fill(ids, -1);
    mask = keys.length - 1;
    for (int i = 0; i < ok.length; i++) {
      if (oi[i] >= 0) {
        int at = hash(ok[i]) & mask;
        while (ids[at] >= 0) {
          at = (at + 1) & mask;
        }
        keys[at] = ok[i];
        ids[at] = oi[i];
      }
    }
  }
}
