package org.marsonspark.remote;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableData;
import org.marsonspark.core.TileableOp;
import org.marsonspark.exec.Fetcher;
import org.marsonspark.session.ExecutionHandle;
import org.marsonspark.session.MarsSession;

/** Executes and fetches spawned objects, one object or many at once. */
final class Executions {
  /** Runs on the executor holding a result: keeps only the log, so the value does not travel. */
  private static final Fetcher.Transform LOG_ONLY = r -> ((RemoteResult) r).log();

  private Executions() {}

  /**
   * Executes {@code objects} in {@code session} (null: the default one) in one run. A function
   * running in an executor JVM without a session executes through the driver ({@link RemotePlugin}).
   */
  static void execute(MarsSession session, List<? extends RemoteObject<?>> objects) {
    List<RemoteObject<?>> distinct = distinct(objects);
    if (session == null && !hasDefaultSession() && DriverCalls.available()) {
      DriverCalls.execute(distinct);
      return;
    }
    run(session != null ? session : defaultSession(), distinct, false);
  }

  /** Executes alongside the execution in progress (work asked for by a running task). */
  static void executeNested(MarsSession session, List<? extends RemoteObject<?>> objects) {
    run(session, distinct(objects), true);
  }

  private static void run(MarsSession s, List<RemoteObject<?>> distinct, boolean nested) {
    List<TileableData> targets = new ArrayList<>(distinct.size());
    for (RemoteObject<?> o : distinct) {
      targets.add(o.data());
    }
    List<ExecutionHandle> handles;
    try {
      handles = nested ? s.executeNested(targets) : s.execute(targets);
    } catch (MarsException e) {
      recordFailure(e, targets);
      throw e;
    }
    for (int i = 0; i < distinct.size(); i++) {
      distinct.get(i).data().spawn().failed(null);
      distinct.get(i).adopt(s, handles.get(i));
    }
  }

  private static boolean hasDefaultSession() {
    try {
      MarsSession.getDefault();
      return true;
    } catch (MarsException e) {
      return false;
    }
  }

  private static MarsSession defaultSession() {
    try {
      return MarsSession.getDefault();
    } catch (MarsException e) {
      if (org.apache.spark.TaskContext.get() != null) {
        throw new MarsException(ErrorClass.SESSION_CLOSED, "a function running on an executor executed spawned "
            + "objects, which needs the driver: start Spark with --conf spark.plugins=" + RemotePlugin.class.getName()
            + " (or RemotePlugin.enable(conf))", e);
      }
      throw e;
    }
  }

  /** The values of executed objects, in order (one fetch job per RDD holding them). */
  static List<Object> fetch(List<? extends RemoteObject<?>> objects) {
    Object[] results = fetchExecuted(objects, null);
    List<Object> values = new ArrayList<>(results.length);
    for (Object r : results) {
      values.add(((RemoteResult) r).value());
    }
    return values;
  }

  /** The logs of objects that ran — executed, or failed. */
  static List<String> fetchLogs(List<? extends RemoteObject<?>> objects) {
    List<RemoteObject<?>> executed = new ArrayList<>();
    for (RemoteObject<?> o : objects) {
      RemoteFunctionException failure = o.data().spawn().failure();
      if (!o.isExecuted() && failure == null) {
        throw notExecuted(o);
      }
      if (o.isExecuted()) {
        executed.add(o);
      }
    }
    Object[] logs = fetchExecuted(executed, LOG_ONLY);
    List<String> out = new ArrayList<>(objects.size());
    int next = 0;
    for (RemoteObject<?> o : objects) {
      out.add(o.isExecuted() ? (String) logs[next++] : o.data().spawn().failure().log());
    }
    return out;
  }

  private static Object[] fetchExecuted(List<? extends RemoteObject<?>> objects, Fetcher.Transform transform) {
    Map<MarsSession, List<Integer>> bySession = new LinkedHashMap<>();
    List<Integer> held = new ArrayList<>();
    for (int i = 0; i < objects.size(); i++) {
      RemoteObject<?> o = objects.get(i);
      if (o.data().heldId() != 0) {
        held.add(i);
        continue;
      }
      if (!o.isExecuted()) {
        RemoteFunctionException failure = o.data().spawn().failure();
        if (failure != null) {
          throw new MarsException(ErrorClass.TASK_FAILED, o.functionName() + " failed when it was executed: "
              + failure.getMessage() + " (fetchLog() gives what it printed)", failure);
        }
        throw notExecuted(o);
      }
      bySession.computeIfAbsent(o.session(), k -> new ArrayList<>()).add(i);
    }
    Object[] out = new Object[objects.size()];
    if (!held.isEmpty()) {
      long[] ids = held.stream().mapToLong(i -> objects.get(i).data().heldId()).toArray();
      List<Object> got = DriverCalls.fetch(ids, transform == LOG_ONLY);
      for (int k = 0; k < ids.length; k++) {
        // held results come back as values (or logs), not as chunks
        out[held.get(k)] = transform == LOG_ONLY ? got.get(k) : new RemoteResult(got.get(k), null, 0);
      }
    }
    for (Map.Entry<MarsSession, List<Integer>> e : bySession.entrySet()) {
      List<org.marsonspark.core.Chunk> chunks = new ArrayList<>();
      List<Fetcher.Transform> transforms = new ArrayList<>();
      for (int i : e.getValue()) {
        chunks.add(objects.get(i).data().chunks().get(0));
        transforms.add(transform);
      }
      Object[] got = e.getKey().fetchChunks(chunks, transform == null ? null : transforms);
      for (int k = 0; k < got.length; k++) {
        out[e.getValue().get(k)] = got[k];
      }
    }
    return out;
  }

  private static MarsException notExecuted(RemoteObject<?> o) {
    return new MarsException(ErrorClass.NOT_EXECUTED, o + " has not been executed (or was released): call execute() first");
  }

  /** Keeps a function's failure (with its log) on the spawn that failed, found among the targets' inputs. */
  private static void recordFailure(MarsException e, List<TileableData> targets) {
    RemoteFunctionException failure = null;
    for (Throwable t = e; t != null && failure == null; t = t.getCause()) {
      if (t instanceof RemoteFunctionException r) {
        failure = r;
      }
    }
    if (failure == null) {
      return;
    }
    Set<TileableOp> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<TileableData> todo = new ArrayDeque<>(targets);
    while (!todo.isEmpty()) {
      TileableOp op = todo.pop().op();
      if (!seen.add(op)) {
        continue;
      }
      if (op instanceof SpawnOp spawn && spawn.id() == failure.operand()) {
        spawn.failed(failure);
        return;
      }
      todo.addAll(op.inputs());
    }
  }

  private static List<RemoteObject<?>> distinct(List<? extends RemoteObject<?>> objects) {
    Set<RemoteObject<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    List<RemoteObject<?>> out = new ArrayList<>();
    for (RemoteObject<?> o : objects) {
      if (seen.add(o)) {
        out.add(o);
      }
    }
    return out;
  }
}
