package org.marsonspark.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerBlockManagerAdded;
import org.apache.spark.scheduler.SparkListenerBlockManagerRemoved;
import org.apache.spark.storage.BlockManagerId;

/**
 * The block managers of a cluster and their storage memory, kept current by a listener rather
 * than asked of the block manager master (an RPC) on every run: planning a run reads them to
 * place source tasks, to size the memory budget and to know whether every task runs in one JVM.
 */
final class ClusterView {
  private final Map<BlockManagerId, Long> storageMemory = new ConcurrentHashMap<>();

  ClusterView(SparkContext sc) {
    // listen first, then read what is there: nothing registered in between is missed
    sc.addSparkListener(new SparkListener() {
      @Override
      public void onBlockManagerAdded(SparkListenerBlockManagerAdded added) {
        storageMemory.put(added.blockManagerId(), added.maxMem());
      }

      @Override
      public void onBlockManagerRemoved(SparkListenerBlockManagerRemoved removed) {
        storageMemory.remove(removed.blockManagerId());
      }
    });
    scala.collection.Iterator<scala.Tuple2<BlockManagerId, scala.Tuple2<Object, Object>>> it =
        sc.env().blockManager().master().getMemoryStatus().iterator();
    while (it.hasNext()) {
      scala.Tuple2<BlockManagerId, scala.Tuple2<Object, Object>> e = it.next();
      storageMemory.putIfAbsent(e._1(), (Long) e._2()._1());
    }
  }

  /** The executors, as {@code executor_<host>_<id>}, sorted; empty in local mode, where the driver runs the tasks. */
  List<String> executors() {
    List<String> out = new ArrayList<>();
    for (BlockManagerId id : storageMemory.keySet()) {
      if (!id.isDriver()) {
        out.add("executor_" + id.host() + "_" + id.executorId());
      }
    }
    out.sort(null);
    return out;
  }

  /** Whether every task runs in one JVM: local mode, or a cluster of one executor. */
  boolean singleJvm() {
    return storageMemory.keySet().stream().filter(id -> !id.isDriver()).count() <= 1;
  }

  /** Storage memory of all block managers, in bytes. */
  long storageMemory() {
    long total = 0;
    for (long m : storageMemory.values()) {
      total += m;
    }
    return total;
  }
}
