package org.marsonspark.learn.decomposition;

import java.util.List;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.kernel.CentredR;
import org.marsonspark.learn.kernel.RangeStep;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;
import org.marsonspark.tensor.kernel.Blas;
import org.marsonspark.tensor.kernel.Lapack;

/**
 * sklearn's {@code randomized_svd} (Halko et al.) of {@code A = X − mean}, with A's rows never
 * leaving the executors: a Gaussian start {@code Q} (d×k, k = n_components + n_oversamples,
 * drawn by the counter-based generator, so not sklearn's numbers), {@code nIter} power
 * iterations, then {@code B = Q_Yᵀ·A} for the orthonormal basis {@code Q_Y} of {@code Y = A·Q}
 * and the SVD of the small B. Each pass over A is one job ({@link RangeStep}): it returns
 * {@code Aᵀ·Y} and the R factor of Y, and {@code Aᵀ·Q_Y = Aᵀ·Y·V_R·S_R⁻¹} follows on the driver
 * (R's SVD drops directions of Y below {@code sqrt(eps)·s_max}, so a rank-deficient A is fine).
 * {@code Y·V_R·S_R⁻¹} is orthonormal to {@code eps·cond(Y)}: before the final pass Q is made
 * orthonormal, and a final Y still conditioned worse than 1e4 gets one more pass from its basis
 * (as CholeskyQR2 does), so B is as accurate as from an explicit QR of Y. A sparse (CSR) X,
 * never centred, takes the same steps through the sparse products of the tensor module.
 *
 * <p>Normalisation: {@code 'auto'} is sklearn's ({@code 'none'} for at most two iterations, else
 * {@code 'LU'}). With {@code 'LU'} or {@code 'QR'} the tall {@code A·Q} is orthonormalised
 * through its TSQR factor — a distributed LU with partial pivoting would search every row for
 * pivots; QR spans the same subspace and is at least as stable — and the small {@code Aᵀ·Q} by
 * LAPACK's LU ({@code permute_l}) or QR, as sklearn. {@code 'none'} normalises neither.
 */
final class RandomizedSvd {
  /**
   * Directions of Y below {@code sqrt(eps)·s_max} are dropped from its basis: Y·W is orthonormal
   * to about {@code eps·cond(Y)}, so no kept direction is more than {@code sqrt(eps)} off.
   */
  private static final double CUT = Math.sqrt(Math.ulp(1.0));
  /** A final range whose Y is worse conditioned than this is refined by one more pass. */
  private static final double REFINE_ABOVE = 1e4;

  private RandomizedSvd() {}

  /**
   * The leading singular values and right singular vectors, and the d×c matrix M with
   * {@code U = A·M} — what {@code svd_flip} needs, A's left singular vectors, without forming them.
   */
  record Result(int components, int features, double[] s, double[] vt, double[] uBasis) {}

  /**
   * One pass of the range finder for the basis q (d×k): {@link RangeStep}'s partial, {@code G = Aᵀ·A·q}
   * (d×k) then, when factored, the R factor of {@code A·q} (k×k).
   */
  @FunctionalInterface
  private interface Pass {
    double[] apply(double[] q, int k, boolean factor);
  }

  /** The steps over the rows of {@code A = X − mean} (X itself, sparse or not, where mean is null): a job a pass. */
  static Result of(Tensor x, double[] mean, int components, int oversamples, int nIter, String normalizer,
      Integer seed) {
    int d = Math.toIntExact(x.shape(1));
    Pass pass = (q, k, factor) -> x.isSparse() ? sparsePass(x, q, d, k, factor)
        : Blocks.evaluate(List.of(x), new RangeStep(d, k, mean, q, factor), d + k, k).doubles();
    return run(pass, x.shape(0), d, components, oversamples, nIter, normalizer, seed);
  }

  /**
   * The same steps on a factor F of A ({@code FᵀF = AᵀA}, F f×d, e.g. the R of A's TSQR), on the
   * driver alone. Every quantity the steps compute — {@code Aᵀ·A·Q} and {@code (A·Q)ᵀ·(A·Q)} —
   * depends on A only through {@code AᵀA}, so the result, {@code U = A·uBasis} included, is the
   * one the passes over A's rows would give (same start, same iterations), up to rounding.
   *
   * @param rows A's row count (it bounds the sketch's width, as there)
   */
  static Result ofFactor(double[] f, int fRows, long rows, int d, int components, int oversamples, int nIter,
      String normalizer, Integer seed) {
    NDArray[] factor = {NDArray.of(f, fRows, d)};
    Pass pass = (q, k, fac) -> new RangeStep(d, k, new double[d], q, fac).map(factor).doubles();
    return run(pass, rows, d, components, oversamples, nIter, normalizer, seed);
  }

  /**
   * Below this share of the largest eigenvalue of {@code AᵀA}, a wanted component is too close to
   * the scatter matrix's rounding ({@code eps·λ_max}) for its factor: its variance would be off
   * by more than {@code eps/GRAM_FLOOR} ≈ 2e-10 relative.
   */
  static final double GRAM_FLOOR = 1e-6;

  /**
   * A factor F of the scatter matrix S ({@code FᵀF = S = AᵀA}, d×d: the eigenvectors scaled by the
   * roots of their eigenvalues), or null where the {@code components}-th largest eigenvalue is
   * below {@link #GRAM_FLOOR} of the largest (or S is zero): then S's rounding would show in the
   * answer, and the caller factors A itself.
   */
  static double[] scatterFactor(double[] scatter, int d, int components) {
    double[][] wv = Lapack.eigh(scatter, d); // ascending
    double[] w = wv[0];
    double largest = w[d - 1];
    int wanted = Math.min(components, d);
    if (!(largest > 0) || w[d - wanted] < GRAM_FLOOR * largest) {
      return null;
    }
    double[] f = new double[d * d];
    for (int j = 0; j < d; j++) {
      double root = Math.sqrt(Math.max(w[j], 0));
      for (int i = 0; i < d; i++) {
        f[j * d + i] = root * wv[1][i * d + j];
      }
    }
    return f;
  }

  private static Result run(Pass pass, long rows, int d, int components, int oversamples, int nIter,
      String normalizer, Integer seed) {
    int k = (int) Math.min(components + oversamples, Math.min(d, rows));
    RandomState random = seed == null ? new RandomState() : new RandomState(seed);
    Tensor start = random.randn(new long[] {d, k}, ChunkSize.of(d, k));
    double[] q = start.execute().fetch().toDoubleArray();
    start.release();
    String norm = normalizer.equals("auto") ? (nIter <= 2 ? "none" : "LU") : normalizer;
    for (int i = 0; i < nIter; i++) {
      Step st = step(pass, q, d, k, !norm.equals("none"));
      double[] z = norm.equals("none") ? st.g : st.orthonormalProjection();
      int cols = norm.equals("none") ? k : st.rank;
      q = switch (norm) {
        case "LU" -> Lapack.luPermuted(z, d, cols)[0];
        case "QR" -> Lapack.qr(z, d, cols)[0];
        default -> z;
      };
      k = Math.min(d, cols);
    }
    // the final range: Q orthonormal first (the same span, a better conditioned Y = A·Q)
    q = Lapack.qr(q, d, k)[0];
    Step last = step(pass, q, d, k, true);
    if (last.condition > REFINE_ABOVE) {
      // Y·W is orthonormal only to eps·cond(Y): once more from that basis, now nearly orthonormal
      q = multiply(q, last.w, d, k, last.rank);
      k = last.rank;
      last = step(pass, q, d, k, true);
    }
    int r = last.rank;
    double[] bt = last.orthonormalProjection(); // Aᵀ·Q_Y, d×r: B = btᵀ
    double[] b = transpose(bt, d, r);
    double[][] usv = Lapack.svd(b, r, d);
    int rr = Math.min(r, d);
    int c = Math.min(components, rr);
    double[] vt = new double[components * d];
    System.arraycopy(usv[2], 0, vt, 0, c * d);
    double[] s = new double[components];
    System.arraycopy(usv[1], 0, s, 0, c);
    // U = Q_Y·Û = A·(Q·W·Û[:, :c]) with Q_Y = Y·W
    double[] qw = multiply(q, last.w, d, k, r);
    double[] uhat = new double[r * components];
    for (int i = 0; i < r; i++) {
      System.arraycopy(usv[0], i * rr, uhat, i * components, c);
    }
    return new Result(components, d, s, vt, multiply(qw, uhat, d, r, components));
  }

  /**
   * One pass: {@code G = Aᵀ·Y} (d×k) and, when factored, the basis change {@code W = V_R·S_R⁻¹}
   * (k×rank) with {@code Y·W} orthonormal.
   */
  private record Step(int d, int k, double[] g, double[] w, int rank, double condition) {
    /** {@code Aᵀ·Q_Y = G·W}, d×rank. */
    double[] orthonormalProjection() {
      return multiply(g, w, d, k, rank);
    }
  }

  private static Step step(Pass pass, double[] q, int d, int k, boolean factor) {
    double[] p = pass.apply(q, k, factor);
    double[] g = java.util.Arrays.copyOf(p, d * k);
    if (!factor) {
      return new Step(d, k, g, null, k, Double.NaN);
    }
    double[] r = java.util.Arrays.copyOfRange(p, d * k, (d + k) * k);
    double[][] usv = Lapack.svd(r, k, k);
    double cut = CUT * usv[1][0];
    int rank = 0;
    while (rank < k && usv[1][rank] > cut) {
      rank++;
    }
    double[] w = new double[k * rank]; // V_R·S_R⁻¹: column j is row j of Vt over s_j
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < rank; j++) {
        w[i * rank + j] = usv[2][j * k + i] / usv[1][j];
      }
    }
    return new Step(d, k, g, w, rank, rank == 0 ? 1 : usv[1][0] / usv[1][rank - 1]);
  }

  /**
   * {@link RangeStep}'s partial for a sparse (CSR) X, not centred: {@code Y = X·Q} by the sparse
   * product, {@code Xᵀ·Y} and Y's R factor from one execution (Y's chunks shared, never fetched).
   */
  private static double[] sparsePass(Tensor x, double[] q, int d, int k, boolean factor) {
    Tensor y = x.dot(Mt.tensor(NDArray.of(q, d, k)));
    Tensor g = x.T().dot(y);
    Tensor r = factor ? Blocks.aggregate(List.of(y), new CentredR(k, 0, false, false), new long[] {k + 2, k},
        DType.FLOAT64) : null;
    try {
      if (r == null) {
        Mt.execute(g);
      } else {
        Mt.execute(g, r);
      }
      double[] out = new double[(d + k) * k];
      System.arraycopy(g.fetch().toDoubleArray(), 0, out, 0, d * k);
      if (r != null) {
        System.arraycopy(r.fetch().toDoubleArray(), 2 * k, out, d * k, k * k);
      }
      return out;
    } finally {
      g.release();
      if (r != null) {
        r.release();
      }
    }
  }

  /** Row-major (m×n)·(n×p). */
  static double[] multiply(double[] a, double[] b, int m, int n, int p) {
    double[] c = new double[m * p];
    if (m > 0 && n > 0 && p > 0) {
      Blas.get().dgemm("N", "N", p, m, n, 1.0, b, p, a, n, 0.0, c, p);
    }
    return c;
  }

  static double[] transpose(double[] a, int m, int n) {
    double[] t = new double[m * n];
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        t[j * m + i] = a[i * n + j];
      }
    }
    return t;
  }
}
