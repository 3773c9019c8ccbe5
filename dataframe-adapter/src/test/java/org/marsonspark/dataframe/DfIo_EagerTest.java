package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.Tensor;

/** In an eager session every DataFrame, Series, Index and Scalar runs when it is made. */
class DfIo_EagerTest {
  @RegisterExtension
  static final LocalSession LOCAL = new LocalSession(o -> o.withEager(true));

  @Test
  void objectsRunAsTheyAreMade() {
    LOCAL.session().asDefault();
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofLongs(1, 2, 3, 4, 5));
    cols.put("b", Column.ofDoubles(0.5, Double.NaN, 1.5, 2.0, 3.0));
    DataFrame df = Md.dataFrame(cols, 2);
    assertTrue(df.isExecuted(), "a frame");
    Series s = df.col("a").add(df.col("b"));
    assertTrue(s.isExecuted(), "a series");
    Index idx = df.index();
    assertTrue(idx.isExecuted(), "an index");
    Scalar total = s.sum();
    assertTrue(total.isExecuted(), "a scalar");
    assertEquals(1.5 + 4.5 + 6.0 + 8.0, (Double) total.fetch(), 0);
    DataFrame filtered = df.filter(df.col("a").gt(2));
    assertTrue(filtered.isExecuted());
    assertEquals(3, filtered.fetch().nrows());
    Tensor t = df.toTensor();
    assertTrue(t.isExecuted(), "a tensor made from a frame");
    DataFrame back = Md.fromSpark(df.toSpark());
    assertTrue(back.isExecuted(), "a frame from Spark");
    assertEquals(5, back.fetch().nrows());
  }
}
