package org.marsonspark.learn.metrics.pairwise;

import java.util.Locale;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Features;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code sklearn.metrics.pairwise}: distances and kernels between the rows of X and
 * those of Y (Y omitted: X itself). Every result is lazy and blockwise: block (i, j) of the
 * result comes from row block i of X and row block j of Y — a matrix product per block for the
 * Euclidean forms, as sklearn computes them — and reductions over Y's blocks are trees.
 *
 * <p>Inputs are 2-D tensors or numeric DataFrames; integers become float64. float32 inputs are
 * computed in float64 and the result cast back to float32 (sklearn also up-casts float32 in
 * {@code euclidean_distances}).
 */
public final class Pairwise {
  private Pairwise() {}

  /** The pair of operands, float64, checked as sklearn's {@code check_pairwise_arrays}. */
  private record Operands(Tensor x, Tensor y, boolean same, DType dtype) {
    static Operands of(TileableHandle x, TileableHandle y, String fn) {
      Tensor a = Features.of(x, fn).x();
      Tensor b = y == null ? a : Features.of(y, fn).x();
      if (a.shape(1) != b.shape(1)) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, fn + ": Incompatible dimension for X and Y matrices: "
            + "X.shape[1] == " + a.shape(1) + " while Y.shape[1] == " + b.shape(1));
      }
      if (a.isSparse() || b.isSparse()) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, fn + " of sparse tensors is not supported yet: "
            + "call toDense() first");
      }
      boolean f32 = a.dtype() == DType.FLOAT32 && b.dtype() == DType.FLOAT32;
      return new Operands(wide(a), y == null ? wide(a) : wide(b), y == null, f32 ? DType.FLOAT32 : DType.FLOAT64);
    }

    private static Tensor wide(Tensor t) {
      return t.dtype() == DType.FLOAT64 ? t : t.astype(DType.FLOAT64);
    }

    Tensor result(Tensor t) {
      return dtype == DType.FLOAT64 ? t : t.astype(dtype);
    }
  }

  /**
   * Euclidean distances {@code sqrt(‖x‖² − 2·x·y + ‖y‖²)} as sklearn computes them: the matrix
   * product per block, the squared norms added, negative values (rounding) clamped to 0, and
   * with Y omitted the diagonal set to 0. With {@code squared}, the squared distances.
   */
  public static Tensor euclideanDistances(TileableHandle x, TileableHandle y, boolean squared) {
    Operands o = Operands.of(x, y, "euclidean_distances");
    Tensor d = squaredEuclidean(o);
    return o.result(squared ? d : Mt.sqrt(d));
  }

  public static Tensor euclideanDistances(TileableHandle x, TileableHandle y) {
    return euclideanDistances(x, y, false);
  }

  public static Tensor euclideanDistances(TileableHandle x) {
    return euclideanDistances(x, null, false);
  }

  private static Tensor squaredEuclidean(Operands o) {
    Tensor xx = rowSquares(o.x()).reshape(-1, 1);
    Tensor yy = rowSquares(o.y()).reshape(1, -1);
    Tensor d = Mt.maximum(o.x().dot(o.y().T()).mul(-2.0).add(xx).add(yy), 0.0);
    if (o.same()) {
      long n = o.x().shape(0);
      Tensor diagonal = Mt.eye(n, n, 0, DType.BOOL, org.marsonspark.tensor.ChunkSize.auto());
      d = Mt.where(diagonal, 0.0, d);
    }
    return d;
  }

  private static Tensor rowSquares(Tensor t) {
    return t.mul(t).sum(1);
  }

  /**
   * Cosine similarity: the dot products of the rows scaled to unit length (a zero row stays
   * zero, as sklearn's {@code normalize}).
   */
  public static Tensor cosineSimilarity(TileableHandle x, TileableHandle y) {
    Operands o = Operands.of(x, y, "cosine_similarity");
    Tensor a = unitRows(o.x());
    Tensor b = o.same() ? a : unitRows(o.y());
    return o.result(a.dot(b.T()));
  }

  public static Tensor cosineSimilarity(TileableHandle x) {
    return cosineSimilarity(x, null);
  }

  /** sklearn's {@code cosine_distances}: {@code 1 − cosine_similarity}, clipped to [0, 2], diagonal 0 for Y omitted. */
  public static Tensor cosineDistances(TileableHandle x, TileableHandle y) {
    Operands o = Operands.of(x, y, "cosine_distances");
    Tensor a = unitRows(o.x());
    Tensor b = o.same() ? a : unitRows(o.y());
    Tensor d = Mt.clip(Mt.subtract(1.0, a.dot(b.T())), 0.0, 2.0);
    if (o.same()) {
      long n = o.x().shape(0);
      d = Mt.where(Mt.eye(n, n, 0, DType.BOOL, org.marsonspark.tensor.ChunkSize.auto()), 0.0, d);
    }
    return o.result(d);
  }

  private static Tensor unitRows(Tensor t) {
    Tensor norms = Mt.sqrt(rowSquares(t));
    return t.div(Mt.where(norms.eq(0.0), 1.0, norms).reshape(-1, 1));
  }

  /** Manhattan (city-block) distances {@code Σ |x − y|}, as scipy's {@code cdist(X, Y, 'cityblock')}. */
  public static Tensor manhattanDistances(TileableHandle x, TileableHandle y) {
    Operands o = Operands.of(x, y, "manhattan_distances");
    Tensor diff = o.x().expandDims(1).sub(o.y().expandDims(0));
    return o.result(diff.abs().sum(2));
  }

  public static Tensor manhattanDistances(TileableHandle x) {
    return manhattanDistances(x, null);
  }

  /** The RBF kernel {@code exp(−γ‖x − y‖²)}; {@code gamma} null is sklearn's {@code 1 / n_features}. */
  public static Tensor rbfKernel(TileableHandle x, TileableHandle y, Double gamma) {
    Operands o = Operands.of(x, y, "rbf_kernel");
    double g = gamma == null ? 1.0 / o.x().shape(1) : gamma;
    return o.result(Mt.exp(squaredEuclidean(o).mul(-g)));
  }

  public static Tensor rbfKernel(TileableHandle x) {
    return rbfKernel(x, null, null);
  }

  /**
   * For each row of X (axis 1) the index of the nearest row of Y and the distance to it, sklearn's
   * {@code pairwise_distances_argmin_min}; with {@code axis} 0, for each row of Y the nearest row
   * of X. The minimum is taken over Y's blocks as a tree; equal distances give the first index.
   * {@code metric}: "euclidean", "sqeuclidean", "manhattan" (or "cityblock", "l1") or "cosine".
   *
   * @return {indices (int64), distances}
   */
  public static Tensor[] pairwiseDistancesArgminMin(TileableHandle x, TileableHandle y, int axis, String metric) {
    if (axis != 0 && axis != 1) {
      throw new MarsException(ErrorClass.AXIS_OUT_OF_BOUNDS, "pairwise_distances_argmin_min: axis must be 0 or 1, "
          + "got " + axis);
    }
    if (y == null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "pairwise_distances_argmin_min needs Y (a 2-D Tensor "
          + "or a numeric DataFrame), got null");
    }
    Operands o = Operands.of(x, y, "pairwise_distances_argmin_min");
    String m = metric.toLowerCase(Locale.ROOT);
    Tensor d = switch (m) {
      case "euclidean", "sqeuclidean" -> squaredEuclidean(o);
      case "manhattan", "cityblock", "l1" -> o.x().expandDims(1).sub(o.y().expandDims(0)).abs().sum(2);
      case "cosine" -> Mt.clip(Mt.subtract(1.0, unitRows(o.x()).dot(unitRows(o.y()).T())), 0.0, 2.0);
      default -> throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "pairwise_distances_argmin_min: "
          + "metric '" + metric + "' is not supported; use one of 'euclidean', 'sqeuclidean', 'manhattan', "
          + "'cityblock', 'l1', 'cosine'");
    };
    Tensor indices = d.argmin(axis);
    Tensor values = d.min(axis);
    if (m.equals("euclidean")) {
      values = Mt.sqrt(values);
    }
    return new Tensor[] {indices, o.result(values)};
  }

  public static Tensor[] pairwiseDistancesArgminMin(TileableHandle x, TileableHandle y) {
    return pairwiseDistancesArgminMin(x, y, 1, "euclidean");
  }
}
