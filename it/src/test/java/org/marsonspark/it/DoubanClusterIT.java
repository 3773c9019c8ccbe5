package org.marsonspark.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.examples.DoubanData;
import org.marsonspark.examples.DoubanMars;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * The Douban demo analysis (issue 6) on {@code local-cluster[2,1,1024]}: the CSVs are parsed,
 * grouped, joined and counted in two executor JVMs, and what reaches the driver — every task's
 * result plus every fetch — stays the size of the answers, not of the data. The answers equal
 * those of the same program on an in-process {@code local[2]} session.
 */
class DoubanClusterIT {
  private static final int MOVIES = 5_000;
  private static final long RATINGS = 1_500_000;

  @TempDir
  static Path dir;

  private static List<String> onLocal;
  private static MarsSession session;
  private static final AtomicLong resultBytes = new AtomicLong();

  @BeforeAll
  static void start() throws Exception {
    DoubanData.generate(dir, MOVIES, RATINGS, DoubanData.DEFAULT_SEED, 2);
    try (MarsSession local = MarsSession.local("local[2]", MarsOptions.defaults().withProgress(false))) {
      onLocal = analysis(local);
    }
    ItSupport.sparkHome();
    SparkConf extra = new SparkConf(false)
        .set("spark.executor.extraClassPath", ItSupport.joinPath(ItSupport.testClassPath()))
        .set("spark.executor.extraJavaOptions", String.join(" ", ItSupport.jvmOpens()));
    session = MarsSession.local("local-cluster[2,1,1024]", MarsOptions.defaults().withProgress(false), extra);
    SparkContext sc = session.sparkContext();
    ItSupport.awaitTrue(() -> sc.statusTracker().getExecutorInfos().length >= 3, ItSupport.TIMEOUT,
        () -> "2 executors did not register; see the executors' logs under $SPARK_HOME/work", null);
    sc.addSparkListener(new SparkListener() {
      @Override
      public void onTaskEnd(SparkListenerTaskEnd end) {
        if (end.taskMetrics() != null) {
          resultBytes.addAndGet(end.taskMetrics().resultSize());
        }
      }
    });
  }

  @AfterAll
  static void stop() {
    if (session != null) {
      session.close();
    }
  }

  /** Every step's answer, printed (pandas's repr), in order. */
  private static List<String> analysis(MarsSession s) {
    List<String> out = new ArrayList<>();
    try (DoubanMars mars = new DoubanMars(s)) {
      mars.read(dir.resolve(DoubanData.MOVIES_CSV), dir.resolve(DoubanData.RATINGS_CSV));
      for (LocalFrame f : List.of(mars.moviesPerYear(), mars.ratingCounts(), mars.topMovies(), mars.topTags(),
          mars.topRegions(), mars.ratingsPerYear())) {
        out.add(f.toString());
      }
    }
    return out;
  }

  @Test
  void theAnalysisRunsOnExecutorsAndOnlyItsAnswersReachTheDriver() throws Exception {
    long csvBytes = Files.size(dir.resolve(DoubanData.RATINGS_CSV)) + Files.size(dir.resolve(DoubanData.MOVIES_CSV));
    resultBytes.set(0);
    List<String> onCluster = analysis(session);
    assertEquals(onLocal, onCluster, "the same answers on two executor JVMs as in one process");
    // the answers are a few hundred rows; the data 1.5 M ratings (tens of MB parsed on executors)
    long received = resultBytes.get();
    System.out.printf("DoubanClusterIT: %,d bytes of task results reached the driver for %,d bytes of CSV%n", received,
        csvBytes);
    assertTrue(csvBytes > 30_000_000L, "the data must dwarf the answers: " + csvBytes + " bytes of CSV");
    assertTrue(received < 2_000_000L, "task results reaching the driver: " + received + " bytes for " + csvBytes
        + " bytes of CSV");
  }
}
