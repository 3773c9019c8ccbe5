package org.marsonspark.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A node of the tileable (logical) graph: the data behind a user object such as a tensor.
 * It is produced by one output of one {@link TileableOp} and carries its shape (possibly with
 * unknown dimensions) and, once tiled, its chunk sizes per axis ({@code nsplits}) and chunks
 * in C order over the chunk grid. Subclasses add typed metadata (a dtype, columns, ...).
 */
public abstract class TileableData {
  private static final AtomicLong IDS = new AtomicLong();

  private final long id = IDS.incrementAndGet();
  private TileableOp op;
  private int outputIndex;
  private long[] shape;
  private long[][] nsplits;
  private List<Chunk> chunks;

  protected TileableData(long[] shape) {
    this.shape = shape.clone();
  }

  void bind(TileableOp op, int outputIndex) {
    if (this.op != null) {
      throw new IllegalStateException("tileable " + id + " already has an operand");
    }
    this.op = op;
    this.outputIndex = outputIndex;
  }

  public long id() {
    return id;
  }

  public TileableOp op() {
    return op;
  }

  public int outputIndex() {
    return outputIndex;
  }

  public long[] shape() {
    return shape.clone();
  }

  public long shape(int axis) {
    return shape[axis];
  }

  public int ndim() {
    return shape.length;
  }

  public boolean hasUnknownShape() {
    return Shapes.hasUnknown(shape);
  }

  public boolean isTiled() {
    return chunks != null;
  }

  /** Chunk sizes along each axis; only after tiling. */
  public long[][] nsplits() {
    requireTiled();
    long[][] copy = new long[nsplits.length][];
    for (int i = 0; i < nsplits.length; i++) {
      copy[i] = nsplits[i].clone();
    }
    return copy;
  }

  public int[] chunkGrid() {
    requireTiled();
    int[] grid = new int[nsplits.length];
    for (int i = 0; i < grid.length; i++) {
      grid[i] = nsplits[i].length;
    }
    return grid;
  }

  public List<Chunk> chunks() {
    requireTiled();
    return chunks;
  }

  /** The chunk at a grid position. */
  public Chunk chunk(int... index) {
    return chunks().get(Shapes.flatIndex(index, chunkGrid()));
  }

  /** Called by tiling: installs the chunks (C order over the grid) and their sizes. */
  public void setChunks(List<Chunk> chunks, long[][] nsplits) {
    if (nsplits.length != shape.length) {
      throw new IllegalArgumentException("nsplits has " + nsplits.length + " axes, tileable has " + shape.length);
    }
    int expected = 1;
    for (long[] s : nsplits) {
      expected *= s.length;
    }
    if (expected != chunks.size()) {
      throw new IllegalArgumentException("grid holds " + expected + " chunks, got " + chunks.size());
    }
    this.chunks = Collections.unmodifiableList(new ArrayList<>(chunks));
    this.nsplits = nsplits;
    long[] fromSplits = Shapes.fromNsplits(nsplits);
    for (int i = 0; i < shape.length; i++) {
      if (shape[i] == Shapes.UNKNOWN) {
        shape[i] = fromSplits[i];
      }
    }
  }

  /** After the chunks ran: takes their real shapes into nsplits and the shape. */
  public void refreshShapeFromChunks() {
    requireTiled();
    int[] grid = chunkGrid();
    long[][] fresh = new long[grid.length][];
    for (int axis = 0; axis < grid.length; axis++) {
      fresh[axis] = new long[grid[axis]];
      for (int i = 0; i < grid[axis]; i++) {
        int[] idx = new int[grid.length];
        idx[axis] = i;
        fresh[axis][i] = chunk(idx).shape(axis);
      }
    }
    this.nsplits = fresh;
    this.shape = Shapes.fromNsplits(fresh);
  }

  private void requireTiled() {
    if (chunks == null) {
      throw new IllegalStateException("tileable " + id + " is not tiled yet");
    }
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "#" + id + Shapes.toString(shape);
  }
}
