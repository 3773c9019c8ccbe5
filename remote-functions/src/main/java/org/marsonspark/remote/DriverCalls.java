package org.marsonspark.remote;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.TaskContext;
import org.apache.spark.api.plugin.PluginContext;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * The executor's half of {@link RemotePlugin}: a function running in an executor JVM without a
 * Mars session executes, fetches and releases spawned objects through the driver. Objects it
 * executes are held by the driver until it releases them or its task ends.
 */
final class DriverCalls {
  private static final long MAX_POLL_MILLIS = 100;
  private static volatile PluginContext context;

  private DriverCalls() {}

  static void install(PluginContext ctx) {
    context = ctx;
  }

  /** Whether this thread runs a task in an executor that reaches the driver through the plugin. */
  static boolean available() {
    return context != null && TaskContext.get() != null;
  }

  static void execute(List<RemoteObject<?>> objects) {
    NestedGraph.Prepared prepared = NestedGraph.of(objects);
    long ticket = java.util.concurrent.ThreadLocalRandom.current().nextLong();
    RemotePlugin.Outcome outcome;
    try {
      ask(new RemotePlugin.Submit(ticket, JavaSerde.toBytes(prepared.graph())));
      outcome = await(ticket);
    } catch (MarsException e) {
      // killed or cut off while the driver runs it (or before it got it): stop it there too
      send(new RemotePlugin.Cancel(ticket));
      if (Thread.currentThread().isInterrupted() || causedByInterrupt(e)) {
        Thread.currentThread().interrupt();
        throw new MarsException(ErrorClass.CANCELLED, "interrupted while waiting for nested spawns", e);
      }
      throw e;
    }
    if (outcome.failure() != null) {
      if (outcome.failedCall() >= 0 && failureOf(outcome.failure()) != null) {
        prepared.spawns().get(outcome.failedCall()).failed(failureOf(outcome.failure()));
      }
      ErrorClass errorClass = outcome.failure() instanceof MarsException m ? m.errorClass() : ErrorClass.TASK_FAILED;
      throw new MarsException(errorClass, "nested spawn failed: " + outcome.failure().getMessage(), outcome.failure());
    }
    long[] ids = outcome.ids();
    for (int i = 0; i < ids.length; i++) {
      objects.get(i).data().held(ids[i]);
    }
    TaskContext.get().addTaskCompletionListener((TaskContext ctx) -> release(ids));
  }

  private static RemotePlugin.Outcome await(long ticket) {
    long sleep = 1;
    while (true) {
      Object reply = ask(new RemotePlugin.Poll(ticket));
      if (reply != null) {
        return (RemotePlugin.Outcome) JavaSerde.fromBytes((byte[]) reply);
      }
      try {
        Thread.sleep(sleep);
      } catch (InterruptedException e) {
        // this task is being killed (its execution was cancelled): the caller stops the nested execution too
        Thread.currentThread().interrupt();
        throw new MarsException(ErrorClass.CANCELLED, "interrupted while waiting for nested spawns", e);
      }
      sleep = Math.min(MAX_POLL_MILLIS, sleep * 2);
    }
  }

  /** Values (or logs) of held objects. */
  static List<Object> fetch(long[] ids, boolean logs) {
    byte[] reply = (byte[]) ask(new RemotePlugin.Fetch(ids, logs));
    @SuppressWarnings("unchecked")
    List<Object> values = (List<Object>) JavaSerde.fromBytes(reply);
    return new ArrayList<>(values);
  }

  static void release(long[] ids) {
    send(new RemotePlugin.Release(ids));
  }

  /** A one-way message to the driver; when the driver is gone there is nothing to tell. */
  private static void send(Object message) {
    PluginContext ctx = context;
    if (ctx != null) {
      try {
        ctx.send(message);
      } catch (java.io.IOException e) {
        // the driver is gone
      }
    }
  }

  private static Object ask(Object message) {
    try {
      return context.ask(message);
    } catch (Exception e) {
      throw new MarsException(ErrorClass.TASK_FAILED, "the driver did not answer a nested spawn request: " + e, e);
    }
  }

  private static boolean causedByInterrupt(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof InterruptedException) {
        return true;
      }
    }
    return false;
  }

  private static RemoteFunctionException failureOf(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof RemoteFunctionException r) {
        return r;
      }
    }
    return null;
  }
}
