package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.OpNode;
import org.marsonspark.session.LocalSession;

/**
 * The TSQR merges its R factors in a tree of fan-in {@code combineSize} (3 here): 20 row blocks
 * → 7 merges → 3 merges → the root. The factors agree with the one-chunk LAPACK answer, Q is
 * orthonormal and Q·R, U·S·Vt give A back — for trees of one to three levels.
 */
class Tsqr_TreeTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession(o -> o.withCombineSize(3));

  private static final double TOL = 1e-12;

  private static NDArray matrix(int m, int n) {
    double[] v = new double[m * n];
    for (int i = 0; i < v.length; i++) {
      v[i] = Math.sin(0.7 * i + 1) * (1 + (i % n)) + (i % 5 == 0 ? 3 : 0);
    }
    return NDArray.of(v, m, n);
  }

  private static NDArray[] run(Tensor... ts) {
    Mt.execute(spark.session(), ts);
    NDArray[] out = new NDArray[ts.length];
    for (int i = 0; i < ts.length; i++) {
      out[i] = ts[i].fetch();
    }
    return out;
  }

  /** The names of the ops feeding the root merge, walked from R's chunk. */
  private static List<String> rootInputs(Tensor r) {
    OpNode root = r.data().chunks().get(0).producer();
    List<String> names = new ArrayList<>();
    for (Chunk c : root.inputs()) {
      names.add(c.producer().op().name());
    }
    return names;
  }

  @Test
  void qrOfTwentyRowBlocksMergesInATree() {
    NDArray a = matrix(60, 3);
    Tensor[] qr = Mt.linalg.qr(Mt.tensor(a, ChunkSize.of(3, 3)));
    NDArray[] got = run(qr);
    assertEquals(List.of("tsqr_merge", "tsqr_merge", "tsqr_merge"), rootInputs(qr[1]));
    assertEquals(20, qr[0].nsplits()[0].length);
    NDArray[] whole = run(Mt.linalg.qr(Mt.tensor(a)));
    assertFactorsAgree(a, got[0], got[1], whole[1]);
  }

  @Test
  void everyTreeDepthGivesTheSameFactors() {
    NDArray a = matrix(120, 4);
    NDArray[] whole = run(Mt.linalg.qr(Mt.tensor(a)));
    // 3 row blocks: the root alone; 10: two levels of merges; 30: three (one-row chunks are
    // merged into blocks of 4 rows, as many as the columns)
    for (long rows : new long[] {40, 12, 4, 1}) {
      Tensor[] qr = Mt.linalg.qr(Mt.tensor(a, ChunkSize.of(rows, 1)));
      NDArray[] got = run(qr);
      assertFactorsAgree(a, got[0], got[1], whole[1]);
    }
  }

  @Test
  void svdOfManyRowBlocksMatchesTheOneChunkSvd() {
    NDArray a = matrix(100, 4);
    NDArray[] whole = run(Mt.linalg.svd(Mt.tensor(a)));
    Tensor[] usv = Mt.linalg.svd(Mt.tensor(a, ChunkSize.of(4, 2)));
    NDArray[] got = run(usv);
    assertEquals(List.of("tsqr_merge", "tsqr_merge", "tsqr_merge"), rootInputs(usv[1]));
    for (int i = 0; i < 4; i++) {
      assertEquals(whole[1].getDouble(i), got[1].getDouble(i), TOL * whole[1].getDouble(0), "s[" + i + "]");
    }
    int m = 100;
    int n = 4;
    for (int r = 0; r < m; r++) {
      for (int c = 0; c < n; c++) {
        double v = 0;
        for (int j = 0; j < n; j++) {
          v += got[0].getDouble(r, j) * got[1].getDouble(j) * got[2].getDouble(j, c);
        }
        assertEquals(a.getDouble(r, c), v, 1e-11, "U·S·Vt at " + r + "," + c);
      }
    }
    assertOrthonormalColumns(got[0]);
  }

  /** Q orthonormal, Q·R = A and R equal to the reference R up to the sign of each row. */
  private static void assertFactorsAgree(NDArray a, NDArray q, NDArray r, NDArray reference) {
    int m = (int) a.shape(0);
    int n = (int) a.shape(1);
    assertOrthonormalColumns(q);
    for (int i = 0; i < m; i++) {
      for (int c = 0; c < n; c++) {
        double v = 0;
        for (int j = 0; j < n; j++) {
          v += q.getDouble(i, j) * r.getDouble(j, c);
        }
        assertEquals(a.getDouble(i, c), v, 1e-11, "Q·R at " + i + "," + c);
      }
    }
    for (int i = 0; i < n; i++) {
      double sign = Math.signum(r.getDouble(i, i)) * Math.signum(reference.getDouble(i, i));
      for (int c = 0; c < n; c++) {
        assertEquals(reference.getDouble(i, c), sign * r.getDouble(i, c), 1e-11, "R at " + i + "," + c);
      }
    }
  }

  private static void assertOrthonormalColumns(NDArray q) {
    int m = (int) q.shape(0);
    int n = (int) q.shape(1);
    for (int a = 0; a < n; a++) {
      for (int b = 0; b < n; b++) {
        double dot = 0;
        for (int i = 0; i < m; i++) {
          dot += q.getDouble(i, a) * q.getDouble(i, b);
        }
        assertEquals(a == b ? 1 : 0, dot, TOL, "QᵀQ at " + a + "," + b);
      }
    }
  }
}
