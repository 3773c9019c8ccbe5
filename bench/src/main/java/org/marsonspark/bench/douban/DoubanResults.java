package org.marsonspark.bench.douban;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The results of all steps, by step id, in the JSON form the pandas script writes:
 * {@code {"top_tags": {"columns": ["tag", "count"], "rows": [["Drama", 24390], ...]}, ...}}.
 */
public final class DoubanResults {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private DoubanResults() {}

  public static void write(Map<String, StepResult> results, Path file) throws IOException {
    Map<String, Object> tree = new LinkedHashMap<>();
    for (Map.Entry<String, StepResult> e : results.entrySet()) {
      Map<String, Object> step = new LinkedHashMap<>();
      step.put("columns", e.getValue().columns());
      step.put("rows", e.getValue().rows());
      tree.put(e.getKey(), step);
    }
    JSON.writeValue(file.toFile(), tree);
  }

  public static Map<String, StepResult> read(Path file) throws IOException {
    JsonNode root = JSON.readTree(file.toFile());
    Map<String, StepResult> results = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      List<String> columns = new ArrayList<>();
      e.getValue().get("columns").forEach(c -> columns.add(c.asText()));
      List<List<Object>> rows = new ArrayList<>();
      for (JsonNode row : e.getValue().get("rows")) {
        List<Object> values = new ArrayList<>();
        for (JsonNode v : row) {
          values.add(v.isNull() ? null : v.isIntegralNumber() ? (Object) v.asLong() : v.isNumber() ? (Object) v.asDouble()
              : v.asText());
        }
        rows.add(values);
      }
      results.put(e.getKey(), new StepResult(columns, rows));
    }
    return results;
  }

  /** Differences of {@code actual} from {@code expected}, one line per step that differs; empty when they agree. */
  public static List<String> differences(Map<String, StepResult> expected, Map<String, StepResult> actual) {
    List<String> out = new ArrayList<>();
    for (String step : expected.keySet()) {
      StepResult a = actual.get(step);
      String d = a == null ? "missing" : a.differenceFrom(expected.get(step));
      if (d != null) {
        out.add(step + ": " + d);
      }
    }
    for (String step : actual.keySet()) {
      if (!expected.containsKey(step)) {
        out.add(step + ": not expected");
      }
    }
    return out;
  }
}
