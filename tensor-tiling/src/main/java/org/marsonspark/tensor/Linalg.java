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
    if (ord == 2 || ord == -2) {
      return svdNorm(x, ord == 2 ? "2" : "-2", r, c, keepdims);
    }
    throw new MarsException(ErrorClass.INVALID_ARGUMENT, "norm: invalid norm order " + ord
        + " for matrices; supported: 1, -1, 2, -2, inf, -inf, 'fro' (ord=null) and 'nuc'");
  }

  // ---- linear algebra and fft ----

  /**
   * Matrix norms by name: {@code "fro"} (Frobenius) and {@code "nuc"} (nuclear, the sum of the
   * singular values), over two axes (null: a 2-D tensor's axes).
   */
  public Tensor norm(Tensor x, String ord, int[] axis, boolean keepdims) {
    int[] axes = axis == null ? new int[] {0, 1} : axis;
    if (axes.length != 2 || (axis == null && x.ndim() != 2)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "norm: invalid norm order '" + ord + "' for vectors");
    }
    int r = axes[0] < 0 ? axes[0] + x.ndim() : axes[0];
    int c = axes[1] < 0 ? axes[1] + x.ndim() : axes[1];
    if (r == c) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "norm: duplicate axes given");
    }
    return switch (ord) {
      case "fro" -> vector(x, 2.0, new int[] {r, c}, keepdims);
      case "nuc" -> svdNorm(x, "nuc", r, c, keepdims);
      default -> throw new MarsException(ErrorClass.INVALID_ARGUMENT, "norm: invalid norm order '" + ord
          + "'; the named orders are 'fro' and 'nuc'");
    };
  }

  /** Norms 2 (largest singular value), -2 (smallest) and 'nuc' (their sum) of a matrix, through the TSQR SVD. */
  private Tensor svdNorm(Tensor x, String ord, int r, int c, boolean keepdims) {
    if (x.ndim() != 2) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "norm: order " + ord
          + " of a " + x.ndim() + "-dimensional tensor needs a batched SVD, not built yet; only 2-D tensors");
    }
    Tensor m = r < c ? x : x.T();
    Tensor s = svdvals(m);
    Tensor v = switch (ord) {
      case "2" -> s.max();
      case "-2" -> s.min();
      default -> s.sum();
    };
    if (keepdims) {
      v = Products.expandDims(Products.expandDims(v, 0), 0);
    }
    return v;
  }

  private static Tensor[] wrap(java.util.List<TensorData> outs) {
    return Tensor.ofOutputs(outs);
  }

  private static void requireSquare(String op, Tensor a) {
    requireSquare(op, a, false);
  }

  /** Checks a (stack of) square matrices; stacks ({@code (..., n, n)}) only where {@code stacks}. */
  private static void requireSquare(String op, Tensor a, boolean stacks) {
    if (a.ndim() < 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": " + a.ndim()
          + "-dimensional array given. Array must be at least two-dimensional");
    }
    if (a.ndim() > 2 && !stacks) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, op + ": stacks of matrices (shape "
          + org.marsonspark.core.Shapes.toString(a.shape()) + ") are not supported yet, only 2-D");
    }
    if (a.shape(-2) != a.shape(-1)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": Last 2 dimensions of the array must be square, got "
          + org.marsonspark.core.Shapes.toString(a.shape()));
    }
  }

  private static long[] batchShape(Tensor a) {
    return java.util.Arrays.copyOf(a.shape(), a.ndim() - 2);
  }

  private static Tensor[] dense(org.marsonspark.tensor.ops.DenseLinalg.Kernel k, java.util.List<Tensor> ins,
      java.util.List<long[]> shapes, DType dt) {
    java.util.List<TensorData> data = new java.util.ArrayList<>();
    for (Tensor t : ins) {
      data.add(t.data());
    }
    return wrap(org.marsonspark.tensor.ops.DenseLinalg.of(k, data, shapes, dt));
  }

  /**
   * Reduced QR ({@code numpy.linalg.qr(a)}, mode 'reduced'): {@code [Q (m×k), R (k×n)]}, as a
   * tall-skinny QR across the row chunks. Signs of Q's columns and R's rows may differ from numpy's.
   */
  public Tensor[] qr(Tensor a) {
    return wrap(org.marsonspark.tensor.ops.Tsqr.of(a.data(), org.marsonspark.tensor.ops.Tsqr.Mode.QR));
  }

  /**
   * Reduced SVD ({@code numpy.linalg.svd(a, full_matrices=False)}): {@code [U, S, Vt]}, through
   * the TSQR (the SVD of the small R, then U = Q·Ur). Signs of singular vectors may differ.
   */
  public Tensor[] svd(Tensor a) {
    return wrap(org.marsonspark.tensor.ops.Tsqr.of(a.data(), org.marsonspark.tensor.ops.Tsqr.Mode.SVD));
  }

  /** The singular values, descending ({@code svd(a, compute_uv=False)}). */
  public Tensor svdvals(Tensor a) {
    return svd(a)[1];
  }

  /**
   * Lower Cholesky factor, blocked over the chunk grid (square blocks from the row chunks; potrf
   * on the diagonal blocks, triangular solves below). Not positive definite: INVALID_ARGUMENT.
   */
  public Tensor cholesky(Tensor a) {
    requireSquare("cholesky", a, true);
    if (a.ndim() > 2) {
      // a stack: each batch chunk factors its matrices in the chunk (potrf per matrix)
      return dense(org.marsonspark.tensor.ops.DenseLinalg.Kernel.CHOLESKY, java.util.List.of(a),
          java.util.List.of(a.shape()), org.marsonspark.tensor.ops.Tsqr.floatType(a.dtype()))[0];
    }
    return Tensor.ofOutput(org.marsonspark.tensor.ops.BlockedCholesky.of(a.data()));
  }

  /**
   * LU with partial pivoting as scipy's {@code lu(a)}: {@code [P, L, U]} with A = P·L·U;
   * one chunk per matrix; stacks keep their batch chunks.
   */
  public Tensor[] lu(Tensor a) {
    requireSquare("lu", a, true);
    return dense(org.marsonspark.tensor.ops.DenseLinalg.Kernel.LU, java.util.List.of(a),
        java.util.List.of(a.shape(), a.shape(), a.shape()), org.marsonspark.tensor.ops.Tsqr.floatType(a.dtype()));
  }

  /** The inverse; one chunk per matrix; stacks keep their batch chunks. Singular: INVALID_ARGUMENT. */
  public Tensor inv(Tensor a) {
    requireSquare("inv", a, true);
    return dense(org.marsonspark.tensor.ops.DenseLinalg.Kernel.INV, java.util.List.of(a),
        java.util.List.of(a.shape()), org.marsonspark.tensor.ops.Tsqr.floatType(a.dtype()))[0];
  }

  /** Solves a·x = b for square 2-D a and b of shape (n,) or (n, k); computed in one chunk. */
  public Tensor solve(Tensor a, Tensor b) {
    requireSquare("solve", a);
    if (b.ndim() < 1 || b.ndim() > 2 || b.shape(0) != a.shape(0)) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "solve: b of shape "
          + org.marsonspark.core.Shapes.toString(b.shape()) + " does not match a of shape "
          + org.marsonspark.core.Shapes.toString(a.shape()) + " (b must be (n,) or (n, k))");
    }
    DType dt = org.marsonspark.tensor.ops.Tsqr.floatType(DType.promote(
        org.marsonspark.tensor.ops.Tsqr.floatType(a.dtype()), org.marsonspark.tensor.ops.Tsqr.floatType(b.dtype())));
    return dense(org.marsonspark.tensor.ops.DenseLinalg.Kernel.SOLVE, java.util.List.of(a, b),
        java.util.List.of(b.shape()), dt)[0];
  }

  /**
   * Least squares through the TSQR: x = R⁻¹·Qᵀ·b (Qᵀ·b a blocked product over the row chunks).
   * Returns x only (numpy also returns residuals, rank and singular values). Needs m ≥ n and full
   * column rank (a rank-deficient R raises INVALID_ARGUMENT).
   */
  public Tensor lstsq(Tensor a, Tensor b) {
    if (a.ndim() != 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "lstsq: a must be two-dimensional, got "
          + org.marsonspark.core.Shapes.toString(a.shape()));
    }
    if (b.ndim() < 1 || b.ndim() > 2 || b.shape(0) != a.shape(0)) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "lstsq: Incompatible dimensions: a "
          + org.marsonspark.core.Shapes.toString(a.shape()) + ", b " + org.marsonspark.core.Shapes.toString(b.shape()));
    }
    if (a.shape(0) < a.shape(1)) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "lstsq: underdetermined systems (" + a.shape(0)
          + " rows < " + a.shape(1) + " columns) are not supported yet; the QR path needs rows >= columns");
    }
    Tensor[] qr = qr(a);
    Tensor qtb = qr[0].T().dot(b);
    DType dt = DType.promote(qr[1].dtype(), org.marsonspark.tensor.ops.Tsqr.floatType(b.dtype()));
    return dense(org.marsonspark.tensor.ops.DenseLinalg.Kernel.SOLVE_UPPER, java.util.List.of(qr[1], qtb),
        java.util.List.of(qtb.shape()), dt)[0];
  }

  /** The determinant through LU; one chunk per matrix; stacks keep their batch chunks. */
  public Tensor det(Tensor a) {
    requireSquare("det", a, true);
    return dense(org.marsonspark.tensor.ops.DenseLinalg.Kernel.DET, java.util.List.of(a),
        java.util.List.of(batchShape(a)), org.marsonspark.tensor.ops.Tsqr.floatType(a.dtype()))[0];
  }

  /**
   * Eigenvalues (ascending) and eigenvectors of a symmetric matrix from its lower triangle:
   * {@code [w, v]}; one chunk per matrix; stacks keep their batch chunks.
   */
  public Tensor[] eigh(Tensor a) {
    requireSquare("eigh", a, true);
    return dense(org.marsonspark.tensor.ops.DenseLinalg.Kernel.EIGH, java.util.List.of(a),
        java.util.List.of(java.util.Arrays.copyOf(a.shape(), a.ndim() - 1), a.shape()),
        org.marsonspark.tensor.ops.Tsqr.floatType(a.dtype()));
  }

  /** Eigenvalues (ascending) of a symmetric matrix; one chunk per matrix; stacks keep their batch chunks. */
  public Tensor eigvalsh(Tensor a) {
    requireSquare("eigvalsh", a, true);
    return dense(org.marsonspark.tensor.ops.DenseLinalg.Kernel.EIGVALSH, java.util.List.of(a),
        java.util.List.<long[]>of(java.util.Arrays.copyOf(a.shape(), a.ndim() - 1)),
        org.marsonspark.tensor.ops.Tsqr.floatType(a.dtype()))[0];
  }

  /**
   * {@code [sign, logabsdet]} of a square matrix (numpy's slogdet); one chunk per matrix; stacks
   * keep their batch chunks.
   */
  public Tensor[] slogdet(Tensor a) {
    requireSquare("slogdet", a, true);
    return dense(org.marsonspark.tensor.ops.DenseLinalg.Kernel.SLOGDET, java.util.List.of(a),
        java.util.List.of(batchShape(a), batchShape(a)), org.marsonspark.tensor.ops.Tsqr.floatType(a.dtype()));
  }

  /**
   * Moore-Penrose pseudo-inverse through the TSQR SVD: {@code Vᵀᵀ·diag(1/s)·Uᵀ}, singular values
   * at or below {@code rcond·max(s)} treated as zero (numpy's default rcond 1e-15).
   */
  public Tensor pinv(Tensor a) {
    return pinv(a, 1e-15);
  }

  public Tensor pinv(Tensor a, double rcond) {
    if (a.ndim() != 2) {
      throw new MarsException(a.ndim() < 2 ? ErrorClass.INVALID_ARGUMENT : ErrorClass.UNSUPPORTED_OPERATION,
          "pinv: " + a.ndim() + "-dimensional tensor given; only 2-D is supported");
    }
    Tensor[] usv = svd(a);
    Tensor s = usv[1];
    Tensor keep = s.gt(s.max().mul(rcond));
    // 1/s where kept, 0 elsewhere (s is replaced by 1 where dropped, to avoid 1/0)
    Tensor safe = s.add(keep.not().astype(s.dtype()));
    Tensor inv = keep.astype(s.dtype()).div(safe);
    return usv[2].T().mul(inv).dot(usv[0].T());
  }

  /** The number of singular values above {@code max(s)·max(M, N)·eps} (numpy's default tol). */
  public Tensor matrixRank(Tensor a) {
    if (a.ndim() < 2) {
      return a.ne(0).any().astype(DType.INT64);
    }
    Tensor s = svdvals(a);
    double eps = s.dtype() == DType.FLOAT32 ? Math.ulp(1.0f) : Math.ulp(1.0);
    return s.gt(s.max().mul(Math.max(a.shape(0), a.shape(1)) * eps)).sum().astype(DType.INT64);
  }

  /** The 2-norm condition number {@code max(s)/min(s)} (numpy's cond(x), p None). */
  public Tensor cond(Tensor a) {
    if (a.ndim() != 2) {
      throw new MarsException(a.ndim() < 2 ? ErrorClass.INVALID_ARGUMENT : ErrorClass.UNSUPPORTED_OPERATION,
          "cond: " + a.ndim() + "-dimensional tensor given; only 2-D is supported");
    }
    Tensor s = svdvals(a);
    return s.max().div(s.min());
  }

  /** The sum of the main diagonal of a matrix (numpy's trace with offset 0). */
  public Tensor trace(Tensor a) {
    if (a.ndim() != 2) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "trace: only 2-D tensors are supported so far, got "
          + a.ndim() + "-D");
    }
    if (a.shape(0) != a.shape(1)) {
      long k = Math.min(a.shape(0), a.shape(1));
      a = a.slice(Slice.of(0L, k), Slice.of(0L, k));
    }
    Tensor d = Products.einsum("ii", a);
    // numpy's trace sums like sum(): small ints to int64
    return d.dtype() == DType.INT32 || d.dtype() == DType.BOOL ? d.astype(DType.INT64) : d;
  }

  /** numpy's {@code multi_dot}: the chained dot, left to right. */
  public Tensor multiDot(Tensor... arrays) {
    if (arrays.length < 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "multi_dot: expecting at least two arrays");
    }
    Tensor r = arrays[0];
    for (int i = 1; i < arrays.length; i++) {
      r = r.dot(arrays[i]);
    }
    return r;
  }

  /** a raised to the integer power n by repeated squaring with the blocked dot (n < 0: of inv(a)). */
  public Tensor matrixPower(Tensor a, int n) {
    requireSquare("matrix_power", a);
    if (n == 0) {
      return Mt.eye(a.shape(0), a.shape(0), 0, a.dtype(), ChunkSize.auto());
    }
    Tensor base = n < 0 ? inv(a) : a;
    long e = Math.abs((long) n);
    Tensor result = null;
    while (e > 0) {
      if ((e & 1) == 1) {
        result = result == null ? base : result.dot(base);
      }
      e >>= 1;
      if (e > 0) {
        base = base.dot(base);
      }
    }
    return result;
  }

  // ---- end of linear algebra and fft ----
}
