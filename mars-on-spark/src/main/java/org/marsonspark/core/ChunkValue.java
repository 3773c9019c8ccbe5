package org.marsonspark.core;

/**
 * What the runtime needs to know of a chunk's data without knowing its type: its real shape
 * (reported back for iterative tiling and checked against what tiling predicted), its size in
 * bytes (for the memory accounting of the scheduler) and a name of its element type.
 */
public interface ChunkValue {
  long[] shape();

  long nbytes();

  /** The element type's name (a dtype such as {@code float64}), checked against tiling's prediction. */
  String kind();
}
