package org.marsonspark.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.spark.SparkConf;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.learn.datasets.Dataset;
import org.marsonspark.learn.datasets.MakeClassification;
import org.marsonspark.learn.linearmodel.LogisticRegression;
import org.marsonspark.learn.modelselection.GridSearchCV;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.Tensor;

/**
 * Model search on {@code local-cluster[2,1,1024]}: every (candidate, fold) a spawned call in an
 * executor JVM, fitted there (the estimator rebuilt from its class and parameters), with the
 * same results as distributed fits on the same cluster; the calls run on both executors at once,
 * and a block read from the other executor is kept there, so it crosses once per executor.
 */
class ModelSearchClusterIT {
  private static MarsSession session;

  @BeforeAll
  static void start() throws Exception {
    ItSupport.sparkHome();
    SparkConf extra = new SparkConf(false)
        .set("spark.executor.extraClassPath", ItSupport.joinPath(ItSupport.testClassPath()))
        .set("spark.executor.extraJavaOptions", String.join(" ", ItSupport.jvmOpens()));
    session = MarsSession.local("local-cluster[2,1,1024]", MarsOptions.defaults().withProgress(false), extra);
    ItSupport.awaitTrue(() -> session.sparkContext().statusTracker().getExecutorInfos().length >= 3,
        ItSupport.TIMEOUT, () -> "2 executors did not register", null);
  }

  @AfterAll
  static void stop() {
    if (session != null) {
      session.close();
    }
  }

  @Test
  void spawnedSearchMatchesDistributedFitsOnTheCluster() {
    Dataset d = new MakeClassification().nSamples(3000).nFeatures(10).nInformative(5).nClasses(3).randomState(1)
        .generate();
    Tensor x = d.x().execute();
    Tensor y = d.y().execute();
    GridSearchCV base = new GridSearchCV(new LogisticRegression().tol(1e-8).maxIter(300),
        Map.of("C", List.of(0.01, 0.1, 1.0, 10.0, 100.0, 1000.0))).cv(2).scoring("neg_log_loss").refit(false)
        .verbose(0);
    long before = session.remoteInputReads();
    ExecutorsByJob where = new ExecutorsByJob();
    session.sparkContext().addSparkListener(where);
    GridSearchCV spawned;
    try {
      spawned = base.fit(x, y);
    } finally {
      session.sparkContext().removeSparkListener(where);
    }
    long reads = session.remoteInputReads() - before;
    GridSearchCV distributed = base.localFitLimit(0).fit(x, y);
    assertTrue(spawned.spawnedFits_());
    assertFalse(distributed.spawnedFits_());
    LocalFrame a = spawned.cvResults_().execute().fetch();
    LocalFrame b = distributed.cvResults_().execute().fetch();
    for (int c = 0; c < 6; c++) {
      for (String col : List.of("split0_test_score", "split1_test_score")) {
        double u = ((Number) a.column(col).get(c)).doubleValue();
        double v = ((Number) b.column(col).get(c)).doubleValue();
        assertEquals(v, u, 1e-6 * Math.abs(v) + 1e-9, col + " candidate " + c);
      }
    }
    assertEquals(distributed.bestParams_(), spawned.bestParams_());
    // the 12 calls are packed one task per slot and prefer every executor: both run calls at once
    Map.Entry<String, java.util.Set<String>> calls = where.byJob.entrySet().stream()
        .filter(e -> e.getKey().contains("FoldJob")).findFirst().orElseThrow(() -> new AssertionError(
            "no job of spawned calls among " + where.byJob.keySet()));
    assertEquals(2, calls.getValue().size(), "executors that ran the spawned calls: " + where.byJob);
    // each held block crosses to the other executor once and is kept there: fewer remote reads than
    // the calls' 48 data inputs (12 calls × X, y and a fold's two position tensors), though X and y
    // are several chunks each — read again by every call on the other executor, they were hundreds
    System.out.println("[ModelSearchClusterIT] the spawned search read " + reads + " chunk inputs from the other "
        + "executor; jobs and their executors: " + where.byJob);
    assertTrue(reads <= 48, reads + " remote reads");
  }

  /** The executors each job's tasks ran on, by the job's description. */
  static final class ExecutorsByJob extends org.apache.spark.scheduler.SparkListener {
    final Map<String, java.util.Set<String>> byJob = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<Integer, String> stageJob = new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public void onJobStart(org.apache.spark.scheduler.SparkListenerJobStart e) {
      String desc = String.valueOf(e.properties().getProperty("spark.job.description"));
      scala.jdk.javaapi.CollectionConverters.asJava(e.stageIds()).forEach(id -> stageJob.put((Integer) id, desc));
    }

    @Override
    public void onTaskEnd(org.apache.spark.scheduler.SparkListenerTaskEnd e) {
      byJob.computeIfAbsent(stageJob.getOrDefault(e.stageId(), "?"), k -> java.util.concurrent.ConcurrentHashMap
          .newKeySet()).add(e.taskInfo().executorId());
    }
  }
}
