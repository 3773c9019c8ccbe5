package org.marsonspark.dataframe;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DoubleColumn;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.LongColumn;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * groupby(...).transform (by aggregation name: broadcast of the group aggregates; with a Java
 * function: shuffle of key ranges and back) and groupby(...).apply against pandas, on chunk sizes
 * 1, 2, 3, 4 and whole (so 1 to 13 buckets). Each fixture names a function; the Java functions
 * below do what the pandas lambdas in the generator do.
 */
class DfGroupApply_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession(o -> o.withCombineSize(2));

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> treeAgainstPandas() {
    return DfFixtures.tests("groupby_apply", (c, rows, s) -> run(c, rows, s, "tree"), spark::session);
  }

  // transform by name once more with the shuffle combination of the aggregates
  @TestFactory
  Stream<DynamicNode> shuffleAgainstPandas() {
    return DfFixtures.tests("groupby_apply", (c, rows, s) -> run(c, rows, s, "shuffle"), spark::session);
  }

  /** pandas {@code d - d.mean()} per column (float64 out). */
  static LocalFrame demean(LocalFrame d) {
    Column[] out = new Column[d.ncols()];
    for (int c = 0; c < out.length; c++) {
      Column col = d.column(c);
      double[] v = new double[col.size()];
      double sum = 0;
      int cnt = 0;
      for (int i = 0; i < v.length; i++) {
        v[i] = col instanceof LongColumn l ? l.getLong(i) : ((DoubleColumn) col).getDouble(i);
        if (!Double.isNaN(v[i])) {
          sum += v[i];
          cnt++;
        }
      }
      double mean = cnt == 0 ? Double.NaN : sum / cnt;
      for (int i = 0; i < v.length; i++) {
        v[i] -= mean;
      }
      out[c] = Column.ofDoubles(v);
    }
    return new LocalFrame(d.index(), d.columnNames().toArray(new String[0]), out);
  }

  /** pandas {@code d.cumsum()} of int64 columns. */
  static LocalFrame cumsum(LocalFrame d) {
    Column[] out = new Column[d.ncols()];
    for (int c = 0; c < out.length; c++) {
      long[] v = ((LongColumn) d.column(c)).values().clone();
      for (int i = 1; i < v.length; i++) {
        v[i] += v[i - 1];
      }
      out[c] = Column.ofLongs(v);
    }
    return new LocalFrame(d.index(), d.columnNames().toArray(new String[0]), out);
  }

  /** pandas {@code d.nlargest(2, "n")}: stable descending by n, first two. */
  static LocalFrame top2n(LocalFrame d) {
    long[] n = ((LongColumn) d.column("n")).values();
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < n.length; i++) {
      order.add(i);
    }
    order.sort((a, b) -> Long.compare(n[b], n[a]));
    int k = Math.min(2, n.length);
    int[] at = new int[k];
    for (int i = 0; i < k; i++) {
      at[i] = order.get(i);
    }
    return d.take(at);
  }

  /** pandas {@code DataFrame({"total": [d.x.sum()], "cnt": [len(d)]})}. */
  static LocalFrame summary(LocalFrame d) {
    double total = 0;
    for (double x : ((DoubleColumn) d.column("x")).values()) {
      total += Double.isNaN(x) ? 0 : x;
    }
    Map<String, Column> m = new LinkedHashMap<>();
    m.put("total", Column.ofDoubles(total));
    m.put("cnt", Column.ofLongs(d.nrows()));
    return LocalFrame.of(LocalIndex.range(1), m);
  }

  static GroupFunction function(String name) {
    return switch (name) {
      case "demean" -> DfGroupApply_FixtureTest::demean;
      case "cumsum" -> DfGroupApply_FixtureTest::cumsum;
      case "head1" -> d -> d.slice(0, Math.min(1, d.nrows()));
      case "top2n" -> DfGroupApply_FixtureTest::top2n;
      case "summary" -> DfGroupApply_FixtureTest::summary;
      case "summary_row0" -> d -> {
        if (d.nrows() == 0) {
          throw new IllegalStateException("needs a row");
        }
        return summary(d);
      };
      default -> throw new IllegalArgumentException(name);
    };
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession s, String method) {
    DataFrame df = DfFixtures.dataFrame(c, "df", rows);
    String[] keys = DfSort_FixtureTest.strings(c.param("keys"));
    Executable r = switch (c.op()) {
      case "transform_agg" -> df.groupby(keys).method(method).transform(c.str("fn"),
          DfSort_FixtureTest.strings(c.param("columns")));
      case "filtered_transform_agg" -> df.filter(df.col("n").gt(0L)).groupby(keys).method(method)
          .transform(c.str("fn"), DfSort_FixtureTest.strings(c.param("columns")));
      case "transform_fn" -> df.select(DfSort_FixtureTest.strings(c.param("select"))).groupby(keys)
          .transform(function(c.str("fn")));
      case "apply_fn" -> df.groupby(keys).apply(function(c.str("fn")));
      case "filtered_apply_fn" -> df.filter(df.col("n").gt(0L)).groupby(keys).apply(function(c.str("fn")));
      case "apply_fn_dtypes" -> {
        Map<String, DfType> dt = new LinkedHashMap<>();
        dt.put("total", DfType.FLOAT64);
        dt.put("cnt", DfType.INT64);
        yield df.groupby(keys).apply(function(c.str("fn")), dt);
      }
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return DfFixtures.compute(r, s);
  }
}
