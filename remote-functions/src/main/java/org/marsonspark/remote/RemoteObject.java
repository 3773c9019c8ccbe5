package org.marsonspark.remote;

import java.util.List;
import org.marsonspark.session.ExecutionHandle;
import org.marsonspark.session.ExecutionHolder;
import org.marsonspark.session.MarsSession;

/**
 * The result of a spawned function, computed lazily: pass it to other spawns to build a DAG,
 * {@link #execute()} it (or many at once with {@link ExecutableTuple}), then {@link #fetch()}
 * the value or {@link #fetchLog()} what the function printed. An executed object keeps its
 * value in the executors until {@link #release()}, until it becomes unreachable, or until the
 * session closes.
 *
 * <p>Spawned objects are not serializable: pass them to functions as arguments (directly, in a
 * {@code List} or as {@code Map} values), where they arrive as their values.
 *
 * @param <T> the function's return type
 */
public final class RemoteObject<T> implements org.marsonspark.core.TileableHandle {
  private final RemoteData data;
  private final ExecutionHolder executed = new ExecutionHolder(this);

  RemoteObject(RemoteData data) {
    this.data = data;
  }

  @Override
  public RemoteData data() {
    return data;
  }

  /** The spawned function's name ({@code Class.method}). */
  public String functionName() {
    return data.spawn().name();
  }

  /** Runs this object (and what it depends on) in the default session; returns this object. */
  public RemoteObject<T> execute() {
    Executions.execute(null, List.of(this));
    return this;
  }

  public RemoteObject<T> execute(MarsSession s) {
    Executions.execute(s, List.of(this));
    return this;
  }

  /** The function's return value, on the driver (or on the executor, in a nested spawn). */
  @SuppressWarnings("unchecked")
  public T fetch() {
    return (T) Executions.fetch(List.of(this)).get(0);
  }

  /**
   * What the function printed to {@code System.out} and {@code System.err} on its executor —
   * its own output only, over all attempts. Available after it ran, and after it failed.
   */
  public String fetchLog() {
    return Executions.fetchLogs(List.of(this)).get(0);
  }

  public boolean isExecuted() {
    return data.heldId() != 0 || executed.isExecuted(data);
  }

  /** Drops the value from the executors (unless something else still uses it). */
  public void release() {
    long held = data.heldId();
    if (held != 0) {
      data.held(0);
      DriverCalls.release(new long[] {held});
    }
    executed.release();
  }

  /** Where a nested function executed this object through the driver: the driver's id for it, else 0. */
  long driverId() {
    return data.heldId();
  }

  /** Called by execution: takes ownership of the handle holding this object's chunk. */
  void adopt(MarsSession s, ExecutionHandle h) {
    executed.adopt(s, h);
  }

  MarsSession session() {
    return executed.session();
  }

  @Override
  public String toString() {
    return "RemoteObject(" + functionName() + (isExecuted() ? ", executed" : "") + ")";
  }
}
