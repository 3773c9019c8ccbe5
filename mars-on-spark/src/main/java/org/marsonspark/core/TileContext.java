package org.marsonspark.core;

import java.util.ArrayList;
import java.util.List;

/**
 * What an operand's {@code tile} uses to build chunks: it creates chunk nodes owned by the
 * operand being tiled and carries the options that decide chunk sizes.
 */
public final class TileContext {
  private final TilingOptions options;
  private long currentOwner;
  private int nodesCreated;

  public TileContext(TilingOptions options) {
    this.options = options;
  }

  public TilingOptions options() {
    return options;
  }

  void setCurrentOwner(long owner) {
    this.currentOwner = owner;
  }

  /** Number of chunk-level operations created so far (for statistics). */
  public int nodesCreated() {
    return nodesCreated;
  }

  /** A chunk op with one output. */
  public Chunk newChunk(ChunkOp op, List<Chunk> inputs, int[] index, long[] shape, Object meta) {
    return newChunks(op, inputs, List.of(new ChunkSpec(index, shape, meta))).get(0);
  }

  /** A chunk op with several outputs, one per spec. */
  public List<Chunk> newChunks(ChunkOp op, List<Chunk> inputs, List<ChunkSpec> specs) {
    if (specs.size() != op.outputCount()) {
      throw new IllegalArgumentException(op.name() + " declares " + op.outputCount() + " outputs, got "
          + specs.size() + " specs");
    }
    List<Chunk> outs = new ArrayList<>(specs.size());
    for (int i = 0; i < specs.size(); i++) {
      ChunkSpec s = specs.get(i);
      outs.add(new Chunk(i, s.index(), s.shape(), s.meta()));
    }
    OpNode node = new OpNode(op, inputs, List.copyOf(outs), currentOwner);
    for (Chunk c : outs) {
      c.setProducer(node);
    }
    nodesCreated++;
    return outs;
  }

  /**
   * Asks for the given tileables to be executed before tiling goes on, when any of them has
   * an unknown dimension. Returns normally when all sizes are known.
   */
  public void requireKnownShapes(TileableData... tileables) {
    List<TileableData> unknown = new ArrayList<>();
    for (TileableData t : tileables) {
      if (t.hasUnknownShape() || Shapes.hasUnknown(t.nsplits())) {
        unknown.add(t);
      }
    }
    if (!unknown.isEmpty()) {
      throw new NeedsExecution(unknown);
    }
  }

  /** Describes one output chunk of a chunk op. */
  public record ChunkSpec(int[] index, long[] shape, Object meta) {}

  /** Thrown by {@link #requireKnownShapes}; caught by the tiler, never seen by users. */
  public static final class NeedsExecution extends RuntimeException {
    private final transient List<TileableData> tileables;

    NeedsExecution(List<TileableData> tileables) {
      super("tiling needs " + tileables + " executed first", null, false, false);
      this.tileables = List.copyOf(tileables);
    }

    public List<TileableData> tileables() {
      return tileables;
    }
  }
}
