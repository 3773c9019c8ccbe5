package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.learn.cluster.KMeans;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.JobProbe;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;

/**
 * A KMeans fit of 20 Lloyd iterations is a short series of Spark jobs over chunks held in the
 * executors: one Spark job per iteration whatever the number of chunks, and task results
 * that carry only chunk metadata and the merged sums to the driver — never the data.
 */
class KMeans_JobsTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private record Fit(JobProbe.Counts counts, double inertia, int nIter) {}

  private static Fit fit(int rows, int chunks, int maxIter) {
    Tensor x = new RandomState(11).rand(new long[] {rows, 4}, ChunkSize.of(rows / chunks, 4)).execute();
    Tensor init = x.slice("0:10");
    init.execute();
    try (JobProbe probe = new JobProbe(spark.session().sparkContext())) {
      probe.reset();
      KMeans km = new KMeans().nClusters(10).init(init).maxIter(maxIter).tol(0).fit(x);
      Fit f = new Fit(probe.counts(), km.inertia_(), km.nIter_());
      km.labels_().release();
      return f;
    } finally {
      x.release();
      init.release();
    }
  }

  /** The Spark jobs one more Lloyd iteration costs, on {@code chunks} chunks. */
  private static int jobsPerIteration(Fit twenty, Fit ten) {
    assertEquals(20, twenty.nIter(), "uniform data does not converge in 20 iterations");
    assertEquals(10, ten.nIter());
    int perIteration = (twenty.counts().jobs() - ten.counts().jobs()) / 10;
    assertEquals(0, (twenty.counts().jobs() - ten.counts().jobs()) % 10, "the same jobs every iteration");
    return perIteration;
  }

  @Test
  void jobsPerIterationDoNotGrowWithTheChunksAndOnlySumsReachTheDriver() {
    int rows = 160_000; // chunks of 80 KB and more, whose values stay in the executors
    Fit base = fit(rows, 16, 20);
    Fit manyChunks = fit(rows, 64, 20);
    // one job: the map stage, its merge tree inline in the last map partition (one JVM: local[2])
    for (int[] chunks : new int[][] {{16}, {64}}) {
      Fit twenty = chunks[0] == 16 ? base : manyChunks;
      int perIteration = jobsPerIteration(twenty, fit(rows, chunks[0], 10));
      assertEquals(1, perIteration, chunks[0] + " chunks: jobs per Lloyd iteration");
      // a fixed set-up: hold the centred data, check it is finite, the final labels and inertia
      assertTrue(twenty.counts().jobs() <= 20 + 10, "jobs of the fit: " + twenty.counts());
    }
    assertEquals(base.inertia(), manyChunks.inertia(), 1e-9 * base.inertia(), "the same fit on 16 and 64 chunks");
    // driver-bound bytes: task metadata — for each chunk a task stores, its block's status — and
    // the (k, d + 1) sums; four times the rows, the same bytes. (In one JVM an iteration's 16 maps
    // run as one task per core, so a task's result holds 8 chunks' statuses: count per chunk.)
    Fit moreRows = fit(4 * rows, 16, 20);
    for (Fit f : new Fit[] {base, moreRows}) {
      long perChunk = f.counts().resultBytes() / f.counts().jobs() / 16;
      assertTrue(perChunk < 4096, "result bytes per job and chunk: " + perChunk + " (" + f.counts() + ")");
    }
    assertTrue(moreRows.counts().resultBytes() < 1.1 * base.counts().resultBytes(), "task results grew with the "
        + "data: " + base.counts() + " vs " + moreRows.counts());
  }
}
