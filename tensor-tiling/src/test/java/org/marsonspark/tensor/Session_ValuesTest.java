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
import org.marsonspark.exec.PlanStage;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * {@link TileContext#requireValues}: tiling that reads small values of chunks it had executed
 * (iterative tiling), through the session's fetch path, under a byte limit; and
 * {@link TileContext#requireExecuted}, which holds an input across such rounds.
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
      return Tensor.ofOutput(newOutput(new long[] {Shapes.UNKNOWN}, DType.INT64));
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

  /** A source of {@code chunks} chunks of one 1 each, counting how many chunk tasks computed them. */
  static final class CountedOnes extends TensorOp {
    static final java.util.concurrent.atomic.AtomicInteger COMPUTED = new java.util.concurrent.atomic.AtomicInteger();
    private final int chunks;

    CountedOnes(int chunks) {
      super(List.of());
      this.chunks = chunks;
    }

    Tensor create() {
      return Tensor.ofOutput(newOutput(new long[] {chunks}, DType.INT64));
    }

    @Override
    public void tile(TileContext ctx) {
      long[] splits = new long[chunks];
      Arrays.fill(splits, 1);
      tileSource(ctx, new long[][] {splits}, b -> new Counted());
    }
  }

  record Counted() implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      CountedOnes.COMPUTED.incrementAndGet();
      return NDArray.of(new long[] {1});
    }

    @Override
    public String name() {
      return "counted";
    }
  }

  /** Reads its input in two rounds (values of chunks built on it), holding it first if asked to. */
  static final class TwoRounds extends TensorOp {
    private final boolean hold;
    private final java.util.List<org.marsonspark.core.TileableData> rounds = new java.util.ArrayList<>();
    long valuesRead;

    TwoRounds(TensorData in, boolean hold) {
      super(List.of(in));
      this.hold = hold;
    }

    Tensor create() {
      return Tensor.ofOutput(newOutput(new long[] {1}, DType.INT64));
    }

    static final class Round extends org.marsonspark.core.TileableData {
      Round() {
        super(new long[] {Shapes.UNKNOWN});
      }
    }

    @Override
    public void tile(TileContext ctx) {
      if (hold) {
        ctx.requireExecuted(input(0));
      }
      long total = 0;
      for (int r = 0; r < 2; r++) {
        if (rounds.size() <= r) {
          Round round = new Round();
          List<org.marsonspark.core.Chunk> parts = new java.util.ArrayList<>();
          for (org.marsonspark.core.Chunk c : input(0).chunks()) {
            parts.add(ctx.newChunk(new Ones(1), List.of(c), c.index(), new long[] {1}, DType.INT64));
          }
          long[] splits = new long[parts.size()];
          Arrays.fill(splits, Shapes.UNKNOWN);
          round.setChunks(parts, new long[][] {splits});
          rounds.add(round);
        }
        total += ctx.requireValues(rounds.get(r)).length;
      }
      valuesRead = total;
      out().setChunks(List.of(ctx.newChunk(new Ones(1), List.of(), new int[] {0}, new long[] {1}, out().chunkMeta())),
          new long[][] {{1}});
    }
  }

  @Test
  void anInputRequiredExecutedIsComputedOnceForAllTilingRounds() {
    for (boolean hold : new boolean[] {true, false}) {
      CountedOnes.COMPUTED.set(0);
      Tensor in = new CountedOnes(3).create();
      TwoRounds op = new TwoRounds(in.data(), hold);
      Tensor out = op.create().execute(spark.session());
      assertEquals(1, out.fetch().size());
      assertEquals(6, op.valuesRead, "two rounds read one value per input chunk");
      // held: 3 chunks computed once; not held: each round's run computes them again
      assertEquals(hold ? 3 : 6, CountedOnes.COMPUTED.get(), "hold=" + hold);
      assertFalse(spark.session().isExecuted(in.data()), "the held input is released with the run");
      out.release();
    }
  }

  @Test
  void explainCannotReadValues() {
    OnesOfSum op = new OnesOfSum(arange(5, 2).data(), -1);
    Tensor out = op.create();
    MarsException e = assertThrows(MarsException.class, () -> spark.session().explain(List.of(out.data())));
    assertEquals(ErrorClass.UNSUPPORTED_OPERATION, e.errorClass());
  }
  @Test
  void explainPrintsALinePerRddWithItsTaskShapeWithoutRunning() {
    // 20 chunks of ones + 1, each summed in its own fused loop (too much work to run inline), then
    // a combine tree
    Tensor sum = Mt.ones(new long[] {800_000}, DType.FLOAT64, ChunkSize.of(40_000)).add(1).sum();
    MarsSession.Explain e = spark.session().explain(List.of(sum.data()));
    PlanStage maps = e.stages().get(0);
    assertEquals(0, maps.depth());
    assertEquals(20, maps.subtasks());
    assertEquals(3, maps.fusedOps(), "ones, add and the chunk's sum in one loop");
    assertEquals("even packs", maps.taskShape());
    assertEquals(8, maps.partitions(), "four packs per slot of local[2]");
    assertTrue(e.stages().stream().skip(1).allMatch(s -> s.taskShape().equals("merged tail")),
        "the combine tree runs in the last pack: " + e);
    String text = e.toString();
    assertEquals(e.stages().size() + 1, text.lines().count(), text);
    assertTrue(text.lines().skip(1).allMatch(l -> l.startsWith("  depth ")), text);
    assertFalse(spark.session().isExecuted(sum.data()), "explain runs nothing");
  }
}
