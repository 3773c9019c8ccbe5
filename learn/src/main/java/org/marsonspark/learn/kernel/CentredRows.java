package org.marsonspark.learn.kernel;

/** Rows of a row-major float64 block, copied with a mean subtracted: the centred rows the SVD kernels multiply. */
final class CentredRows {
  private CentredRows() {}

  /**
   * Rows {@code [start, start + rows)} of {@code x} (d columns) minus {@code mean} (none when
   * null) into {@code buf}, row-major.
   */
  static void copy(double[] x, int d, int start, int rows, double[] mean, double[] buf) {
    System.arraycopy(x, start * d, buf, 0, rows * d);
    if (mean == null) {
      return;
    }
    for (int i = 0; i < rows; i++) {
      int at = i * d;
      for (int j = 0; j < d; j++) {
        buf[at + j] -= mean[j];
      }
    }
  }
}
