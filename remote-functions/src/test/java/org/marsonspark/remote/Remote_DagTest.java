package org.marsonspark.remote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.MarsException;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.CsrMatrix;
import org.marsonspark.tensor.JobProbe;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;

/** Spawned calls form a DAG whose results equal the serial computation; arguments, outputs, batching. */
class Remote_DagTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  /** Sum of {@code n} draws in [0, 1000) from a generator seeded by the chunk's index. */
  static long drawSum(long n, int seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    long sum = 0;
    for (long i = 0; i < n; i++) {
      sum += rng.nextInt(1000);
    }
    return sum;
  }

  static double mean(List<Long> sums, long total) {
    return (double) sums.stream().mapToLong(Long::longValue).sum() / total;
  }

  @Test
  void aDagEqualsTheSerialComputation() {
    int tasks = 8;
    long n = 20_000;
    List<RemoteObject<Long>> parts = new ArrayList<>();
    List<Long> serial = new ArrayList<>();
    for (int i = 0; i < tasks; i++) {
      parts.add(Remote.spawn(Remote_DagTest::drawSum, n, i)); // an int literal widens to the long parameter
      serial.add(drawSum(n, i));
    }
    RemoteObject<Double> mean = Remote.spawn(Remote_DagTest::mean, parts, tasks * n);
    assertEquals(mean(serial, tasks * n), mean.execute(spark.session()).fetch(), 0.0);
    assertEquals(499.5, mean.fetch(), 5);
    assertEquals("Remote_DagTest.mean", mean.functionName());
  }

  @Test
  void diamondRunsSharedWorkOnceAndPassesValuesAlong() {
    RemoteObject<Integer> a = Remote.spawn(() -> 20);
    RemoteObject<Integer> b = Remote.spawn((Integer x) -> x + 1, a);
    RemoteObject<Integer> c = Remote.spawn((Integer x) -> x * 2, a);
    RemoteObject<String> d = Remote.spawn((Integer x, Integer y, String sep) -> x + sep + y, b, c, "/");
    assertEquals("21/40", d.execute(spark.session()).fetch());
    // objects executed together come back in one fetch
    ExecutableTuple all = ExecutableTuple.of(a, b, c, d).execute(spark.session());
    assertEquals(List.of(20, 21, 40, "21/40"), all.fetch());
  }

  @Test
  void varargsFunctionsAndMapsOfSpawnedObjects() {
    RemoteObject<Integer> x = Remote.spawn(() -> 3);
    RemoteObject<Integer> sum = Remote.spawn((Object[] args) -> {
      int s = 0;
      for (Object o : args) {
        s += (Integer) o;
      }
      return s;
    }, x, 4, x);
    RemoteObject<Object> m = Remote.spawn((Map<String, Integer> map) -> map.get("a") * map.get("b"),
        Map.of("a", x, "b", 5));
    assertEquals(List.of(10, 15), ExecutableTuple.of(sum, m).execute(spark.session()).fetch());
  }

  @Test
  void aFunctionReturningNullGivesNull() {
    RemoteObject<String> none = Remote.spawn(() -> null);
    RemoteObject<Boolean> isNull = Remote.spawn((String s) -> s == null, none);
    ExecutableTuple.of(none, isNull).execute(spark.session());
    assertNull(none.fetch());
    assertTrue(isNull.fetch());
  }

  @Test
  void nOutputGivesOneObjectPerReturnedValue() {
    ExecutableTuple parts = Remote.options().nOutput(3).spawn((Integer n) -> new Object[] {n, n * n, "n=" + n}, 7);
    assertEquals(3, parts.size());
    RemoteObject<Integer> square = parts.get(1);
    RemoteObject<Integer> next = Remote.spawn((Integer s) -> s + 1, square);
    assertEquals(50, next.execute(spark.session()).fetch());
    assertEquals(List.of(7, 49, "n=7"), parts.execute(spark.session()).fetch());
    // a List works as well as an array
    ExecutableTuple fromList = Remote.options().nOutput(2).spawn(() -> List.of("a", "b"));
    assertEquals(List.of("a", "b"), fromList.execute(spark.session()).fetch());
  }

  @Test
  void nOutputMismatchNamesTheFunction() {
    ExecutableTuple wrong = Remote.options().nOutput(2).spawn(() -> new Object[] {1, 2, 3});
    MarsException e = assertThrows(MarsException.class, () -> wrong.execute(spark.session()));
    assertEquals(ErrorClass.INVALID_ARGUMENT, e.errorClass());
    assertTrue(e.getMessage().contains("nOutput(2)") && e.getMessage().contains("3 values"), e.getMessage());
  }

  @Test
  void aTensorArrivesWholeAsAnNDArray() {
    // 2-D, 3 x 2 chunks: the function gets the assembled array
    Tensor t = new RandomState(5).rand(new long[] {7, 5}, ChunkSize.of(3, 3));
    RemoteObject<Double> sum = Remote.spawn((NDArray a) -> {
      double s = 0;
      for (double v : a.doubles()) {
        s += v;
      }
      return s;
    }, t);
    RemoteObject<long[]> shape = Remote.spawn((NDArray a) -> a.shape(), t);
    ExecutableTuple.of(sum, shape).execute(spark.session());
    NDArray whole = t.execute(spark.session()).fetch();
    double expected = 0;
    for (double v : whole.doubles()) {
      expected += v;
    }
    assertEquals(expected, sum.fetch(), 1e-12);
    assertArrayEquals(new long[] {7, 5}, shape.fetch());
  }

  @Test
  void aSparseTensorArrivesWholeAsACsrMatrix() {
    // 3 x 3 coordinates, cut into 2 x 2 blocks: the function gets one CSR matrix
    Tensor s = Mt.sparse.fromCoo(new long[] {0, 1, 2, 2}, new long[] {2, 0, 1, 1}, new double[] {5, -1, 2, 3},
        new long[] {3, 3}, ChunkSize.of(2));
    RemoteObject<double[]> seen = Remote.spawn((CsrMatrix m) -> new double[] {m.nnz(), m.getDouble(0, 2),
        m.getDouble(1, 0), m.getDouble(2, 1), m.getDouble(1, 1)}, s);
    // duplicates summed, as scipy's coo -> csr: (2, 1) holds 2 + 3
    assertArrayEquals(new double[] {3, 5, -1, 5, 0}, seen.execute(spark.session()).fetch());
  }

  @Test
  void aMaskedTensorOfUnknownLengthRunsFirst() {
    Tensor x = Mt.arange(20);
    Tensor big = x.get(x.ge(15)); // length unknown until the mask ran
    RemoteObject<long[]> values = Remote.spawn((NDArray a) -> a.longs().clone(), big);
    assertArrayEquals(new long[] {15, 16, 17, 18, 19}, values.execute(spark.session()).fetch());
  }

  @Test
  void independentSpawnsShareOneSparkJob() {
    List<RemoteObject<Integer>> many = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      int k = i;
      many.add(Remote.spawn(() -> k));
    }
    RemoteObject<Integer> total = Remote.spawn((List<Integer> xs) -> xs.stream().mapToInt(Integer::intValue).sum(), many);
    List<RemoteObject<?>> all = new ArrayList<>(many);
    all.add(total);
    try (JobProbe counter = new JobProbe(spark.session().sparkContext())) {
      ExecutableTuple tuple = ExecutableTuple.of(all).execute(spark.session());
      // in one JVM the sum runs in the last task of the calls' stage, after its calls
      assertEquals(1, counter.counts().jobs(), "one job: the 200 independent calls and their sum");
      List<Object> values = tuple.fetch();
      assertEquals(1, counter.counts().jobs(), "small results came back with their tasks: fetching them needs no job");
      assertEquals(199 * 200 / 2, values.get(200));
      assertEquals(123, values.get(123));
    }
  }

  @Test
  void smallResultsComeBackWithTheirTasksWhileLargeOnesAreFetchedByAJob() {
    RemoteObject<int[]> small = Remote.spawn(() -> {
      System.out.println("small");
      return new int[] {1, 2, 3};
    });
    RemoteObject<int[]> large = Remote.spawn(() -> new int[100_000]); // 400 KB: stays on the executor
    try (JobProbe counter = new JobProbe(spark.session().sparkContext())) {
      ExecutableTuple.of(small, large).execute(spark.session());
      int executed = counter.counts().jobs();
      assertEquals(1, executed, "two independent calls: one job");
      int[] first = small.fetch();
      assertArrayEquals(new int[] {1, 2, 3}, first);
      first[0] = 42;
      assertArrayEquals(new int[] {1, 2, 3}, small.fetch(), "every fetch gets its own copy");
      assertEquals("small" + System.lineSeparator(), small.fetchLog());
      assertEquals(executed, counter.counts().jobs(), "value and log of a small result need no job");
      assertEquals(100_000, large.fetch().length);
      assertEquals(executed + 1, counter.counts().jobs(), "a large result is fetched by a job");
      small.release();
      assertThrows(MarsException.class, small::fetch, "a released result is gone, copy included");
    }
  }

  @Test
  void aSmallTensorResultComesBackWithItsTask() {
    Tensor t = Mt.arange(0.0, 10.0, 1.0, org.marsonspark.tensor.DType.FLOAT64, ChunkSize.of(5)).mul(2);
    try (JobProbe counter = new JobProbe(spark.session().sparkContext())) {
      t.execute(spark.session());
      int executed = counter.counts().jobs();
      NDArray got = t.fetch();
      assertEquals(executed, counter.counts().jobs(), "no fetch job");
      assertEquals(18.0, got.getDouble(9));
      assertEquals(10, got.size());
    }
  }
}
