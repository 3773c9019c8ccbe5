package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * The scipy fixtures of sparse tensors again with fusion off (every chunk op its own subtask),
 * on uneven chunks and on operands whose chunks disagree; and a mixed dense/sparse chain whose
 * result must be identical with fusion on and off.
 */
class Sparse_FusionOffTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession().alsoUnfused();

  @TestFactory
  Stream<DynamicNode> scipyWithoutFusion() {
    return Fixtures.tests("sparse", c -> true, List.of(Fixtures.CHUNK_3, Fixtures.MIXED), Sparse_FixtureTest::run,
        spark::unfused);
  }

  @Test
  void denseSparseChainIsIdenticalFusedAndUnfused() {
    NDArray[] results = new NDArray[2];
    CsrMatrix[] sparse = new CsrMatrix[2];
    MarsSession[] sessions = {spark.session(), spark.unfused()};
    for (int i = 0; i < 2; i++) {
      // dense draw → mask → sparse → scale, sqrt → dot with dense → sum (dense fused chains on both sides)
      RandomState rs = new RandomState(7);
      Tensor x = rs.rand(new long[] {40, 30}, ChunkSize.of(11, 7));
      Tensor s = x.mul(x.gt(0.8)).toSparse().mul(3.0);
      Tensor r = Mt.sqrt(s).abs();
      Tensor y = r.dot(Mt.ones(30, 5).mul(0.5)).sum(1);
      r.execute(sessions[i]);
      y.execute(sessions[i]);
      sparse[i] = r.fetchSparse();
      results[i] = y.fetch();
      assertTrue(r.isSparse());
      assertTrue(sparse[i].nnz() > 0 && sparse[i].nnz() < 40 * 30 / 2, "about a fifth is non-zero: " + sparse[i]);
    }
    assertEquals(sparse[0], sparse[1]);
    assertEquals(results[0], results[1]);
    NDArray dense = sparse[0].toDense();
    for (int row = 0; row < 40; row++) {
      double want = 0;
      for (int c = 0; c < 30; c++) {
        want += dense.getDouble(row, c) * 0.5 * 5;
      }
      assertEquals(want, results[0].getDouble(row), 1e-9);
    }
  }
}
