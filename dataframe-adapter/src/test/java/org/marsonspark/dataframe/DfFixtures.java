package org.marsonspark.dataframe;

import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DatetimeColumn;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.CaseWatchdog;

/**
 * The pandas fixtures written by {@code src/test/python/gen_fixtures_df.py}: loading, building
 * local frames from stored inputs, the chunk sizes every case runs on, and one dynamic test per
 * case and chunk size comparing the result with pandas's through {@link DfAssert}.
 */
final class DfFixtures {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Rows per chunk every case runs with: 1, 2, 3 (uneven), 4 and one chunk. */
  static final List<Long> CHUNK_ROWS = List.of(1L, 2L, 3L, 4L, 1000L);

  private DfFixtures() {}

  record Case(String family, String name, String expr, String op, Map<String, JsonNode> inputs, JsonNode params,
      JsonNode expected) {
    JsonNode param(String key) {
      JsonNode p = params.get(key);
      if (p == null) {
        throw new IllegalArgumentException(this + " has no parameter " + key);
      }
      return p;
    }

    String str(String key) {
      return param(key).asText();
    }

    @Override
    public String toString() {
      return family + "/" + name + " [" + expr + "]";
    }
  }

  static List<Case> load(String family) {
    String path = "/fixtures-df/" + family + ".json";
    try (InputStream in = DfFixtures.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException(path + " is missing: run src/test/python/gen_fixtures_df.py");
      }
      List<Case> cases = new ArrayList<>();
      for (JsonNode c : JSON.readTree(in).get("cases")) {
        Map<String, JsonNode> inputs = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = c.get("inputs").fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          inputs.put(e.getKey(), e.getValue());
        }
        cases.add(new Case(family, c.get("name").asText(), c.get("expr").asText(), c.get("op").asText(), inputs,
            c.get("params"), c.get("expected")));
      }
      return cases;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A float as stored: a number or "nan" / "inf" / "-inf". */
  static double number(JsonNode v) {
    if (v.isTextual()) {
      return switch (v.asText()) {
        case "nan" -> Double.NaN;
        case "inf" -> Double.POSITIVE_INFINITY;
        case "-inf" -> Double.NEGATIVE_INFINITY;
        default -> throw new IllegalArgumentException("not a number: " + v);
      };
    }
    return v.asDouble();
  }

  /** A stored column as a Column of its dtype. */
  static Column column(JsonNode values, String dtype) {
    int n = values.size();
    switch (dtype) {
      case "int64" -> {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
          v[i] = values.get(i).asLong();
        }
        return Column.ofLongs(v);
      }
      case "float64" -> {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
          v[i] = number(values.get(i));
        }
        return Column.ofDoubles(v);
      }
      case "bool" -> {
        boolean[] v = new boolean[n];
        for (int i = 0; i < n; i++) {
          v[i] = values.get(i).asBoolean();
        }
        return Column.ofBools(v);
      }
      case "datetime64[ns]" -> {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
          v[i] = values.get(i).isNull() ? DfType.NAT : values.get(i).asLong();
        }
        return Column.ofDatetimes(v);
      }
      case "category" -> {
        String[] v = new String[n];
        for (int i = 0; i < n; i++) {
          v[i] = values.get(i).isNull() ? null : values.get(i).asText();
        }
        return Column.categoricalOf(v);
      }
      default -> {
        Object[] v = new Object[n];
        for (int i = 0; i < n; i++) {
          JsonNode x = values.get(i);
          v[i] = x.isNull() ? null : x.isTextual() ? x.asText() : x.isBoolean() ? (Object) x.asBoolean()
              : x.isIntegralNumber() ? (Object) x.asLong() : x.isArray() ? list(x) : (Object) x.asDouble();
        }
        return Column.ofObjects(v);
      }
    }
  }

  /** A stored list (an object value such as str.split gives) as an ArrayList of its strings (null for None). */
  static java.util.ArrayList<Object> list(JsonNode arr) {
    java.util.ArrayList<Object> l = new java.util.ArrayList<>();
    arr.forEach(e -> l.add(e.isNull() ? null : e.asText()));
    return l;
  }

  static LocalIndex index(JsonNode idx) {
    if (idx.get("type").asText().equals("MultiIndex")) {
      List<Column> levels = new ArrayList<>();
      List<String> names = new ArrayList<>();
      for (int j = 0; j < idx.get("levels").size(); j++) {
        JsonNode lv = idx.get("levels").get(j);
        levels.add(column(lv.get("data"), lv.get("dtype").asText()));
        names.add(idx.get("names").get(j).isNull() ? null : idx.get("names").get(j).asText());
      }
      return LocalIndex.multi(levels, names);
    }
    String name = idx.get("name").isNull() ? null : idx.get("name").asText();
    if (idx.get("type").asText().equals("RangeIndex")) {
      return LocalIndex.range(idx.get("start").asLong(), idx.get("stop").asLong(), idx.get("step").asLong())
          .withName(name);
    }
    return LocalIndex.of(column(idx.get("data"), idx.get("dtype").asText()), name);
  }

  static LocalFrame frame(JsonNode f) {
    Map<String, Column> cols = new LinkedHashMap<>();
    for (int j = 0; j < f.get("columns").size(); j++) {
      cols.put(f.get("columns").get(j).asText(), column(f.get("data").get(j), f.get("dtypes").get(j).asText()));
    }
    return LocalFrame.of(index(f.get("index")), cols);
  }

  /** An input frame of a case as a DataFrame in chunks of {@code rows} rows. */
  static DataFrame dataFrame(Case c, String key, long rows) {
    return Md.dataFrame(frame(c.inputs().get(key)), rows);
  }

  /** A Java scalar from {@code {"kind": "int"|"float"|"bool"|"str"|"datetime", "value": ...}}. */
  static Object scalar(JsonNode spec) {
    JsonNode v = spec.get("value");
    return switch (spec.get("kind").asText()) {
      case "int" -> v.asLong();
      case "float" -> number(v);
      case "bool" -> v.asBoolean();
      case "datetime" -> DatetimeColumn.toLocal(v.asLong());
      default -> v.asText();
    };
  }

  /** Runs one case on one chunk size; returns a LocalFrame, LocalSeries, LocalIndex or a scalar value. */
  @FunctionalInterface
  interface Runner {
    Object run(Case c, long chunkRows, MarsSession session);
  }

  /** Executes, fetches and releases a result. */
  static Object compute(Executable e, MarsSession s) {
    e.execute(s);
    try {
      if (e instanceof DataFrame d) {
        return d.fetch();
      }
      if (e instanceof Series x) {
        return x.fetch();
      }
      if (e instanceof Index i) {
        return i.fetch();
      }
      return ((Scalar) e).fetch();
    } finally {
      e.release();
    }
  }

  /**
   * One dynamic container per case, one test per chunk size of {@link #CHUNK_ROWS}, each run under
   * the {@link CaseWatchdog}'s deadline (a case that never finishes fails with its name).
   */
  static Stream<DynamicNode> tests(String family, Runner runner, Supplier<MarsSession> session) {
    return load(family).stream().map(c -> dynamicContainer(c.name() + ": " + c.expr(),
        CHUNK_ROWS.stream().map(rows -> dynamicTest("chunkRows=" + rows, () -> {
          String context = c + " with chunkRows=" + rows;
          MarsSession s = session.get();
          Object actual = CaseWatchdog.call(context, s, () -> runner.run(c, rows, s));
          DfAssert.assertMatches(c.expected(), actual, context);
        }))));
  }
}
