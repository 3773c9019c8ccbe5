package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.MultiIndex;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * MultiIndex against pandas (multiindex.json): groupby on two and three keys (int, str, datetime;
 * NA keys dropped) with the default as_index=True, every aggregation function, a dict and one
 * function, size(), reset_index() — tree and shuffle, on every chunk size; and repr of the results
 * compared exactly with pandas's text. Plus the local index kind itself (slice, take, concat,
 * serialization) and the clear errors of what is not supported.
 */
class DfMultiIndex_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession(o -> o.withCombineSize(2));

  private static List<DfFixtures.Case> valueCases() {
    return DfFixtures.load("multiindex").stream().filter(c -> !c.op().startsWith("repr")).toList();
  }

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> treeAgainstPandas() {
    return DfFixtures.tests("multiindex", (c, rows, s) -> run(c, rows, s, "tree"), spark::session)
        .filter(n -> !n.getDisplayName().startsWith("repr"));
  }

  // each case x chunk size is checked by DfAssert.assertMatches in DfFixtures.tests
  @TestFactory
  Stream<DynamicNode> shuffleAgainstPandas() {
    return DfFixtures.tests("multiindex", (c, rows, s) -> run(c, rows, s, "shuffle"), spark::session)
        .filter(n -> !n.getDisplayName().startsWith("repr"));
  }

  static Executable build(DfFixtures.Case c, long rows, String method) {
    DataFrame df = DfFixtures.dataFrame(c, "df", rows);
    String[] keys = DfCsv_FixtureTest.strings(c.param("keys")).toArray(new String[0]);
    GroupBy g = df.groupby(keys).method(method);
    return switch (c.op()) {
      case "named", "repr" -> g.agg(DfGroupBy_FixtureTest.named(c.param("aggs")));
      case "reset" -> g.agg(DfGroupBy_FixtureTest.named(c.param("aggs"))).resetIndex();
      case "dict" -> {
        Map<String, String> m = new LinkedHashMap<>();
        c.param("aggs").fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asText()));
        yield g.agg(m);
      }
      case "one_fn" -> g.agg(c.str("fn"));
      case "size", "repr_size" -> g.size();
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
  }

  static Object run(DfFixtures.Case c, long rows, MarsSession s, String method) {
    return DfFixtures.compute(build(c, rows, method), s);
  }

  @Test
  void everyValueCaseIsRun() {
    assertTrue(valueCases().size() >= 8, "multiindex.json has its value cases");
  }

  @Test
  void reprLikePandas() {
    int n = 0;
    for (DfFixtures.Case c : DfFixtures.load("multiindex")) {
      if (!c.op().startsWith("repr")) {
        continue;
      }
      for (long rows : DfFixtures.CHUNK_ROWS) {
        for (String method : List.of("tree", "shuffle")) {
          Executable x = build(c, rows, method);
          x.execute(spark.session());
          try {
            assertEquals(c.expected().get("value").asText(), x.toString(), c + " chunkRows=" + rows + " " + method);
          } finally {
            x.release();
          }
          n++;
        }
      }
    }
    assertTrue(n >= 8, "repr cases ran: " + n);
  }

  private static MultiIndex sample() {
    return LocalIndex.multi(List.of(Column.ofStrings("a", "a", "b"), Column.ofLongs(1, 2, 1)),
        java.util.Arrays.asList("k", null));
  }

  @Test
  void localIndexKind() throws Exception {
    MultiIndex m = sample();
    assertEquals(3, m.size());
    assertEquals(2, m.nlevels());
    assertEquals("MultiIndex", m.kind());
    assertEquals(List.of("b", 1L), m.label(2));
    assertEquals(List.of("a", 2L), m.slice(1, 2).label(0));
    assertEquals(List.of("b", 1L), m.take(new int[] {2, 0}).label(0));
    assertTrue(m.nbytes() > 0);
    LocalIndex both = LocalIndex.concat(List.of(m.slice(0, 1), m.slice(1, 3)));
    assertInstanceOf(MultiIndex.class, both);
    assertTrue(both.sameLabels(m), both.toString());
    assertEquals(java.util.Arrays.asList("k", null), ((MultiIndex) both).names());
    ByteArrayOutputStream bo = new ByteArrayOutputStream();
    try (ObjectOutputStream o = new ObjectOutputStream(bo)) {
      o.writeObject(m);
    }
    Object back = new ObjectInputStream(new ByteArrayInputStream(bo.toByteArray())).readObject();
    assertTrue(m.sameLabels((LocalIndex) back));
    assertEquals(m.names(), ((MultiIndex) back).names());
    assertThrows(MarsException.class, () -> m.withName("x"));
  }

  private static DataFrame grouped() {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofStrings("x", "y", "x", "y"));
    cols.put("b", Column.ofLongs(1, 1, 2, 1));
    cols.put("v", Column.ofDoubles(1.0, 2.0, 3.0, 4.0));
    return Md.dataFrame(LocalFrame.of(cols), 2).groupby("a", "b").agg(GroupBy.named("s", "v", "sum"));
  }

  @Test
  void resultMetaAndChunksThroughTheShuffle() {
    DataFrame r = grouped();
    assertEquals("MultiIndex", r.indexMeta().kind());
    assertEquals(List.of(DfType.OBJECT, DfType.INT64), r.indexMeta().dtypes());
    assertEquals(List.of("a", "b"), r.indexMeta().names());
    // chunks of one row, shuffled: every result chunk is serialized with its MultiIndex and concatenated
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofStrings("y", "x", "y", "x", "y"));
    cols.put("b", Column.ofLongs(1, 2, 1, 1, 3));
    cols.put("v", Column.ofDoubles(1.0, 2.0, 3.0, 4.0, 5.0));
    LocalFrame f = (LocalFrame) DfFixtures.compute(Md.dataFrame(LocalFrame.of(cols), 1).groupby("a", "b")
        .method("shuffle").agg(GroupBy.named("s", "v", "sum")), spark.session());
    MultiIndex m = assertInstanceOf(MultiIndex.class, f.index());
    assertEquals(List.of(List.of("x", 1L), List.of("x", 2L), List.of("y", 1L), List.of("y", 3L)),
        List.of(m.label(0), m.label(1), m.label(2), m.label(3)));
    assertEquals(List.of(4.0, 2.0, 4.0, 5.0), List.of(f.column("s").get(0), f.column("s").get(1),
        f.column("s").get(2), f.column("s").get(3)));
  }

  @Test
  void unsupportedUsesRaiseClearErrors() {
    DataFrame r = grouped();
    MarsException loc = assertThrows(MarsException.class, () -> r.loc(List.of(List.of("x", 1L))));
    assertTrue(loc.getMessage().contains("loc") && loc.getMessage().contains("MultiIndex"), loc.getMessage());
    MarsException sort = assertThrows(MarsException.class, () -> r.sortIndex());
    assertTrue(sort.getMessage().contains("sort_index"), sort.getMessage());
    MarsException slice = assertThrows(MarsException.class, () -> r.col("s").loc("x", "y"));
    assertTrue(slice.getMessage().contains("MultiIndex"), slice.getMessage());
    MarsException merge = assertThrows(MarsException.class, () -> r.merge(grouped(), MergeOptions.onIndex()));
    assertTrue(merge.getMessage().contains("merge on a MultiIndex"), merge.getMessage());
  }
}
