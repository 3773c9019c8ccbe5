package org.marsonspark.core;

import java.util.List;

/** Builds small chunk graphs by hand for planner tests. */
public final class TestGraphs {
  private TestGraphs() {}

  public static final TilingOptions OPTIONS = new TilingOptions() {
    @Override
    public long chunkStoreLimit() {
      return 1 << 20;
    }

    @Override
    public int combineSize() {
      return 4;
    }
  };

  /** A chunk op that returns its name. */
  public record Named(String label) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return label;
    }

    @Override
    public String name() {
      return label;
    }
  }

  /** A batchable op with a resource request, as a spawned function call is. */
  public record Call(String label, ResourceRequest resources) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return label;
    }

    @Override
    public boolean batchable() {
      return true;
    }

    @Override
    public String name() {
      return label;
    }
  }

  /** A 0-d chunk of a {@link Call}, tiled by the tileable operand {@code owner}. */
  public static Chunk call(TileContext ctx, long owner, String name, ResourceRequest resources, Chunk... inputs) {
    ctx.setCurrentOwner(owner);
    return ctx.newChunks(new Call(name, resources), List.of(inputs),
        List.of(new TileContext.ChunkSpec(new int[0], new long[0], null))).get(0);
  }

  /** A chunk produced by an op named {@code name}, tiled by the tileable operand {@code owner}. */
  public static Chunk chunk(TileContext ctx, long owner, String name, Chunk... inputs) {
    return chunk(ctx, owner, name, 1, inputs);
  }

  /** As {@link #chunk}, of {@code size} elements. */
  public static Chunk chunk(TileContext ctx, long owner, String name, long size, Chunk... inputs) {
    ctx.setCurrentOwner(owner);
    return ctx.newChunk(new Named(name), List.of(inputs), new int[] {0}, new long[] {size}, null);
  }
}
