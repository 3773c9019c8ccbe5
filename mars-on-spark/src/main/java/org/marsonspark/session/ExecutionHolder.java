package org.marsonspark.session;

import java.lang.ref.Cleaner;
import org.marsonspark.core.TileableData;

/**
 * What a user object (a tensor, a spawned object) holds once executed: the session and the
 * {@link ExecutionHandle} of its chunks. The handle is released explicitly, when the owner
 * becomes unreachable (a {@link Cleaner}), when the owner is executed again, or when the
 * session closes.
 */
public final class ExecutionHolder {
  private static final Cleaner CLEANER = Cleaner.create();

  private final Object owner;
  private MarsSession session;
  private ExecutionHandle handle;
  private Cleaner.Cleanable cleanable;

  /** @param owner the user object whose reachability decides when the chunks are released */
  public ExecutionHolder(Object owner) {
    this.owner = owner;
  }

  /** Takes ownership of a handle, releasing the one held before. */
  public synchronized void adopt(MarsSession s, ExecutionHandle h) {
    if (cleanable != null) {
      cleanable.clean();
    }
    this.session = s;
    this.handle = h;
    this.cleanable = CLEANER.register(owner, h);
  }

  /** The session of the last execution, or null. */
  public synchronized MarsSession session() {
    return session;
  }

  /** Whether {@code data}'s chunks are still held, in an open session. */
  public synchronized boolean isExecuted(TileableData data) {
    return handle != null && !handle.isReleased() && session != null && !session.isClosed()
        && session.isExecuted(data);
  }

  /** Drops the chunks (unless something else still uses them). */
  public synchronized void release() {
    if (cleanable != null) {
      cleanable.clean();
      cleanable = null;
    }
  }
}
