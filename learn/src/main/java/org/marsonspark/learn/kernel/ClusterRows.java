package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockMap;
import org.marsonspark.tensor.NDArray;

/**
 * The structured columns of {@code make_classification}'s rows: per row, with {@code k} its
 * cluster, the informative features {@code z · A_k + centroid_k} (z the row's standard normal
 * draws), the redundant features {@code informative · B}, and the repeated copies of columns of
 * those two. Inputs: z ({@code rows × informative}) and the clusters (int64). Products are summed
 * left to right in Java, so a row's values do not depend on the block it is in.
 *
 * @param a the clusters' {@code informative × informative} matrices, row-major, one after another
 * @param centroids the clusters' centroids, one after another
 * @param b the {@code informative × redundant} matrix, row-major
 * @param repeated the columns (among informative and redundant) each repeated column copies
 */
public record ClusterRows(int informative, int redundant, double[] a, double[] centroids, double[] b, int[] repeated)
    implements BlockMap.Fn {
  @Override
  public NDArray apply(NDArray[] blocks) {
    double[] z = blocks[0].doubles();
    long[] cluster = blocks[1].longs();
    int ni = informative;
    int nr = redundant;
    int w = ni + nr + repeated.length;
    int rows = cluster.length;
    double[] out = new double[rows * w];
    for (int r = 0; r < rows; r++) {
      int k = (int) cluster[r];
      int o = r * w;
      for (int j = 0; j < ni; j++) {
        double v = 0;
        for (int i = 0; i < ni; i++) {
          v += z[r * ni + i] * a[(k * ni + i) * ni + j];
        }
        out[o + j] = v + centroids[k * ni + j];
      }
      for (int j = 0; j < nr; j++) {
        double v = 0;
        for (int i = 0; i < ni; i++) {
          v += out[o + i] * b[i * nr + j];
        }
        out[o + ni + j] = v;
      }
      for (int j = 0; j < repeated.length; j++) {
        out[o + ni + nr + j] = out[o + repeated[j]];
      }
    }
    return NDArray.of(out, rows, w);
  }
}
