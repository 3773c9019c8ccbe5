package org.marsonspark.core;

import java.io.Serializable;

/**
 * A tileable whose chunks can be put together into one local value on an executor — a tensor
 * into an {@code NDArray}, a DataFrame into a local frame — for code that needs it whole, such
 * as a spawned function receiving it as an argument.
 */
public interface Assemblable {

  /** How to assemble this tileable's chunk values, given in the order of {@link TileableData#chunks()}; call after tiling. */
  Assembler assembler();

  /** Shipped with tasks: assembles the chunk values of one tileable. */
  interface Assembler extends Serializable {
    Object assemble(Object[] chunkValues);
  }
}
