package org.marsonspark.exec;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.SparkEnv;
import org.apache.spark.storage.BlockManagerId;
import org.marsonspark.core.Chunk;

/**
 * Where partitions should run. A partition with inputs prefers the executor already holding the
 * most bytes of them; a source partition (no inputs) goes where its consumers will run, so that
 * chunks read together are produced together. Locations use Spark's
 * {@code executor_<host>_<id>} form, which the scheduler honours within its locality wait.
 * Executors gone since a chunk was made are no preference: a lost chunk is recomputed wherever a
 * task runs, and a preference for a dead executor would make every later stage that reads it
 * wait out the locality wait before using the executor that replaced it.
 */
final class Locality {
  private final ChunkStore store;
  /** For each partition: its input chunks (empty for sources); null: every partition prefers every live executor. */
  private final List<List<Chunk>> inputs;
  /** For each source partition: the executor chosen for it (or null). */
  private final String[] assigned;
  /** The executors alive when the run was planned (empty: one JVM, every location is here). */
  private final Set<String> live;
  /** The live executors in order: what every partition prefers when there are no inputs to follow. */
  private final List<String> everywhere;

  Locality(ChunkStore store, List<List<Chunk>> inputs, String[] assigned, Set<String> live) {
    this.store = store;
    this.inputs = inputs;
    this.assigned = assigned;
    this.live = live;
    this.everywhere = inputs == null ? List.copyOf(new java.util.TreeSet<>(live)) : List.of();
  }

  /** This JVM's location, as tasks report it. */
  static String here() {
    SparkEnv env = SparkEnv.get();
    BlockManagerId id = env.blockManager().blockManagerId();
    return "executor_" + id.host() + "_" + id.executorId();
  }

  /**
   * Every partition prefers every executor in {@code live}: tasks start on any free slot at once.
   * For spawned calls sharing held data (a model search): packed one task per slot, they would
   * otherwise all prefer the one executor holding the data — Spark falls back to the parents'
   * block locations when an RDD names none — and wait out the locality wait before using the
   * others. Each call that reads the data from another executor keeps a copy there
   * ({@link ChunkRDD}), so the data crosses the network once per executor, not once per call.
   */
  static Locality anywhere(ChunkStore store, Set<String> live) {
    return new Locality(store, null, null, live);
  }

  List<String> preferred(int partition) {
    if (inputs == null) {
      return everywhere;
    }
    List<Chunk> in = inputs.get(partition);
    if (in.isEmpty()) {
      return assigned[partition] == null ? List.of() : List.of(assigned[partition]);
    }
    Map<String, Long> bytes = new HashMap<>();
    for (Chunk c : in) {
      String where = store.executorOf(c);
      if (where != null && (live.isEmpty() || live.contains(where))) {
        bytes.merge(where, Math.max(1, store.bytesOf(c)), Long::sum);
      }
    }
    return bytes.entrySet().stream().max(Map.Entry.comparingByValue()).map(e -> List.of(e.getKey()))
        .orElse(List.of());
  }

  /**
   * Spreads consumer tasks round-robin over the executors and sends each source task to the
   * executor of its first consumer; returns each task's executor (null where none applies).
   */
  static <T> Map<T, String> placeSources(Collection<T> sources, Map<T, List<T>> consumers, List<T> consumerOrder,
      List<String> executors) {
    Map<T, String> where = new HashMap<>();
    if (executors.size() < 2) {
      return where;
    }
    Map<T, String> consumerAt = new HashMap<>();
    for (int i = 0; i < consumerOrder.size(); i++) {
      consumerAt.put(consumerOrder.get(i), executors.get(i % executors.size()));
    }
    int next = 0;
    for (T s : sources) {
      List<T> cs = consumers.getOrDefault(s, List.of());
      String at = cs.isEmpty() ? null : consumerAt.get(cs.get(0));
      where.put(s, at != null ? at : executors.get(next++ % executors.size()));
    }
    return where;
  }
}
