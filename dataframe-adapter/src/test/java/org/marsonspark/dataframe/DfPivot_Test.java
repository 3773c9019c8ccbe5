package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.ops.GroupByAgg;
import org.marsonspark.dataframe.ops.PivotTable;
import org.marsonspark.session.LocalSession;

/**
 * pivot_table beyond the fixtures: index keys whose groups are cut by the shuffle's key ranges
 * (against a Java reference), and the errors raised before anything runs.
 */
class DfPivot_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static LocalFrame bigFrame() {
    int n = 1200;
    long[] ix = new long[n];
    long[] cx = new long[n];
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      ix[i] = (i * 31L) % 7;
      cx[i] = (i * 17L) % 50;
      v[i] = i % 13;
    }
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("i", Column.ofLongs(ix));
    cols.put("c", Column.ofLongs(cx));
    cols.put("v", Column.ofLongs(v));
    return LocalFrame.of(cols);
  }

  @Test
  void indexKeysCutByShuffleRangesMatchAJavaReference() {
    LocalFrame local = bigFrame();
    long[][] ref = new long[7][50];
    boolean[][] seen = new boolean[7][50];
    for (int r = 0; r < local.nrows(); r++) {
      int i = (int) (long) (Long) local.column("i").get(r);
      int c = (int) (long) (Long) local.column("c").get(r);
      ref[i][c] += (Long) local.column("v").get(r);
      seen[i][c] = true;
    }
    for (GroupByAgg.Method m : List.of(GroupByAgg.Method.TREE, GroupByAgg.Method.SHUFFLE)) {
      DataFrame df = Md.dataFrame(local, 100);
      DataFrame p = PivotTable.of(df.data(), "v", "i", "c", "sum", null, false, m);
      p.execute(spark.session());
      PivotTable op = (PivotTable) p.data().op();
      assertEquals(7, op.plan().indexKeys(), m + ": index keys counted from the metadata");
      if (m == GroupByAgg.Method.SHUFFLE) {
        // 350 groups in 12 key ranges of about 29: every index key (50 groups) spans ranges
        assertTrue(p.nsplits()[0].length > 1, "several table chunks: " + p.nsplits()[0].length);
      }
      LocalFrame got = p.fetch();
      p.release();
      assertEquals(7, got.nrows(), m.toString());
      assertEquals(50, got.ncols(), m.toString());
      boolean missing = false;
      for (boolean[] row : seen) {
        for (boolean s : row) {
          missing |= !s;
        }
      }
      for (int c = 0; c < 50; c++) {
        assertEquals(Integer.toString(c), got.columnNames().get(c));
        assertEquals(missing ? DfType.FLOAT64 : DfType.INT64, got.dtypes().get(c));
        for (int i = 0; i < 7; i++) {
          assertEquals((long) i, got.index().label(i));
          Object cell = got.column(c).get(i);
          if (seen[i][c]) {
            assertEquals((double) ref[i][c], ((Number) cell).doubleValue(), 0.0, m + " cell " + i + "," + c);
          } else {
            assertTrue(got.column(c).isNA(i), m + " cell " + i + "," + c + " is missing");
          }
        }
      }
    }
  }

  @Test
  void pivotAfterAFilterOfUnknownSizeKeepsTheTableSmall() {
    DataFrame df = Md.dataFrame(bigFrame(), 50);
    DataFrame f = df.filter(df.col("v").gt(10L));
    DataFrame p = f.pivotTable("v", "c", "i", "count").execute(spark.session());
    LocalFrame got = p.fetch();
    p.release();
    assertEquals(List.of("0", "1", "2", "3", "4", "5", "6"), got.columnNames());
    long total = 0;
    for (int c = 0; c < got.ncols(); c++) {
      for (int r = 0; r < got.nrows(); r++) {
        if (!got.column(c).isNA(r)) {
          total += ((Number) got.column(c).get(r)).longValue();
        }
      }
    }
    long expected = 0;
    for (int i = 0; i < 1200; i++) {
      expected += i % 13 > 10 ? 1 : 0;
    }
    assertEquals(expected, total, "every filtered row counted once");
  }

  private static DataFrame frame() {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofStrings("x", "y", "x"));
    cols.put("b", Column.ofLongs(1, 2, 1));
    cols.put("s", Column.ofStrings("p", "q", "r"));
    cols.put("k", Column.categoricalOf("u", "v", "u"));
    cols.put("v", Column.ofDoubles(1.0, 2.0, 3.0));
    return Md.dataFrame(LocalFrame.of(cols), 2);
  }


  @Test
  void errorsAreRaisedBeforeAnythingRuns() {
    DataFrame df = frame();
    assertError(ErrorClass.COLUMN_NOT_FOUND, "'zz' not in", () -> df.pivotTable("v", "zz", "b", "sum"));
    assertError(ErrorClass.COLUMN_NOT_FOUND, "'zz' not in", () -> df.pivotTable("v", "a", "zz", "sum"));
    assertError(ErrorClass.COLUMN_NOT_FOUND, "'zz' not in", () -> df.pivotTable(List.of("v", "zz"), "a", "b", "sum"));
    assertError(ErrorClass.INVALID_ARGUMENT, "unknown aggregation 'median'", () -> df.pivotTable("v", "a", "b", "median"));
    assertError(ErrorClass.INVALID_ARGUMENT, "unknown aggregation 'avg'",
        () -> df.pivotTable("v", "a", "b", Map.of("v", "avg")));
    assertError(ErrorClass.INVALID_ARGUMENT, "do not exist", () -> df.pivotTable("v", "a", "b", Map.of("s", "max")));
    assertError(ErrorClass.INVALID_ARGUMENT, "aggfunc must be", () -> df.pivotTable("v", "a", "b", 3));
    assertError(ErrorClass.INVALID_ARGUMENT, "fill_value must be a number",
        () -> df.pivotTable("v", "a", "b", "sum", "zero", false));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "margins", () -> df.pivotTable("v", "a", "b", "sum", null, true));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "pass index", () -> df.pivotTable("v", null, "b", "sum"));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "Series", () -> df.pivotTable("v", "a", null, "size"));
    assertError(ErrorClass.UNSUPPORTED_OPERATION, "category key", () -> df.pivotTable("v", "k", "b", "sum"));
    assertError(ErrorClass.INVALID_ARGUMENT, "given twice", () -> df.pivotTable("v", "a", "a", "sum"));
    assertError(ErrorClass.INVALID_ARGUMENT, "both a value and a key", () -> df.pivotTable("a", "a", "b", "count"));
    assertError(ErrorClass.UNSUPPORTED_DTYPE, "mean is not supported for dtype", () -> df.pivotTable("s", "a", "b", "mean"));
    assertError(ErrorClass.INVALID_ARGUMENT, "must name columns", () -> df.pivotTable("v", List.of(1), "b", "sum"));
  }

  @Test
  void stringValuesAreDroppedWhenValuesAreNotGivenAsPandas15Does() {
    DataFrame df = frame();
    DataFrame p = df.pivotTable(null, "a", "b", "mean").execute(spark.session());
    LocalFrame got = p.fetch();
    p.release();
    // s (object) and k (category) have no mean: only v is aggregated; names are "value|key"
    assertEquals(List.of("v|1", "v|2"), got.columnNames());
    assertEquals(2.0, (Double) got.column("v|1").get(0), 0.0);
    assertTrue(got.column("v|2").isNA(0));
  }
}
