package org.marsonspark.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Iterative tiling: an operand asks for sizes, the caller runs work, tiling resumes. */
class Tiler_Test {
  static final class Data extends TileableData {
    Data(long... shape) {
      super(shape);
    }
  }

  /** A source of one chunk whose length is unknown until it runs. */
  static final class Source extends TileableOp {
    Source() {
      super(List.of());
      bindOutput(new Data(Shapes.UNKNOWN));
    }

    @Override
    public void tile(TileContext ctx) {
      Chunk c = ctx.newChunk(new TestGraphs.Named("source"), List.of(), new int[] {0}, new long[] {Shapes.UNKNOWN}, null);
      output().setChunks(List.of(c), new long[][] {{Shapes.UNKNOWN}});
    }
  }

  /** Needs its input's real size to tile. */
  static final class NeedsSize extends TileableOp {
    int attempts;

    NeedsSize(TileableData in) {
      super(List.of(in));
      bindOutput(new Data(Shapes.UNKNOWN));
    }

    @Override
    public void tile(TileContext ctx) {
      attempts++;
      ctx.requireKnownShapes(inputs().get(0));
      long n = inputs().get(0).shape(0);
      Chunk c = ctx.newChunk(new TestGraphs.Named("after"), inputs().get(0).chunks(), new int[] {0}, new long[] {n}, null);
      output().setChunks(List.of(c), new long[][] {{n}});
    }
  }

  @Test
  void tilingStopsForUnknownSizesAndResumes() {
    Source src = new Source();
    NeedsSize op = new NeedsSize(src.output());
    Tiler tiler = new Tiler(new TileContext(TestGraphs.OPTIONS));
    TileContext.NeedsExecution asked = assertThrows(TileContext.NeedsExecution.class,
        () -> tiler.tile(List.of(op.output())));
    assertEquals(List.of(src.output()), asked.tileables());
    assertTrue(src.output().isTiled(), "what came before is tiled and can run");
    // the runtime would run the source here; it reports the real size
    src.output().chunks().get(0).updateShape(new long[] {42});
    src.output().refreshShapeFromChunks();
    tiler.tile(List.of(op.output()));
    assertEquals(42, op.output().shape(0));
    assertEquals(2, op.attempts);
  }

  @Test
  void aChunkMayOnlyFillInUnknownDimensions() {
    Source src = new Source();
    new Tiler(new TileContext(TestGraphs.OPTIONS)).tile(List.of(src.output()));
    Chunk c = src.output().chunks().get(0);
    c.updateShape(new long[] {5});
    MarsException e = assertThrows(MarsException.class, () -> c.updateShape(new long[] {6}));
    assertEquals(MarsException.ErrorClass.CHUNK_METADATA_MISMATCH, e.errorClass());
  }
}
