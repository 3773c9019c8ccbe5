package org.marsonspark.tensor.kernel;

import org.marsonspark.tensor.DType;

/**
 * A bounded selection: the {@code k} best of the entries offered, each a key (smaller is better)
 * with its index and a slot (where its value is, for the caller), equal keys ordered by the lower
 * index. A max-heap of at most k entries, its root the worst kept, so an offer costs O(1) when
 * it is rejected and O(log k) otherwise. Reused row after row ({@link #clear}); one per task,
 * never shared between threads.
 *
 * <p>Keys are longs in which numpy's order of the values is the order of the longs
 * ({@link #key(double)}): NaN after every number, {@code -0.0} equal to {@code 0.0}.
 */
public final class KBest {
  private final int k;
  private final long[] keys;
  private final long[] index;
  private final int[] slot;
  private int size;

  public KBest(int k) {
    this.k = k;
    this.keys = new long[k];
    this.index = new long[k];
    this.slot = new int[k];
  }

  public void clear() {
    size = 0;
  }

  public int size() {
    return size;
  }

  /** Whether an entry of this key and index would be kept now. */
  public boolean accepts(long key, long idx) {
    return size < k || worse(keys[0], index[0], key, idx);
  }

  /**
   * The key an entry must be below (or equal to, with a lower index) to be kept now:
   * {@link Long#MAX_VALUE} while the selection is not full.
   */
  public long worstKey() {
    return size < k ? Long.MAX_VALUE : keys[0];
  }

  /** Offers an entry; kept when it is better than the worst kept or the selection is not full. */
  public void offer(long key, long idx, int at) {
    if (size < k) {
      int i = size++;
      keys[i] = key;
      index[i] = idx;
      slot[i] = at;
      siftUp(i);
    } else if (worse(keys[0], index[0], key, idx)) {
      keys[0] = key;
      index[0] = idx;
      slot[0] = at;
      siftDown(0, false);
    }
  }

  /**
   * Empties the selection into {@code outIndex}, {@code outSlot} and (unless null) {@code outKeys}
   * from {@code at}, best first or, with {@code byIndex}, by ascending index; returns how many were
   * written.
   */
  public int drain(long[] outIndex, int[] outSlot, long[] outKeys, int at, boolean byIndex) {
    int n = size;
    if (byIndex) {
      for (int i = n / 2 - 1; i >= 0; i--) {
        siftDown(i, true);
      }
    }
    // heap sort: the worst (or the largest index) goes to the back
    for (int end = n - 1; end > 0; end--) {
      swap(0, end);
      size = end;
      siftDown(0, byIndex);
    }
    size = 0;
    System.arraycopy(index, 0, outIndex, at, n);
    System.arraycopy(slot, 0, outSlot, at, n);
    if (outKeys != null) {
      System.arraycopy(keys, 0, outKeys, at, n);
    }
    return n;
  }

  /**
   * The sort key of a float: numpy's order (NaN last, {@code -0.0 == 0.0}) as the order of longs.
   * For a value that is not negative it is the value's bits ({@link Double#longBitsToDouble} gives
   * the value back).
   */
  public static long key(double v) {
    if (v == 0) {
      return 0;
    }
    long bits = Double.doubleToLongBits(v); // one NaN for all NaNs
    return bits ^ ((bits >> 63) & Long.MAX_VALUE);
  }

  /**
   * Writes the keys of {@code n} elements of a primitive buffer from {@code from} into
   * {@code out}; with {@code largest} the order is reversed (the largest value gets the
   * smallest key).
   */
  public static void keys(Object buffer, DType dtype, int from, int n, boolean largest, long[] out) {
    switch (dtype) {
      case FLOAT64 -> {
        double[] b = (double[]) buffer;
        for (int i = 0; i < n; i++) {
          out[i] = key(b[from + i]);
        }
      }
      case FLOAT32 -> {
        float[] b = (float[]) buffer;
        for (int i = 0; i < n; i++) {
          out[i] = key(b[from + i]);
        }
      }
      case INT64 -> System.arraycopy(buffer, from, out, 0, n);
      case INT32 -> {
        int[] b = (int[]) buffer;
        for (int i = 0; i < n; i++) {
          out[i] = b[from + i];
        }
      }
      case BOOL -> {
        boolean[] b = (boolean[]) buffer;
        for (int i = 0; i < n; i++) {
          out[i] = b[from + i] ? 1 : 0;
        }
      }
      default -> throw new IllegalArgumentException("no sort key for " + dtype);
    }
    if (largest) {
      for (int i = 0; i < n; i++) {
        out[i] = ~out[i];
      }
    }
  }

  /** Whether entry (ka, ia) is worse than (kb, ib): a larger key, or an equal key and a larger index. */
  private static boolean worse(long ka, long ia, long kb, long ib) {
    return ka > kb || (ka == kb && ia > ib);
  }

  private void siftUp(int i) {
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!worse(keys[i], index[i], keys[parent], index[parent])) {
        return;
      }
      swap(i, parent);
      i = parent;
    }
  }

  /** Restores the heap below {@code i}, ordered as {@link #worse} or, with {@code byIndex}, by index alone. */
  private void siftDown(int i, boolean byIndex) {
    while (true) {
      int l = 2 * i + 1;
      if (l >= size) {
        return;
      }
      int w = l + 1 < size && after(l + 1, l, byIndex) ? l + 1 : l;
      if (!after(w, i, byIndex)) {
        return;
      }
      swap(i, w);
      i = w;
    }
  }

  private void swap(int a, int b) {
    long t = keys[a];
    keys[a] = keys[b];
    keys[b] = t;
    t = index[a];
    index[a] = index[b];
    index[b] = t;
    int s = slot[a];
    slot[a] = slot[b];
    slot[b] = s;
  }

  private boolean after(int a, int b, boolean byIndex) {
    return byIndex ? index[a] > index[b] : worse(keys[a], index[a], keys[b], index[b]);
  }
}
