package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.learn.modelselection.KFold;
import org.marsonspark.learn.modelselection.ModelSelection;
import org.marsonspark.learn.modelselection.ParameterGrid;
import org.marsonspark.learn.modelselection.Split;
import org.marsonspark.learn.modelselection.StratifiedKFold;
import org.marsonspark.learn.modelselection.TrainTestSplit;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * The contract of the shuffled splitters, whose streams cannot be sklearn's: test rows first in
 * a permutation that depends on the seed and the row index only (so the same for any chunking),
 * disjoint subsets covering what they should, every array split alike (Tensors, DataFrames,
 * Series), and sklearn's errors.
 */
class ModelSelection_ContractTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static long[] longs(Tensor t) {
    return t.execute().fetch().longs();
  }

  private static Tensor rows(long n, long chunk) {
    return Mt.tensor(NDArray.of(java.util.stream.LongStream.range(0, n).asDoubleStream().toArray(), n, 1),
        ChunkSize.of(chunk, 1));
  }

  @Test
  void shuffledSplitIsAPermutationsHeadAndTheSameForEveryChunking() {
    long n = 40;
    long[] perm = longs(new org.marsonspark.tensor.RandomState(11).permutation(n));
    long[] firstTest = null;
    for (long chunk : new long[] {40, 7, 3}) {
      List<TileableHandle> parts = new TrainTestSplit().testSize(0.25).randomState(11).split(rows(n, chunk));
      double[] train = ((Tensor) parts.get(0)).reshape(-1).execute().fetch().doubles();
      double[] test = ((Tensor) parts.get(1)).reshape(-1).execute().fetch().doubles();
      assertEquals(30, train.length);
      assertEquals(10, test.length);
      for (int i = 0; i < 10; i++) {
        assertEquals(perm[i], (long) test[i], "the test rows are the permutation's first nTest, in its order");
      }
      for (int i = 0; i < 30; i++) {
        assertEquals(perm[10 + i], (long) train[i], "then the training rows");
      }
      long[] t = Arrays.stream(test).mapToLong(v -> (long) v).toArray();
      if (firstTest == null) {
        firstTest = t;
      } else {
        assertArrayEquals(firstTest, t, "chunks of " + chunk + " changed the split");
      }
    }
  }

  @Test
  void everyArrayIsSplitAlikeTensorsFramesAndSeries() {
    long n = 12;
    Tensor x = rows(n, 5);
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("id", Column.ofLongs(java.util.stream.LongStream.range(0, n).toArray()));
    cols.put("name", Column.ofStrings(java.util.stream.LongStream.range(0, n).mapToObj(i -> "r" + i)
        .toArray(String[]::new)));
    DataFrame df = Md.dataFrame(cols, 4);
    Series s = Md.series("y", Column.ofDoubles(java.util.stream.LongStream.range(0, n).asDoubleStream().map(v -> v * 10)
        .toArray()), 3);
    List<TileableHandle> parts = ModelSelection.trainTestSplit(0.25, 5, x, df, s);
    assertEquals(6, parts.size());
    double[] xTest = ((Tensor) parts.get(1)).reshape(-1).execute().fetch().doubles();
    LocalFrame dfTest = ((DataFrame) parts.get(3)).execute().fetch();
    var sTest = ((Series) parts.get(5)).execute().fetch();
    assertEquals(3, xTest.length);
    for (int i = 0; i < xTest.length; i++) {
      long row = (long) xTest[i];
      assertEquals(row, dfTest.column(0).get(i), "the frame's test rows are the tensor's");
      assertEquals("r" + row, dfTest.column(1).get(i));
      assertEquals(row, ((Number) dfTest.index().label(i)).longValue(), "index labels are kept");
      assertEquals(row * 10.0, ((Number) sTest.get(i)).doubleValue(), "the series' test rows are the tensor's");
    }
    LocalFrame dfTrain = ((DataFrame) parts.get(2)).execute().fetch();
    assertEquals(9, dfTrain.nrows());
  }

  @Test
  void stratifiedSplitKeepsTheClassesAndIsTheSameForEveryChunking() {
    long[] labels = new long[30];
    for (int i = 0; i < 30; i++) {
      labels[i] = i % 3 == 0 ? 7 : i % 5 == 0 ? 2 : 4;
    }
    long[] first = null;
    for (long chunk : new long[] {30, 4}) {
      Tensor y = Mt.tensor(NDArray.of(labels), ChunkSize.of(chunk));
      Tensor[] idx = new TrainTestSplit().testSize(0.3).randomState(1).stratify(y).indices(30);
      long[] train = longs(idx[0]);
      long[] test = longs(idx[1]);
      assertEquals(21, train.length);
      assertEquals(9, test.length);
      long[] both = java.util.stream.LongStream.concat(Arrays.stream(train), Arrays.stream(test)).sorted().toArray();
      assertArrayEquals(java.util.stream.LongStream.range(0, 30).toArray(), both, "train and test are disjoint, complete");
      if (first == null) {
        first = test;
      } else {
        assertArrayEquals(first, test, "the chunking changed the stratified split");
      }
      long sevens = Arrays.stream(test).filter(r -> labels[(int) r] == 7).count();
      assertEquals(3, sevens, "10 of 30 rows are class 7: 3 of the 9 test rows");
    }
  }

  @Test
  void shuffledFoldsPartitionTheRowsAndAreTheSameForEveryChunking() {
    long n = 23;
    List<Split> a = new KFold(4, true, 3).split(rows(n, 23));
    List<Split> b = new KFold(4, true, 3).split(rows(n, 5));
    long[] seen = new long[(int) n];
    for (int f = 0; f < 4; f++) {
      long[] test = longs(a.get(f).test());
      long[] train = longs(a.get(f).train());
      assertEquals(f < 3 ? 6 : 5, test.length, "sklearn's fold sizes");
      assertEquals(n - test.length, train.length);
      assertTrue(isSorted(test) && isSorted(train), "positions come ascending, as sklearn's");
      for (long r : test) {
        seen[(int) r]++;
      }
      assertArrayEquals(test, longs(b.get(f).test()), "the chunking changed fold " + f);
      long[] all = java.util.stream.LongStream.concat(Arrays.stream(train), Arrays.stream(test)).sorted().toArray();
      assertArrayEquals(java.util.stream.LongStream.range(0, n).toArray(), all);
    }
    assertTrue(Arrays.stream(seen).allMatch(c -> c == 1), "every row is tested once");
    long[] unshuffled = longs(new KFold(4, false, null).split(rows(n, 5)).get(0).test());
    assertTrue(!Arrays.equals(unshuffled, longs(a.get(0).test())), "shuffling changes the folds");
  }

  private static boolean isSorted(long[] v) {
    for (int i = 1; i < v.length; i++) {
      if (v[i] < v[i - 1]) {
        return false;
      }
    }
    return true;
  }

  @Test
  void stratifiedFoldsTakeStringLabels() {
    String[] labels = {"b", "a", "b", "b", "c", "a", "c", "b", "a", "c"};
    Series y = Md.series("y", Column.ofStrings(labels), 3);
    List<Split> folds = new StratifiedKFold(3, false, null).split(rows(10, 4), y);
    // sklearn 1.2's folds of these labels (classes numbered by first appearance, dealt round robin)
    assertArrayEquals(new long[] {0, 1, 2, 4}, longs(folds.get(0).test()));
    assertArrayEquals(new long[] {3, 5, 6}, longs(folds.get(1).test()));
    assertArrayEquals(new long[] {7, 8, 9}, longs(folds.get(2).test()));
  }

  @Test
  void badInputGetsSklearnsErrors() {
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "n_splits=2 or more", () -> new KFold(1, false, null));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "no effect since shuffle is False", () -> new KFold(3, false, 4));
    assertError(ErrorClass.INVALID_ARGUMENT, "greater than the number of samples", () -> new KFold(5, false, null)
        .split(rows(3, 3)));
    assertError(ErrorClass.INVALID_ARGUMENT, "should be either positive", () -> new TrainTestSplit().testSize(1.5)
        .split(rows(10, 10)));
    assertError(ErrorClass.INVALID_ARGUMENT, "should be smaller than the number of samples", () -> new TrainTestSplit()
        .testSize(6L).trainSize(6L).split(rows(10, 10)));
    assertError(ErrorClass.SHAPE_MISMATCH, "inconsistent numbers of samples", () -> new TrainTestSplit()
        .split(rows(10, 10), Mt.ones(9)));
    assertError(ErrorClass.INVALID_ARGUMENT, "not implemented for shuffle=False", () -> new TrainTestSplit()
        .shuffle(false).stratify(Mt.ones(10)).split(rows(10, 10)));
    Tensor single = Mt.array(new long[] {0, 0, 0, 1, 1, 2});
    assertError(ErrorClass.INVALID_ARGUMENT, "least populated class", () -> new TrainTestSplit().stratify(single)
        .split(rows(6, 6)));
    Tensor continuous = Mt.array(new double[] {0.5, 1.5, 0.25, 1, 2, 3});
    assertError(ErrorClass.INVALID_ARGUMENT, "Got 'continuous'", () -> new StratifiedKFold(2, false, null)
        .split(rows(6, 6), continuous));
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, "non-empty sequence", () -> new ParameterGrid(Map.of("a",
        List.of())));
    assertEquals(3, longs(new KFold(3, false, null).split(rows(9, 9)).get(0).test()).length, "the session still works");
  }
}
