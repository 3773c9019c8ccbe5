package org.marsonspark.dataframe.ops;

import java.io.Serializable;
import org.marsonspark.core.ChunkValue;
import org.marsonspark.dataframe.local.Column;

/** Partial aggregation states of one chunk: one array of state columns per aggregation. */
public final class AggState implements ChunkValue, Serializable {
  private static final long serialVersionUID = 1L;
  private final Column[][] states;

  // a class, not a record: Kryo 4 (Spark's) cannot set the fields of records
  public AggState(Column[][] states) {
    this.states = states;
  }

  public Column[][] states() {
    return states;
  }

  @Override
  public long[] shape() {
    return new long[] {states.length == 0 ? 0 : states[0][0].size()};
  }

  @Override
  public long nbytes() {
    long n = 16;
    for (Column[] s : states) {
      for (Column c : s) {
        n += c.nbytes();
      }
    }
    return n;
  }

  @Override
  public String kind() {
    return "agg_state";
  }
}
