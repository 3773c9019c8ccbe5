package org.marsonspark.tensor;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/** numpy's {@code linalg}, as far as it is built: norms. */
public final class Linalg {
  Linalg() {}

  /** The 2-norm of a vector, or the Frobenius norm of the flattened tensor. */
  public Tensor norm(Tensor x) {
    return x.mul(x).sum().astype(floatType(x)).unary(org.marsonspark.tensor.kernel.UnaryFn.SQRT);
  }

  /**
   * Vector norms along {@code axis} (numpy's {@code norm(x, ord, axis, keepdims)}): ord 2, 1,
   * 0, ±infinity or any other p. With two axes, the matrix norms 1, -1, ±infinity.
   *
   * @param ord the order; {@code null} for 2 (vectors) or Frobenius (matrices)
   * @param axis one axis (vector norm), two axes (matrix norm) or null (all, flattened 2-norm)
   */
  public Tensor norm(Tensor x, Double ord, int[] axis, boolean keepdims) {
    if (axis == null || axis.length == 0) {
      if (ord == null || (x.ndim() == 1)) {
        int[] all = new int[x.ndim()];
        for (int i = 0; i < all.length; i++) {
          all[i] = i;
        }
        return ord == null ? vector(x, 2.0, all, keepdims) : vector(x, ord, all, keepdims);
      }
      if (x.ndim() == 2) {
        return matrix(x, ord, new int[] {0, 1}, keepdims);
      }
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "norm: improper number of dimensions to norm");
    }
    if (axis.length == 1) {
      return vector(x, ord == null ? 2.0 : ord, axis, keepdims);
    }
    if (axis.length == 2) {
      if (ord == null) {
        return vector(x, 2.0, axis, keepdims);
      }
      return matrix(x, ord, axis, keepdims);
    }
    throw new MarsException(ErrorClass.INVALID_ARGUMENT, "norm: improper number of dimensions to norm");
  }

  /** Drops two size-1 axes unless they are to be kept (summing over size-1 axes only reshapes). */
  private static Tensor dropAxes(Tensor t, int r, int c, boolean keepdims) {
    return keepdims ? t : t.sum(new int[] {r, c}, false);
  }

  private static DType floatType(Tensor x) {
    return x.dtype() == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
  }

  private Tensor vector(Tensor x, double ord, int[] axes, boolean keepdims) {
    Tensor a = x.astype(floatType(x)).abs();
    if (ord == Double.POSITIVE_INFINITY) {
      return a.max(axes, keepdims);
    }
    if (ord == Double.NEGATIVE_INFINITY) {
      return a.min(axes, keepdims);
    }
    if (ord == 0) {
      return a.ne(0).astype(floatType(x)).sum(axes, keepdims);
    }
    if (ord == 1) {
      return a.sum(axes, keepdims);
    }
    if (ord == 2) {
      return a.mul(a).sum(axes, keepdims).unary(org.marsonspark.tensor.kernel.UnaryFn.SQRT);
    }
    return a.pow(ord).sum(axes, keepdims).pow(1.0 / ord);
  }

  private Tensor matrix(Tensor x, double ord, int[] axes, boolean keepdims) {
    int r = axes[0] < 0 ? axes[0] + x.ndim() : axes[0];
    int c = axes[1] < 0 ? axes[1] + x.ndim() : axes[1];
    if (r == c) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "norm: duplicate axes given");
    }
    Tensor a = x.astype(floatType(x)).abs();
    if (ord == 1 || ord == -1) {
      // max/min over columns of the column sums
      Tensor s = a.sum(new int[] {r}, true);
      return ord == 1 ? dropAxes(s.max(new int[] {c}, true), r, c, keepdims) : dropAxes(s.min(new int[] {c}, true), r, c, keepdims);
    }
    if (Double.isInfinite(ord)) {
      Tensor s = a.sum(new int[] {c}, true);
      return ord > 0 ? dropAxes(s.max(new int[] {r}, true), r, c, keepdims) : dropAxes(s.min(new int[] {r}, true), r, c, keepdims);
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "norm: matrix norm of order " + ord
        + " needs an SVD, which is not built yet; supported: 1, -1, inf, -inf and Frobenius (ord=null)");
  }
}
