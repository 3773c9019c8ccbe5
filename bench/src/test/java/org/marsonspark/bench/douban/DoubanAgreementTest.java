package org.marsonspark.bench.douban;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.marsonspark.examples.DoubanData;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/** Spark SQL's answers to the Douban steps are consistent, and equal pandas' on a small generated data set. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DoubanAgreementTest {
  private static final int MOVIES = 1500;
  private static final long RATINGS = 150_000;

  @TempDir
  static Path data;

  private MarsSession session;
  private Map<String, StepResult> spark;

  @BeforeAll
  void generateAndRunSpark() throws Exception {
    DoubanData.generate(data, MOVIES, RATINGS, 11, 2);
    session = MarsSession.local("local[2]", MarsOptions.defaults().withProgress(false));
    DoubanBench.Run run = DoubanBench.runOnce(new SparkSqlDouban(session.spark()), data);
    spark = run.results();
    for (Step s : Step.values()) {
      assertTrue(run.seconds().get(s) >= 0, s.id);
    }
  }

  @AfterAll
  void close() {
    if (session != null) {
      session.close();
    }
  }

  private static long sum(StepResult r, int column) {
    return r.rows().stream().mapToLong(row -> ((Number) row.get(column)).longValue()).sum();
  }

  /** Rows ordered by column {@code by} descending, then column {@code key} ascending. */
  private static void assertTopKOrder(StepResult r, int by, int key) {
    for (int i = 1; i < r.rows().size(); i++) {
      List<Object> p = r.rows().get(i - 1);
      List<Object> q = r.rows().get(i);
      double a = ((Number) p.get(by)).doubleValue();
      double b = ((Number) q.get(by)).doubleValue();
      @SuppressWarnings("unchecked")
      int keys = ((Comparable<Object>) p.get(key)).compareTo(q.get(key));
      assertTrue(a > b || (a == b && keys < 0), "order at row " + i + ": " + p + " then " + q);
    }
  }

  @Test
  void sparkResultsAreConsistent() {
    StepResult perYear = spark.get("movies_per_year");
    assertEquals(List.of("year", "movies"), perYear.columns());
    assertEquals(MOVIES, sum(perYear, 1));
    StepResult ratings = spark.get("rating_counts");
    assertEquals(List.of("rating", "count"), ratings.columns());
    assertEquals(5, ratings.rows().size());
    assertEquals(RATINGS, sum(ratings, 1));
    assertTopKOrder(ratings, 1, 0);

    StepResult top = spark.get("top_movies");
    assertEquals(List.of("movie", "title", "mean", "count"), top.columns());
    assertEquals(DoubanAnalysis.TOP_MOVIES, top.rows().size());
    assertTopKOrder(top, 2, 0);
    for (List<Object> row : top.rows()) {
      assertTrue(((Number) row.get(3)).longValue() >= DoubanAnalysis.MIN_RATINGS, row.toString());
      assertNotNull(row.get(1), "title of " + row);
      double mean = ((Number) row.get(2)).doubleValue();
      assertTrue(mean >= 1 && mean <= 5, row.toString());
    }

    StepResult tags = spark.get("top_tags");
    assertEquals(List.of("tag", "count"), tags.columns());
    assertEquals(DoubanAnalysis.TOP_TAGS, tags.rows().size());
    assertTopKOrder(tags, 1, 0);
    assertTrue(tags.rows().stream().noneMatch(r -> r.get(0) == null || r.get(0).toString().isEmpty()),
        "a missing tag list is no tag");
    StepResult regions = spark.get("top_regions");
    assertEquals(DoubanAnalysis.TOP_REGIONS, regions.rows().size());
    assertTopKOrder(regions, 1, 0);
  }

  @Test
  void sparkEqualsPandas() throws Exception {
    assumeTrue(DoubanBench.pandasAvailable(), "python3 with pandas is needed");
    Path script = Path.of("python/douban_pandas.py").toAbsolutePath();
    assertTrue(Files.isRegularFile(script), script.toString());
    Path out = data.resolve("pandas.json");
    DoubanBench.Outcome pandas = DoubanBench.measurePandas(script, data, 0, 1, out);
    assertEquals(1, pandas.runs().size());
    List<String> differences = DoubanResults.differences(pandas.results(), spark);
    assertEquals(List.of(), differences, "Spark SQL vs pandas");
    // and the JSON round trip the harness uses for the Java side keeps the results
    Path written = data.resolve("spark.json");
    DoubanResults.write(spark, written);
    assertEquals(List.of(), DoubanResults.differences(spark, DoubanResults.read(written)));
    assertTrue(Files.readString(written, StandardCharsets.UTF_8).contains("\"top_movies\""));
  }

  @Test
  void comparisonNoticesOrderAndValues() {
    StepResult a = new StepResult(List.of("tag", "count"), List.of(List.of("Drama", 10L), List.of("Comedy", 7L)));
    StepResult swapped = new StepResult(List.of("tag", "count"), List.of(List.of("Comedy", 7L), List.of("Drama", 10L)));
    StepResult off = new StepResult(List.of("tag", "count"), List.of(List.of("Drama", 10L), List.of("Comedy", 8L)));
    StepResult close = new StepResult(List.of("tag", "count"), List.of(List.of("Drama", 10.0), List.of("Comedy", 7L)));
    assertNull(a.differenceFrom(close));
    assertNotNull(a.differenceFrom(swapped));
    assertNotNull(a.differenceFrom(off));
    assertNotNull(a.differenceFrom(new StepResult(List.of("t", "count"), a.rows())));
  }
}
