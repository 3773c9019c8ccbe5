package org.marsonspark.learn.kernel;

/**
 * The {@code n} rows of largest key seen, kept in a region of a partial's flat array so that
 * several lists and other statistics share one partial: {@code [size, (key, payload…) × n]},
 * largest key first; on equal keys the row seen first stays first, so merging the partials of
 * consecutive row blocks in order keeps the earliest row — the choice does not depend on how the
 * rows were cut into blocks.
 */
final class TopRows {
  private TopRows() {}

  /** Doubles a list of {@code n} entries of {@code payload} values takes. */
  static int length(int n, int payload) {
    return 1 + n * (1 + payload);
  }

  static int size(double[] buf, int at) {
    return (int) buf[at];
  }

  /** Where entry {@code i}'s key is; its payload follows. */
  static int entry(int at, int i, int payload) {
    return at + 1 + i * (1 + payload);
  }

  static double key(double[] buf, int at, int i, int payload) {
    return buf[entry(at, i, payload)];
  }

  /** Whether a row with this key enters the list (an equal key does not displace an earlier row). */
  static boolean accepts(double[] buf, int at, int n, int payload, double key) {
    int size = size(buf, at);
    return size < n || key > key(buf, at, size - 1, payload);
  }

  /**
   * Makes room for a row with this key (which {@link #accepts}) and returns where its payload
   * goes; the last entry drops out when the list is full.
   */
  static int insert(double[] buf, int at, int n, int payload, double key) {
    int size = size(buf, at);
    int pos = Math.min(size, n - 1);
    while (pos > 0 && key(buf, at, pos - 1, payload) < key) {
      pos--;
    }
    int width = 1 + payload;
    int last = Math.min(size, n - 1);
    System.arraycopy(buf, entry(at, pos, payload), buf, entry(at, pos + 1, payload), (last - pos) * width);
    buf[entry(at, pos, payload)] = key;
    buf[at] = Math.min(size + 1, n);
    return entry(at, pos, payload) + 1;
  }

  /**
   * Offers a row whose payload is its global index and its {@code d} coordinates (from
   * {@code x[from, from + d)}); it enters if {@link #accepts} says so.
   */
  static void offerRow(double[] buf, int at, int n, double key, long row, double[] x, int from, int d) {
    if (accepts(buf, at, n, d + 1, key)) {
      int p = insert(buf, at, n, d + 1, key);
      buf[p] = row;
      System.arraycopy(x, from, buf, p + 1, d);
    }
  }

  /** Merges list {@code b} (of later rows) into list {@code a}, in place: {@code a}'s rows first on equal keys. */
  static void merge(double[] a, double[] b, int at, int n, int payload) {
    int width = 1 + payload;
    int sa = size(a, at);
    int sb = size(b, at);
    int total = Math.min(n, sa + sb);
    double[] merged = new double[total * width];
    int i = 0;
    int j = 0;
    for (int o = 0; o < total; o++) {
      boolean fromB = i == sa || (j < sb && key(b, at, j, payload) > key(a, at, i, payload));
      int src = fromB ? entry(at, j++, payload) : entry(at, i++, payload);
      System.arraycopy(fromB ? b : a, src, merged, o * width, width);
    }
    System.arraycopy(merged, 0, a, at + 1, merged.length);
    a[at] = total;
  }
}
