package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.local.RangeIndex;
import org.marsonspark.remote.Remote;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/** DataFrames and Series to tensors and back (row chunks kept), and whole frames as spawned functions' arguments. */
class DfIo_InteropTest {
  @RegisterExtension
  static final LocalSession LOCAL = new LocalSession();

  private static LocalFrame numeric(int n) {
    long[] a = new long[n];
    double[] b = new double[n];
    boolean[] c = new boolean[n];
    for (int i = 0; i < n; i++) {
      a[i] = i * 2L - 5;
      b[i] = i % 4 == 3 ? Double.NaN : i * 0.25;
      c[i] = i % 3 == 0;
    }
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofLongs(a));
    cols.put("b", Column.ofDoubles(b));
    cols.put("c", Column.ofBools(c));
    return LocalFrame.of(cols);
  }

  @Test
  void frameToTensorKeepsRowChunksAndValues() {
    for (long chunk : new long[] {1, 3, 4, 50}) {
      LocalFrame local = numeric(11);
      DataFrame df = Md.dataFrame(local, chunk);
      Tensor t = df.toTensor();
      assertEquals(DType.FLOAT64, t.dtype());
      assertArrayEquals(new long[] {11, 3}, t.shape());
      t.execute();
      assertArrayEquals(df.execute().nsplits()[0], t.data().nsplits()[0], "same row chunks, chunk " + chunk);
      NDArray a = t.fetch();
      for (int r = 0; r < 11; r++) {
        assertEquals(((Long) local.column("a").get(r)).doubleValue(), a.getDouble(r, 0), 0);
        assertEquals((Double) local.column("b").get(r), a.getDouble(r, 1), 0);
        assertEquals((Boolean) local.column("c").get(r) ? 1.0 : 0.0, a.getDouble(r, 2), 0);
      }
      // int and bool columns only: int64
      NDArray ints = df.select("a", "c").toTensor().execute().fetch();
      assertEquals(DType.INT64, ints.dtype());
      assertEquals(-5L + 2 * 7, ints.getLong(7, 0));
      assertEquals(1L, ints.getLong(9, 1));
      // a series: 1-D
      Tensor s = df.col("a").toTensor().execute();
      assertArrayEquals(new long[] {11}, s.shape());
      assertEquals(DType.INT64, s.dtype());
      assertEquals(15L, s.fetch().getLong(10));
      // a tensor op on top, computed by the tensor module: column sums
      NDArray sums = df.select("a", "c").toTensor().sum(0).execute().fetch();
      assertEquals(55L, sums.getLong(0));
      assertEquals(4L, sums.getLong(1));
    }
  }

  @Test
  void tensorToFrameRechunksColumnsAndKeepsRowChunks() {
    double[] v = new double[30];
    for (int i = 0; i < v.length; i++) {
      v[i] = i * 1.5;
    }
    Tensor t = Mt.tensor(NDArray.of(v, 10, 3), ChunkSize.of(4, 2));
    DataFrame df = Md.fromTensor(t, List.of("x", "y", "z"));
    assertEquals(List.of("x", "y", "z"), df.columns());
    assertEquals(DfType.FLOAT64, df.dtypes().get("y"));
    LocalFrame f = df.execute().fetch();
    assertArrayEquals(new long[] {4, 4, 2}, df.nsplits()[0]);
    assertInstanceOf(RangeIndex.class, f.index());
    assertEquals(10, f.nrows());
    for (int r = 0; r < 10; r++) {
      assertEquals(v[r * 3 + 2], (Double) f.column("z").get(r), 0);
      assertEquals(v[r * 3], (Double) f.column("x").get(r), 0);
    }
    // default names, int64
    LocalFrame ints = Md.fromTensor(Mt.tensor(NDArray.of(new long[] {1, 2, 3, 4}, 2, 2))).execute().fetch();
    assertEquals(List.of("0", "1"), ints.columnNames());
    assertEquals(4L, ints.column("1").get(1));
    // and back: a frame's column arithmetic through a tensor
    assertEquals(f.column("y").get(7), Md.fromTensor(df.toTensor(), List.of("x", "y", "z")).execute().fetch()
        .column("y").get(7));
    assertThrows(MarsException.class, () -> Md.fromTensor(Mt.arange(5), List.of("a")));
    assertThrows(MarsException.class, () -> Md.fromTensor(t, List.of("a", "b")));
  }

  @Test
  void spawnedFunctionsReceiveWholeFramesAndSeries() {
    LocalFrame local = numeric(10);
    DataFrame df = Md.dataFrame(local, 3);
    Long rows = Remote.spawn((LocalFrame f) -> (long) f.nrows(), df).execute().fetch();
    assertEquals(10L, rows);
    Double sumB = Remote.spawn((LocalSeries s) -> {
      double t = 0;
      for (int i = 0; i < s.size(); i++) {
        t += s.values().isNA(i) ? 0 : (Double) s.get(i);
      }
      return t;
    }, df.col("b")).execute().fetch();
    double expected = 0;
    for (int i = 0; i < 10; i++) {
      expected += i % 4 == 3 ? 0 : i * 0.25;
    }
    assertEquals(expected, sumB, 1e-12);
    // the frame arrives whole, index and all, after a filter (unknown chunk sizes)
    String firstLabels = Remote.spawn((LocalFrame f) -> f.index().label(0) + "," + f.index().label(f.nrows() - 1)
        + "," + f.nrows(), df.filter(df.col("c"))).execute().fetch();
    assertEquals("0,9,4", firstLabels);
  }
}
