package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * Decompositions against numpy (fixtures/products_decompositions.json,
 * gen_fixtures_products_decompositions.py) on several chunk layouts — chunk=1/2/3 give the TSQR several row blocks. Factors that are unique only up
 * to signs are compared after the same normalization as the generator's (see its docstring), or
 * through reconstructions and invariants (U·S·Vt, UᵀU).
 */
class Decomposition_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  static final Set<String> PRODUCTS = Products_FixtureTest.OPS;
  static final Set<String> TSQR = Set.of("qr_q", "qr_r", "svd_s", "svd_recon", "svd_orth", "svd_vt", "norm_svd", "lstsq",
      "cholesky", "pinv", "matrix_rank", "cond", "cholesky_stack");

  @TestFactory
  Stream<DynamicNode> numpy() {
    // the TSQR-based ops and the blocked cholesky run on every layout; the one-chunk ones rechunk
    // to one chunk anyway, so they run on chunks of 1, 2, 3 and mixed (never hanging on any), not whole
    return Stream.concat(
        Fixtures.tests("products_decompositions", c -> !PRODUCTS.contains(c.op()) && TSQR.contains(c.op()),
            null,
            Decomposition_FixtureTest::run, () -> spark.session()),
        Fixtures.tests("products_decompositions", c -> !PRODUCTS.contains(c.op()) && !TSQR.contains(c.op()),
            java.util.List.of(Fixtures.CHUNK_1, Fixtures.CHUNK_2, Fixtures.CHUNK_3, Fixtures.MIXED),
            Decomposition_FixtureTest::run,
            () -> spark.session()));
  }

  static NDArray[] computeAll(MarsSession s, Tensor... ts) {
    Mt.execute(s, ts);
    NDArray[] out = new NDArray[ts.length];
    for (int i = 0; i < ts.length; i++) {
      out[i] = ts[i].fetch();
    }
    for (Tensor t : ts) {
      t.release();
    }
    return out;
  }

  static NDArray run(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    Tensor a = Fixtures.tensor(c, "a", layout);
    switch (c.op()) {
      case "qr_q", "qr_r" -> {
        NDArray[] qr = computeAll(s, Mt.linalg.qr(a));
        NDArray q = qr[0];
        NDArray r = qr[1];
        int k = (int) r.shape(0);
        int n = (int) r.shape(1);
        int m = (int) q.shape(0);
        double[] qv = q.astype(DType.FLOAT64).toDoubleArray();
        double[] rv = r.astype(DType.FLOAT64).toDoubleArray();
        for (int i = 0; i < k; i++) {
          if (rv[i * n + i] < 0) {
            for (int j = 0; j < n; j++) {
              rv[i * n + j] = -rv[i * n + j];
            }
            for (int j = 0; j < m; j++) {
              qv[j * k + i] = -qv[j * k + i];
            }
          }
        }
        return c.op().equals("qr_q") ? like(qv, q) : like(rv, r);
      }
      case "svd_s" -> {
        return Fixtures.compute(Mt.linalg.svd(a)[1], s);
      }
      case "svd_recon", "svd_orth", "svd_vt" -> {
        NDArray[] usv = computeAll(s, Mt.linalg.svd(a));
        int m = (int) usv[0].shape(0);
        int k = (int) usv[0].shape(1);
        int n = (int) usv[2].shape(1);
        double[] u = usv[0].astype(DType.FLOAT64).toDoubleArray();
        double[] sv = usv[1].astype(DType.FLOAT64).toDoubleArray();
        double[] vt = usv[2].astype(DType.FLOAT64).toDoubleArray();
        if (c.op().equals("svd_vt")) {
          return like(signRows(vt, k, n), usv[2]);
        }
        if (c.op().equals("svd_orth")) {
          double[] g = new double[k * k];
          for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
              for (int p = 0; p < m; p++) {
                g[i * k + j] += u[p * k + i] * u[p * k + j];
              }
            }
          }
          return like(g, new long[] {k, k}, usv[0].dtype());
        }
        double[] rec = new double[m * n];
        for (int i = 0; i < m; i++) {
          for (int j = 0; j < n; j++) {
            for (int p = 0; p < k; p++) {
              rec[i * n + j] += u[i * k + p] * sv[p] * vt[p * n + j];
            }
          }
        }
        return like(rec, new long[] {m, n}, usv[0].dtype());
      }
      case "norm_svd" -> {
        var ord = c.param("ord");
        return Fixtures.compute(ord.isTextual() ? Mt.linalg.norm(a, ord.asText(), null, false)
            : Mt.linalg.norm(a, ord.asDouble(), null, false), s);
      }
      case "lstsq" -> {
        return Fixtures.compute(Mt.linalg.lstsq(a, Fixtures.tensor(c, "b", layout)), s);
      }
      case "solve" -> {
        return Fixtures.compute(Mt.linalg.solve(a, Fixtures.tensor(c, "b", layout)), s);
      }
      case "cholesky", "cholesky_stack" -> {
        return Fixtures.compute(Mt.linalg.cholesky(a), s);
      }
      case "inv" -> {
        return Fixtures.compute(Mt.linalg.inv(a), s);
      }
      case "det" -> {
        return Fixtures.compute(Mt.linalg.det(a), s);
      }
      case "eigh_w" -> {
        return Fixtures.compute(Mt.linalg.eigh(a)[0], s);
      }
      case "eigvalsh" -> {
        return Fixtures.compute(Mt.linalg.eigvalsh(a), s);
      }
      case "eigh_v" -> {
        NDArray v = Fixtures.compute(Mt.linalg.eigh(a)[1], s);
        int n = (int) v.shape(0);
        double[] vt = v.astype(DType.FLOAT64).transpose(1, 0).toDoubleArray();
        NDArray signed = like(signRows(vt, n, n), v);
        return signed.transpose(1, 0);
      }
      case "lu_p", "lu_l", "lu_u" -> {
        Tensor[] plu = Mt.linalg.lu(a);
        return Fixtures.compute(plu["plu".indexOf(c.op().charAt(3))], s);
      }
      case "slogdet_sign", "slogdet_log" -> {
        return Fixtures.compute(Mt.linalg.slogdet(a)[c.op().endsWith("sign") ? 0 : 1], s);
      }
      case "pinv" -> {
        return Fixtures.compute(Mt.linalg.pinv(a), s);
      }
      case "matrix_rank" -> {
        return Fixtures.compute(Mt.linalg.matrixRank(a), s);
      }
      case "cond" -> {
        return Fixtures.compute(Mt.linalg.cond(a), s);
      }
      case "trace" -> {
        return Fixtures.compute(Mt.linalg.trace(a), s);
      }
      case "multi_dot" -> {
        return Fixtures.compute(Mt.linalg.multiDot(a, Fixtures.tensor(c, "b", layout), Fixtures.tensor(c, "c", layout)), s);
      }
      case "matrix_power" -> {
        return Fixtures.compute(Mt.linalg.matrixPower(a, c.param("n").asInt()), s);
      }
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    }
  }

  /** Each row flipped so that its largest-magnitude entry is positive. */
  static double[] signRows(double[] v, int rows, int cols) {
    double[] out = v.clone();
    for (int i = 0; i < rows; i++) {
      int best = 0;
      for (int j = 1; j < cols; j++) {
        if (Math.abs(out[i * cols + j]) > Math.abs(out[i * cols + best])) {
          best = j;
        }
      }
      if (out[i * cols + best] < 0) {
        for (int j = 0; j < cols; j++) {
          out[i * cols + j] = -out[i * cols + j];
        }
      }
    }
    return out;
  }

  static NDArray like(double[] values, NDArray template) {
    return like(values, template.shape(), template.dtype());
  }

  static NDArray like(double[] values, long[] shape, DType dt) {
    return NDArray.of(values, shape).astype(dt);
  }

  private static Throwable root(Throwable t) {
    Throwable r = t;
    while (r.getCause() != null && r.getCause() != r) {
      r = r.getCause();
    }
    return r;
  }

  /** numpy's LinAlgError cases: INVALID_ARGUMENT naming the operation, at execution. */
  private static void assertLinAlgError(Tensor t, String op, String what) {
    Throwable e = assertThrows(Throwable.class, () -> Fixtures.compute(t, spark.session()));
    boolean found = false;
    for (Throwable x = e; x != null; x = x.getCause() == x ? null : x.getCause()) {
      String msg = String.valueOf(x.getMessage());
      if (msg.contains(op + ": " + what) && msg.contains("INVALID_ARGUMENT")) {
        found = true;
      }
    }
    assertTrue(found, "expected '" + op + ": " + what + "', got " + e + " / root " + root(e));
  }

  @Test
  void linAlgErrors() {
    Tensor singular = Mt.tensor(NDArray.of(new double[] {1, 2, 2, 4}, 2, 2), ChunkSize.of(1));
    assertLinAlgError(Mt.linalg.inv(singular), "inv", "Singular matrix");
    assertLinAlgError(Mt.linalg.solve(singular, Mt.ones(2)), "solve", "Singular matrix");
    Tensor indefinite = Mt.tensor(NDArray.of(new double[] {1, 2, 2, 1}, 2, 2), ChunkSize.of(1));
    assertLinAlgError(Mt.linalg.cholesky(indefinite), "cholesky", "Matrix is not positive definite");
    assertEquals(0.0, Fixtures.compute(Mt.linalg.det(singular), spark.session()).getDouble(0), 1e-12);
  }

  @Test
  void shapeErrors() {
    assertEquals(MarsException.ErrorClass.INVALID_ARGUMENT,
        assertThrows(MarsException.class, () -> Mt.linalg.inv(Mt.ones(2, 3))).errorClass());
    assertEquals(MarsException.ErrorClass.INVALID_ARGUMENT,
        assertThrows(MarsException.class, () -> Mt.linalg.qr(Mt.ones(3))).errorClass());
    assertEquals(MarsException.ErrorClass.INVALID_ARGUMENT,
        assertThrows(MarsException.class, () -> Mt.linalg.det(Mt.ones(3))).errorClass());
    assertEquals(MarsException.ErrorClass.SHAPE_MISMATCH,
        assertThrows(MarsException.class, () -> Mt.linalg.solve(Mt.eye(3), Mt.ones(2))).errorClass());
    assertEquals(MarsException.ErrorClass.INVALID_ARGUMENT,
        assertThrows(MarsException.class, () -> Mt.linalg.norm(Mt.ones(3, 3), "bad", null, false)).errorClass());
  }

  /** The blocked Cholesky keeps the chunk grid (and its zero blocks above the diagonal). */
  @Test
  void choleskyKeepsGrid() {
    Tensor a = Mt.tensor(NDArray.of(new double[] {4, 2, 0, 0, 2, 5, 1, 0, 0, 1, 6, 2, 0, 0, 2, 7}, 4, 4), ChunkSize.of(2));
    Tensor l = Mt.linalg.cholesky(a).execute(spark.session());
    assertEquals(2, l.nsplits()[0].length);
    assertEquals(2, l.nsplits()[1].length);
    NDArray v = l.fetch();
    l.release();
    assertEquals(2.0, v.getDouble(0, 0), 1e-12);
    assertEquals(0.0, v.getDouble(1, 2), 0.0);
    assertEquals(1.0, v.getDouble(1, 0), 1e-12);
  }

  /** The TSQR really spreads over row blocks: Q has one chunk per merged row block. */
  @Test
  void tsqrKeepsRowChunks() {
    Tensor a = Mt.tensor(NDArray.of(new double[] {4, 1, 2, 3, 1, 5, 2, 2, 7, 1, 3, 2, 9, 4, 1, 1}, 8, 2), ChunkSize.of(2));
    Tensor[] qr = Mt.linalg.qr(a);
    Mt.execute(spark.session(), qr);
    assertEquals(4, qr[0].nsplits()[0].length);
    assertEquals(1, qr[1].nsplits()[0].length);
    qr[0].release();
    qr[1].release();
  }
}
