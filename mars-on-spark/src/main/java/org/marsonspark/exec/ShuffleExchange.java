package org.marsonspark.exec;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoSerializable;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.Dependency;
import org.apache.spark.OneToOneDependency;
import org.apache.spark.Partition;
import org.apache.spark.Partitioner;
import org.apache.spark.ShuffleDependency;
import org.apache.spark.SparkContext;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;
import org.apache.spark.rdd.ShuffledRDD;
import org.marsonspark.core.Exchange;
import scala.Tuple2;
import scala.collection.Iterator;
import scala.collection.immutable.Seq;

/**
 * The Spark form of one {@link Exchange}: the map chunks' {@link Exchange.Pieces} become the
 * records of one {@code ShuffleDependency} (key: the partition a piece goes to; a partitioner
 * that routes by that key, since the map op already chose it by hash or by range), and reduce
 * partition p reads its pieces back and orders them by map. Spark's shuffle moves them between
 * all map and all reduce tasks at once, spills and compresses, and recomputes lost map output
 * from lineage; the driver's state is one record per map chunk and per partition.
 */
final class ShuffleExchange {
  /** Where one map chunk lives: output {@code output} of partition {@code partition} of {@code rdd}. */
  record MapInput(RDD<Object[]> rdd, int partition, int output) {}

  private final MapSide mapSide;
  private final ShuffledRDD<Object, Object, Object> shuffled;
  private final Buckets buckets;

  /** @param ship false for a dry run: map tasks carry their parents' partitions as they are ({@link ChunkRDD#carried}) */
  ShuffleExchange(SparkContext sc, Exchange exchange, List<MapInput> maps, boolean ship) {
    this.mapSide = new MapSide(sc, maps, ship);
    this.shuffled = new ShuffledRDD<>(mapSide, new ByPartition(exchange.partitions()), Scala.classTag(Object.class),
        Scala.classTag(Object.class), Scala.classTag(Object.class));
    shuffled.setSerializer(new EnvSerializer());
    this.buckets = new Buckets(shuffled, exchange.partitions());
    mapSide.setName("mars: " + exchange.name() + " (map side)");
    buckets.setName("mars: " + exchange.name());
  }

  /** The reduce side: partition p yields one record, {@code {Bucket}}. */
  RDD<Object[]> buckets() {
    return buckets;
  }

  /** The shuffle's id; creates the dependency when Spark has not asked for it yet. */
  int shuffleId() {
    return ((ShuffleDependency<?, ?, ?>) shuffled.dependencies().head()).shuffleId();
  }

  /**
   * Drops the shuffle's files in this JVM — where every task runs in local mode — while Spark's
   * map-output tracker keeps the map statuses: a reduce partition recomputed later from lineage
   * then fails its fetch and Spark runs the map side again, as for a lost executor. On a cluster
   * the files on the executors go when the dependency is no longer reachable (Spark's context
   * cleaner).
   */
  void dropFiles(boolean singleJvm) {
    if (singleJvm && org.apache.spark.SparkEnv.get() != null) {
      org.apache.spark.SparkEnv.get().shuffleManager().unregisterShuffle(shuffleId());
    }
  }

  /**
   * The shuffle's serializer: the one of the JVM it runs in ({@code SparkEnv.get().serializer()}).
   * A dependency's serializer travels inside every map task, so the default (the driver's
   * serializer, copied) arrives as a fresh instance per task with an empty pool of Kryo
   * instances; Spark's bypass writer opens a stream per reduce partition at once, so each map
   * task built one Kryo per partition (about 3 ms each: 100 partitions cost a task 300 ms). The
   * executor's own serializer keeps its pool across tasks.
   */
  static final class EnvSerializer extends org.apache.spark.serializer.Serializer implements Serializable {
    private static final long serialVersionUID = 1L;

    private static org.apache.spark.serializer.Serializer env() {
      org.apache.spark.SparkEnv env = org.apache.spark.SparkEnv.get();
      if (env == null) {
        throw new IllegalStateException("a Mars shuffle ran outside a Spark driver or executor (no SparkEnv)");
      }
      return env.serializer();
    }

    @Override
    public org.apache.spark.serializer.SerializerInstance newInstance() {
      return env().newInstance();
    }

    @Override
    public boolean supportsRelocationOfSerializedObjects() {
      return env().supportsRelocationOfSerializedObjects();
    }
  }

  /** One piece in a shuffle record: the map that made it and the value. */
  static final class Piece implements Serializable, KryoSerializable {
    private static final long serialVersionUID = 1L;
    private int map;
    private Object value;

    Piece(int map, Object value) {
      this.map = map;
      this.value = value;
    }

    @SuppressWarnings("unused")
    private Piece() {} // Kryo

    int map() {
      return map;
    }

    Object value() {
      return value;
    }

    @Override
    public void write(Kryo kryo, Output out) {
      out.writeVarInt(map, true);
      kryo.writeClassAndObject(out, value);
    }

    @Override
    public void read(Kryo kryo, Input in) {
      map = in.readVarInt(true);
      value = kryo.readClassAndObject(in);
    }
  }

  /** Routes a record by its key, the partition its map op chose. */
  static final class ByPartition extends Partitioner {
    private final int partitions;

    ByPartition(int partitions) {
      this.partitions = partitions;
    }

    @Override
    public int numPartitions() {
      return partitions;
    }

    @Override
    public int getPartition(Object key) {
      return (Integer) key;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ByPartition b && b.partitions == partitions;
    }

    @Override
    public int hashCode() {
      return partitions;
    }
  }

  /**
   * A partition of the map side: the map chunks one parent partition holds — map {@code maps[j]}
   * is its output {@code outputs[j]} — so a task reads (and carries) that partition once.
   */
  private record MapPartition(int index, int parent, int[] maps, int[] outputs, Partition parentPartition)
      implements Partition {
    @Override
    public int hashCode() {
      return index;
    }

    @Override
    public boolean equals(Object o) {
      return this == o;
    }
  }

  /**
   * The map side: one partition per parent partition holding map chunks (several map ops packed
   * into one task share it), reading it once (a narrow dependency naming exactly that one) and
   * yielding {@code (partition, Piece)} records for the pieces that travel.
   */
  private static final class MapSide extends RDD<Tuple2<Object, Object>> {
    /** Driver-side only: a task carries its own partition. */
    private final transient MapPartition[] parts;
    private final RDD<?>[] parents;
    private final transient int[][][] parentPartitions;

    MapSide(SparkContext sc, List<MapInput> maps, boolean ship) {
      super(sc, Scala.seq(List.of()), Scala.classTag(Tuple2.class));
      List<RDD<?>> ps = new ArrayList<>();
      Map<RDD<?>, Integer> index = new IdentityHashMap<>();
      // the maps of each (parent, partition), in map order
      Map<Long, List<Integer>> byPartition = new java.util.LinkedHashMap<>();
      for (int i = 0; i < maps.size(); i++) {
        MapInput m = maps.get(i);
        int parent = index.computeIfAbsent(m.rdd(), r -> {
          ps.add(r);
          return ps.size() - 1;
        });
        byPartition.computeIfAbsent(((long) parent << 32) | m.partition(), k -> new ArrayList<>()).add(i);
      }
      parts = new MapPartition[byPartition.size()];
      int at = 0;
      for (Map.Entry<Long, List<Integer>> e : byPartition.entrySet()) {
        int parent = (int) (e.getKey() >>> 32);
        int partition = (int) (long) e.getKey();
        int[] ms = e.getValue().stream().mapToInt(Integer::intValue).toArray();
        int[] outs = new int[ms.length];
        for (int j = 0; j < ms.length; j++) {
          outs[j] = maps.get(ms[j]).output();
        }
        parts[at] = new MapPartition(at, parent, ms, outs, ChunkRDD.carried(ps.get(parent), partition, ship));
        at++;
      }
      parents = ps.toArray(new RDD<?>[0]);
      parentPartitions = new int[parents.length][parts.length][];
      for (int[][] perChild : parentPartitions) {
        Arrays.fill(perChild, new int[0]);
      }
      for (MapPartition p : parts) {
        parentPartitions[p.parent()][p.index()] = new int[] {p.parentPartition().index()};
      }
    }

    @Override
    public Partition[] getPartitions() {
      return parts.clone();
    }

    @Override
    public Seq<Dependency<?>> getDependencies() {
      List<Dependency<?>> deps = new ArrayList<>();
      for (int i = 0; i < parents.length; i++) {
        deps.add(new ChunkRDD.ExactNarrowDependency<>(parents[i], parentPartitions[i]));
      }
      return Scala.seq(deps);
    }

    @Override
    public Iterator<Tuple2<Object, Object>> compute(Partition split, TaskContext context) {
      MapPartition p = (MapPartition) split;
      @SuppressWarnings("unchecked")
      RDD<Object[]> parent = (RDD<Object[]>) parents[p.parent()];
      Object[] outputs = Scala.only(parent.iterator(p.parentPartition(), context));
      List<Tuple2<Object, Object>> records = new ArrayList<>();
      for (int j = 0; j < p.maps().length; j++) {
        int map = p.maps()[j];
        Object value = outputs[p.outputs()[j]];
        if (!(value instanceof Exchange.Pieces pieces)) {
          throw new IllegalStateException("map chunk " + map + " of an exchange holds "
              + (value == null ? "null" : value.getClass().getName()) + ", not pieces");
        }
        Object[] all = pieces.pieces();
        for (int b = 0; b < all.length; b++) {
          if (map == 0 || !Exchange.isEmpty(all[b])) {
            records.add(new Tuple2<>(b, new Piece(map, all[b])));
          }
        }
      }
      return scala.jdk.javaapi.CollectionConverters.asScala(records.iterator());
    }
  }

  /** The reduce side: partition p is the {@link Exchange.Bucket} of the pieces for p, in map order. */
  private static final class Buckets extends RDD<Object[]> {
    private final int partitions;
    private final RDD<Tuple2<Object, Object>> shuffled;

    Buckets(RDD<Tuple2<Object, Object>> shuffled, int partitions) {
      super(shuffled.sparkContext(), Scala.seq(List.of(new OneToOneDependency<>(shuffled))),
          Scala.classTag(Object[].class));
      this.partitions = partitions;
      this.shuffled = shuffled;
    }

    @Override
    public Partition[] getPartitions() {
      Partition[] ps = new Partition[partitions];
      for (int i = 0; i < partitions; i++) {
        ps[i] = new BucketPartition(i);
      }
      return ps;
    }

    @Override
    public Iterator<Object[]> compute(Partition split, TaskContext context) {
      Iterator<Tuple2<Object, Object>> records = shuffled.iterator(shuffled.partitions()[split.index()], context);
      List<Piece> pieces = new ArrayList<>();
      while (records.hasNext()) {
        pieces.add((Piece) records.next()._2());
      }
      pieces.sort((a, b) -> Integer.compare(a.map(), b.map()));
      int[] maps = new int[pieces.size()];
      List<Object> values = new ArrayList<>(pieces.size());
      for (int i = 0; i < maps.length; i++) {
        maps[i] = pieces.get(i).map();
        values.add(pieces.get(i).value());
      }
      return Scala.single(new Object[] {new Exchange.Bucket(maps, values)});
    }
  }

  /** A reduce partition; its index is the shuffle partition it reads. */
  private record BucketPartition(int index) implements Partition {}
}
