package org.marsonspark.tensor.kernel;

import dev.ludovic.netlib.lapack.LAPACK;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.netlib.util.intW;

/**
 * Dense LAPACK kernels on row-major {@code double[]} matrices (one chunk each). LAPACK is
 * column-major, so each kernel converts at the boundary. Failures that numpy reports as
 * {@code LinAlgError} raise {@link MarsException} INVALID_ARGUMENT naming the operation.
 */
public final class Lapack {
  private Lapack() {}

  private static LAPACK get() {
    return LAPACK.getInstance();
  }

  /** Row-major m×n to column-major. */
  static double[] toCol(double[] a, int m, int n) {
    double[] c = new double[m * n];
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        c[i + j * m] = a[i * n + j];
      }
    }
    return c;
  }

  /** Column-major m×n (leading dimension ld) to row-major. */
  static double[] toRow(double[] c, int m, int n, int ld) {
    double[] a = new double[m * n];
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        a[i * n + j] = c[i + j * ld];
      }
    }
    return a;
  }

  static void check(intW info, String op, String what) {
    if (info.val < 0) {
      throw new IllegalStateException(op + ": LAPACK argument " + (-info.val) + " is illegal");
    }
    if (info.val > 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": " + what);
    }
  }

  /** Reduced QR: {@code [Q (m×k), R (k×n)]}, k = min(m, n). */
  public static double[][] qr(double[] a, int m, int n) {
    int k = Math.min(m, n);
    if (k == 0) {
      return new double[][] {new double[m * k], new double[k * n]};
    }
    double[] c = toCol(a, m, n);
    double[] tau = new double[k];
    intW info = new intW(0);
    double[] w = new double[1];
    get().dgeqrf(m, n, c, m, tau, w, -1, info);
    double[] work = new double[Math.max(1, (int) w[0])];
    get().dgeqrf(m, n, c, m, tau, work, work.length, info);
    check(info, "qr", "factorization failed");
    double[] r = new double[k * n];
    for (int i = 0; i < k; i++) {
      for (int j = i; j < n; j++) {
        r[i * n + j] = c[i + j * m];
      }
    }
    get().dorgqr(m, k, k, c, m, tau, w, -1, info);
    work = new double[Math.max(1, (int) w[0])];
    get().dorgqr(m, k, k, c, m, tau, work, work.length, info);
    check(info, "qr", "building Q failed");
    return new double[][] {toRow(c, m, k, m), r};
  }

  /**
   * The R factor alone of a reduced QR ({@code numpy.linalg.qr(a, mode='r')}): k×n upper
   * triangular, k = min(m, n). Cheaper than {@link #qr}: Q is never formed.
   */
  public static double[] rFactor(double[] a, int m, int n) {
    int k = Math.min(m, n);
    double[] r = new double[k * n];
    if (k == 0) {
      return r;
    }
    double[] c = toCol(a, m, n);
    double[] tau = new double[k];
    intW info = new intW(0);
    double[] w = new double[1];
    get().dgeqrf(m, n, c, m, tau, w, -1, info);
    double[] work = new double[Math.max(1, (int) w[0])];
    get().dgeqrf(m, n, c, m, tau, work, work.length, info);
    check(info, "qr", "factorization failed");
    for (int i = 0; i < k; i++) {
      for (int j = i; j < n; j++) {
        r[i * n + j] = c[i + j * m];
      }
    }
    return r;
  }

  /**
   * LU with partial pivoting of an m×n matrix, as scipy's {@code lu(a, permute_l=True)}:
   * {@code [P·L (m×k), U (k×n)]}, k = min(m, n), with {@code A = (P·L)·U}.
   */
  public static double[][] luPermuted(double[] a, int m, int n) {
    int k = Math.min(m, n);
    if (k == 0) {
      return new double[][] {new double[m * k], new double[k * n]};
    }
    double[] c = toCol(a, m, n);
    int[] ipiv = new int[k];
    intW info = new intW(0);
    get().dgetrf(m, n, c, m, ipiv, info);
    if (info.val < 0) {
      check(info, "lu", "");
    }
    double[] lu = toRow(c, m, n, m);
    int[] perm = rowOrder(ipiv, m, k);
    // row r of L (unit lower trapezoidal) is row perm[r] of P·L
    double[] pl = new double[m * k];
    double[] u = new double[k * n];
    for (int r = 0; r < m; r++) {
      for (int j = 0; j < k; j++) {
        pl[perm[r] * k + j] = j < r ? lu[r * n + j] : j == r ? 1 : 0;
      }
    }
    for (int i = 0; i < k; i++) {
      for (int j = i; j < n; j++) {
        u[i * n + j] = lu[i * n + j];
      }
    }
    return new double[][] {pl, u};
  }

  /** Reduced SVD: {@code [U (m×k), S (k), Vt (k×n)]}, singular values descending. */
  public static double[][] svd(double[] a, int m, int n) {
    int k = Math.min(m, n);
    if (k == 0) {
      return new double[][] {new double[0], new double[0], new double[0]};
    }
    double[] c = toCol(a, m, n);
    double[] s = new double[k];
    double[] u = new double[m * k];
    double[] vt = new double[k * n];
    int[] iwork = new int[8 * k];
    intW info = new intW(0);
    double[] w = new double[1];
    get().dgesdd("S", m, n, c, m, s, u, m, vt, k, w, -1, iwork, info);
    double[] work = new double[Math.max(1, (int) w[0])];
    get().dgesdd("S", m, n, c, m, s, u, m, vt, k, work, work.length, iwork, info);
    check(info, "svd", "SVD did not converge");
    return new double[][] {toRow(u, m, k, m), s, toRow(vt, k, n, k)};
  }

  /** Lower Cholesky factor L of a symmetric positive-definite n×n matrix (A = L·Lᵀ). */
  public static double[] cholesky(double[] a, int n) {
    double[] c = toCol(a, n, n);
    intW info = new intW(0);
    if (n > 0) {
      get().dpotrf("L", n, c, n, info);
    }
    check(info, "cholesky", "Matrix is not positive definite");
    double[] l = toRow(c, n, n, n);
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        l[i * n + j] = 0;
      }
    }
    return l;
  }

  /** LU with partial pivoting (scipy's convention A = P·L·U): {@code [P, L, U]}, each n×n. */
  public static double[][] lu(double[] a, int n) {
    double[] c = toCol(a, n, n);
    int[] ipiv = new int[n];
    intW info = new intW(0);
    if (n > 0) {
      get().dgetrf(n, n, c, n, ipiv, info);
    }
    if (info.val < 0) {
      check(info, "lu", "");
    }
    double[] lu = toRow(c, n, n, n);
    double[] l = new double[n * n];
    double[] u = new double[n * n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        if (j < i) {
          l[i * n + j] = lu[i * n + j];
        } else {
          u[i * n + j] = lu[i * n + j];
        }
      }
      l[i * n + i] = 1;
    }
    // rows were swapped i <-> ipiv[i]-1 in order: perm[r] = original row now at r
    int[] perm = rowOrder(ipiv, n, n);
    // P·L·U = A: P[perm[r], r] = 1
    double[] pm = new double[n * n];
    for (int r = 0; r < n; r++) {
      pm[perm[r] * n + r] = 1;
    }
    return new double[][] {pm, l, u};
  }

  /** The determinant through LU (0 for a singular matrix). */
  public static double det(double[] a, int n) {
    double[] c = toCol(a, n, n);
    int[] ipiv = new int[n];
    intW info = new intW(0);
    if (n == 0) {
      return 1;
    }
    get().dgetrf(n, n, c, n, ipiv, info);
    if (info.val < 0) {
      check(info, "det", "");
    }
    double d = 1;
    for (int i = 0; i < n; i++) {
      d *= c[i + i * n];
      if (ipiv[i] - 1 != i) {
        d = -d;
      }
    }
    return d;
  }

  /** {@code [sign, log|det|]} through LU, as numpy's slogdet ({@code [0, -inf]} when singular). */
  public static double[] slogdet(double[] a, int n) {
    if (n == 0) {
      return new double[] {1, 0};
    }
    double[] c = toCol(a, n, n);
    int[] ipiv = new int[n];
    intW info = new intW(0);
    get().dgetrf(n, n, c, n, ipiv, info);
    if (info.val < 0) {
      check(info, "slogdet", "");
    }
    double sign = 1;
    double log = 0;
    for (int i = 0; i < n; i++) {
      double d = c[i + i * n];
      if (d == 0) {
        return new double[] {0, Double.NEGATIVE_INFINITY};
      }
      if (d < 0) {
        sign = -sign;
      }
      if (ipiv[i] - 1 != i) {
        sign = -sign;
      }
      log += Math.log(Math.abs(d));
    }
    return new double[] {sign, log};
  }

  /** Solves A·X = B for n×n A and n×k B (row-major). */
  public static double[] solve(double[] a, int n, double[] b, int k, String op) {
    double[] c = toCol(a, n, n);
    double[] bc = toCol(b, n, k);
    int[] ipiv = new int[n];
    intW info = new intW(0);
    if (n > 0 && k > 0) {
      // dgetrf + dgetrs rather than dgesv: netlib's JNI dgesv corrupted the JVM (SIGSEGV) here
      get().dgetrf(n, n, c, n, ipiv, info);
      check(info, op, "Singular matrix");
      get().dgetrs("N", n, k, c, n, ipiv, bc, n, info);
    }
    check(info, op, "Singular matrix");
    return toRow(bc, n, k, n);
  }

  /** Solves R·X = B for upper-triangular n×n R and n×k B (row-major). */
  public static double[] solveUpper(double[] r, int n, double[] b, int k, String op) {
    double[] c = toCol(r, n, n);
    double[] bc = toCol(b, n, k);
    intW info = new intW(0);
    if (n > 0 && k > 0) {
      get().dtrtrs("U", "N", "N", n, k, c, n, bc, n, info);
    }
    check(info, op, "Singular matrix (rank-deficient R; the matrix must have full column rank)");
    return toRow(bc, n, k, n);
  }

  /** Eigen-decomposition of a symmetric n×n matrix from its lower triangle: {@code [w, V]}. */
  public static double[][] eigh(double[] a, int n) {
    double[] c = toCol(a, n, n);
    double[] w = new double[n];
    if (n == 0) {
      return new double[][] {w, c};
    }
    intW info = new intW(0);
    double[] qw = new double[1];
    int[] qi = new int[1];
    get().dsyevd("V", "L", n, c, n, w, qw, -1, qi, -1, info);
    double[] work = new double[Math.max(1, (int) qw[0])];
    int[] iwork = new int[Math.max(1, qi[0])];
    get().dsyevd("V", "L", n, c, n, w, work, work.length, iwork, iwork.length, info);
    check(info, "eigh", "Eigenvalues did not converge");
    return new double[][] {w, toRow(c, n, n, n)};
  }

  /**
   * The row order after getrf's first {@code swaps} interchanges of {@code rows} rows (row i
   * swapped with ipiv[i] − 1, in order): {@code perm[r]} is the original row now at r.
   */
  private static int[] rowOrder(int[] ipiv, int rows, int swaps) {
    int[] perm = new int[rows];
    for (int i = 0; i < rows; i++) {
      perm[i] = i;
    }
    for (int i = 0; i < swaps; i++) {
      int p = ipiv[i] - 1;
      int t = perm[i];
      perm[i] = perm[p];
      perm[p] = t;
    }
    return perm;
  }
}
