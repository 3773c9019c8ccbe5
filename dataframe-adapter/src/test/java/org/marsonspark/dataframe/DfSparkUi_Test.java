package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerEvent;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.session.LocalSession;

/**
 * What a user reads in the Spark UI and event logs: Mars's jobs carry "mars: …" descriptions, a
 * fromSpark is a SQL execution named after it (with the query's plan), and the plans of a
 * toSpark Dataset name where the rows come from.
 */
class DfSparkUi_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  /** SQL execution starts and job descriptions, as the UI's listeners see them. */
  private static final class Heard extends SparkListener {
    final List<SparkListenerSQLExecutionStart> sql = new CopyOnWriteArrayList<>();
    final List<String> jobs = new CopyOnWriteArrayList<>();

    @Override
    public void onOtherEvent(SparkListenerEvent event) {
      if (event instanceof SparkListenerSQLExecutionStart s) {
        sql.add(s);
      }
    }

    @Override
    public void onJobStart(SparkListenerJobStart job) {
      jobs.add(String.valueOf(job.properties().getProperty("spark.job.description")));
    }
  }

  @Test
  void fromSparkAndToSparkAreNamedInTheSqlTab() throws Exception {
    Heard heard = new Heard();
    org.apache.spark.SparkContext sc = spark.session().sparkContext();
    sc.addSparkListener(heard);
    try {
      Dataset<Row> ds = spark.session().spark().range(0, 100, 1, 4).selectExpr("id", "id * 2 AS twice");
      DataFrame df = Md.fromSpark(spark.session(), ds);
      DataFrame evens = df.filter(df.col("twice").gt(10)).execute(spark.session());
      Dataset<Row> back = evens.toSpark(spark.session(), false);
      assertEquals(94, back.count());
      sc.listenerBus().waitUntilEmpty();

      SparkListenerSQLExecutionStart from = heard.sql.stream()
          .filter(s -> s.description().equals("mars: fromSpark(id, twice)")).findFirst()
          .orElseThrow(() -> new AssertionError("no SQL execution named for fromSpark: " + descriptions(heard)));
      assertTrue(from.physicalPlanDescription().contains("Range"), from.physicalPlanDescription());
      assertTrue(heard.sql.stream().anyMatch(s -> s.physicalPlanDescription().contains("CollectMetrics") && s.physicalPlanDescription().contains("mars_toSpark_")),
          "no plan names toSpark: " + descriptions(heard));
      assertTrue(heard.jobs.stream().anyMatch(d -> d.startsWith("mars: ")), "Mars's jobs: " + heard.jobs);
    } finally {
      sc.removeSparkListener(heard);
    }
  }

  private static List<String> descriptions(Heard heard) {
    return heard.sql.stream().map(SparkListenerSQLExecutionStart::description).toList();
  }
}
