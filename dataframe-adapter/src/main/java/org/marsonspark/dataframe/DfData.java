package org.marsonspark.dataframe;

import java.util.concurrent.atomic.AtomicLong;
import org.marsonspark.core.TileableData;

/**
 * The tileable behind a DataFrame, Series or Index: rows along axis 0 (their count may be unknown
 * after a filter), an index, and an alignment key. Two tileables with the same key have the same
 * index labels and the same row chunks, one for one (chunk-wise operations keep their input's
 * key); operands between such tileables pair chunks directly, others align first.
 */
public abstract class DfData extends TileableData {
  private static final AtomicLong KEYS = new AtomicLong();

  private final IndexMeta index;
  private final long alignKey;

  protected DfData(long[] shape, IndexMeta index, long alignKey) {
    super(shape);
    this.index = index;
    this.alignKey = alignKey;
  }

  /** A key no other tileable has yet (for operands that change the rows). */
  public static long newAlignKey() {
    return KEYS.incrementAndGet();
  }

  public IndexMeta index() {
    return index;
  }

  public long alignKey() {
    return alignKey;
  }

  /** Rows, or -1 while unknown. */
  public long nrows() {
    return shape(0);
  }

  /** Rows of each chunk (once tiled; -1 for chunks that have not run). */
  public long[] rowSplits() {
    return nsplits()[0];
  }

  /** The metadata tiling gives each chunk (its kind is checked against what the chunk reports). */
  public abstract DfChunkMeta chunkMeta();

  // ---- IO and interop: assembling row chunks into one local value ----

  /** Puts row chunks (frames, series or index chunks, in row order) together, as {@code fetch()} does. */
  record RowsAssembler() implements org.marsonspark.core.Assemblable.Assembler {
    @Override
    public Object assemble(Object[] chunkValues) {
      return org.marsonspark.dataframe.local.Rows.concat(java.util.Arrays.asList(chunkValues));
    }
  }
}
