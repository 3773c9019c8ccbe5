package org.marsonspark.exec;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.Dependency;
import org.apache.spark.Partition;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import scala.collection.Iterator;
import scala.collection.immutable.Seq;

/**
 * A read-only view of materialized chunks as an ordinary RDD: partition i yields the one value
 * of chunk i, read on the executor from the block that holds it (a narrow dependency on the
 * chunk's {@link ChunkRDD} partition; a lost block is recomputed from lineage). It is how Spark
 * code — a Spark SQL {@code Dataset} built from a DataFrame, a writer — consumes Mars results
 * without collecting them to the driver.
 */
public final class ChunkValuesRDD extends RDD<Object> {
  /** Partition i: where chunk i lives. */
  private static final class Part implements Partition {
    private final int index;
    final int parent;
    final int output;
    final Partition parentPartition;

    Part(int index, int parent, int output, Partition parentPartition) {
      this.index = index;
      this.parent = parent;
      this.output = output;
      this.parentPartition = parentPartition;
    }

    @Override
    public int index() {
      return index;
    }

    @Override
    public int hashCode() {
      return index;
    }

    @Override
    public boolean equals(Object o) {
      return this == o;
    }
  }

  private final transient Part[] parts;
  private final ChunkRDD[] parents;
  private final transient int[][][] parentsOf;

  private ChunkValuesRDD(ChunkRDD any, Part[] parts, ChunkRDD[] parents, int[][][] parentsOf) {
    super(any.context(), Scala.seq(List.of()), Scala.classTag(Object.class));
    this.parts = parts;
    this.parents = parents;
    this.parentsOf = parentsOf;
  }

  /** An RDD over these materialized chunks, one partition per chunk, in the order given. */
  public static ChunkValuesRDD of(ChunkStore store, List<Chunk> chunks) {
    if (chunks.isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "an RDD over chunks needs at least one chunk");
    }
    List<ChunkRDD> parents = new ArrayList<>();
    Part[] parts = new Part[chunks.size()];
    for (int i = 0; i < parts.length; i++) {
      ChunkStore.Location loc = store.location(chunks.get(i));
      if (loc == null) {
        throw new MarsException(ErrorClass.NOT_EXECUTED, "chunk " + chunks.get(i)
            + " is not materialized: call execute() first (or it was released)");
      }
      int p = parents.indexOf(loc.rdd());
      if (p < 0) {
        parents.add(loc.rdd());
        p = parents.size() - 1;
      }
      parts[i] = new Part(i, p, loc.output(), ChunkRDD.carried(loc.rdd(), loc.partition(), true));
    }
    int[][][] parentsOf = new int[parents.size()][parts.length][];
    for (int p = 0; p < parents.size(); p++) {
      for (int i = 0; i < parts.length; i++) {
        parentsOf[p][i] = parts[i].parent == p ? new int[] {parts[i].parentPartition.index()} : new int[0];
      }
    }
    return new ChunkValuesRDD(parents.get(0), parts, parents.toArray(new ChunkRDD[0]), parentsOf);
  }

  @Override
  public Partition[] getPartitions() {
    return parts.clone();
  }

  @Override
  public Seq<Dependency<?>> getDependencies() {
    List<Dependency<?>> deps = new ArrayList<>();
    for (int p = 0; p < parents.length; p++) {
      deps.add(new ChunkRDD.ExactNarrowDependency<>(parents[p], parentsOf[p]));
    }
    return Scala.seq(deps);
  }

  @Override
  public Iterator<Object> compute(Partition split, TaskContext context) {
    Part part = (Part) split;
    Object[] values = Scala.only(parents[part.parent].iterator(part.parentPartition, context));
    return Scala.single(values[part.output]);
  }
}
