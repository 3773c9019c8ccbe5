package org.marsonspark.core;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The logical half of an operand: it knows its input tileables and turns its outputs into
 * chunks in {@link #tile}. A subclass usually keeps the matching {@link ChunkOp} next to it,
 * so that how an operation is split and how one piece runs read side by side.
 */
public abstract class TileableOp {
  private static final AtomicLong IDS = new AtomicLong();

  private final long id = IDS.incrementAndGet();
  private final List<TileableData> inputs;
  private List<TileableData> outputs;

  protected TileableOp(List<? extends TileableData> inputs) {
    this.inputs = List.copyOf(inputs);
  }

  /** Attaches the outputs this operand produces; called once by the tileable's factory. */
  protected final <T extends TileableData> List<T> bindOutputs(List<T> outs) {
    if (this.outputs != null) {
      throw new IllegalStateException(name() + " already has outputs");
    }
    for (int i = 0; i < outs.size(); i++) {
      outs.get(i).bind(this, i);
    }
    this.outputs = List.copyOf(outs);
    return outs;
  }

  protected final <T extends TileableData> T bindOutput(T out) {
    return bindOutputs(List.of(out)).get(0);
  }

  public long id() {
    return id;
  }

  public List<TileableData> inputs() {
    return inputs;
  }

  public List<TileableData> outputs() {
    return outputs;
  }

  public TileableData output() {
    return outputs.get(0);
  }

  public String name() {
    return getClass().getSimpleName();
  }

  /**
   * Splits the outputs into chunks, calling {@link TileableData#setChunks} on each. Inputs are
   * already tiled. An operand that needs real sizes its inputs do not know yet calls
   * {@link TileContext#requireKnownShapes}; tiling resumes here once that work has run.
   */
  public abstract void tile(TileContext ctx);

  @Override
  public String toString() {
    return name() + "#" + id;
  }
}
