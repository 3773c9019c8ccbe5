package org.marsonspark.learn.kernel;

import java.util.Arrays;
import org.marsonspark.tensor.kernel.Blas;

/**
 * Distances of rows to a few centres by one matrix product per tile of rows, as sklearn computes
 * them: {@code ‖c‖² − 2·x·cᵀ} (a GEMM with the centres' squared norms as its initial value) is
 * all the nearest centre needs; adding {@code ‖x‖²} and clamping at 0 gives the squared
 * Euclidean distance. Rows are taken in tiles of {@link #TILE} (sklearn's {@code CHUNK_SIZE}),
 * so the scores of a tile stay in cache.
 *
 * <p>An instance holds its tile buffers: one per task, never shared between threads.
 */
public final class CentreScores {
  /** Rows per matrix product (sklearn's {@code CHUNK_SIZE}). */
  public static final int TILE = 256;

  private final double[] centres;
  private final double[] centreNorms;
  private final int k;
  private final int d;
  private final double[] scores;
  /** Column-major scores of a tile for {@link #labelTile}: centre j's scores of the tile's rows are contiguous. */
  private double[] byCentre;
  private double[] best;
  private long[] argmin;

  /** @param centres row-major {@code (k, d)} */
  public CentreScores(double[] centres, int k, int d) {
    this.centres = centres;
    this.k = k;
    this.d = d;
    this.centreNorms = squaredNorms(centres, k, d);
    this.scores = new double[TILE * k];
  }

  public int k() {
    return k;
  }

  /** Each row's squared Euclidean norm, summed left to right. */
  public static double[] squaredNorms(double[] x, int rows, int d) {
    double[] out = new double[rows];
    for (int r = 0; r < rows; r++) {
      double s = 0;
      for (int c = 0; c < d; c++) {
        double v = x[r * d + c];
        s += v * v;
      }
      out[r] = s;
    }
    return out;
  }

  /**
   * Scores {@code ‖c_j‖² − 2·x_i·c_j} of rows {@code [start, start + m)} of {@code x} (m at most
   * {@link #TILE}), row-major {@code (m, k)} in the returned buffer (valid until the next call).
   */
  public double[] tile(double[] x, int start, int m) {
    for (int i = 0; i < m; i++) {
      System.arraycopy(centreNorms, 0, scores, i * k, k);
    }
    if (d > 0) {
      // column-major view: scoresᵀ (k × m) = −2 · C (k × d) · xᵀ (d × m) + scoresᵀ
      Blas.get().dgemm("T", "N", k, m, d, -2.0, centres, 0, d, x, start * d, d, 1.0, scores, 0, k);
    }
    return scores;
  }

  /**
   * Turns a tile's scores into squared Euclidean distances, sklearn's {@code euclidean_distances}
   * with {@code squared=True}: {@code (−2·x·c + ‖c‖²) + ‖x‖²}, clamped at 0.
   */
  public void squaredDistances(int m, double[] rowNorms, int start) {
    for (int i = 0; i < m; i++) {
      double xx = rowNorms[start + i];
      for (int j = 0; j < k; j++) {
        double v = scores[i * k + j] + xx;
        scores[i * k + j] = v > 0 ? v : 0;
      }
    }
  }

  /** The exact squared distance {@code Σ (x − c)²} of row {@code r} of {@code x} to centre {@code j}. */
  public double exactDistance(double[] x, int r, int j) {
    double s = 0;
    for (int c = 0; c < d; c++) {
      double diff = x[r * d + c] - centres[j * d + c];
      s += diff * diff;
    }
    return s;
  }

  /** What {@link #eachRow} calls: row {@code r}'s squared distances are {@code dist[at, at + k)}. */
  public interface RowDistances {
    void row(int r, double[] dist, int at);
  }

  /** Each row's squared Euclidean distances to the centres ({@link #squaredDistances}), tile by tile. */
  public void eachRow(double[] x, int rows, RowDistances visit) {
    double[] rowNorms = squaredNorms(x, rows, d);
    for (int start = 0; start < rows; start += TILE) {
      int m = Math.min(TILE, rows - start);
      tile(x, start, m);
      squaredDistances(m, rowNorms, start);
      for (int i = 0; i < m; i++) {
        visit.row(start + i, scores, i * k);
      }
    }
  }

  /** The labels of all {@code rows} rows of {@code x}, tile by tile. */
  public int[] labels(double[] x, int rows) {
    int[] labels = new int[rows];
    for (int start = 0; start < rows; start += TILE) {
      labelTile(x, start, Math.min(TILE, rows - start), labels, start);
    }
    return labels;
  }

  /**
   * The nearest centre of rows {@code [start, start + m)} of {@code x} (m at most {@link #TILE})
   * into {@code labels[offset, offset + m)}: the first centre of least score (as sklearn's
   * {@code argmin} of {@link #tile}'s scores), computed across rows rather than along them.
   * The product writes centre j's scores of the tile contiguously; the minimum of each row is
   * taken centre by centre ({@code Math.min}, a vector loop), then the first centre attaining it
   * by arithmetic on the difference's bits (zero only for the minimum itself), so no branch
   * depends on the data (a scan along each row mispredicts about once a row). A row whose
   * minimum is not finite (an overflow) is scanned.
   */
  public void labelTile(double[] x, int start, int m, int[] labels, int offset) {
    if (byCentre == null) {
      byCentre = new double[TILE * k];
      best = new double[TILE];
      argmin = new long[TILE];
    }
    double[] s = byCentre;
    for (int j = 0; j < k; j++) {
      Arrays.fill(s, j * m, j * m + m, centreNorms[j]);
    }
    if (d > 0) {
      // column-major (m × k) = −2 · x (m × d, read as its transpose) · Cᵀ (d × k) + ‖c‖²
      Blas.get().dgemm("T", "N", m, k, d, -2.0, x, start * d, d, centres, 0, d, 1.0, s, 0, m);
    }
    System.arraycopy(s, 0, best, 0, m);
    for (int j = 1; j < k; j++) {
      int o = j * m;
      for (int i = 0; i < m; i++) {
        best[i] = Math.min(best[i], s[o + i]);
      }
    }
    // from the last centre down, so that the first centre with the minimum is kept: the
    // difference to the minimum is +0.0 (bits 0) there and positive elsewhere
    Arrays.fill(argmin, 0, m, k - 1);
    for (int j = k - 2; j >= 0; j--) {
      int o = j * m;
      for (int i = 0; i < m; i++) {
        long isMin = (Double.doubleToRawLongBits(s[o + i] - best[i]) - 1) >>> 63;
        argmin[i] += isMin * (j - argmin[i]);
      }
    }
    for (int i = 0; i < m; i++) {
      labels[offset + i] = Double.isFinite(best[i]) ? (int) argmin[i] : scanRow(s, m, i);
    }
  }

  /** The first least score of row {@code i} of the column-major scores, by a scan. */
  private int scanRow(double[] s, int m, int i) {
    double min = s[i];
    int label = 0;
    for (int j = 1; j < k; j++) {
      if (s[j * m + i] < min) {
        min = s[j * m + i];
        label = j;
      }
    }
    return label;
  }
}
