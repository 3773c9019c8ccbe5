package org.marsonspark.remote;

import java.util.Iterator;
import java.util.List;
import org.marsonspark.session.MarsSession;

/**
 * Several spawned objects executed and fetched together: one execution (one plan, so
 * independent spawns share Spark jobs) and one fetch. A spawn with {@code nOutput(n)} returns
 * its n objects as a tuple.
 */
public final class ExecutableTuple implements Iterable<RemoteObject<?>> {
  private final List<RemoteObject<?>> items;

  private ExecutableTuple(List<RemoteObject<?>> items) {
    this.items = List.copyOf(items);
  }

  public static ExecutableTuple of(RemoteObject<?>... objects) {
    return new ExecutableTuple(List.of(objects));
  }

  public static ExecutableTuple of(List<? extends RemoteObject<?>> objects) {
    return new ExecutableTuple(List.copyOf(objects));
  }

  public int size() {
    return items.size();
  }

  /** The i-th object, typed as the caller expects. */
  @SuppressWarnings("unchecked")
  public <T> RemoteObject<T> get(int i) {
    return (RemoteObject<T>) items.get(i);
  }

  /** Executes every object in the default session, in one run. */
  public ExecutableTuple execute() {
    Executions.execute(null, items);
    return this;
  }

  public ExecutableTuple execute(MarsSession session) {
    Executions.execute(session, items);
    return this;
  }

  /** Every object's value, in order. */
  public List<Object> fetch() {
    return Executions.fetch(items);
  }

  /** Every object's log, in order. */
  public List<String> fetchLog() {
    return Executions.fetchLogs(items);
  }

  public void release() {
    items.forEach(RemoteObject::release);
  }

  @Override
  public Iterator<RemoteObject<?>> iterator() {
    return items.iterator();
  }

  @Override
  public String toString() {
    return "ExecutableTuple" + items;
  }
}
