package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalSeries;

/**
 * {@code explode()} of a series chunk, or of one column of a frame chunk: a list (any
 * {@code Collection} or Java array) becomes one row per element, labels (and the other columns)
 * repeating; an empty list gives one NA row; NA and other values stay one row. The result is an
 * object column; rows per chunk are unknown until it has run.
 */
public record Explode(String column) implements ChunkOp {
  @Override
  public Object execute(Object[] in) {
    Column c = in[0] instanceof LocalSeries s ? s.values() : ((LocalFrame) in[0]).column(column);
    List<Integer> at = new ArrayList<>();
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < c.size(); i++) {
      Object v = c.isNA(i) ? null : c.get(i);
      List<?> items = v instanceof Collection<?> col ? new ArrayList<>(col)
          : v instanceof Object[] arr ? java.util.Arrays.asList(arr) : null;
      if (items == null || items.isEmpty()) {
        at.add(i);
        values.add(items == null ? v : null);
      } else {
        for (Object x : items) {
          at.add(i);
          values.add(x);
        }
      }
    }
    int[] pos = at.stream().mapToInt(Integer::intValue).toArray();
    Column out = Column.ofObjects(values.toArray());
    if (in[0] instanceof LocalSeries s) {
      return new LocalSeries(s.index().take(pos), s.name(), out);
    }
    LocalFrame f = ((LocalFrame) in[0]).take(pos);
    return f.withColumn(column, out);
  }

  @Override
  public String name() {
    return "explode";
  }
}
