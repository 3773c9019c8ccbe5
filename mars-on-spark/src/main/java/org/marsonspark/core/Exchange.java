package org.marsonspark.core;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoSerializable;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.Serializable;
import java.util.List;

/**
 * An all-to-all step of the chunk graph — a hash or range repartitioning — run on Spark's
 * shuffle. Each of the n <em>map</em> chunk ops before it returns {@link Pieces}: one piece per
 * output partition (the op decides which rows go where: by a key's hash, by sampled pivots, by a
 * row's destination chunk). The exchange node takes those n chunks and has P outputs, the
 * <em>buckets</em>; the chunk op that consumes bucket p receives a {@link Bucket} holding the
 * pieces for p from every map, in map order. So the chunk graph of an exchange has n + 1 + P
 * nodes and n + P edges, never n × P, and the planner turns it into one Spark
 * {@code ShuffleDependency}: the map tasks' pieces are written as shuffle output, each reduce task
 * reads its partition. A bucket is never stored as a block of its own, and the shuffle output
 * is dropped once the exchange's consumers have run.
 *
 * <p>Empty pieces do not travel, except those of the first map, so that every bucket holds at
 * least one piece and its consumer sees their columns and types even when no row came. A piece
 * is empty when it is a {@link ChunkValue} whose first dimension is 0.
 *
 * <p>The op itself never runs: {@link #execute} throws.
 */
public final class Exchange implements ChunkOp {
  private static final long serialVersionUID = 1L;

  /** Chunk metadata (the expected kind) of a map op's output. */
  public static final Object PIECES = new Kind("pieces");
  /** Chunk metadata of a bucket. */
  public static final Object BUCKET = new Kind("bucket");

  private final int partitions;
  private final String name;

  private Exchange(int partitions, String name) {
    this.partitions = partitions;
    this.name = name;
  }

  /** An exchange into {@code partitions} buckets; {@code name} names it in plans and the Spark UI. */
  static Exchange of(int partitions, String name) {
    if (partitions < 1) {
      throw new IllegalArgumentException(name + ": an exchange needs at least one partition, got " + partitions);
    }
    return new Exchange(partitions, name);
  }

  public int partitions() {
    return partitions;
  }

  @Override
  public int outputCount() {
    return partitions;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Object execute(Object[] inputs) {
    throw new IllegalStateException(name + " is a shuffle exchange: the runtime moves its pieces, it never runs");
  }

  /** Whether a piece need not travel: a {@link ChunkValue} with no rows. */
  public static boolean isEmpty(Object piece) {
    if (piece instanceof ChunkValue v) {
      long[] shape = v.shape();
      return shape.length > 0 && shape[0] == 0;
    }
    return piece == null;
  }

  /** What a map op returns: one piece per partition of the exchange. */
  public static final class Pieces implements ChunkValue, Serializable, KryoSerializable {
    private static final long serialVersionUID = 1L;
    private Object[] pieces;

    /**
     * Holds the pieces with every empty one replaced by the first empty one: a map of few rows
     * into P partitions makes mostly empty pieces, alike but for identity (n maps of 100 rows into
     * 4 000 buckets held 16 million empty frames, and ran out of an 8 GiB heap), and a consumer
     * never modifies its inputs. Kryo writes the repeats as references.
     */
    public Pieces(Object[] pieces) {
      Object empty = null;
      Object[] held = pieces.clone();
      for (int i = 0; i < held.length; i++) {
        if (held[i] != null && isEmpty(held[i])) {
          if (empty == null) {
            empty = held[i];
          } else {
            held[i] = empty;
          }
        }
      }
      this.pieces = held;
    }

    @SuppressWarnings("unused")
    private Pieces() {} // Kryo

    public Object[] pieces() {
      return pieces;
    }

    @Override
    public long[] shape() {
      return new long[] {pieces.length};
    }

    @Override
    public long nbytes() {
      long b = 0;
      for (Object p : pieces) {
        if (p instanceof ChunkValue v) {
          b += v.nbytes();
        }
      }
      return b;
    }

    @Override
    public String kind() {
      return PIECES.toString();
    }

    @Override
    public void write(Kryo kryo, Output out) {
      out.writeVarInt(pieces.length, true);
      for (Object p : pieces) {
        kryo.writeClassAndObject(out, p);
      }
    }

    @Override
    public void read(Kryo kryo, Input in) {
      pieces = new Object[in.readVarInt(true)];
      for (int i = 0; i < pieces.length; i++) {
        pieces[i] = kryo.readClassAndObject(in);
      }
    }
  }

  /**
   * What a bucket's consumer receives: the pieces for its partition, in the order of the maps
   * that made them ({@code maps}, ascending); empty pieces are left out except the first map's.
   */
  public static final class Bucket implements Serializable {
    private static final long serialVersionUID = 1L;
    private final int[] maps;
    private final List<Object> pieces;

    public Bucket(int[] maps, List<Object> pieces) {
      this.maps = maps;
      this.pieces = List.copyOf(pieces);
    }

    /** The map (its position among the exchange's inputs) of each piece. */
    public int[] maps() {
      return maps.clone();
    }

    public List<Object> pieces() {
      return pieces;
    }

    /** The pieces cast to the type the consumer expects. */
    @SuppressWarnings("unchecked")
    public <T> List<T> as(Class<T> type) {
      for (Object p : pieces) {
        type.cast(p);
      }
      return (List<T>) pieces;
    }
  }

  /** A kind name used as chunk metadata. */
  private record Kind(String name) implements Serializable {
    @Override
    public String toString() {
      return name;
    }
  }
}
