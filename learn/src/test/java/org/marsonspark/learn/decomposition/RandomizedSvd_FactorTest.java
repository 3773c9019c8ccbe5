package org.marsonspark.learn.decomposition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.kernel.CentredGram;
import org.marsonspark.learn.kernel.CentredR;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;

/**
 * The randomized solver on a factor of {@code AᵀA} ({@link RandomizedSvd#ofFactor}, which PCA
 * takes for few features: the scatter matrix's, or the R of a TSQR pass) gives what the passes
 * over the rows give ({@link RandomizedSvd#of}, which the fixtures no longer reach for dense
 * PCA): the same start and iterations, so the same singular values, axes and U basis up to
 * rounding — with each normaliser, and for a rank below the sketch's width. A component the
 * scatter matrix cannot resolve sends PCA to the R factor.
 */
class RandomizedSvd_FactorTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static final int ROWS = 3000;
  private static final int D = 24;

  @Test
  void theFactorRunAgreesWithThePassesOverTheRows() {
    Tensor x = new RandomState(5).randn(new long[] {ROWS, D}, ChunkSize.of(700, D)).mul(
        org.marsonspark.tensor.Mt.tensor(NDArray.of(scales(D))));
    for (String norm : List.of("none", "LU", "QR", "auto")) {
      compare(x, 4, norm, 6);
    }
  }

  @Test
  void aRankBelowTheSketchWidthAgreesToo() {
    // rank 5 (a 3000×5 times a 5×24), asking for 3 components with 10 oversamples: a sketch of 13
    RandomState rs = new RandomState(9);
    Tensor low = rs.randn(new long[] {ROWS, 5}, ChunkSize.of(700, 5))
        .dot(rs.randn(new long[] {5, D}, ChunkSize.of(5, D)));
    compare(low, 3, "auto", 5);
  }

  private static double[] scales(int d) {
    double[] s = new double[d];
    for (int j = 0; j < d; j++) {
      s[j] = Math.pow(0.8, j) * 10;
    }
    return s;
  }

  private static void compare(Tensor x, int components, String norm, int nIter) {
    double[] p = Blocks.evaluate(List.of(x), new CentredR(D, 0, false, true), D + 2, D).doubles();
    double[] mean = java.util.Arrays.copyOfRange(p, D, 2 * D);
    double[] r = java.util.Arrays.copyOfRange(p, 2 * D, (D + 2) * D);
    double[] g = Blocks.evaluate(List.of(x), new CentredGram(D), D + 2, D).doubles();
    assertEquals(ROWS, g[0]);
    for (int j = 0; j < D; j++) {
      assertEquals(mean[j], g[D + j], 1e-12 * (1 + Math.abs(mean[j])), "mean " + j);
    }
    double[] scatter = java.util.Arrays.copyOfRange(g, 2 * D, (D + 2) * D);
    double[] f = RandomizedSvd.scatterFactor(scatter, D, components);
    assertNotNull(f, "the wanted components are well above the scatter's rounding");
    RandomizedSvd.Result rows = RandomizedSvd.of(x, mean, components, 10, nIter, norm, 3);
    same(rows, RandomizedSvd.ofFactor(r, D, ROWS, D, components, 10, nIter, norm, 3), components, norm + ", R");
    same(rows, RandomizedSvd.ofFactor(f, D, ROWS, D, components, 10, nIter, norm, 3), components, norm + ", scatter");
    assertTrue(PCA.viaFactor(D, components + 10, nIter), "this test's shape takes the factor path in PCA");
    assertFalse(PCA.viaFactor(1000, 13, 4), "1000 features, a sketch of 13: the passes over the rows");
  }

  @Test
  void aComponentBeyondTheRankHasNoScatterFactor() {
    RandomState rs = new RandomState(9);
    Tensor low = rs.randn(new long[] {ROWS, 5}, ChunkSize.of(700, 5))
        .dot(rs.randn(new long[] {5, D}, ChunkSize.of(5, D)));
    double[] g = Blocks.evaluate(List.of(low), new CentredGram(D), D + 2, D).doubles();
    double[] scatter = java.util.Arrays.copyOfRange(g, 2 * D, (D + 2) * D);
    assertNotNull(RandomizedSvd.scatterFactor(scatter, D, 5));
    assertNull(RandomizedSvd.scatterFactor(scatter, D, 6), "a sixth component of a rank-5 matrix is rounding");
    assertNull(RandomizedSvd.scatterFactor(new double[D * D], D, 1), "a zero scatter has no factor to trust");
  }

  private static void same(RandomizedSvd.Result rows, RandomizedSvd.Result factor, int components, String norm) {
    for (int i = 0; i < components; i++) {
      assertEquals(rows.s()[i], factor.s()[i], 1e-9 * rows.s()[0], norm + ": singular value " + i);
    }
    // axes up to the sign of each pair of singular vectors (svd_flip fixes it later, from U)
    double[] u = rows.uBasis();
    double[] uf = factor.uBasis();
    for (int c = 0; c < components; c++) {
      double sign = Math.signum(dot(rows.vt(), factor.vt(), c * D, D));
      for (int j = 0; j < D; j++) {
        assertEquals(rows.vt()[c * D + j], sign * factor.vt()[c * D + j], 1e-8, norm + ": axis " + c);
        assertEquals(u[j * components + c], sign * uf[j * components + c], 1e-8 * maxAbs(u), norm + ": U basis " + c);
      }
    }
  }

  private static double dot(double[] a, double[] b, int from, int n) {
    double s = 0;
    for (int i = from; i < from + n; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  private static double maxAbs(double[] a) {
    double m = 0;
    for (double v : a) {
      m = Math.max(m, Math.abs(v));
    }
    return m;
  }
}
