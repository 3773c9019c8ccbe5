package org.marsonspark.core;

/** Chunk metadata that knows the size of one element (a tensor's dtype); used to predict bytes. */
public interface ElementType {
  int itemSize();
}
