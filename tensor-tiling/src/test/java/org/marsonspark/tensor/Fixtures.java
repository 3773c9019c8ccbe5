package org.marsonspark.tensor;

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
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.marsonspark.session.MarsSession;

/**
 * The numpy fixtures written by {@code src/test/python/gen_fixtures.py}: loading, turning
 * stored inputs into tensors, the chunk layouts every case runs on, and the dynamic tests
 * (one per case and layout) that compare each result with numpy's through
 * {@link TensorAssert#assertMatches}.
 */
final class Fixtures {
  private static final ObjectMapper JSON = new ObjectMapper();

  private Fixtures() {}

  /** A stored array: shape, numpy dtype name and flat C-order values. */
  record Array(long[] shape, String dtype, JsonNode data) {
    static Array of(JsonNode node) {
      JsonNode s = node.get("shape");
      long[] shape = new long[s.size()];
      for (int i = 0; i < shape.length; i++) {
        shape[i] = s.get(i).asLong();
      }
      return new Array(shape, node.get("dtype").asText(), node.get("data"));
    }

    int size() {
      return data.size();
    }

    double getDouble(int i) {
      return number(data.get(i));
    }

    long getLong(int i) {
      JsonNode v = data.get(i);
      return v.isBoolean() ? (v.asBoolean() ? 1 : 0) : v.asLong();
    }

    boolean getBool(int i) {
      return data.get(i).asBoolean();
    }

    /** The values as an NDArray of the stored dtype. */
    NDArray toNDArray() {
      int n = size();
      switch (DType.of(dtype)) {
        case BOOL -> {
          boolean[] v = new boolean[n];
          for (int i = 0; i < n; i++) {
            v[i] = getBool(i);
          }
          return NDArray.of(v, shape);
        }
        case INT32 -> {
          int[] v = new int[n];
          for (int i = 0; i < n; i++) {
            v[i] = Math.toIntExact(getLong(i));
          }
          return NDArray.of(v, shape);
        }
        case INT64 -> {
          long[] v = new long[n];
          for (int i = 0; i < n; i++) {
            v[i] = getLong(i);
          }
          return NDArray.of(v, shape);
        }
        case FLOAT32 -> {
          float[] v = new float[n];
          for (int i = 0; i < n; i++) {
            v[i] = (float) getDouble(i);
          }
          return NDArray.of(v, shape);
        }
        default -> {
          double[] v = new double[n];
          for (int i = 0; i < n; i++) {
            v[i] = getDouble(i);
          }
          return NDArray.of(v, shape);
        }
      }
    }

    @Override
    public String toString() {
      return dtype + java.util.Arrays.toString(shape) + " " + data;
    }
  }

  /** A number as stored: JSON number, or "nan" / "inf" / "-inf". */
  static double number(JsonNode v) {
    if (v.isTextual()) {
      return switch (v.asText()) {
        case "nan" -> Double.NaN;
        case "inf" -> Double.POSITIVE_INFINITY;
        case "-inf" -> Double.NEGATIVE_INFINITY;
        default -> throw new IllegalArgumentException("not a number: " + v);
      };
    }
    if (v.isBoolean()) {
      return v.asBoolean() ? 1 : 0;
    }
    return v.asDouble();
  }

  /** One case: the numpy expression, the op the Java side runs, inputs, params and numpy's result. */
  record Case(String family, String name, String expr, String op, Map<String, Array> inputs, JsonNode params,
      Array expected) {
    Array input(String key) {
      Array a = inputs.get(key);
      if (a == null) {
        throw new IllegalArgumentException(this + " has no input " + key);
      }
      return a;
    }

    /** Index of an input in the stored order (which decides its chunk size in mixed layouts). */
    int inputIndex(String key) {
      int i = 0;
      for (String k : inputs.keySet()) {
        if (k.equals(key)) {
          return i;
        }
        i++;
      }
      throw new IllegalArgumentException(this + " has no input " + key);
    }

    JsonNode param(String key) {
      JsonNode p = params.get(key);
      if (p == null) {
        throw new IllegalArgumentException(this + " has no parameter " + key);
      }
      return p;
    }

    @Override
    public String toString() {
      return family + "/" + name + " [" + expr + "]";
    }
  }

  /**
   * How a case's tensors are cut into chunks: one size on every axis ({@code size > 0}), the
   * whole array in one chunk ({@code size == 0}), or alternating 2 and 3 between the inputs
   * ({@code mixed}: their chunk boundaries disagree, so operands must rechunk to align).
   */
  record Layout(String name, long size, boolean mixed) {
    ChunkSize chunkSize(int inputIndex, long[] shape) {
      if (mixed) {
        return ChunkSize.of(inputIndex % 2 == 0 ? 2 : 3);
      }
      if (size > 0) {
        return ChunkSize.of(size);
      }
      long max = 1;
      for (long d : shape) {
        max = Math.max(max, d);
      }
      return ChunkSize.of(max);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  static final Layout CHUNK_1 = new Layout("chunk=1", 1, false);
  static final Layout CHUNK_2 = new Layout("chunk=2", 2, false);
  static final Layout CHUNK_3 = new Layout("chunk=3 (uneven)", 3, false);
  static final Layout WHOLE = new Layout("whole", 0, false);
  static final Layout MIXED = new Layout("chunks 2|3 per input", 0, true);

  /** The layouts a case runs on: 1, 2, 3 and whole; mixed too when it has several tensor inputs. */
  static List<Layout> layouts(Case c) {
    List<Layout> all = new ArrayList<>(List.of(CHUNK_1, CHUNK_2, CHUNK_3, WHOLE));
    if (c.inputs().size() >= 2) {
      all.add(MIXED);
    }
    return all;
  }

  /** All cases of a family, from {@code fixtures/<family>.json} on the test classpath. */
  static List<Case> load(String family) {
    String path = "/fixtures/" + family + ".json";
    try (InputStream in = Fixtures.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException(path + " is missing: run src/test/python/gen_fixtures.py");
      }
      JsonNode root = JSON.readTree(in);
      List<Case> cases = new ArrayList<>();
      for (JsonNode c : root.get("cases")) {
        Map<String, Array> inputs = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = c.get("inputs").fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          inputs.put(e.getKey(), Array.of(e.getValue()));
        }
        cases.add(new Case(family, c.get("name").asText(), c.get("expr").asText(), c.get("op").asText(), inputs,
            c.get("params"), Array.of(c.get("expected"))));
      }
      return cases;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Case find(String family, String name) {
    return load(family).stream().filter(c -> c.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no case " + name + " in " + family));
  }

  // ---- building and running -------------------------------------------------------------------

  /** Computes one case on one layout and returns the fetched result. */
  @FunctionalInterface
  interface Runner {
    NDArray run(Case c, Layout layout, MarsSession session);
  }

  /** An input of a case as a tensor chunked by the layout. */
  static Tensor tensor(Case c, String key, Layout layout) {
    Array a = c.input(key);
    return Mt.tensor(a.toNDArray(), layout.chunkSize(c.inputIndex(key), a.shape()));
  }

  /** Executes, fetches and releases a result tensor. */
  static NDArray compute(Tensor t, MarsSession session) {
    t.execute(session);
    try {
      return t.fetch();
    } finally {
      t.release();
    }
  }

  /** A Java scalar from {@code {"kind": "int"|"float"|"bool", "value": ...}}. */
  static Object scalar(JsonNode spec) {
    JsonNode v = spec.get("value");
    return switch (spec.get("kind").asText()) {
      case "int" -> v.canConvertToInt() ? (Object) Integer.valueOf(v.asInt()) : (Object) Long.valueOf(v.asLong());
      case "bool" -> v.asBoolean();
      default -> number(v);
    };
  }

  /** A JSON number as a Java scalar of its kind: integral numbers as Long, others as Double. */
  static Object number(JsonNode v, boolean keepKind) {
    return keepKind && v.isIntegralNumber() ? (Object) v.asLong() : (Object) number(v);
  }

  static int[] ints(JsonNode list) {
    if (list == null || list.isNull()) {
      return null;
    }
    if (list.isNumber()) {
      return new int[] {list.asInt()};
    }
    int[] out = new int[list.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = list.get(i).asInt();
    }
    return out;
  }

  static long[] longs(JsonNode list) {
    long[] out = new long[list.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = list.get(i).asLong();
    }
    return out;
  }

  /**
   * One dynamic container per case (named by case and numpy expression), one test per layout
   * of {@link #layouts} (only those in {@code onlyLayouts} unless it is null); each runs under
   * the {@link CaseWatchdog}'s deadline, so a case that never finishes fails with its name.
   */
  static Stream<DynamicNode> tests(String family, Predicate<Case> filter, List<Layout> onlyLayouts, Runner runner,
      Supplier<MarsSession> session) {
    return load(family).stream().filter(filter).map(c -> dynamicContainer(c.name() + ": " + c.expr(),
        layouts(c).stream().filter(l -> onlyLayouts == null || onlyLayouts.contains(l)).map(l -> dynamicTest(l.name(), () -> {
          String context = c + " on " + l;
          MarsSession s = session.get();
          NDArray actual = CaseWatchdog.call(context, s, () -> runner.run(c, l, s));
          TensorAssert.assertMatches(c.expected(), actual, context);
        }))));
  }

  static Stream<DynamicNode> tests(String family, Runner runner, Supplier<MarsSession> session) {
    return tests(family, c -> true, null, runner, session);
  }
}
