package org.marsonspark.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.spark.Dependency;
import org.apache.spark.NarrowDependency;
import org.apache.spark.Partition;
import org.apache.spark.SparkContext;
import org.apache.spark.TaskContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.rdd.RDD;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.PartitionSource;
import scala.collection.Iterator;
import scala.collection.immutable.Seq;

/**
 * An RDD whose partitions are subtasks. Each partition yields one {@code Object[]} — the
 * outputs of its subtask — and depends on exactly the parent partitions holding its inputs
 * (a narrow dependency per parent RDD; an external RDD read by a {@link PartitionSource} op is
 * a parent too). It is persisted, so outputs stay in the executors'
 * block managers until the driver drops them; a lost block is recomputed from lineage.
 */
final class ChunkRDD extends RDD<Object[]> {
  /**
   * Driver-side only: a task carries its own partition (and its parents' partitions as indices,
   * {@link #carried}), never the whole array, so task size does not grow with the number of
   * partitions or the depth of the lineage.
   */
  private final transient SubtaskPartition[] parts;
  /** Parent RDDs: other ChunkRDDs, and external RDDs read by {@link PartitionSource} ops. */
  private final RDD<?>[] parents;
  /** For each parent, for each of our partitions, the parent partitions it reads. */
  private final int[][][] parentPartitions;
  /** Counts inputs read from another executor's block manager (null: not counted). */
  private final org.apache.spark.util.LongAccumulator remoteReads;
  /** Driver-side: where partitions prefer to run (null: Spark's default). */
  private transient Locality locality;
  /**
   * Each partition serialized on its own, as a broadcast: what a consumer's task needs to
   * recompute a missing block of this RDD. Made when this RDD first becomes a parent
   * ({@link #carried}); null before.
   */
  private volatile Broadcast<byte[][]> recompute;

  ChunkRDD(SparkContext sc, SubtaskPartition[] parts, List<RDD<?>> parents, int[][][] parentPartitions,
      org.apache.spark.util.LongAccumulator remoteReads) {
    super(sc, Scala.seq(List.of()), Scala.classTag(Object[].class));
    this.parts = parts;
    this.parents = parents.toArray(new RDD<?>[0]);
    this.parentPartitions = parentPartitions;
    this.remoteReads = remoteReads;
  }

  void setLocality(Locality locality) {
    this.locality = locality;
  }

  @Override
  public Seq<String> getPreferredLocations(Partition split) {
    return locality == null ? Scala.seq(List.of()) : Scala.seq(locality.preferred(split.index()));
  }

  @Override
  public Partition[] getPartitions() {
    return parts.clone();
  }

  /**
   * Partition {@code index} of {@code rdd} as a consumer's task carries it. A partition of a
   * chunk RDD travels as its index alone (its block is nearly always there to read); only when
   * the block is missing does the task fetch that one partition from the RDD's broadcast to
   * recompute it. Carrying the partition itself would carry its own inputs' partitions, and so on
   * down the lineage: a task reading a packed partition of 100 literal chunks, or all of a
   * stage's outputs, would carry them all. Partitions of other RDDs travel as they are.
   *
   * @param ship false for a dry run (nothing runs): no broadcast is made and the partition is returned as it is
   */
  static Partition carried(RDD<?> rdd, int index, boolean ship) {
    return ship && rdd instanceof ChunkRDD c ? c.reference(index) : rdd.partitions()[index];
  }

  private Partition reference(int index) {
    if (recompute == null) {
      synchronized (this) {
        if (recompute == null) {
          org.apache.spark.serializer.SerializerInstance ser = org.apache.spark.SparkEnv.get().closureSerializer()
              .newInstance();
          byte[][] bytes = new byte[parts.length][];
          for (int i = 0; i < parts.length; i++) {
            java.nio.ByteBuffer b = ser.serialize(parts[i], Scala.classTag(SubtaskPartition.class));
            bytes[i] = new byte[b.remaining()];
            b.get(bytes[i]);
          }
          recompute = context().broadcast(bytes, Scala.classTag(byte[][].class));
        }
      }
    }
    return new PartitionRef(index);
  }

  /** The partition a {@link PartitionRef} names, read from the broadcast (executor side). */
  private SubtaskPartition resolve(Partition split) {
    if (!(split instanceof PartitionRef ref)) {
      return (SubtaskPartition) split;
    }
    Broadcast<byte[][]> b = recompute;
    if (b == null) {
      throw new IllegalStateException("partition " + ref.index() + " of RDD " + id()
          + " must be recomputed but was carried without its broadcast");
    }
    return org.apache.spark.SparkEnv.get().closureSerializer().newInstance()
        .deserialize(java.nio.ByteBuffer.wrap(b.value()[ref.index()]), Scala.classTag(SubtaskPartition.class));
  }

  /** A partition of a chunk RDD named by its index: what a consumer's task carries ({@link #carried}). */
  record PartitionRef(int index) implements Partition {
    @Override
    public int hashCode() {
      return index;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof PartitionRef r && r.index == index;
    }
  }

  /**
   * A narrow dependency on each parent with the same resource profile as this RDD. Spark puts
   * every RDD a stage reaches through narrow dependencies into that stage and refuses (or
   * merges) differing profiles, so a parent that runs with other resources (a 2-core or GPU
   * task, say) is not declared: its partitions are materialized before this RDD runs, and
   * {@link #compute} reads them — or recomputes a lost one from its lineage — through
   * {@code parent.iterator}.
   */
  @Override
  public Seq<Dependency<?>> getDependencies() {
    List<Dependency<?>> deps = new ArrayList<>(parents.length);
    for (int i = 0; i < parents.length; i++) {
      if (Objects.equals(parents[i].getResourceProfile(), getResourceProfile())) {
        deps.add(new ExactNarrowDependency<>(parents[i], parentPartitions[i]));
      }
    }
    return Scala.seq(deps);
  }

  /**
   * Runs the partition's subtask on a worker thread the task thread watches
   * ({@link WorkerThreads}): a cancelled task whose code ignores the interrupt does not hold its
   * slot in local mode.
   */
  @Override
  public Iterator<Object[]> compute(Partition split, TaskContext context) {
    SubtaskPartition p = resolve(split);
    return Scala.single(WorkerThreads.runTask(context, () -> outputs(p, context)));
  }

  private Object[] outputs(SubtaskPartition p, TaskContext context) {
    Object[] slots = new Object[p.slotCount];
    if (p.shared) {
      // packed calls: inputs are read per node, in the task that runs it (maybe another one)
      SharedNodes shared = new SharedNodes(p, slots, (owner, n, running) -> {
        SubtaskPartition.Node node = owner.partition.nodes[n];
        Object[] args = new Object[node.inputSlots().length];
        for (int a = 0; a < args.length; a++) {
          int s = node.inputSlots()[a];
          if (s < owner.partition.inputs.length) {
            args[a] = readInput(owner.partition.inputs[s], running, true);
          } else {
            synchronized (owner) {
              args[a] = owner.slots[s];
            }
          }
        }
        return execute(node.op(), args, owner.partition);
      }, context);
      return shared.runAll();
    }
    // inputs from other partitions of this RDD (a merged tail's) are read when their node runs:
    // reading them waits for the tasks computing them
    boolean[] pending = new boolean[p.inputs.length];
    for (int i = 0; i < p.inputs.length; i++) {
      pending[i] = p.inputs[i].isSibling();
      if (!pending[i]) {
        slots[i] = readInput(p.inputs[i], context, false);
      }
    }
    for (int n = 0; n < p.nodes.length; n++) {
      context.killTaskIfInterrupted(); // a killed task whose thread was abandoned stops here
      SubtaskPartition.Node node = p.nodes[n];
      ChunkOp op = node.op();
      Object[] args = new Object[node.inputSlots().length];
      for (int a = 0; a < args.length; a++) {
        int slot = node.inputSlots()[a];
        if (slot < pending.length && pending[slot]) {
          slots[slot] = readInput(p.inputs[slot], context, false);
          pending[slot] = false;
        }
        args[a] = slots[slot];
      }
      Object result = node.source() == null ? execute(op, args, p)
          : readSource((PartitionSource) op, node.source(), context, p);
      args = null;
      if (op.outputCount() == 1) {
        slots[node.firstOutputSlot()] = result;
      } else {
        Object[] outs = (Object[]) result;
        System.arraycopy(outs, 0, slots, node.firstOutputSlot(), op.outputCount());
      }
      for (int s : p.freeAfter[n]) {
        slots[s] = null;
      }
    }
    Object[] outputs = new Object[p.outputSlots.length];
    for (int i = 0; i < outputs.length; i++) {
      outputs[i] = slots[p.outputSlots[i]];
    }
    return outputs;
  }

  /** Hands the records of the external partition a {@link PartitionSource} reads to the op. */
  private Object readSource(PartitionSource op, SubtaskPartition.Input source, TaskContext context, SubtaskPartition p) {
    @SuppressWarnings("unchecked")
    RDD<Object> rdd = (RDD<Object>) parents[source.parent()];
    Iterator<Object> records = rdd.iterator(source.parentPartition(), context);
    try {
      return op.read(scala.jdk.javaapi.CollectionConverters.asJava(records));
    } catch (RuntimeException | Error e) {
      throw ChunkTaskException.of(op, p.description, e);
    }
  }

  /**
   * One input of a partition: an output of a parent partition — or of another partition of this
   * RDD — read (or recomputed) in task {@code context}. A partition another task of this JVM is
   * computing is waited for (the block manager's write lock).
   *
   * @param keepCopy whether a block read from another executor is kept here too, registered with
   *     the driver under the same block id (so released with it): spawned calls reading the same
   *     held data then fetch it once per executor
   */
  private Object readInput(SubtaskPartition.Input in, TaskContext context, boolean keepCopy) {
    context.killTaskIfInterrupted();
    if (in.isSibling()) {
      Object value = SharedNodes.siblingOutput(context, in.partition(), in.output());
      if (value != SharedNodes.NOT_HERE) {
        return value;
      }
    }
    @SuppressWarnings("unchecked")
    RDD<Object[]> parent = in.isSibling() ? this : (RDD<Object[]>) parents[in.parent()];
    org.apache.spark.storage.RDDBlockId block = new org.apache.spark.storage.RDDBlockId(parent.id(), in.partition());
    boolean remote = (remoteReads != null || keepCopy) && parent instanceof ChunkRDD
        && org.apache.spark.SparkEnv.get().blockManager().getStatus(block).isEmpty();
    if (remote && remoteReads != null) {
      remoteReads.add(1);
    }
    Object[] values = Scala.only(parent.iterator(in.parentPartition(), context));
    if (remote && keepCopy) {
      keepCopy(block, values, parent.getStorageLevel());
    }
    return values[in.output()];
  }

  /** Blocks this JVM is storing a copy of right now (two calls reading the same block store it once). */
  private static final java.util.Set<org.apache.spark.storage.BlockId> COPYING =
      java.util.concurrent.ConcurrentHashMap.newKeySet();

  private static void keepCopy(org.apache.spark.storage.RDDBlockId block, Object[] values,
      org.apache.spark.storage.StorageLevel level) {
    if (level == org.apache.spark.storage.StorageLevel.NONE() || !COPYING.add(block)) {
      return;
    }
    try {
      org.apache.spark.storage.BlockManager bm = org.apache.spark.SparkEnv.get().blockManager();
      if (bm.getStatus(block).isEmpty()) {
        bm.putSingle(block, values, level, true, Scala.classTag(Object[].class));
      }
    } finally {
      COPYING.remove(block);
    }
  }

  /**
   * Where every chunk op runs, user code included (spawned functions, {@code apply} lambdas): a
   * failure — a fatal JVM error too — becomes a {@link ChunkTaskException} that can travel.
   */
  private static Object execute(ChunkOp op, Object[] args, SubtaskPartition p) {
    try {
      return op.execute(args);
    } catch (RuntimeException | Error e) {
      throw ChunkTaskException.of(op, p.description, e);
    }
  }

  /** Names exactly the parent partitions each child partition reads. */
  static final class ExactNarrowDependency<T> extends NarrowDependency<T> {
    /** Only the driver's scheduler asks for parents; tasks need not carry this. */
    private final transient int[][] parentsOf;

    ExactNarrowDependency(RDD<T> rdd, int[][] parentsOf) {
      super(rdd);
      this.parentsOf = parentsOf;
    }

    @Override
    public Seq<Object> getParents(int partitionId) {
      List<Object> list = new ArrayList<>();
      for (int p : parentsOf[partitionId]) {
        list.add(p);
      }
      return Scala.seq(list);
    }
  }
}
