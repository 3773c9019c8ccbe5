package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.remote.Remote;
import org.marsonspark.remote.RemoteObject;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.SessionChecks;
import org.marsonspark.tensor.Tensor;

/**
 * One session used from several threads at once: mixed tensor, DataFrame and remote executions
 * (built on inputs the threads share, not executed beforehand) give what the same work gives run
 * serially, and once every result is released — explicitly, from another thread, twice, or by
 * the cleaner when it becomes unreachable — the session holds no chunk and no block. Bounded:
 * small data, every wait with a deadline.
 */
class Session_ConcurrencyTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static final int THREADS = 8;
  private static final int PER_THREAD = 25;
  private static final int PARAMS = 3;
  private static final long DEADLINE_SECONDS = 120;

  /**
   * Shared by every thread and never executed on their own: each execution tiles (or finds tiled)
   * what it needs of them and computes it again. SELECTED and BIG are intermediates of unknown
   * size until they run (iterative tiling); SEVEN a spawned object many calls depend on.
   */
  private static final Tensor X = Mt.tensor(NDArray.of(range(60)), ChunkSize.of(20));
  private static final Tensor SELECTED = X.get(X.mod(3).eq(0));
  private static final DataFrame DF = frame();
  private static final DataFrame BIG = DF.filter(DF.col("v").gt(6.0));
  private static final RemoteObject<Integer> SEVEN = Remote.spawn(() -> 7);

  private static long[] range(int n) {
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = i;
    }
    return v;
  }

  private static DataFrame frame() {
    Map<String, Column> cols = new LinkedHashMap<>();
    long[] key = new long[24];
    double[] v = new double[24];
    for (int i = 0; i < 24; i++) {
      key[i] = i % 4;
      v[i] = i * 1.5;
    }
    cols.put("key", Column.ofLongs(key));
    cols.put("v", Column.ofDoubles(v));
    return Md.dataFrame(cols, 8);
  }

  /** One kind of work with parameter k: builds, executes and fetches, returning a comparable value. */
  private interface Work {
    Object run(int k, MarsSession s, boolean release);
  }

  /** Fetches a result, then releases it (or leaves it to the cleaner). */
  private static Object tensorValue(Tensor t, MarsSession s, boolean release) {
    NDArray a = t.execute(s).fetch();
    if (release) {
      t.release();
    }
    return a;
  }

  private static Object dfValue(Executable e, MarsSession s, boolean release) {
    e.execute(s);
    Object v = e instanceof DataFrame d ? d.fetch().toString()
        : e instanceof Series x ? x.fetch().toString() : ((Scalar) e).fetch();
    if (release) {
      e.release();
    }
    return v;
  }

  private static <T> Object remoteValue(RemoteObject<T> r, MarsSession s, boolean release) {
    Object v = r.execute(s).fetch();
    if (release) {
      r.release();
    }
    return v;
  }

  private static final List<Work> WORK = List.of(
      (k, s, r) -> tensorValue(X.mul(k).add(1).sum(), s, r),
      // a boolean mask: the sum's tiling waits for the selection's size (iterative tiling)
      (k, s, r) -> tensorValue(X.get(X.mod(k + 2).eq(0)).sum(), s, r),
      (k, s, r) -> tensorValue(new RandomState(k).rand(new long[] {40}, ChunkSize.of(9)).sum(), s, r),
      (k, s, r) -> dfValue(DF.filter(DF.col("v").gt(k)).groupby("key").agg("sum"), s, r),
      (k, s, r) -> dfValue(DF.col("v").mul(k).mean(), s, r),
      (k, s, r) -> dfValue(DF.merge(DF.filter(DF.col("key").eq((long) (k % 4))), "inner", "key"), s, r),
      (k, s, r) -> dfValue(DF.col("v").add(k).cumsum(), s, r),
      (k, s, r) -> remoteValue(Remote.spawn((Integer a, Integer b) -> a * 10 + b,
          Remote.spawn((Integer x) -> x * 2, k), k), s, r),
      // a spawned function of a tensor: it receives the tensor's values
      (k, s, r) -> remoteValue(Remote.spawn((NDArray a) -> Arrays.stream(a.longs()).sum(), X.add(k)), s, r),
      (k, s, r) -> tensorValue(SELECTED.mul(k).sum(), s, r),
      (k, s, r) -> dfValue(BIG.groupby("key").agg(k % 2 == 0 ? "max" : "count"), s, r),
      (k, s, r) -> remoteValue(Remote.spawn((Integer seven, Integer x) -> seven * x, SEVEN, k), s, r));

  @Test
  void threadsSharingASessionGetTheSerialResultsAndLeaveNothingBehind() throws Exception {
    MarsSession s = spark.session();
    SessionChecks.Held before = SessionChecks.held(s);
    Map<String, Object> serial = new LinkedHashMap<>();
    for (int w = 0; w < WORK.size(); w++) {
      for (int k = 0; k < PARAMS; k++) {
        serial.put(w + "/" + k, WORK.get(w).run(k, s, true));
      }
    }
    assertEquals(before.chunks(), s.chunkStore().size(), "the serial runs left chunks");
    // a few of them in closed form: sum(2i + 1, i < 60), (2 * 1) * 10 + 1, sum(i, i < 60)
    assertEquals(3600L, ((NDArray) serial.get("0/2")).getLong(0));
    assertEquals(21, serial.get("7/1"));
    assertEquals(1770L, serial.get("8/0"));

    Map<String, Object> concurrent = new ConcurrentHashMap<>();
    List<String> mismatches = java.util.Collections.synchronizedList(new ArrayList<>());
    runThreads(THREADS, thread -> {
      for (int i = 0; i < PER_THREAD; i++) {
        int j = thread * PER_THREAD + i;
        int w = j % WORK.size();
        int k = (j / WORK.size()) % PARAMS;
        // every third result is left to the cleaner
        Object got = WORK.get(w).run(k, s, j % 3 != 0);
        Object want = serial.get(w + "/" + k);
        if (!want.equals(got)) {
          mismatches.add("work " + w + " with k=" + k + " on thread " + thread + ": " + got + " instead of " + want);
        }
        concurrent.put(w + "/" + k, got);
      }
    });
    assertEquals(List.of(), mismatches);
    assertEquals(serial.keySet(), concurrent.keySet(), "every work and parameter ran");
    awaitCleaned(s, before);
  }

  @Test
  void fetchReleaseAndTheCleanerFromManyThreads() throws Exception {
    MarsSession s = spark.session();
    SessionChecks.Held before = SessionChecks.held(s);
    long[] squares = new long[60];
    for (int i = 0; i < 60; i++) {
      squares[i] = (long) i * i;
    }
    NDArray expected = NDArray.of(squares);
    Tensor shared = X.mul(X);
    // the same object executed again (its new handle replacing the old), fetched and released, at once:
    // a fetch may find it released by another thread (NOT_EXECUTED), never a wrong value
    runThreads(THREADS, thread -> {
      for (int i = 0; i < 3; i++) {
        if ((thread + i) % 4 == 3) {
          shared.release();
          continue;
        }
        for (int attempt = 0; ; attempt++) {
          shared.execute(s);
          try {
            assertEquals(expected, shared.fetch(), "thread " + thread);
            break;
          } catch (MarsException released) {
            assertEquals(ErrorClass.NOT_EXECUTED, released.errorClass(), released::getMessage);
            assertTrue(attempt < 20, "fetched nothing in 20 attempts");
          }
        }
      }
    });
    shared.release();
    assertEquals(before.chunks(), s.chunkStore().size(), "re-executing one object from several threads leaked");

    // executed on one thread, released on another; every object released by two threads at once
    List<Tensor> made = java.util.Collections.synchronizedList(new ArrayList<>());
    runThreads(THREADS, thread -> {
      for (int i = 0; i < 2; i++) {
        Tensor t = X.add(thread * 100 + i);
        assertEquals(thread * 100 + i, t.execute(s).fetch().getLong(0));
        made.add(t);
      }
    });
    CountDownLatch start = new CountDownLatch(2);
    runThreads(2, thread -> {
      start.countDown();
      start.await();
      for (Tensor t : made) {
        t.release();
      }
    });
    for (Tensor t : made) {
      MarsException e = org.junit.jupiter.api.Assertions.assertThrows(MarsException.class, t::fetch);
      assertEquals(ErrorClass.NOT_EXECUTED, e.errorClass());
    }
    assertEquals(before.chunks(), s.chunkStore().size(), "releasing from other threads leaked");

    // unreachable results, executed from several threads, are released by the cleaner
    runThreads(THREADS, thread -> {
      for (int i = 0; i < 2; i++) {
        assertEquals(2L * (thread + i), X.add(thread + i).mul(2).execute(s).fetch().getLong(0));
      }
    });
    awaitCleaned(s, before);
  }

  /** A body run on one thread of several, given its number. */
  private interface ThreadBody {
    void run(int thread) throws Exception;
  }

  /** Runs {@code n} bodies at once; fails with the first failure, or when they do not end in time. */
  private static void runThreads(int n, ThreadBody body) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(n);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < n; t++) {
        int thread = t;
        futures.add(pool.submit(() -> {
          body.run(thread);
          return null;
        }));
      }
      for (Future<?> f : futures) {
        f.get(DEADLINE_SECONDS, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
      assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS), "worker threads did not stop");
    }
  }

  /** Collects garbage until the cleaner has released every unreachable result (bounded), then checks blocks. */
  private static void awaitCleaned(MarsSession s, SessionChecks.Held before) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (s.chunkStore().size() > before.chunks() && System.nanoTime() < deadline) {
      System.gc();
      // the cleaner runs after the collection: give it a moment before collecting again
      for (int i = 0; i < 40 && s.chunkStore().size() > before.chunks(); i++) {
        Thread.sleep(25);
      }
    }
    SessionChecks.assertNothingLeft(s, before, "the concurrent executions");
  }
}
