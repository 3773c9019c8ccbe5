package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.learn.LearnFixtures.Case;
import org.marsonspark.learn.LearnFixtures.Layout;
import org.marsonspark.learn.impute.SimpleImputer;
import org.marsonspark.learn.pipeline.Pipeline;
import org.marsonspark.learn.pipeline.Pipelines;
import org.marsonspark.learn.preprocessing.LabelBinarizer;
import org.marsonspark.learn.preprocessing.LabelEncoder;
import org.marsonspark.learn.preprocessing.MaxAbsScaler;
import org.marsonspark.learn.preprocessing.MinMaxScaler;
import org.marsonspark.learn.preprocessing.Normalizer;
import org.marsonspark.learn.preprocessing.OneHotEncoder;
import org.marsonspark.learn.preprocessing.PolynomialFeatures;
import org.marsonspark.learn.preprocessing.Preprocessing;
import org.marsonspark.learn.preprocessing.RobustScaler;
import org.marsonspark.learn.preprocessing.StandardScaler;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn.preprocessing (and SimpleImputer) against scikit-learn 1.2's fitted attributes and
 * outputs, on every layout — nasty data too: NaN, constant and empty features, one row, integer
 * and float32 input, unknown categories, strings and categories in DataFrames.
 */
class Preprocessing_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  /** float32 results: sklearn computes in float32, we in float64 and round once. */
  private static final double F32_RTOL = 1e-5;

  /** How each estimator of the fixtures runs one case on one layout. */
  private static final Map<String, BiConsumer<Case, Layout>> RUNNERS = Map.ofEntries(
      Map.entry("StandardScaler", Preprocessing_FixtureTest::standardScaler),
      Map.entry("MinMaxScaler", Preprocessing_FixtureTest::minMaxScaler),
      Map.entry("MaxAbsScaler", Preprocessing_FixtureTest::maxAbsScaler),
      Map.entry("RobustScaler", Preprocessing_FixtureTest::robustScaler),
      Map.entry("Normalizer", Preprocessing_FixtureTest::normalizer),
      Map.entry("normalize", Preprocessing_FixtureTest::normalize),
      Map.entry("SimpleImputer", Preprocessing_FixtureTest::simpleImputer),
      Map.entry("LabelEncoder", Preprocessing_FixtureTest::labelEncoder),
      Map.entry("OneHotEncoder", Preprocessing_FixtureTest::oneHotEncoder),
      Map.entry("LabelBinarizer", Preprocessing_FixtureTest::labelBinarizer),
      Map.entry("PolynomialFeatures", Preprocessing_FixtureTest::polynomialFeatures),
      Map.entry("Pipeline", Preprocessing_FixtureTest::pipeline));

  @TestFactory
  List<DynamicTest> preprocessing() {
    return LearnFixtures.tests("preprocessing", RUNNERS);
  }

  private static void standardScaler(Case c, Layout l) {
    Tensor x = l.tensor(c.input("X"));
    Tensor w = c.hasInput("sample_weight") ? l.tensor(c.input("sample_weight")) : null;
    StandardScaler s = new StandardScaler().withMean(c.params().get("withMean").asBoolean())
        .withStd(c.params().get("withStd").asBoolean()).fit(x, null, w);
    LearnAssert.assertClose(c.expected("transform"), s.transform(x), c + " transform");
    LearnAssert.assertClose(c.expected("inverse_transform"), s.inverseTransform(s.transform(x)), c + " inverse");
    NDArray seen = s.nSamplesSeen_().execute().fetch();
    LearnAssert.assertClose(c.expected("n_samples_seen_"), seen, LearnAssert.RTOL, LearnAssert.ATOL,
        c + " n_samples_seen_");
    assertEquals(c.expected("n_samples_seen_").dtype(), seen.dtype(), c + " n_samples_seen_ dtype");
    for (String attr : List.of("mean_", "var_", "scale_")) {
      Tensor actual = switch (attr) {
        case "mean_" -> s.mean_();
        case "var_" -> s.var_();
        default -> s.scale_();
      };
      if (c.hasExpected(attr)) {
        LearnAssert.assertClose(c.expected(attr), actual, c + " " + attr);
      } else if (actual != null) {
        throw new AssertionError(c + ": sklearn has no " + attr + " here, got " + actual);
      }
    }
  }

  /** Values within the tolerance of the input's precision. */
  private static void close(Case c, String key, Tensor actual) {
    NDArray expected = c.expected(key);
    JsonNode x = c.inputs().get("X");
    boolean f32 = actual.dtype() == DType.FLOAT32 || (x != null && "float32".equals(x.path("dtype").asText()));
    NDArray got = (actual.isSparse() ? actual.execute().fetchSparse().toDense() : actual.execute().fetch());
    LearnAssert.assertClose(expected, got.astype(expected.dtype() == DType.INT64 ? DType.INT64 : DType.FLOAT64),
        f32 ? F32_RTOL : LearnAssert.RTOL, f32 ? F32_RTOL : LearnAssert.ATOL, c + " " + key);
  }

  private static void transforms(Case c, Tensor transformed, Tensor inverse) {
    close(c, "transform", transformed);
    close(c, "inverse_transform", inverse);
  }

  private static void minMaxScaler(Case c, Layout l) {
    Tensor x = l.tensor(c.input("X"));
    MinMaxScaler s = new MinMaxScaler();
    if (c.params().has("featureRange")) {
      JsonNode r = c.params().get("featureRange");
      s = s.featureRange(r.get(0).asDouble(), r.get(1).asDouble()).clip(c.params().get("clip").asBoolean());
    }
    s.fit(x);
    Tensor z = c.hasInput("X_new") ? l.tensor(c.input("X_new")) : x;
    transforms(c, s.transform(z), s.inverseTransform(s.transform(z)));
    for (String a : List.of("data_min_", "data_max_", "data_range_", "scale_", "min_")) {
      Tensor got = switch (a) {
        case "data_min_" -> s.dataMin_();
        case "data_max_" -> s.dataMax_();
        case "data_range_" -> s.dataRange_();
        case "scale_" -> s.scale_();
        default -> s.min_();
      };
      close(c, a, got);
    }
    assertEquals(c.expected().get("n_samples_seen_").asLong(), s.nSamplesSeen_(), c + " n_samples_seen_");
  }

  private static void maxAbsScaler(Case c, Layout l) {
    Tensor x = l.tensor(c.input("X"));
    MaxAbsScaler s = new MaxAbsScaler().fit(x);
    transforms(c, s.transform(x), s.inverseTransform(s.transform(x)));
    close(c, "max_abs_", s.maxAbs_());
    close(c, "scale_", s.scale_());
    assertEquals(c.expected().get("n_samples_seen_").asLong(), s.nSamplesSeen_(), c + " n_samples_seen_");
  }

  private static void robustScaler(Case c, Layout l) {
    Tensor x = l.tensor(c.input("X"));
    JsonNode p = c.params();
    RobustScaler s = new RobustScaler();
    if (p.has("quantileRange")) {
      s = s.quantileRange(p.get("quantileRange").get(0).asDouble(), p.get("quantileRange").get(1).asDouble());
    }
    if (p.has("unitVariance")) {
      s = s.unitVariance(p.get("unitVariance").asBoolean());
    }
    if (p.has("withCentering")) {
      s = s.withCentering(p.get("withCentering").asBoolean());
    }
    if (p.has("withScaling")) {
      s = s.withScaling(p.get("withScaling").asBoolean());
    }
    s.fit(x);
    transforms(c, s.transform(x), s.inverseTransform(s.transform(x)));
    attribute(c, "center_", s.center_());
    attribute(c, "scale_", s.scale_());
  }

  /** An attribute sklearn has (compared) or has not (must be null). */
  private static void attribute(Case c, String name, Tensor actual) {
    if (c.hasExpected(name)) {
      close(c, name, actual);
    } else {
      assertEquals(null, actual, c + ": sklearn has no " + name + " here");
    }
  }

  private static void normalizer(Case c, Layout l) {
    Tensor x = l.tensor(c.input("X"));
    close(c, "transform", new Normalizer().norm(c.params().get("norm").asText()).fit(x).transform(x));
  }

  private static void normalize(Case c, Layout l) {
    Tensor[] out = Preprocessing.normalizeWithNorms(l.tensor(c.input("X")), c.params().get("norm").asText(),
        c.params().get("axis").asInt());
    close(c, "transform", out[0]);
    close(c, "norms", out[1]);
  }

  private static void simpleImputer(Case c, Layout l) {
    Tensor x = l.tensor(c.input("X"));
    JsonNode p = c.params();
    SimpleImputer s = new SimpleImputer();
    if (p.has("strategy")) {
      s = s.strategy(p.get("strategy").asText());
    }
    if (p.has("fillValue")) {
      s = s.fillValue(p.get("fillValue").asDouble());
    }
    if (p.has("missingValues")) {
      s = s.missingValues(p.get("missingValues").asDouble());
    }
    if (p.has("keepEmptyFeatures")) {
      s = s.keepEmptyFeatures(p.get("keepEmptyFeatures").asBoolean());
    }
    if (p.has("addIndicator")) {
      s = s.addIndicator(p.get("addIndicator").asBoolean());
    }
    s.fit(x);
    close(c, "transform", s.transform(c.hasInput("X_new") ? l.tensor(c.input("X_new")) : x));
    close(c, "statistics_", s.statistics_());
    if (c.hasExpected("indicator_features_")) {
      close(c, "indicator_features_", s.indicatorFeatures_());
    }
  }

  // ---- categorical inputs: tensors, DataFrames and Series -------------------------------------

  /** An input stored as an array, {"tensor": array} or {"frame": columns}, on the layout. */
  static TileableHandle input(JsonNode node, Layout l) {
    if (node.has("frame")) {
      Map<String, Column> cols = new LinkedHashMap<>();
      int rows = 0;
      for (JsonNode col : node.get("frame")) {
        JsonNode v = col.get("values");
        rows = v.size();
        cols.put(col.get("name").asText(), column(col.get("dtype").asText(), v));
      }
      long chunk = l.rows() > 0 ? l.rows() : Math.max(1, rows);
      if (cols.size() == 1 && cols.containsKey("y")) {
        return Md.series("y", cols.get("y"), chunk);
      }
      return Md.dataFrame(cols, chunk);
    }
    return l.tensor(LearnFixtures.array(node.has("tensor") ? node.get("tensor") : node));
  }

  private static Column column(String dtype, JsonNode v) {
    int n = v.size();
    switch (dtype) {
      case "int64" -> {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
          out[i] = v.get(i).asLong();
        }
        return Column.ofLongs(out);
      }
      case "float64" -> {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
          out[i] = v.get(i).isNull() ? Double.NaN : LearnFixtures.number(v.get(i));
        }
        return Column.ofDoubles(out);
      }
      default -> {
        String[] out = new String[n];
        for (int i = 0; i < n; i++) {
          out[i] = v.get(i).isNull() ? null : v.get(i).asText();
        }
        return dtype.equals("category") ? Column.categoricalOf(out) : Column.ofStrings(out);
      }
    }
  }

  /** Categories or labels as sklearn lists them: numbers (NaN equal to NaN) or strings. */
  private static void assertValues(JsonNode expected, List<?> actual, String what) {
    assertEquals(expected.size(), actual.size(), what + ": " + actual);
    for (int i = 0; i < expected.size(); i++) {
      JsonNode e = expected.get(i);
      Object a = actual.get(i);
      if (e.isTextual() && !List.of("nan", "inf", "-inf").contains(e.asText())) {
        assertEquals(e.asText(), a, what + " [" + i + "]");
      } else {
        double ev = LearnFixtures.number(e);
        double av = ((Number) a).doubleValue();
        assertTrue(Double.isNaN(ev) ? Double.isNaN(av) : ev == av, what + " [" + i + "]: expected " + ev + ", got " + av);
      }
    }
  }

  private static List<Object> seriesValues(Series s) {
    LocalSeries local = s.execute().fetch();
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < local.size(); i++) {
      out.add(local.get(i));
    }
    return out;
  }

  private static List<Object> tensorValues(Tensor t) {
    NDArray a = t.execute().fetch();
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < a.size(); i++) {
      out.add(a.dtype().isFloat() ? (Object) a.getDouble(i) : (Object) a.getLong(i));
    }
    return out;
  }

  private static void labelEncoder(Case c, Layout l) {
    TileableHandle y = input(c.inputs().get("y"), l);
    LabelEncoder e = new LabelEncoder().fit(y);
    assertValues(c.expected().get("classes_"), e.classesList_(), c + " classes_");
    Tensor codes = e.transform(y);
    close(c, "transform", codes);
    List<Object> back = y instanceof Series ? seriesValues(e.inverseTransformSeries(codes))
        : tensorValues(e.inverseTransform(codes));
    assertValues(c.expected().get("inverse_transform"), back, c + " inverse_transform");
  }

  private static void oneHotEncoder(Case c, Layout l) {
    TileableHandle x = input(c.inputs().get("X"), l);
    JsonNode p = c.params();
    OneHotEncoder e = new OneHotEncoder();
    if (p.has("drop")) {
      e = e.drop(p.get("drop").asText());
    }
    if (p.has("sparseOutput")) {
      e = e.sparseOutput(p.get("sparseOutput").asBoolean());
    }
    if (p.has("handleUnknown")) {
      e = e.handleUnknown(p.get("handleUnknown").asText());
    }
    if (p.has("categories")) {
      List<List<Object>> given = new ArrayList<>();
      for (JsonNode f : p.get("categories")) {
        List<Object> cats = new ArrayList<>();
        f.forEach(v -> cats.add(v.isTextual() ? v.asText() : (Object) v.asLong()));
        given.add(cats);
      }
      e = e.categories(given);
    }
    e.fit(x);
    TileableHandle z = c.inputs().has("X_new") ? input(c.inputs().get("X_new"), l) : x;
    Tensor out = e.transform(z);
    assertEquals(e.sparseOutput(), out.isSparse(), c + ": sparse output");
    NDArray dense = out.isSparse() ? out.execute().fetchSparse().toDense() : out.execute().fetch();
    LearnAssert.assertClose(c.expected("transform"), dense, LearnAssert.RTOL, LearnAssert.ATOL, c + " transform");
    JsonNode cats = c.expected().get("categories_");
    for (int j = 0; j < cats.size(); j++) {
      assertValues(cats.get(j), e.categories_().get(j), c + " categories_[" + j + "]");
    }
    List<String> names = new ArrayList<>();
    c.expected().get("feature_names_out").forEach(n -> names.add(n.asText()));
    assertEquals(names, e.getFeatureNamesOut(), c + " get_feature_names_out");
    JsonNode drop = c.expected().get("drop_idx_");
    if (drop.isNull()) {
      assertEquals(null, e.dropIdx_(), c + " drop_idx_");
    } else {
      List<Integer> idx = new ArrayList<>();
      drop.forEach(v -> idx.add(v.isNull() ? null : v.asInt()));
      assertEquals(idx, e.dropIdx_(), c + " drop_idx_");
    }
  }

  private static void labelBinarizer(Case c, Layout l) {
    TileableHandle y = input(c.inputs().get("y"), l);
    JsonNode p = c.params();
    LabelBinarizer b = new LabelBinarizer();
    if (p.has("negLabel")) {
      b = b.negLabel(p.get("negLabel").asLong()).posLabel(p.get("posLabel").asLong());
    }
    if (p.has("sparseOutput")) {
      b = b.sparseOutput(p.get("sparseOutput").asBoolean());
    }
    b.fit(y);
    assertValues(c.expected().get("classes_"), b.classesList_(), c + " classes_");
    assertEquals(c.expected().get("y_type_").asText(), b.yType_(), c + " y_type_");
    Tensor out = b.transform(y);
    assertEquals(b.sparseOutput(), out.isSparse(), c + ": sparse output");
    close(c, "transform", out);
    List<Object> back = y instanceof Series ? seriesValues(b.inverseTransformSeries(out, null))
        : tensorValues(b.inverseTransform(out));
    assertValues(c.expected().get("inverse_transform"), back, c + " inverse_transform");
  }

  private static void polynomialFeatures(Case c, Layout l) {
    Tensor x = l.tensor(c.input("X"));
    JsonNode p = c.params();
    PolynomialFeatures f = new PolynomialFeatures();
    if (p.has("degree")) {
      JsonNode d = p.get("degree");
      f = d.isArray() ? f.degree(d.get(0).asInt(), d.get(1).asInt()) : f.degree(d.asInt());
    }
    if (p.has("interactionOnly")) {
      f = f.interactionOnly(p.get("interactionOnly").asBoolean());
    }
    if (p.has("includeBias")) {
      f = f.includeBias(p.get("includeBias").asBoolean());
    }
    f.fit(x);
    close(c, "transform", f.transform(x));
    close(c, "powers_", f.powers_());
    List<String> names = new ArrayList<>();
    c.expected().get("feature_names_out").forEach(n -> names.add(n.asText()));
    assertEquals(names, f.getFeatureNamesOut(), c + " get_feature_names_out");
    assertEquals(c.expected().get("n_output_features_").asInt(), f.nOutputFeatures_());
  }

  /** make_pipeline(StandardScaler(), PolynomialFeatures(2), MinMaxScaler((-1, 1))): each step fitted on the last's output. */
  private static void pipeline(Case c, Layout l) {
    Tensor x = l.tensor(c.input("X"));
    Pipeline p = Pipelines.makePipeline(new StandardScaler(), new PolynomialFeatures().degree(2),
        new MinMaxScaler().featureRange(-1, 1));
    close(c, "transform", p.fitTransform(x));
    close(c, "transform", p.transform(x));
    Tensor last = ((MinMaxScaler) p.namedSteps().get("minmaxscaler")).inverseTransform(p.transform(x));
    close(c, "inverse_of_last", last);
  }

  /** sklearn parameters left out on purpose, with why (docs/coverage-sklearn.md says so too). */
  private static final Map<String, String> NOT_PARAMETERS = Map.of(
      "copy", "tensors are never modified in place",
      "order", "NDArray is always C order",
      "verbose", "deprecated in sklearn 1.2",
      "sparse", "deprecated in sklearn 1.2 for sparse_output",
      "minFrequency", "infrequent categories: not yet",
      "maxCategories", "infrequent categories: not yet");

  private static final Map<String, java.util.function.Supplier<org.marsonspark.learn.base.Estimator<?>>> CLASSES =
      Map.of("StandardScaler", StandardScaler::new, "MinMaxScaler", MinMaxScaler::new, "MaxAbsScaler",
          MaxAbsScaler::new, "RobustScaler", RobustScaler::new, "Normalizer", Normalizer::new, "SimpleImputer",
          SimpleImputer::new, "LabelEncoder", LabelEncoder::new, "OneHotEncoder", OneHotEncoder::new,
          "LabelBinarizer", LabelBinarizer::new, "PolynomialFeatures", PolynomialFeatures::new);

  /** sklearn's parameter names (in lowerCamelCase) and defaults, but for the ones left out on purpose. */
  @TestFactory
  List<DynamicTest> parameterDefaults() {
    return ParamDefaults.tests("preprocessing", CLASSES, NOT_PARAMETERS, Set.of());
  }
}
