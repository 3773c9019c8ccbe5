package org.marsonspark.learn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * The scikit-learn fixtures written by {@code src/test/python/gen_fixtures_*.py}: cases of
 * (estimator, parameters, inputs, sklearn's results), and the chunk layouts every case runs on.
 */
public final class LearnFixtures {
  private static final ObjectMapper JSON = new ObjectMapper();

  private LearnFixtures() {}

  /** One case as stored. */
  public record Case(String family, String name, String estimator, JsonNode params, JsonNode inputs, JsonNode expected) {
    public NDArray input(String key) {
      return array(inputs.get(key));
    }

    public boolean hasInput(String key) {
      return inputs.has(key);
    }

    public NDArray expected(String key) {
      return array(expected.get(key));
    }

    public boolean hasExpected(String key) {
      return expected.has(key);
    }

    @Override
    public String toString() {
      return family + "/" + name;
    }
  }

  /**
   * How inputs are cut into chunks: rows per chunk ({@code rows > 0}; 0 for one chunk), and
   * whether 2-D inputs are also cut into one-column chunks (the estimator must re-split them).
   */
  public record Layout(String name, long rows, boolean columnChunks) {
    public Tensor tensor(NDArray a) {
      long r = rows > 0 ? rows : Math.max(1, a.shape(0));
      if (a.ndim() == 1) {
        return Mt.tensor(a, ChunkSize.of(r));
      }
      return Mt.tensor(a, ChunkSize.of(r, columnChunks ? 1 : Math.max(1, a.shape(1))));
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** The layouts of the learn fixture tests: 1, 2, 3 (uneven) and whole, and 4 rows with column chunks. */
  public static final List<Layout> LAYOUTS = List.of(new Layout("rows=1", 1, false), new Layout("rows=2", 2, false),
      new Layout("rows=3", 3, false), new Layout("whole", 0, false), new Layout("rows=4, cols=1", 4, true));

  /** One dynamic test per case and layout, run by the runner its estimator names (a missing runner fails). */
  public static List<org.junit.jupiter.api.DynamicTest> tests(String family,
      java.util.Map<String, java.util.function.BiConsumer<Case, Layout>> runners) {
    List<org.junit.jupiter.api.DynamicTest> tests = new ArrayList<>();
    for (Case c : load(family)) {
      java.util.function.BiConsumer<Case, Layout> run = runners.get(c.estimator());
      for (Layout l : LAYOUTS) {
        tests.add(org.junit.jupiter.api.DynamicTest.dynamicTest(c + " " + l, () -> {
          if (run == null) {
            throw new AssertionError("no runner for " + c.estimator());
          }
          run.accept(c, l);
        }));
      }
    }
    return tests;
  }

  /** The cases of {@code family} but the parameter defaults ({@link ParamDefaults} runs those). */
  public static List<Case> load(String family) {
    return loadAll(family).stream().filter(c -> !c.estimator().equals(ParamDefaults.CASES)).toList();
  }

  /** Every case of {@code family}. */
  public static List<Case> loadAll(String family) {
    String path = "/fixtures-learn/" + family + ".json";
    try (InputStream in = LearnFixtures.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException(path + " is missing: run src/test/python/gen_fixtures_" + family
            + ".py with /usr/bin/python3");
      }
      JsonNode root = JSON.readTree(in);
      List<Case> cases = new ArrayList<>();
      for (JsonNode c : root.get("cases")) {
        cases.add(new Case(family, c.get("name").asText(), c.get("estimator").asText(), c.get("params"),
            c.get("inputs"), c.get("expected")));
      }
      return cases;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A stored array ({shape, dtype, data}) as an NDArray of that dtype. */
  public static NDArray array(JsonNode node) {
    JsonNode s = node.get("shape");
    long[] shape = new long[s.size()];
    for (int i = 0; i < shape.length; i++) {
      shape[i] = s.get(i).asLong();
    }
    JsonNode data = node.get("data");
    int n = data.size();
    String dtype = node.get("dtype").asText();
    switch (dtype) {
      case "int64", "int32" -> {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
          v[i] = data.get(i).asLong();
        }
        NDArray a = NDArray.of(v, shape);
        return dtype.equals("int32") ? a.astype(DType.INT32) : a;
      }
      case "bool" -> {
        boolean[] v = new boolean[n];
        for (int i = 0; i < n; i++) {
          v[i] = data.get(i).asBoolean();
        }
        return NDArray.of(v, shape);
      }
      default -> {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
          v[i] = number(data.get(i));
        }
        NDArray a = NDArray.of(v, shape);
        return dtype.equals("float32") ? a.astype(DType.FLOAT32) : a;
      }
    }
  }

  static double number(JsonNode v) {
    if (v.isTextual()) {
      return switch (v.asText()) {
        case "nan" -> Double.NaN;
        case "inf" -> Double.POSITIVE_INFINITY;
        case "-inf" -> Double.NEGATIVE_INFINITY;
        default -> throw new IllegalArgumentException("not a number: " + v);
      };
    }
    return v.isBoolean() ? (v.asBoolean() ? 1 : 0) : v.asDouble();
  }
}
