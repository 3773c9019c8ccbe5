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

    /**
     * The first item {@code j' >= j} of query row {@code r} whose distance is below
     * {@code bound} ({@code at(r, j') < bound}), or the tile's width when there is none: the scan
     * a bounded selection makes over every distance, in one loop over the tile's own array.
     */
    int nextBelow(int r, int j, double bound);
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
    /** The first query row of the tile computed last. */
    int q0;

    Tiles(int d) {
      this.d = d;
    }

    /**
     * Computes the reduced distances of query rows [q0, q0 + tq) to items [i0, i0 + ti). A
     * product metric keeps the product's raw scores; {@link #at} adds the row's term and clamps.
     */
    final void compute(int q0, int tq, int i0, int ti) {
      width = ti;
      this.q0 = q0;
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

    /** A product's score plus its row's term, clamped: at 0 (squared Euclidean), to [0, 2] (cosine). */
    final double clamp(double v) {
      return v > 0 ? (metric == Metric.SQUARED_EUCLIDEAN || v < 2 ? v : 2.0) : 0.0;
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
    }

    /** The term a product's score of row {@code r} takes: ‖q‖² (squared Euclidean) or 1 (cosine). */
    private double rowTerm(int r) {
      return metric == Metric.SQUARED_EUCLIDEAN ? qNorms[q0 + r] : 1.0;
    }

    @Override
    public double at(int r, int j) {
      double v = scores[r * width + j];
      return metric == Metric.MINKOWSKI ? v : clamp(v + rowTerm(r));
    }

    @Override
    public int nextBelow(int r, int j, double bound) {
      int base = r * width;
      if (metric == Metric.MINKOWSKI) {
        for (; j < width; j++) {
          if (scores[base + j] < bound) {
            return j;
          }
        }
        return width;
      }
      double add = rowTerm(r);
      for (; j < width; j++) {
        // clamping only raises a score below 0 (and lowers one above 2 to 2, never below a bound
        // that a cosine distance can have): a score not below the bound stays not below it; a
        // NaN (an overflow) passes to the exact test, which clamps it to 0 as sklearn's clip does
        double v = scores[base + j] + add;
        if (!(v >= bound) && clamp(v) < bound) {
          return j;
        }
      }
      return width;
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
    }

    /** The term a product's score of row {@code r} takes: ‖q‖² (squared Euclidean) or 1 (cosine). */
    private float rowTerm(int r) {
      return metric == Metric.SQUARED_EUCLIDEAN ? qNorms[q0 + r] : 1f;
    }

    @Override
    public double at(int r, int j) {
      float v = scores[r * width + j];
      // the sum in float, as the float32 distances are
      return metric == Metric.MINKOWSKI ? v : clamp(v + rowTerm(r));
    }

    @Override
    public int nextBelow(int r, int j, double bound) {
      int base = r * width;
      // a float below the double bound is below that bound rounded up to a float: compare in
      // float first, then exactly (as the double scan does)
      float above = bound == Double.POSITIVE_INFINITY ? Float.POSITIVE_INFINITY : Math.nextUp((float) bound);
      if (metric == Metric.MINKOWSKI) {
        for (; j < width; j++) {
          if (scores[base + j] < bound) {
            return j;
          }
        }
        return width;
      }
      float add = rowTerm(r);
      for (; j < width; j++) {
        float v = scores[base + j] + add;
        if (!(v >= above) && clamp(v) < bound) {
          return j;
        }
      }
      return width;
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
