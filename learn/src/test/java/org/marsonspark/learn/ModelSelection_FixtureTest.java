package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.learn.LearnFixtures.Case;
import org.marsonspark.learn.LearnFixtures.Layout;
import org.marsonspark.learn.modelselection.KFold;
import org.marsonspark.learn.modelselection.ParameterGrid;
import org.marsonspark.learn.modelselection.Split;
import org.marsonspark.learn.modelselection.StratifiedKFold;
import org.marsonspark.learn.modelselection.TrainTestSplit;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn.model_selection against scikit-learn 1.2 on every layout: KFold's and StratifiedKFold's
 * exact folds without shuffle, train_test_split without shuffle, the sizes of shuffled splits,
 * the per-class counts of shuffled stratified splits and folds, ParameterGrid's order.
 */
class ModelSelection_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static final Map<String, BiConsumer<Case, Layout>> RUNNERS = Map.of(
      "KFold", ModelSelection_FixtureTest::kFold,
      "StratifiedKFold", ModelSelection_FixtureTest::stratifiedKFold,
      "train_test_split", ModelSelection_FixtureTest::trainTestSplit,
      "ParameterGrid", ModelSelection_FixtureTest::parameterGrid);

  @TestFactory
  List<DynamicTest> modelSelection() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Case c : LearnFixtures.load("modelselection")) {
      BiConsumer<Case, Layout> run = RUNNERS.get(c.estimator());
      // rows of 2, 3 (uneven) and whole: the splits take whole rows, so column chunks add nothing
      List<Layout> layouts = c.estimator().equals("ParameterGrid") ? LearnFixtures.LAYOUTS.subList(3, 4)
          : LearnFixtures.LAYOUTS.subList(1, 4);
      for (Layout l : layouts) {
        tests.add(dynamicTest(c + " " + l, () -> {
          if (run == null) {
            throw new AssertionError("no runner for " + c.estimator());
          }
          run.accept(c, l);
        }));
      }
    }
    return tests;
  }

  private static long[] longs(Tensor t) {
    return t.execute().fetch().longs();
  }

  private static void assertFolds(Case c, List<Split> folds) {
    JsonNode expected = c.expected().get("folds");
    assertEquals(expected.size(), folds.size(), c + ": number of folds");
    for (int f = 0; f < folds.size(); f++) {
      assertArrayEquals(LearnFixtures.array(expected.get(f).get("train")).longs(), longs(folds.get(f).train()),
          c + " fold " + f + " train");
      assertArrayEquals(LearnFixtures.array(expected.get(f).get("test")).longs(), longs(folds.get(f).test()),
          c + " fold " + f + " test");
    }
  }

  private static void kFold(Case c, Layout l) {
    assertFolds(c, new KFold().nSplits(c.params().get("nSplits").asInt()).split(l.tensor(c.input("X"))));
  }

  private static void stratifiedKFold(Case c, Layout l) {
    int k = c.params().get("nSplits").asInt();
    Tensor x = l.tensor(c.input("X"));
    Tensor y = l.tensor(c.input("y"));
    assertFolds(c, new StratifiedKFold().nSplits(k).split(x, y));
    // shuffled: each fold's share of every class is fixed by the allocation, whatever the stream
    long[] codes = classCodes(c.input("y"));
    List<Split> shuffled = new StratifiedKFold(k, true, 0).split(x, y);
    JsonNode counts = c.expected().get("test_class_counts");
    for (int f = 0; f < k; f++) {
      long[] got = new long[counts.get(f).size()];
      for (long row : longs(shuffled.get(f).test())) {
        got[(int) codes[(int) row]]++;
      }
      assertArrayEquals(longs(counts.get(f)), got, c + " shuffled fold " + f + " class counts");
    }
  }

  /** Each label's position among the sorted distinct labels. */
  private static long[] classCodes(NDArray y) {
    double[] v = y.astype(org.marsonspark.tensor.DType.FLOAT64).doubles();
    double[] sorted = java.util.Arrays.stream(v).distinct().sorted().toArray();
    long[] out = new long[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = java.util.Arrays.binarySearch(sorted, v[i]);
    }
    return out;
  }

  private static long[] longs(JsonNode list) {
    long[] out = new long[list.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = list.get(i).asLong();
    }
    return out;
  }

  private static TrainTestSplit options(JsonNode p) {
    TrainTestSplit s = new TrainTestSplit();
    JsonNode test = p.get("testSize");
    JsonNode train = p.get("trainSize");
    if (!test.isNull()) {
      s = test.isIntegralNumber() ? s.testSize(test.asLong()) : s.testSize(test.asDouble());
    }
    if (!train.isNull()) {
      s = train.isIntegralNumber() ? s.trainSize(train.asLong()) : s.trainSize(train.asDouble());
    }
    return s;
  }

  private static void trainTestSplit(Case c, Layout l) {
    Tensor x = l.tensor(c.input("X"));
    long n = x.shape(0);
    TrainTestSplit options = options(c.params());
    long nTrain = c.expected().get("n_train").asLong();
    long nTest = c.expected().get("n_test").asLong();
    if (c.params().has("stratify")) {
      long[] y = c.input("y").longs();
      Tensor[] idx = options.randomState(3).stratify(l.tensor(c.input("y"))).indices(n);
      assertArrayEquals(longs(c.expected().get("train_class_counts")), countsOf(y, longs(idx[0])), c + " train");
      assertArrayEquals(longs(c.expected().get("test_class_counts")), countsOf(y, longs(idx[1])), c + " test");
      return;
    }
    List<org.marsonspark.core.TileableHandle> parts = options.shuffle(false).split(x);
    assertArrayEquals(c.expected("train").astype(org.marsonspark.tensor.DType.FLOAT64).doubles(),
        ((Tensor) parts.get(0)).reshape(-1).execute().fetch().doubles(), c + " train rows");
    assertArrayEquals(c.expected("test").astype(org.marsonspark.tensor.DType.FLOAT64).doubles(),
        ((Tensor) parts.get(1)).reshape(-1).execute().fetch().doubles(), c + " test rows");
    Tensor[] shuffled = options.randomState(7).indices(n);
    assertEquals(nTrain, longs(shuffled[0]).length, c + ": shuffled train size");
    assertEquals(nTest, longs(shuffled[1]).length, c + ": shuffled test size");
  }

  private static long[] countsOf(long[] y, long[] rows) {
    long[] out = new long[(int) java.util.Arrays.stream(y).max().orElse(0) + 1];
    for (long r : rows) {
      out[(int) y[(int) r]]++;
    }
    return out;
  }

  private static void parameterGrid(Case c, Layout l) {
    JsonNode g = c.params().get("grid");
    List<Map<String, List<Object>>> grids = new ArrayList<>();
    for (JsonNode one : g.isArray() ? g : List.of(g)) {
      Map<String, List<Object>> grid = new LinkedHashMap<>();
      one.fields().forEachRemaining(e -> {
        List<Object> values = new ArrayList<>();
        e.getValue().forEach(v -> values.add(value(v)));
        grid.put(e.getKey(), values);
      });
      grids.add(grid);
    }
    ParameterGrid pg = new ParameterGrid(grids);
    List<Map<String, Object>> expected = new ArrayList<>();
    for (JsonNode combo : c.expected().get("combinations")) {
      Map<String, Object> m = new LinkedHashMap<>();
      combo.fields().forEachRemaining(e -> m.put(e.getKey(), value(e.getValue())));
      expected.add(m);
    }
    List<Map<String, Object>> got = new ArrayList<>();
    pg.forEach(got::add);
    assertEquals(expected, got, c + " iteration order");
    assertEquals(expected.size(), pg.size());
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(new ArrayList<>(expected.get(i).keySet()), new ArrayList<>(pg.get(i).keySet()), c + " keys " + i);
    }
  }

  private static Object value(JsonNode v) {
    return v.isTextual() ? v.asText() : v.isIntegralNumber() ? (Object) v.asInt() : (Object) v.asDouble();
  }
}
