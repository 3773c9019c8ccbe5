package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.LocalSession;

/**
 * The CSR chunk type on its own (canonical form, access, slicing, transposing, serialization)
 * and sparse tensors on bigger random matrices with chunk grids that disagree between operands,
 * checked against the dense path.
 */
class Sparse_ApiTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static CsrMatrix sample() {
    // duplicates (0,1) summed, (2,2) cancels to zero, unsorted input
    return CsrMatrix.fromCoo(3, 4, new int[] {2, 0, 0, 2, 1, 2}, new int[] {2, 1, 1, 2, 3, 0},
        NDArray.of(new double[] {5, 1.5, 2, -5, 7, -1}));
  }

  @Test
  void csrFromCooIsCanonical() {
    CsrMatrix m = sample();
    assertEquals(3, m.nnz());
    assertArrayEquals(new int[] {0, 1, 2, 3}, m.indptr());
    assertArrayEquals(new int[] {1, 3, 0}, m.indices());
    assertArrayEquals(new double[] {3.5, 7, -1}, m.data().doubles());
    assertEquals(3.5, m.getDouble(0, 1));
    assertEquals(0.0, m.getDouble(2, 2));
    assertEquals(-1.0, m.get(2, 0));
    assertEquals(0.0, m.get(1, 1));
    assertArrayEquals(new double[] {0, 3.5, 0, 0, 0, 0, 0, 7, -1, 0, 0, 0}, m.toDense().doubles());
    assertEquals(m, CsrMatrix.fromDense(m.toDense()));
    assertEquals("csr<float64>", m.kind());
    assertTrue(m.nbytes() < m.toDense().nbytes() + 64);
  }

  @Test
  void csrSliceTransposeAssemble() {
    CsrMatrix m = sample();
    CsrMatrix s = m.slice(1, 3, 0, 2);
    assertArrayEquals(new long[] {2, 2}, s.shape());
    assertArrayEquals(new double[] {0, 0, -1, 0}, s.toDense().doubles());
    CsrMatrix t = m.transpose();
    assertArrayEquals(new long[] {4, 3}, t.shape());
    assertEquals(m.toDense().transpose(1, 0), t.toDense());
    CsrMatrix[] blocks = {m.slice(0, 2, 0, 3), m.slice(0, 2, 3, 4), m.slice(2, 3, 0, 3), m.slice(2, 3, 3, 4)};
    assertEquals(m, CsrMatrix.fromGrid(DType.FLOAT64, new long[][] {{2, 1}, {3, 1}}, blocks));
  }

  @Test
  void csrSerializesWithKryoAndJava() throws Exception {
    CsrMatrix m = CsrMatrix.fromCoo(2, 3, new int[] {0, 1}, new int[] {2, 0}, NDArray.of(new long[] {4, -9}));
    Kryo kryo = new Kryo();
    kryo.setRegistrationRequired(false);
    new TensorKryoRegistrations().register(kryo);
    Output out = new Output(1024, -1);
    kryo.writeClassAndObject(out, m);
    CsrMatrix k = (CsrMatrix) kryo.readClassAndObject(new Input(out.toBytes()));
    assertEquals(m, k);
    assertEquals(DType.INT64, k.dtype());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream o = new ObjectOutputStream(bytes)) {
      o.writeObject(m);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      assertEquals(m, in.readObject());
    }
  }

  @Test
  void tensorsKnowTheyAreSparse() {
    Tensor e = Mt.eye(4, 5, 1, DType.FLOAT64, ChunkSize.of(2), true);
    assertTrue(e.isSparse());
    assertTrue(Mt.sparse.isSparse(e));
    assertTrue(e.toString().contains("sparse"), e.toString());
    assertFalse(Mt.eye(4, 5, 1, DType.FLOAT64, ChunkSize.of(2), false).isSparse());
    assertFalse(e.toDense().isSparse());
    assertTrue(e.T().isSparse());
    assertTrue(e.mul(2).isSparse());
    assertFalse(e.add(Mt.ones(4, 5)).isSparse(), "sparse + dense is dense, as in scipy");
    assertArrayEquals(new long[] {5, 4}, e.T().shape());
    CsrMatrix m = e.execute(spark.session()).fetchSparse();
    assertEquals(4, m.nnz());
    assertEquals(1.0, m.getDouble(3, 4));
    assertEquals(0.0, m.getDouble(3, 3));
  }

  /** A random sparse matrix: its dense NDArray, about {@code density} of it non-zero. */
  private static NDArray randomSparse(int m, int n, double density, long seed) {
    Random r = new Random(seed);
    double[] v = new double[m * n];
    for (int i = 0; i < v.length; i++) {
      v[i] = r.nextDouble() < density ? Math.round(r.nextGaussian() * 8) / 4.0 + 0.125 : 0;
    }
    return NDArray.of(v, m, n);
  }

  private static void assertClose(NDArray expected, NDArray actual) {
    assertArrayEquals(expected.shape(), actual.shape());
    assertEquals(expected.dtype(), actual.dtype());
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.getDouble(i), actual.getDouble(i), 1e-9 * (1 + Math.abs(expected.getDouble(i))), "at " + i);
    }
  }

  @Test
  void biggerMatricesWithDisagreeingChunksMatchTheDensePath() {
    NDArray a = randomSparse(120, 90, 0.05, 1);
    NDArray b = randomSparse(90, 70, 0.08, 2);
    NDArray c = randomSparse(120, 90, 0.05, 3);
    Tensor sa = Mt.tensor(a, ChunkSize.of(37, 23)).toSparse();
    Tensor sb = Mt.tensor(b, ChunkSize.of(29, 41)).toSparse();
    Tensor sc = Mt.tensor(c, ChunkSize.of(50, 50)).toSparse();
    Tensor da = Mt.tensor(a, ChunkSize.of(60, 45));
    Tensor db = Mt.tensor(b, ChunkSize.of(31, 70));
    Tensor dc = Mt.tensor(c, ChunkSize.of(120, 90));

    Tensor ss = sa.dot(sb);
    Tensor sd = sa.dot(db);
    Tensor ds = da.dot(sb);
    Tensor sum = sa.add(sc).mul(sa.sub(sc));
    Tensor[] results = {ss, sd, ds, sum, sa.sum(0), sa.sum(1), sa.sum(), sa.T().dot(sc)};
    Tensor[] references = {da.dot(db), da.dot(db), da.dot(db), da.add(dc).mul(da.sub(dc)), da.sum(0), da.sum(1),
        da.sum(), da.T().dot(dc)};
    Mt.execute(spark.session(), results);
    Mt.execute(spark.session(), references);
    for (int i = 0; i < results.length; i++) {
      Tensor t = results[i];
      NDArray got = t.isSparse() ? t.fetchSparse().toDense() : t.fetch();
      assertClose(references[i].fetch(), got);
    }
    assertTrue(ss.isSparse() && sum.isSparse() && results[7].isSparse());
    assertFalse(sd.isSparse() || ds.isSparse());
    // output blocks: A's row chunks by B's column chunks; B's rows were rechunked to A's columns
    assertArrayEquals(new long[] {37, 37, 37, 9}, ss.nsplits()[0]);
    assertArrayEquals(new long[] {41, 29}, ss.nsplits()[1]);
    assertArrayEquals(sa.nsplits()[0], sum.nsplits()[0]);
    int nnz = ss.fetchSparse().nnz();
    int expected = 0;
    NDArray want = references[0].fetch();
    for (int i = 0; i < want.size(); i++) {
      expected += want.getDouble(i) != 0 ? 1 : 0;
    }
    assertEquals(expected, nnz);
  }
}
