package org.marsonspark.exec;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.SparkContext;
import org.apache.spark.TaskContext;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import scala.collection.Iterator;
import scala.runtime.AbstractFunction2;

/**
 * Brings chunk data to the driver: one Spark job per RDD, over exactly the partitions that hold
 * the requested chunks. An optional per-chunk transform (a slice, say) runs on the executor,
 * so only what the caller asked for crosses the network.
 */
public final class Fetcher {
  private final SparkContext sc;
  private final ChunkStore store;

  public Fetcher(SparkContext sc, ChunkStore store) {
    this.sc = sc;
    this.store = store;
  }

  /** A serializable function applied to a chunk's data on its executor before it is sent. */
  public interface Transform extends Function<Object, Object>, Serializable {}

  /**
   * @param chunks materialized chunks
   * @param transforms one per chunk, or null entries to fetch whole chunks
   * @return the (transformed) data, in the order of {@code chunks}
   */
  public Object[] fetch(List<Chunk> chunks, List<Transform> transforms) {
    Map<ChunkRDD, Map<Integer, List<int[]>>> plan = new LinkedHashMap<>();
    Map<ChunkRDD, Map<Integer, List<Transform>>> fns = new IdentityHashMap<>();
    for (int i = 0; i < chunks.size(); i++) {
      ChunkStore.Location loc = store.location(chunks.get(i));
      if (loc == null) {
        throw new MarsException(ErrorClass.NOT_EXECUTED, "chunk " + chunks.get(i)
            + " is not materialized: call execute() first (or it was released)");
      }
      plan.computeIfAbsent(loc.rdd(), r -> new LinkedHashMap<>())
          .computeIfAbsent(loc.partition(), p -> new ArrayList<>()).add(new int[] {i, loc.output()});
      fns.computeIfAbsent(loc.rdd(), r -> new HashMap<>())
          .computeIfAbsent(loc.partition(), p -> new ArrayList<>()).add(transforms == null ? null : transforms.get(i));
    }
    Object[] results = new Object[chunks.size()];
    for (Map.Entry<ChunkRDD, Map<Integer, List<int[]>>> e : plan.entrySet()) {
      ChunkRDD rdd = e.getKey();
      Map<Integer, List<int[]>> byPartition = e.getValue();
      HashMap<Integer, int[]> outputs = new HashMap<>();
      HashMap<Integer, Transform[]> perPartitionFns = new HashMap<>();
      for (Map.Entry<Integer, List<int[]>> p : byPartition.entrySet()) {
        outputs.put(p.getKey(), p.getValue().stream().mapToInt(x -> x[1]).toArray());
        perPartitionFns.put(p.getKey(), fns.get(rdd).get(p.getKey()).toArray(new Transform[0]));
      }
      int[] partitions = byPartition.keySet().stream().mapToInt(Integer::intValue).toArray();
      Object[][] got = (Object[][]) sc.runJob(rdd, new Pick(outputs, perPartitionFns),
          Scala.seq(Arrays.stream(partitions).boxed().map(x -> (Object) x).toList()), Scala.classTag(Object[].class));
      for (int k = 0; k < partitions.length; k++) {
        List<int[]> wanted = byPartition.get(partitions[k]);
        for (int j = 0; j < wanted.size(); j++) {
          results[wanted.get(j)[0]] = got[k][j];
        }
      }
    }
    return results;
  }

  private static final class Pick extends AbstractFunction2<TaskContext, Iterator<Object[]>, Object[]>
      implements Serializable {
    private final HashMap<Integer, int[]> outputs;
    private final HashMap<Integer, Transform[]> transforms;

    Pick(HashMap<Integer, int[]> outputs, HashMap<Integer, Transform[]> transforms) {
      this.outputs = outputs;
      this.transforms = transforms;
    }

    @Override
    public Object[] apply(TaskContext ctx, Iterator<Object[]> it) {
      Object[] values = it.next();
      int[] wanted = outputs.get(ctx.partitionId());
      Transform[] fns = transforms.get(ctx.partitionId());
      Object[] out = new Object[wanted.length];
      for (int i = 0; i < wanted.length; i++) {
        Object v = values[wanted[i]];
        out[i] = fns[i] == null ? v : fns[i].apply(v);
      }
      return out;
    }
  }
}
