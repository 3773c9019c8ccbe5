package org.marsonspark.session;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.marsonspark.core.Chunk;
import org.marsonspark.exec.ChunkStore;

/**
 * Holds the chunks an {@code execute()} produced. Releasing it (explicitly, or through a
 * cleaner when the user object that owns it becomes unreachable) drops their blocks unless
 * something else still references them. Safe to release more than once and from any thread.
 */
public final class ExecutionHandle implements Runnable {
  private final ChunkStore store;
  private final List<Chunk> chunks;
  private final AtomicBoolean released = new AtomicBoolean();

  ExecutionHandle(ChunkStore store, List<Chunk> chunks) {
    this.store = store;
    this.chunks = List.copyOf(chunks);
  }

  public List<Chunk> chunks() {
    return chunks;
  }

  public boolean isReleased() {
    return released.get();
  }

  public void release() {
    if (released.compareAndSet(false, true)) {
      chunks.forEach(store::release);
    }
  }

  /** For {@link java.lang.ref.Cleaner}: releases. */
  @Override
  public void run() {
    release();
  }
}
