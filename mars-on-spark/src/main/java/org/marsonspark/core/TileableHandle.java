package org.marsonspark.core;

/**
 * A user-facing lazy object — a tensor, a DataFrame, a Series, a spawned call's result —
 * backed by one tileable. Modules that accept "any Mars object" (spawned functions' arguments,
 * for one) take this instead of naming every kind.
 */
public interface TileableHandle {
  TileableData data();
}
