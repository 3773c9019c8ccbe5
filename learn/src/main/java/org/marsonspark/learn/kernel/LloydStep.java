package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.NDArray;

/**
 * One Lloyd iteration's partial of a row block (sklearn's {@code _update_chunk_dense}): each row
 * goes to its nearest centre (a GEMM per tile, {@link CentreScores}) and adds its weighted
 * coordinates and its weight to that cluster. Partial {@code (k, d + 1)}: row j holds cluster j's
 * weighted coordinate sums, then its total weight; partials add up. Inputs: X and, when
 * {@code weighted}, the sample weights.
 */
public record LloydStep(double[] centres, int k, int d, boolean weighted) implements BlockAggregate.Fn {
  @Override
  public NDArray map(NDArray[] blocks) {
    double[] x = blocks[0].doubles();
    double[] w = weighted ? blocks[1].doubles() : null;
    int rows = (int) blocks[0].shape(0);
    int width = d + 1;
    double[] out = new double[k * width];
    CentreScores scores = new CentreScores(centres, k, d);
    int[] labels = new int[CentreScores.TILE];
    for (int start = 0; start < rows; start += CentreScores.TILE) {
      int m = Math.min(CentreScores.TILE, rows - start);
      scores.labelTile(x, start, m, labels, 0);
      if (w == null) {
        for (int i = 0; i < m; i++) {
          int base = labels[i] * width;
          int row = (start + i) * d;
          out[base + d] += 1.0;
          for (int c = 0; c < d; c++) {
            out[base + c] += x[row + c];
          }
        }
      } else {
        for (int i = 0; i < m; i++) {
          int r = start + i;
          double wr = w[r];
          int base = labels[i] * width;
          out[base + d] += wr;
          for (int c = 0; c < d; c++) {
            out[base + c] += x[r * d + c] * wr;
          }
        }
      }
    }
    return NDArray.of(out, k, width);
  }

  @Override
  public String name() {
    return "LloydStep";
  }
}
