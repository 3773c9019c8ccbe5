package org.marsonspark.core;

import java.util.Arrays;

/** Shape arithmetic shared by every kind of tileable. */
public final class Shapes {
  /** A dimension not known until the work before it has run (numpy's Mars uses NaN). */
  public static final long UNKNOWN = -1;

  private Shapes() {}

  public static boolean hasUnknown(long[] shape) {
    for (long d : shape) {
      if (d == UNKNOWN) {
        return true;
      }
    }
    return false;
  }

  public static long size(long[] shape) {
    long n = 1;
    for (long d : shape) {
      if (d == UNKNOWN) {
        return UNKNOWN;
      }
      n = Math.multiplyExact(n, d);
    }
    return n;
  }

  public static boolean hasUnknown(long[][] nsplits) {
    for (long[] s : nsplits) {
      if (hasUnknown(s)) {
        return true;
      }
    }
    return false;
  }

  /** Shape of a tileable from its chunk sizes per axis. */
  public static long[] fromNsplits(long[][] nsplits) {
    long[] shape = new long[nsplits.length];
    for (int i = 0; i < nsplits.length; i++) {
      long total = 0;
      for (long s : nsplits[i]) {
        if (s == UNKNOWN) {
          total = UNKNOWN;
          break;
        }
        total += s;
      }
      shape[i] = total;
    }
    return shape;
  }

  /** Offsets of each chunk along an axis (length = chunks + 1). */
  public static long[] offsets(long[] splits) {
    long[] off = new long[splits.length + 1];
    for (int i = 0; i < splits.length; i++) {
      off[i + 1] = off[i] + splits[i];
    }
    return off;
  }

  public static String toString(long[] shape) {
    StringBuilder sb = new StringBuilder("(");
    for (int i = 0; i < shape.length; i++) {
      sb.append(shape[i] == UNKNOWN ? "?" : Long.toString(shape[i]));
      if (shape.length == 1 || i < shape.length - 1) {
        sb.append(i < shape.length - 1 ? ", " : ",");
      }
    }
    return sb.append(')').toString();
  }

  public static String toString(long[][] nsplits) {
    StringBuilder sb = new StringBuilder("(");
    for (int i = 0; i < nsplits.length; i++) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append(Arrays.toString(nsplits[i]));
    }
    return sb.append(')').toString();
  }

  /** Number of chunks in a grid. */
  public static int gridSize(int[] grid) {
    int n = 1;
    for (int g : grid) {
      n = Math.multiplyExact(n, g);
    }
    return n;
  }

  /** C-order position of {@code index} in a grid. */
  public static int flatIndex(int[] index, int[] grid) {
    int flat = 0;
    for (int i = 0; i < grid.length; i++) {
      flat = flat * grid[i] + index[i];
    }
    return flat;
  }

  /** The grid index at C-order position {@code flat}. */
  public static int[] unflatIndex(int flat, int[] grid) {
    int[] idx = new int[grid.length];
    for (int i = grid.length - 1; i >= 0; i--) {
      idx[i] = flat % grid[i];
      flat /= grid[i];
    }
    return idx;
  }
}
