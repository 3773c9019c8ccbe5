package org.marsonspark.tensor;

/** Copies between strided views of primitive buffers; the innermost axis runs as one loop. */
final class Strided {
  private Strided() {}

  static void copy(Object src, long srcOffset, long[] srcStrides, Object dst, long dstOffset, long[] dstStrides,
      long[] count) {
    int nd = count.length;
    if (nd == 0) {
      run(src, (int) srcOffset, 0, dst, (int) dstOffset, 0, 1);
      return;
    }
    for (long c : count) {
      if (c == 0) {
        return;
      }
    }
    long[] idx = new long[nd];
    int inner = (int) count[nd - 1];
    int ss = (int) srcStrides[nd - 1];
    int ds = (int) dstStrides[nd - 1];
    long so = srcOffset;
    long dof = dstOffset;
    while (true) {
      run(src, (int) so, ss, dst, (int) dof, ds, inner);
      int ax = nd - 2;
      while (ax >= 0) {
        idx[ax]++;
        so += srcStrides[ax];
        dof += dstStrides[ax];
        if (idx[ax] < count[ax]) {
          break;
        }
        so -= srcStrides[ax] * count[ax];
        dof -= dstStrides[ax] * count[ax];
        idx[ax] = 0;
        ax--;
      }
      if (ax < 0) {
        return;
      }
    }
  }

  private static void run(Object src, int so, int ss, Object dst, int d0, int ds, int n) {
    if (ss == 1 && ds == 1) {
      System.arraycopy(src, so, dst, d0, n);
      return;
    }
    if (src instanceof double[] a) {
      double[] b = (double[]) dst;
      for (int i = 0; i < n; i++) {
        b[d0 + i * ds] = a[so + i * ss];
      }
    } else if (src instanceof long[] a) {
      long[] b = (long[]) dst;
      for (int i = 0; i < n; i++) {
        b[d0 + i * ds] = a[so + i * ss];
      }
    } else if (src instanceof float[] a) {
      float[] b = (float[]) dst;
      for (int i = 0; i < n; i++) {
        b[d0 + i * ds] = a[so + i * ss];
      }
    } else if (src instanceof int[] a) {
      int[] b = (int[]) dst;
      for (int i = 0; i < n; i++) {
        b[d0 + i * ds] = a[so + i * ss];
      }
    } else {
      boolean[] a = (boolean[]) src;
      boolean[] b = (boolean[]) dst;
      for (int i = 0; i < n; i++) {
        b[d0 + i * ds] = a[so + i * ss];
      }
    }
  }
}
