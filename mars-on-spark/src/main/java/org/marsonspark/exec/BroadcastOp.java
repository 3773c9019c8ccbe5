package org.marsonspark.exec;

import org.apache.spark.SparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.DataLiteral;

/**
 * A {@link DataLiteral} whose data travels as a Spark broadcast: tasks carry the handle, each
 * executor fetches the data once. Used for literals of more than {@link #THRESHOLD} bytes. The
 * broadcast lives as long as the partitions holding this op (Spark's context cleaner removes it
 * once they are gone), so lineage can still recompute the chunk after an executor is lost.
 */
final class BroadcastOp implements ChunkOp {
  private static final long serialVersionUID = 1L;
  /** Literals carrying more than this ship as a broadcast (Spark warns about tasks above 1000 KiB). */
  static final long THRESHOLD = 64 * 1024;

  private final Broadcast<Object> data;
  private final String name;

  private BroadcastOp(Broadcast<Object> data, String name) {
    this.data = data;
    this.name = name;
  }

  /**
   * {@code op} as it should travel with tasks: a large literal as a broadcast of its data, any
   * other op (and a literal whose data this Spark's serializer cannot write) as itself.
   */
  static ChunkOp shipped(SparkContext sc, ChunkOp op) {
    if (op instanceof DataLiteral l && l.carriedBytes() > THRESHOLD) {
      Broadcast<Object> b;
      try {
        b = sc.broadcast(l.data(), scala.reflect.ClassTag$.MODULE$.apply(Object.class));
      } catch (RuntimeException e) {
        return op; // e.g. an attached session's Kryo without Mars's registrator: the task carries it
      }
      return new BroadcastOp(b, l.name());
    }
    return op;
  }

  @Override
  public Object execute(Object[] inputs) {
    return data.value();
  }

  @Override
  public String name() {
    return name;
  }
}
