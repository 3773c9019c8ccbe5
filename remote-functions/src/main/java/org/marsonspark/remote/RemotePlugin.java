package org.marsonspark.remote;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.api.plugin.DriverPlugin;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.PluginContext;
import org.apache.spark.api.plugin.SparkPlugin;
import org.marsonspark.core.TileableData;
import org.marsonspark.session.MarsSession;

/**
 * Lets functions running in executor JVMs spawn and execute more functions: the executor
 * sends the calls to the driver, which runs them in its Mars session and holds the results
 * until the calling task ends. Not needed in {@code local[n]} mode, where executors share the
 * driver's JVM and session. Enable it when Spark starts:
 * {@code --conf spark.plugins=org.marsonspark.remote.RemotePlugin}, or {@link #enable}.
 */
public final class RemotePlugin implements SparkPlugin {
  private static final String PLUGINS = "spark.plugins";

  /** Adds this plugin to {@code spark.plugins} of a configuration; returns it. */
  public static SparkConf enable(SparkConf conf) {
    String current = conf.get(PLUGINS, "");
    if (!List.of(current.split(",")).contains(RemotePlugin.class.getName())) {
      conf.set(PLUGINS, current.isEmpty() ? RemotePlugin.class.getName() : current + "," + RemotePlugin.class.getName());
    }
    return conf;
  }

  @Override
  public DriverPlugin driverPlugin() {
    return new DriverSide();
  }

  @Override
  public ExecutorPlugin executorPlugin() {
    return new ExecutorPlugin() {
      @Override
      public void init(PluginContext ctx, Map<String, String> extraConf) {
        DriverCalls.install(ctx);
      }
    };
  }

  /** Executes nested calls, run asynchronously and polled, so no call outlasts Spark's RPC timeout. */
  /**
   * Runs a nested graph under {@code ticket}, chosen by the executor (unique per submission), so
   * that the executor can cancel it even when the task is killed before the reply arrives.
   */
  record Submit(long ticket, byte[] graph) implements Serializable {}

  /** Asks whether a submission finished: null while it runs, else a serialized {@link Outcome}. */
  record Poll(long ticket) implements Serializable {}

  /** Values (or logs) of held objects, as a serialized {@code List}. */
  record Fetch(long[] ids, boolean logs) implements Serializable {}

  /** Drops held objects. */
  record Release(long[] ids) implements Serializable {}

  /** Stops a submission: the task waiting for it is being killed. */
  record Cancel(long ticket) implements Serializable {}

  /** How a submission ended: the ids of its targets, or the failure and the call that failed (-1: none). */
  record Outcome(long[] ids, Throwable failure, int failedCall) implements Serializable {}

  /** The driver's half: runs submissions in the default Mars session and holds their results. */
  static final class DriverSide implements DriverPlugin {
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, RemoteObject<?>> held = new ConcurrentHashMap<>();
    private final Map<Long, Future<byte[]>> running = new ConcurrentHashMap<>();
    /** Tickets cancelled before their submission arrived. */
    private final java.util.Set<Long> cancelled = ConcurrentHashMap.newKeySet();
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "mars-nested-spawn");
      t.setDaemon(true);
      return t;
    });

    @Override
    public Map<String, String> init(SparkContext sc, PluginContext ctx) {
      return Map.of();
    }

    @Override
    public Object receive(Object message) throws Exception {
      if (message instanceof Submit s) {
        if (cancelled.remove(s.ticket())) {
          return null; // its task was killed before this arrived
        }
        running.put(s.ticket(), pool.submit(() -> JavaSerde.toBytes(run((NestedGraph) JavaSerde.fromBytes(s.graph())))));
        return null;
      }
      if (message instanceof Poll p) {
        Future<byte[]> f = running.get(p.ticket());
        if (f == null || !f.isDone()) {
          return null;
        }
        running.remove(p.ticket());
        return f.get();
      }
      if (message instanceof Fetch f) {
        List<RemoteObject<?>> objects = new ArrayList<>();
        for (long id : f.ids()) {
          objects.add(heldObject(id));
        }
        List<?> out = f.logs() ? Executions.fetchLogs(objects) : Executions.fetch(objects);
        return JavaSerde.toBytes(new ArrayList<>(out));
      }
      if (message instanceof Cancel c) {
        Future<byte[]> f = running.remove(c.ticket());
        if (f != null) {
          f.cancel(true); // interrupts the nested execution: its jobs are cancelled, its results released
        } else {
          cancelled.add(c.ticket()); // the submission may still be on its way: refuse it when it comes
        }
        return null;
      }
      if (message instanceof Release r) {
        for (long id : r.ids()) {
          RemoteObject<?> o = held.remove(id);
          if (o != null) {
            o.release();
          }
        }
        return null;
      }
      throw new IllegalArgumentException("unknown message " + message);
    }

    private Outcome run(NestedGraph graph) {
      List<List<RemoteData>> outputs = new ArrayList<>();
      List<SpawnOp> spawns = new ArrayList<>();
      for (NestedGraph.Call c : graph.calls()) {
        List<TileableData> inputs = new ArrayList<>();
        for (NestedGraph.Input in : c.inputs()) {
          inputs.add(in instanceof NestedGraph.Held h ? heldObject(h.id()).data()
              : outputs.get(((NestedGraph.Output) in).call()).get(((NestedGraph.Output) in).output()));
        }
        List<RemoteData> outs = SpawnOp.respawn(c.fn(), c.arguments(), inputs, c.options());
        outputs.add(outs);
        spawns.add(outs.get(0).spawn());
      }
      List<RemoteObject<?>> targets = new ArrayList<>();
      for (NestedGraph.Output t : graph.targets()) {
        targets.add(new RemoteObject<>(outputs.get(t.call()).get(t.output())));
      }
      try {
        Executions.executeNested(MarsSession.getDefault(), targets);
      } catch (RuntimeException e) {
        int failed = -1;
        for (int i = 0; i < spawns.size(); i++) {
          if (spawns.get(i).failure() != null) {
            failed = i;
          }
        }
        return new Outcome(null, org.marsonspark.core.ErrorStandIn.portable(e), failed);
      }
      long[] out = new long[targets.size()];
      for (int i = 0; i < out.length; i++) {
        out[i] = ids.incrementAndGet();
        held.put(out[i], targets.get(i));
      }
      return new Outcome(out, null, -1);
    }

    private RemoteObject<?> heldObject(long id) {
      RemoteObject<?> o = held.get(id);
      if (o == null) {
        throw new IllegalStateException("the driver holds no nested object " + id + " (released?)");
      }
      return o;
    }

    @Override
    public void shutdown() {
      pool.shutdownNow();
      held.values().forEach(RemoteObject::release);
      held.clear();
    }
  }
}
