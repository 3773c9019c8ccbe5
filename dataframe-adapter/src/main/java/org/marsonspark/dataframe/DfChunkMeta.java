package org.marsonspark.dataframe;

import java.io.Serializable;
import org.marsonspark.core.ElementType;

/**
 * Chunk metadata of frames, series, indexes and scalars: its text is the kind a chunk's data
 * reports (for instance {@code frame[int64,float64]}), its item size the average bytes of one
 * cell (for the scheduler's memory estimate).
 */
public record DfChunkMeta(String kind, int itemSize) implements ElementType, Serializable {
  @Override
  public String toString() {
    return kind;
  }
}
