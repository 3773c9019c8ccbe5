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
    Object[] results = new Object[chunks.size()];
    org.apache.spark.serializer.SerializerInstance ser = null;
    for (int i = 0; i < chunks.size(); i++) {
      ChunkStore.Location loc = store.location(chunks.get(i));
      if (loc == null) {
        throw new MarsException(ErrorClass.NOT_EXECUTED, "chunk " + chunks.get(i)
            + " is not materialized: call execute() first (or it was released)");
      }
      byte[] copy = store.value(chunks.get(i));
      if (copy != null) {
        // a small result that came back with its task: a fresh copy, as a fetch job would give
        if (ser == null) {
          ser = org.apache.spark.SparkEnv.get().serializer().newInstance();
        }
        Object value = deserialize(ser, copy);
        if (value != null) {
          Transform fn = transforms == null ? null : transforms.get(i);
          results[i] = fn == null ? value : fn.apply(value);
          continue;
        }
      }
      plan.computeIfAbsent(loc.rdd(), r -> new LinkedHashMap<>())
          .computeIfAbsent(loc.partition(), p -> new ArrayList<>()).add(new int[] {i, loc.output()});
      fns.computeIfAbsent(loc.rdd(), r -> new HashMap<>())
          .computeIfAbsent(loc.partition(), p -> new ArrayList<>()).add(transforms == null ? null : transforms.get(i));
    }
    for (Map.Entry<ChunkRDD, Map<Integer, List<int[]>>> e : plan.entrySet()) {
      ChunkRDD rdd = e.getKey();
      Map<Integer, List<int[]>> byPartition = e.getValue();
      int[] partitions = byPartition.keySet().stream().mapToInt(Integer::intValue).toArray();
      Pick pick = Pick.of(rdd.getNumPartitions(), partitions, byPartition, fns.get(rdd));
      Object[][] got = runJob(rdd, pick, partitions);
      for (int k = 0; k < partitions.length; k++) {
        List<int[]> wanted = byPartition.get(partitions[k]);
        for (int j = 0; j < wanted.size(); j++) {
          results[wanted.get(j)[0]] = got[k][j];
        }
      }
    }
    return results;
  }

  /**
   * Runs a fetch job on this thread, tagged so that an interrupt of the thread (the caller
   * stopping, a timeout) cancels it — Spark's {@code runJob} would otherwise return at once and
   * leave the job running — and ends with {@code CANCELLED}.
   */
  private Object[][] runJob(ChunkRDD rdd, Pick pick, int[] partitions) {
    String tag = ExpectedSparkLogs.FETCH_TAG + FETCHES.incrementAndGet();
    String interruptBefore = sc.getLocalProperty(INTERRUPT_ON_CANCEL);
    sc.addJobTag(tag);
    sc.setInterruptOnCancel(true);
    try {
      return (Object[][]) sc.runJob(rdd, pick,
          Scala.seq(Arrays.stream(partitions).boxed().map(x -> (Object) x).toList()), Scala.classTag(Object[].class));
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      // Spark rethrows the waiting thread's InterruptedException as it is
      if (!sc.isStopped()) {
        sc.cancelJobsWithTag(tag, ExpectedSparkLogs.CANCEL_REASON);
      }
      Thread.currentThread().interrupt();
      throw new MarsException(ErrorClass.CANCELLED, "fetch interrupted", e);
    } finally {
      sc.removeJobTag(tag);
      sc.setLocalProperty(INTERRUPT_ON_CANCEL, interruptBefore);
    }
  }

  private static final java.util.concurrent.atomic.AtomicLong FETCHES = new java.util.concurrent.atomic.AtomicLong();
  /** Spark's local property behind {@code setInterruptOnCancel} ({@code SparkContext.SPARK_JOB_INTERRUPT_ON_CANCEL}). */
  private static final String INTERRUPT_ON_CANCEL = "spark.job.interruptOnCancel";

  /** A value serialized by an executor, or null when it cannot be read here (it is then fetched by a job). */
  private static Object deserialize(org.apache.spark.serializer.SerializerInstance ser, byte[] bytes) {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    try {
      return ser.deserialize(java.nio.ByteBuffer.wrap(bytes),
          loader != null ? loader : Fetcher.class.getClassLoader(), Scala.classTag(Object.class));
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * The job's function: picks the wanted outputs of a partition and transforms them. Spark
   * deserializes it for every task, so it is kept flat — a few arrays, whatever the number of
   * partitions — rather than a map per partition.
   */
  private static final class Pick extends AbstractFunction2<TaskContext, Iterator<Object[]>, Object[]>
      implements Serializable {
    /** Entries of RDD partition p are {@code start[p] .. start[p + 1] - 1} (none for partitions not fetched). */
    private final int[] start;
    private final int[] outputs;
    /** Per entry, an index into {@code distinctTransforms}, or -1 for none. */
    private final int[] transformOf;
    private final Transform[] distinctTransforms;

    private Pick(int[] start, int[] outputs, int[] transformOf, Transform[] distinctTransforms) {
      this.start = start;
      this.outputs = outputs;
      this.transformOf = transformOf;
      this.distinctTransforms = distinctTransforms;
    }

    static Pick of(int numPartitions, int[] partitions, Map<Integer, List<int[]>> wanted,
        Map<Integer, List<Transform>> transforms) {
      int[] start = new int[numPartitions + 1];
      for (int p : partitions) {
        start[p + 1] = wanted.get(p).size();
      }
      for (int p = 0; p < numPartitions; p++) {
        start[p + 1] += start[p];
      }
      int total = start[numPartitions];
      int[] outputs = new int[total];
      int[] transformOf = new int[total];
      List<Transform> distinct = new ArrayList<>();
      Map<Transform, Integer> index = new IdentityHashMap<>();
      for (int p : partitions) {
        List<int[]> w = wanted.get(p);
        List<Transform> t = transforms.get(p);
        for (int j = 0; j < w.size(); j++) {
          int at = start[p] + j;
          outputs[at] = w.get(j)[1];
          Transform fn = t.get(j);
          transformOf[at] = fn == null ? -1 : index.computeIfAbsent(fn, f -> {
            distinct.add(f);
            return distinct.size() - 1;
          });
        }
      }
      return new Pick(start, outputs, transformOf, distinct.toArray(new Transform[0]));
    }

    @Override
    public Object[] apply(TaskContext ctx, Iterator<Object[]> it) {
      Object[] values = Scala.only(it);
      int from = start[ctx.partitionId()];
      int to = start[ctx.partitionId() + 1];
      Object[] out = new Object[to - from];
      for (int i = from; i < to; i++) {
        Object v = values[outputs[i]];
        out[i - from] = transformOf[i] < 0 ? v : distinctTransforms[transformOf[i]].apply(v);
      }
      return out;
    }
  }
}
