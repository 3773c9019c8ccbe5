package org.marsonspark.dataframe;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableData;
import org.marsonspark.session.ExecutionHandle;
import org.marsonspark.session.ExecutionHolder;
import org.marsonspark.session.MarsSession;

/**
 * What DataFrame, Series, Index and Scalar share: their tileable, {@code execute()} and the
 * chunks an execution keeps (released explicitly, when the object becomes unreachable, or with
 * the session), and fetching those chunks.
 */
public abstract class Executable implements org.marsonspark.core.TileableHandle {
  private final ExecutionHolder executed = new ExecutionHolder(this);

  /** The tileable behind this object. */
  @Override
  public abstract TileableData data();

  /** Runs this object in the default session and keeps its chunks. */
  public Executable execute() {
    return execute(MarsSession.getDefault());
  }

  public Executable execute(MarsSession s) {
    Md.execute(s, this);
    return this;
  }

  void adopt(MarsSession s, ExecutionHandle h) {
    executed.adopt(s, h);
  }

  public boolean isExecuted() {
    return executed.isExecuted(data());
  }

  /** Drops this object's chunks from the executors (unless something else still uses them). */
  public void release() {
    executed.release();
  }

  /** The session this object was executed in (or the default one). */
  protected MarsSession executedSession() {
    MarsSession session = executed.session();
    return session != null && !session.isClosed() ? session : MarsSession.getDefault();
  }

  /** The data of every chunk, in grid order; the object must have been executed. */
  protected Object[] fetchChunks() {
    MarsSession s = executedSession();
    if (!s.isExecuted(data())) {
      throw new MarsException(ErrorClass.NOT_EXECUTED, this + " has not been executed (or was released): "
          + "call execute() first");
    }
    return s.fetchChunks(data().chunks(), null);
  }
}
