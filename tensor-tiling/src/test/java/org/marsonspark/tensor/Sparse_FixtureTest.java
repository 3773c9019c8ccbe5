package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.Chunk;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.kernel.BinaryFn;
import org.marsonspark.tensor.kernel.UnaryFn;
import org.marsonspark.tensor.ops.ElementwiseOp;

/**
 * Sparse tensors against scipy.sparse (fixtures/sparse.json, gen_fixtures_sparse.py): creation
 * (coo with duplicates, from dense, eye), element-wise ops that stay sparse or become dense,
 * dot in every sparse/dense combination, sum and transpose — each on chunks of 1, 2, 3 (uneven),
 * whole, and 2|3 per input (operands rechunk to align). Every result is checked for
 * sparseness, dtype, nnz (sparse results), values, and that each sparse chunk is a CSR block.
 */
class Sparse_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  @TestFactory
  Stream<DynamicNode> scipy() {
    return Fixtures.tests("sparse", c -> true, null, Sparse_FixtureTest::run, () -> spark.session());
  }

  /** Builds the case's tensor on the layout, runs it, checks sparseness and nnz, returns the dense values. */
  static NDArray run(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    Tensor t = build(c, layout);
    boolean sparse = c.param("result_sparse").asBoolean();
    assertEquals(sparse, t.isSparse(), c + " on " + layout + ": sparse result");
    t.execute(s);
    try {
      if (!sparse) {
        return t.fetch();
      }
      for (Chunk chunk : t.data().chunks()) {
        assertEquals(new CsrMatrix.Format(t.dtype()), chunk.meta(), "chunk metadata of " + chunk);
      }
      CsrMatrix m = t.fetchSparse();
      assertEquals(c.param("nnz").asInt(), m.nnz(), c + " on " + layout + ": nnz");
      assertEquals(t.dtype(), m.dtype(), c + " on " + layout + ": fetched dtype");
      assertTrue(java.util.Arrays.equals(t.shape(), m.shape()), c + ": fetched shape");
      return m.toDense();
    } finally {
      t.release();
    }
  }

  static Tensor build(Fixtures.Case c, Fixtures.Layout layout) {
    return switch (c.op()) {
      case "coo" -> {
        long[] shape = Fixtures.longs(c.param("shape"));
        yield Mt.sparse.fromCoo(c.input("rows").toNDArray().longs(), c.input("cols").toNDArray().longs(),
            c.input("vals").toNDArray(), shape, layout.chunkSize(0, shape));
      }
      case "from_dense" -> Fixtures.tensor(c, "a", layout).toSparse();
      case "eye" -> {
        long n = c.param("n").asLong();
        long m = c.param("m").asLong();
        yield Mt.sparse.eye(n, m, c.param("k").asLong(), DType.of(c.param("dtype").asText()),
            layout.chunkSize(0, new long[] {n, m}));
      }
      case "unary" -> Tensor.ofOutput(
          ElementwiseOp.Unary.of(unaryFn(c.param("fn").asText()), input(c, "a", layout).data()));
      case "astype" -> input(c, "a", layout).astype(DType.of(c.param("dtype").asText()));
      case "scalar" -> Tensor.ofOutput(ElementwiseOp.Binary.withScalar(binaryFn(c.param("fn").asText()),
          input(c, "a", layout).data(), Fixtures.scalar(c.param("scalar")), false));
      case "binary" -> {
        List<Tensor> ins = inputs(c, layout);
        yield Tensor.ofOutput(
            ElementwiseOp.Binary.of(binaryFn(c.param("fn").asText()), ins.get(0).data(), ins.get(1).data()));
      }
      case "dot" -> {
        List<Tensor> ins = inputs(c, layout);
        yield ins.get(0).dot(ins.get(1));
      }
      case "sum" -> c.param("axis").isNull() ? input(c, "a", layout).sum() : input(c, "a", layout).sum(c.param("axis")
          .asInt());
      case "transpose" -> input(c, "a", layout).T();
      case "chain" -> input(c, "a", layout).mul(2).add(input(c, "b", layout)).T();
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
  }

  /** The inputs in stored order. */
  static List<Tensor> inputs(Fixtures.Case c, Fixtures.Layout layout) {
    List<Tensor> out = new ArrayList<>();
    for (String k : c.inputs().keySet()) {
      out.add(input(c, k, layout));
    }
    return out;
  }

  /** An input: sparse (from the coordinates of its non-zeros) when the case says so, else dense. */
  static Tensor input(Fixtures.Case c, String key, Fixtures.Layout layout) {
    boolean sparse = false;
    for (JsonNode k : c.param("sparse")) {
      sparse |= k.asText().equals(key);
    }
    if (!sparse) {
      return Fixtures.tensor(c, key, layout);
    }
    NDArray dense = c.input(key).toNDArray();
    long[] shape = dense.shape();
    List<long[]> at = new ArrayList<>();
    List<Integer> pos = new ArrayList<>();
    for (int i = 0; i < dense.size(); i++) {
      if (dense.getBool(i)) {
        at.add(new long[] {i / shape[1], i % shape[1]});
        pos.add(i);
      }
    }
    long[] rows = at.stream().mapToLong(p -> p[0]).toArray();
    long[] cols = at.stream().mapToLong(p -> p[1]).toArray();
    NDArray vals = CsrMatrix.Buffers.gather(dense, pos.stream().mapToInt(Integer::intValue).toArray());
    Tensor t = Mt.sparse.fromCoo(rows, cols, vals, shape, layout.chunkSize(c.inputIndex(key), shape));
    assertTrue(t.isSparse(), key + " is sparse");
    return t;
  }

  static UnaryFn unaryFn(String name) {
    for (UnaryFn f : UnaryFn.values()) {
      if (f.numpyName().equals(name)) {
        return f;
      }
    }
    throw new IllegalArgumentException("no unary function " + name);
  }

  static BinaryFn binaryFn(String name) {
    for (BinaryFn f : BinaryFn.values()) {
      if (f.numpyName().equals(name)) {
        return f;
      }
    }
    throw new IllegalArgumentException("no binary function " + name);
  }
}
