package org.marsonspark.dataframe.ops;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.ChunkValue;
import org.marsonspark.dataframe.local.Rows;

/**
 * Rows in sort order with their position tags ({@link SortKeys#tags}): a sorted chunk, one
 * range of it sent to a bucket, or a sample of sort keys. The rows are a {@code LocalFrame} or
 * a {@code LocalSeries}.
 */
public final class SortedRows implements ChunkValue, Serializable {
  private static final long serialVersionUID = 1L;
  private final Object rows;
  private final long[] tags;

  // a class, not a record: Kryo 4 (Spark's) cannot set the fields of records
  public SortedRows(Object rows, long[] tags) {
    this.rows = rows;
    this.tags = tags;
  }

  public Object rows() {
    return rows;
  }

  public long[] tags() {
    return tags;
  }

  public int size() {
    return tags.length;
  }

  SortedRows slice(int from, int to) {
    return new SortedRows(Rows.slice(rows, from, to), java.util.Arrays.copyOfRange(tags, from, to));
  }

  SortedRows take(int[] at) {
    long[] t = new long[at.length];
    for (int i = 0; i < at.length; i++) {
      t[i] = tags[at[i]];
    }
    return new SortedRows(Rows.take(rows, at), t);
  }

  /** The parts one after another (rows and tags), with the first row of each part. */
  static SortedRows concat(List<SortedRows> parts, int[] starts) {
    List<Object> rows = new ArrayList<>();
    int n = 0;
    for (int p = 0; p < parts.size(); p++) {
      starts[p] = n;
      rows.add(parts.get(p).rows);
      n += parts.get(p).size();
    }
    starts[parts.size()] = n;
    long[] t = new long[n];
    for (int p = 0; p < parts.size(); p++) {
      System.arraycopy(parts.get(p).tags, 0, t, starts[p], parts.get(p).size());
    }
    return new SortedRows(Rows.concat(rows), t);
  }

  @Override
  public long[] shape() {
    return new long[] {tags.length};
  }

  @Override
  public long nbytes() {
    return 8L * tags.length + (rows instanceof ChunkValue v ? v.nbytes() : 0);
  }

  @Override
  public String kind() {
    return "sorted_rows";
  }
}
