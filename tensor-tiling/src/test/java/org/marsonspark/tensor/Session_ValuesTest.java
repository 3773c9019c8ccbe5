package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;

/**
 * {@link TileContext#requireValues}: tiling that reads small values of chunks it had executed
 * (iterative tiling), through the session's fetch path, under a byte limit.
 */
class Session_ValuesTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  @BeforeEach
  void quiet() {
    spark.session().chunkStore().awaitReleases();
  }

  /** A tensor of n ones, n being the sum of the input's values, read while tiling. */
  static final class OnesOfSum extends TensorOp {
    private final long limit;
    int tileCalls;
    long[] chunkSums;

    OnesOfSum(TensorData in, long limit) {
      super(List.of(in));
      this.limit = limit;
    }

    Tensor create() {
      return newTensor(new long[] {Shapes.UNKNOWN}, DType.INT64);
    }

    @Override
    public void tile(TileContext ctx) {
      tileCalls++;
      Object[] values = limit < 0 ? ctx.requireValues(input(0)) : ctx.requireValues(input(0), limit);
      chunkSums = new long[values.length];
      long n = 0;
      for (int c = 0; c < values.length; c++) {
        NDArray a = (NDArray) values[c];
        for (int i = 0; i < a.size(); i++) {
          chunkSums[c] += a.getLong(i);
        }
        n += chunkSums[c];
      }
      out().setChunks(List.of(ctx.newChunk(new Ones((int) n), List.of(), new int[] {0}, new long[] {n},
          out().chunkMeta())), new long[][] {{n}});
    }
  }

  record Ones(int n) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      long[] v = new long[n];
      Arrays.fill(v, 1L);
      return NDArray.of(v);
    }

    @Override
    public String name() {
      return "ones";
    }
  }

  private static Tensor arange(long n, long chunk) {
    return Mt.arange(0, n, 1, DType.INT64, ChunkSize.of(chunk));
  }

  @Test
  void tilingReadsTheValuesOfAMaskedTensorAfterRunningIt() {
    Tensor x = arange(10, 3);
    Tensor masked = x.get(x.gt(5)); // 6, 7, 8, 9 in chunks of unknown size
    assertEquals(-1, masked.shape(0));
    OnesOfSum op = new OnesOfSum(masked.data(), -1);
    Tensor out = op.create();
    out.execute(spark.session());
    assertEquals(2, op.tileCalls, "first call asks for execution, the second reads");
    assertArrayEquals(new long[] {0, 0, 6 + 7 + 8, 9}, op.chunkSums, "one value per chunk, in chunk order");
    assertArrayEquals(new long[] {30}, out.shape());
    NDArray got = out.fetch();
    assertEquals(30, got.size());
    for (int i = 0; i < got.size(); i++) {
      assertEquals(1L, got.getLong(i));
    }
    assertFalse(spark.session().isExecuted(masked.data()), "the chunks run for tiling are released with the run");
    out.release();
  }

  @Test
  void anExecutedInputIsReadWithoutAnotherRound() {
    Tensor x = arange(7, 2).execute(spark.session());
    OnesOfSum op = new OnesOfSum(x.data(), -1);
    Tensor out = op.create().execute(spark.session());
    assertEquals(1, op.tileCalls);
    assertEquals(21, out.fetch().size());
    out.release();
    x.release();
  }

  @Test
  void valuesOverTheLimitRaiseAClearErrorAndLeaveTheSessionUsable() {
    Tensor x = arange(1000, 250);
    Tensor sq = x.mul(x); // 4 chunks of 2000 bytes each, never executed by the user
    OnesOfSum op = new OnesOfSum(sq.data(), 4096);
    MarsException e = assertThrows(MarsException.class, () -> op.create().execute(spark.session()));
    assertEquals(ErrorClass.VALUES_TOO_LARGE, e.errorClass());
    assertTrue(e.getMessage().contains("over the limit of 4096 bytes"), e.getMessage());
    assertTrue(e.getMessage().contains("4 chunks"), e.getMessage());
    assertFalse(spark.session().isExecuted(sq.data()), "nothing held after the failure");
    // the same input under the default limit (8 MiB) is read
    OnesOfSum ok = new OnesOfSum(arange(5, 2).data(), -1);
    assertEquals(10, ok.create().execute(spark.session()).fetch().size());
  }

  @Test
  void explainCannotReadValues() {
    OnesOfSum op = new OnesOfSum(arange(5, 2).data(), -1);
    Tensor out = op.create();
    MarsException e = assertThrows(MarsException.class, () -> spark.session().explain(List.of(out.data())));
    assertEquals(ErrorClass.UNSUPPORTED_OPERATION, e.errorClass());
  }
}
