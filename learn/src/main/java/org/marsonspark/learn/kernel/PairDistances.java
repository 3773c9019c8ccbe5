package org.marsonspark.learn.kernel;

import java.io.Serializable;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.kernel.Blas;

/**
 * sklearn's reduced distances between a block of query rows and a block of items, tile by tile:
 * squared Euclidean {@code ‖q‖² − 2·q·i + ‖i‖²} clamped at 0 (one matrix product per tile, sgemm
 * for float32 and dgemm for float64, sklearn's formula), cosine {@code 1 − q̂·î} clipped to [0, 2]
 * (rows scaled to unit length, a zero row left zero; one product per tile), or Minkowski
 * {@code Σ |q − i|^p} ({@code max |q − i|} for p = ∞) element by element. Queries are taken
 * {@link #QUERY_TILE} rows by {@link #ITEM_TILE} items at a time, so a tile of distances stays
 * small (a few MiB) whatever the block sizes.
 *
 * @param metric how distances are computed
 * @param p the Minkowski power (used by {@link Metric#MINKOWSKI} only)
 */
public record PairDistances(Metric metric, double p) implements Serializable {
  /** Query rows per tile (sklearn's chunk of queries is 256 rows too). */
  public static final int QUERY_TILE = 256;
  /** Items per tile. */
  public static final int ITEM_TILE = 2048;

  /** The distance families, by how a block is computed. */
  public enum Metric {
    /** Squared Euclidean distances by a matrix product ("euclidean" and "sqeuclidean"). */
    SQUARED_EUCLIDEAN,
    /** 1 − cosine similarity by a matrix product of the unit rows. */
    COSINE,
    /** Σ |q − i|^p, element by element ("manhattan" is p = 1, "chebyshev" p = ∞). */
    MINKOWSKI
  }

  /** What {@link #eachTile} calls with each tile of distances computed. */
  public interface TileVisitor {
    /** Query rows [q0, q0 + tq) against items [i0, i0 + ti): {@code tile.at(r, j)} for r < tq, j < ti. */
    void visit(int q0, int tq, int i0, int ti, Tile tile);
  }

  /** A tile of reduced distances. */
  public interface Tile {
    double at(int r, int j);
  }

  /** Computes the tiles of distances of {@code queries} to {@code items} (2-D, one float dtype) in order. */
  public void eachTile(NDArray queries, NDArray items, TileVisitor visit) {
    int rows = (int) queries.shape(0);
    int n = (int) items.shape(0);
    int d = (int) queries.shape(1);
    Tiles tiles = queries.dtype() == DType.FLOAT32 ? new FloatTiles(queries.floats(), items.floats(), d)
        : new DoubleTiles(queries.doubles(), items.doubles(), d);
    for (int q0 = 0; q0 < rows; q0 += QUERY_TILE) {
      int tq = Math.min(QUERY_TILE, rows - q0);
      for (int i0 = 0; i0 < n; i0 += ITEM_TILE) {
        int ti = Math.min(ITEM_TILE, n - i0);
        tiles.compute(q0, tq, i0, ti);
        visit.visit(q0, tq, i0, ti, tiles);
      }
    }
  }

  /** Reduced distances of a tile of query rows against a tile of items; one per block, never shared. */
  private abstract class Tiles implements Tile {
    final int d;
    int width;

    Tiles(int d) {
      this.d = d;
    }

    /** Computes the reduced distances of query rows [q0, q0 + tq) to items [i0, i0 + ti). */
    final void compute(int q0, int tq, int i0, int ti) {
      width = ti;
      if (metric != Metric.MINKOWSKI) {
        product(q0, tq, i0, ti, metric == Metric.SQUARED_EUCLIDEAN);
        return;
      }
      for (int r = 0; r < tq; r++) {
        for (int j = 0; j < ti; j++) {
          set(r * ti + j, minkowski(q0 + r, i0 + j));
        }
      }
    }

    /** The tile by one matrix product: squared Euclidean ({@code euclid}) or cosine distances. */
    abstract void product(int q0, int tq, int i0, int ti, boolean euclid);

    /** Σ |q − i|^p of query row {@code qr} and item {@code ir} (the largest |q − i| for p = ∞). */
    abstract double minkowski(int qr, int ir);

    abstract void set(int at, double v);

    /** Adds one |q − i| to a Minkowski sum. */
    final double accumulate(double s, double diff) {
      return p == Double.POSITIVE_INFINITY ? Math.max(s, diff) : s + (p == 1 ? diff : p == 2 ? diff * diff
          : Math.pow(diff, p));
    }
  }

  private final class DoubleTiles extends Tiles {
    private final double[] q;
    private final double[] items;
    private final double[] qNorms;
    private final double[] iNorms;
    private final double[] scores = new double[QUERY_TILE * ITEM_TILE];

    DoubleTiles(double[] q, double[] items, int d) {
      super(d);
      this.q = metric == Metric.COSINE ? unitRows(q, d) : q;
      this.items = metric == Metric.COSINE ? unitRows(items, d) : items;
      this.qNorms = metric == Metric.SQUARED_EUCLIDEAN ? CentreScores.squaredNorms(q, q.length / Math.max(d, 1), d)
          : null;
      this.iNorms = metric == Metric.SQUARED_EUCLIDEAN ? CentreScores.squaredNorms(items,
          items.length / Math.max(d, 1), d) : null;
    }

    @Override
    double minkowski(int qr, int ir) {
      double s = 0;
      for (int c = 0; c < d; c++) {
        s = accumulate(s, Math.abs(q[qr * d + c] - items[ir * d + c]));
      }
      return s;
    }

    @Override
    void set(int at, double v) {
      scores[at] = v;
    }

    @Override
    void product(int q0, int tq, int i0, int ti, boolean euclid) {
      for (int r = 0; r < tq; r++) {
        if (euclid) {
          System.arraycopy(iNorms, i0, scores, r * ti, ti);
        }
      }
      // column-major view: scoresᵀ (ti × tq) = α · I (ti × d) · Qᵀ (d × tq) + β · scoresᵀ
      Blas.get().dgemm("T", "N", ti, tq, d, euclid ? -2.0 : -1.0, items, i0 * d, d, q, q0 * d, d, euclid ? 1.0 : 0.0,
          scores, 0, ti);
      for (int r = 0; r < tq; r++) {
        double add = euclid ? qNorms[q0 + r] : 1.0;
        for (int j = 0; j < ti; j++) {
          double v = scores[r * ti + j] + add;
          scores[r * ti + j] = v > 0 ? (euclid || v < 2 ? v : 2.0) : 0.0;
        }
      }
    }

    @Override
    public double at(int r, int j) {
      return scores[r * width + j];
    }
  }

  private final class FloatTiles extends Tiles {
    private final float[] q;
    private final float[] items;
    private final float[] qNorms;
    private final float[] iNorms;
    private final float[] scores = new float[QUERY_TILE * ITEM_TILE];

    FloatTiles(float[] q, float[] items, int d) {
      super(d);
      this.q = metric == Metric.COSINE ? unitRows(q, d) : q;
      this.items = metric == Metric.COSINE ? unitRows(items, d) : items;
      this.qNorms = metric == Metric.SQUARED_EUCLIDEAN ? squaredNorms(q, d) : null;
      this.iNorms = metric == Metric.SQUARED_EUCLIDEAN ? squaredNorms(items, d) : null;
    }

    @Override
    double minkowski(int qr, int ir) {
      double s = 0;
      for (int c = 0; c < d; c++) {
        s = accumulate(s, Math.abs(q[qr * d + c] - items[ir * d + c]));
      }
      return s;
    }

    @Override
    void set(int at, double v) {
      scores[at] = (float) v;
    }

    @Override
    void product(int q0, int tq, int i0, int ti, boolean euclid) {
      for (int r = 0; r < tq; r++) {
        if (euclid) {
          System.arraycopy(iNorms, i0, scores, r * ti, ti);
        }
      }
      Blas.get().sgemm("T", "N", ti, tq, d, euclid ? -2f : -1f, items, i0 * d, d, q, q0 * d, d, euclid ? 1f : 0f,
          scores, 0, ti);
      for (int r = 0; r < tq; r++) {
        float add = euclid ? qNorms[q0 + r] : 1f;
        for (int j = 0; j < ti; j++) {
          float v = scores[r * ti + j] + add;
          scores[r * ti + j] = v > 0 ? (euclid || v < 2 ? v : 2f) : 0f;
        }
      }
    }

    @Override
    public double at(int r, int j) {
      return scores[r * width + j];
    }
  }

  private static double[] unitRows(double[] x, int d) {
    double[] out = x.clone();
    double[] norms = CentreScores.squaredNorms(x, x.length / Math.max(d, 1), d);
    for (int r = 0; r < norms.length; r++) {
      double n = Math.sqrt(norms[r]);
      for (int c = 0; n != 0 && c < d; c++) {
        out[r * d + c] /= n;
      }
    }
    return out;
  }

  private static float[] unitRows(float[] x, int d) {
    float[] out = x.clone();
    float[] norms = squaredNorms(x, d);
    for (int r = 0; r < norms.length; r++) {
      float n = (float) Math.sqrt(norms[r]);
      for (int c = 0; n != 0 && c < d; c++) {
        out[r * d + c] /= n;
      }
    }
    return out;
  }

  private static float[] squaredNorms(float[] x, int d) {
    float[] out = new float[d == 0 ? 0 : x.length / d];
    for (int r = 0; r < out.length; r++) {
      float s = 0;
      for (int c = 0; c < d; c++) {
        float v = x[r * d + c];
        s += v * v;
      }
      out[r] = s;
    }
    return out;
  }
}
