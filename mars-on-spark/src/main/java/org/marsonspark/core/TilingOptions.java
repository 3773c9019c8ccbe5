package org.marsonspark.core;

/** The part of the session options that tiling reads. */
public interface TilingOptions {
  /** Chunks without an explicit size are kept under this many bytes. */
  long chunkStoreLimit();

  /** Fan-in of each step of a reduction tree. */
  int combineSize();

  /**
   * The most bytes {@link TileContext#requireValues(TileableData)} brings to the driver for one
   * tileable (default 8 MiB): tiling reads small metadata, never data.
   */
  default long valueReadLimit() {
    return 8L << 20;
  }
}
