package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.ops.GroupByAgg;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * groupby(...).agg(...) against pandas — named aggregation with every function, a dict of
 * functions, an int key, two keys with as_index=False, size(), after a filter — once with the
 * tree combination and once with the shuffle, on several chunk sizes (both paths must equal
 * pandas, so they equal each other); and the automatic choice following the measured sizes.
 */
class DfGroupBy_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession(o -> o.withCombineSize(2));

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> treeAgainstPandas() {
    return DfFixtures.tests("groupby", (c, rows, s) -> run(c, rows, s, "tree"), spark::session);
  }

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> shuffleAgainstPandas() {
    return DfFixtures.tests("groupby", (c, rows, s) -> run(c, rows, s, "shuffle"), spark::session);
  }

  static GroupBy.NamedAgg[] named(JsonNode aggs) {
    List<GroupBy.NamedAgg> out = new ArrayList<>();
    aggs.forEach(a -> out.add(GroupBy.named(a.get(0).asText(), a.get(1).asText(), a.get(2).asText())));
    return out.toArray(new GroupBy.NamedAgg[0]);
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession s, String method) {
    DataFrame df = DfFixtures.dataFrame(c, "df", rows);
    String[] keys = DfCsv_FixtureTest.strings(c.param("keys")).toArray(new String[0]);
    Executable r = switch (c.op()) {
      case "named" -> df.groupby(keys).method(method).agg(named(c.param("aggs")));
      case "named_flat" -> df.groupby(keys).asIndex(false).method(method).agg(named(c.param("aggs")));
      case "filtered_named" -> df.filter(df.col("n").gt(0L)).groupby(keys).method(method).agg(named(c.param("aggs")));
      case "dict" -> {
        Map<String, String> m = new LinkedHashMap<>();
        c.param("aggs").fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asText()));
        yield df.groupby(keys).method(method).agg(m);
      }
      case "size" -> df.groupby(keys).method(method).size();
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return DfFixtures.compute(r, s);
  }

  private static GroupByAgg.Method chosen(DataFrame result) {
    return ((GroupByAgg) result.data().op()).chosen();
  }

  @Test
  void autoChoosesByMeasuredPartialSizes() {
    int n = 4000;
    long[] key = new long[n];
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      key[i] = (i * 7919L) % 1000;
      v[i] = i;
    }
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("key", Column.ofLongs(key));
    cols.put("v", Column.ofDoubles(v));
    LocalFrame local = LocalFrame.of(cols);
    DataFrame df = Md.dataFrame(local, 500);
    // 1000 groups fit one chunk under the default 128 MiB limit: a tree
    DataFrame tree = df.groupby("key").agg(GroupBy.named("s", "v", "sum")).execute(spark.session());
    assertEquals(GroupByAgg.Method.TREE, chosen(tree));
    // the same partials under a 64 KiB limit do not: a shuffle, with one result chunk per input chunk
    try (MarsSession small = MarsSession.attach(spark.session().spark(),
        spark.session().options().withChunkStoreLimit(64 << 10))) {
      DataFrame df2 = Md.dataFrame(local, 500);
      DataFrame shuffled = df2.groupby("key").agg(GroupBy.named("s", "v", "sum")).execute(small);
      assertEquals(GroupByAgg.Method.SHUFFLE, chosen(shuffled));
      assertEquals(8, shuffled.nsplits()[0].length);
      LocalFrame a = tree.fetch();
      LocalFrame b = shuffled.fetch();
      assertEquals(1000, b.nrows());
      for (int i = 0; i < 1000; i++) {
        assertEquals(a.index().label(i), b.index().label(i));
        assertEquals((Double) a.column("s").get(i), (Double) b.column("s").get(i), 1e-9);
      }
    } finally {
      spark.session().asDefault();
    }
  }
}
