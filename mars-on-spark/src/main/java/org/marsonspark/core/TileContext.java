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
  private ValueReader valueReader;

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
   * An all-to-all exchange ({@link Exchange}) of the given map chunks — each the output of a chunk
   * op returning {@link Exchange.Pieces} of {@code partitions} pieces, made with metadata
   * {@link Exchange#PIECES} — into {@code partitions} buckets, returned in partition order. The
   * op consuming bucket p receives an {@link Exchange.Bucket}. Runs on Spark's shuffle.
   */
  public List<Chunk> newExchange(String name, List<Chunk> mapOutputs, int partitions) {
    if (mapOutputs.isEmpty()) {
      throw new IllegalArgumentException(name + ": an exchange needs at least one map chunk");
    }
    for (Chunk m : mapOutputs) {
      if (m.meta() != Exchange.PIECES) {
        throw new IllegalArgumentException(name + ": " + m + " is not a map chunk of pieces (its metadata is "
            + m.meta() + ")");
      }
    }
    List<ChunkSpec> specs = new ArrayList<>(partitions);
    for (int p = 0; p < partitions; p++) {
      specs.add(new ChunkSpec(new int[] {p}, new long[] {Shapes.UNKNOWN}, Exchange.BUCKET));
    }
    return newChunks(Exchange.of(partitions, name), mapOutputs, specs);
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

  /**
   * Asks for the given tileables to be executed before tiling goes on unless every chunk of
   * theirs is materialized; the session then holds them until the run ends. For an operand that
   * reads its inputs in several rounds (each a {@link #requireValues} of chunks it built on
   * them): the rounds then read the held chunks instead of computing them again.
   */
  public void requireExecuted(TileableData... tileables) {
    List<TileableData> missing = new ArrayList<>();
    for (TileableData t : tileables) {
      boolean held = valueReader != null && t.isTiled();
      if (held) {
        for (Chunk c : t.chunks()) {
          held &= valueReader.isMaterialized(c);
        }
      }
      if (!held) {
        missing.add(t);
      }
    }
    if (!missing.isEmpty()) {
      throw new NeedsExecution(missing);
    }
  }

  /**
   * Installs what reads chunk values for {@link #requireValues}: the session running the tiler
   * does, with its chunk store and fetch path. Without one, {@code requireValues} can only ask
   * for execution.
   */
  public void setValueReader(ValueReader reader) {
    this.valueReader = reader;
  }

  /**
   * The values of every chunk of {@code t} (in chunk order), for tiling decisions that depend
   * on small data — the distinct keys of an aggregation, a count, a width. While any chunk of
   * {@code t} is not materialized this asks for {@code t} to be executed first
   * ({@link NeedsExecution}, as {@link #requireKnownShapes} does); the session runs it, keeps
   * its chunks until the run ends and tiles again, and this call then reads the values through
   * the session's fetch path (only those chunks). {@code t} must be tiled already: an input of
   * the operand, or a private tileable whose chunks the operand built (kept across calls of its
   * {@code tile}, since tiling resumes there). At most {@link TilingOptions#valueReadLimit()}
   * bytes, as the executors reported them; more raises {@code VALUES_TOO_LARGE}.
   */
  public Object[] requireValues(TileableData t) {
    return requireValues(t, options.valueReadLimit());
  }

  /** As {@link #requireValues(TileableData)}, with a limit of {@code maxBytes}. */
  public Object[] requireValues(TileableData t, long maxBytes) {
    if (!t.isTiled()) {
      throw new MarsException(MarsException.ErrorClass.INTERNAL, "requireValues(" + t
          + "): the tileable is not tiled; only inputs and tileables built in tile can be read");
    }
    if (valueReader == null) {
      throw new NeedsExecution(List.of(t));
    }
    long bytes = 0;
    for (Chunk c : t.chunks()) {
      if (!valueReader.isMaterialized(c)) {
        throw new NeedsExecution(List.of(t));
      }
      bytes += valueReader.bytesOf(c);
    }
    if (bytes > maxBytes) {
      throw new MarsException(MarsException.ErrorClass.VALUES_TOO_LARGE, "tiling needs the values of " + t
          + " on the driver: " + bytes + " bytes in " + t.chunks().size() + " chunks, over the limit of "
          + maxBytes + " bytes (TilingOptions.valueReadLimit)");
    }
    Object[] values = valueReader.read(t.chunks());
    if (values.length != t.chunks().size()) {
      throw new MarsException(MarsException.ErrorClass.INTERNAL, "read " + values.length + " values for "
          + t.chunks().size() + " chunks of " + t);
    }
    return values;
  }

  /** Reads the values of materialized chunks on behalf of {@link #requireValues}. */
  public interface ValueReader {
    boolean isMaterialized(Chunk c);

    /** The bytes of a materialized chunk as its executor reported them (0 when unknown). */
    long bytesOf(Chunk c);

    /** The values of materialized chunks, in the order given. */
    Object[] read(List<Chunk> chunks);
  }

  /** Describes one output chunk of a chunk op. */
  public record ChunkSpec(int[] index, long[] shape, Object meta) {}

  /** Thrown by {@link #requireKnownShapes} and {@link #requireValues}; caught by the tiler, never seen by users. */
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
