package org.marsonspark.exec;

import java.io.Serializable;
import org.apache.spark.util.SizeEstimator;
import org.marsonspark.core.ChunkValue;

/** What an executor reports to the driver about one chunk it produced: never its data. */
public record ChunkMeta(long[] shape, long nbytes, String kind) implements Serializable {
  static ChunkMeta of(Object value) {
    if (value instanceof ChunkValue v) {
      return new ChunkMeta(v.shape(), v.nbytes(), v.kind());
    }
    if (value == null) {
      return new ChunkMeta(new long[0], 0, "null");
    }
    return new ChunkMeta(new long[0], SizeEstimator.estimate(value), value.getClass().getName());
  }
}
